import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paginated } from '@omnio/domain';
import { Link, useMediaQuery, useTheme } from '@mui/material';
import { GridActionsCellItem, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { ListParams } from '../api/list-query';
import { pathOf } from '../routing/routes-table';
import { useServerGrid } from '../ui/data-grid';
import { FilterSelect } from '../ui/ListToolbar';
import { useToast } from '../ui/toast';
import { useDebounced } from '../ui/useDebounced';
import { partyKeys, type PartyKind } from './party';

/** The list screens of the parties (/customers, /suppliers): their state, their common columns, what follows a create. */

interface PartyRow extends GridValidRowModel {
  id: string;
  group: { name: string } | null;
}

/**
 * The list's filters (the search debounced before it reaches the server), its server grid and query, and which
 * row the create or delete dialog is about. A filter change goes back to the first page.
 */
export function usePartyList<F extends { search: string }, Row extends PartyRow>(initial: F, useRows: (query: ListParams, filters: F) => UseQueryResult<Paginated<Row>>) {
  const [filters, setFilters] = useState<F>(initial);
  const search = useDebounced(filters.search);
  const grid = useServerGrid();
  const list = useRows(grid.query, { ...filters, search });
  const [creating, setCreating] = useState(false);
  const change = (next: F) => {
    setFilters(next);
    grid.resetPage();
  };
  /** What the ServerDataGrid takes of the list (besides its columns and texts). */
  const gridProps = { rows: list.data?.data ?? [], total: list.data?.total ?? 0, loading: list.isFetching, grid };
  return { filters, change, list, gridProps, creating, setCreating };
}

interface PartyColumnsOptions<Row extends PartyRow> {
  nameOf(row: Row): string;
  canDelete: boolean;
  onDelete(row: Row): void;
  actionsWidth: number;
  /** The party's own columns between the name and the actions; `group` is the group column, to put where it goes. */
  own(t: TFunction, group: GridColDef<Row>): GridColDef<Row>[];
}

/** The name (a link to the party's page) first, the party's own columns, then a delete action when allowed. */
export function usePartyColumns<Row extends PartyRow>(kind: PartyKind, { nameOf, canDelete, onDelete, actionsWidth, own }: PartyColumnsOptions<Row>) {
  const { t } = useTranslation(kind.ns);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  return useMemo<GridColDef<Row>[]>(() => {
    const group: GridColDef<Row> = { field: 'group', headerName: t('fields.group'), width: 110, sortable: false, valueGetter: (_v, row) => row.group?.name ?? '' };
    const cols: GridColDef<Row>[] = [
      {
        field: 'name', headerName: t('fields.name'), flex: 1.3, minWidth: 150,
        valueGetter: (_v, row) => nameOf(row),
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={pathOf(`${kind.noun}-show`, { id: row.id })}>
            {nameOf(row)}
          </Link>
        ),
      },
      ...own(t, group),
    ];
    if (canDelete) {
      cols.push({
        field: 'actions', type: 'actions', headerName: t('list.actions'), width: phone ? 56 : actionsWidth,
        getActions: ({ row }) => [
          <GridActionsCellItem key="delete" icon={<DeleteOutline />} label={t('actions.delete')} onClick={() => onDelete(row)} showInMenu />,
        ],
      });
    }
    return cols;
    // nameOf, own and onDelete are the page's module-level functions and a state setter: stable.
  }, [t, phone, canDelete, kind]);
}

/** After a create: say so, then open the new party's page. */
export function usePartyCreated<T extends { id: string }>(kind: PartyKind, nameOf: (party: T) => string) {
  const { t } = useTranslation(kind.ns);
  const toast = useToast();
  const navigate = useNavigate();
  return (created: T) => {
    toast.success(t(partyKeys(kind).created, { name: nameOf(created) }));
    void navigate(pathOf(`${kind.noun}-show`, { id: created.id }));
  };
}

/** The list's group filter: all, none, or one of the party's groups. */
export function GroupFilter({ kind, value, onChange, groups }: { kind: PartyKind; value: string; onChange(group: string): void; groups: readonly { id: string; name: string }[] | undefined }) {
  const { t } = useTranslation(kind.ns);
  return (
    <FilterSelect
      label={t('fields.group')}
      value={value}
      onChange={onChange}
      allLabel={t('list.allGroups')}
      options={[{ value: 'none', label: t('list.noGroup') }, ...(groups ?? []).map((g) => ({ value: g.id, label: g.name }))]}
    />
  );
}
