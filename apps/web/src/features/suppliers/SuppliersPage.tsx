import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, Link, Stack, useMediaQuery, useTheme } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { errorText } from '../../shared/ui/form-helpers';
import { useServerGrid } from '../../shared/ui/data-grid';
import { ListPage } from '../../shared/ui/ListPage';
import { FilterSelect, ListToolbar } from '../../shared/ui/ListToolbar';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useDeleteSupplier, useSaveSupplier, useSupplierGroups, useSuppliers, type SupplierFilters, type SupplierSummary } from './api';
import { useMessageText } from './form-fields';
import { SupplierFormDialog } from './SupplierFormDialog';

const HIDDEN_ON_PHONE = ['email', 'payment_terms', 'lead_time_days', 'group', 'sku_count', 'open_po_count'] as const;

/** /suppliers: the company's suppliers, searchable and by group; create and delete. */
export function SuppliersPage() {
  const { t } = useTranslation('suppliers');
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const messageText = useMessageText();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [filters, setFilters] = useState<SupplierFilters>({ search: '', group: '' });
  const search = useDebounced(filters.search);
  const grid = useServerGrid();
  const list = useSuppliers(grid.query, { ...filters, search });
  const canReadGroups = session.can('read-group');
  const groups = useSupplierGroups(canReadGroups);
  const save = useSaveSupplier();
  const remove = useDeleteSupplier();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<SupplierSummary | null>(null);
  const canDelete = session.can('delete-supplier');

  const change = (next: SupplierFilters) => {
    setFilters(next);
    grid.resetPage();
  };

  const columns = useMemo<GridColDef<SupplierSummary>[]>(() => {
    const cols: GridColDef<SupplierSummary>[] = [
      {
        field: 'name', headerName: t('fields.name'), flex: 1.3, minWidth: 150,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={pathOf('supplier-show', { id: row.id })}>
            {row.name}
          </Link>
        ),
      },
      { field: 'email', headerName: t('fields.email'), flex: 1.2, minWidth: 140, sortable: false },
      { field: 'payment_terms', headerName: t('fields.paymentTerms'), width: 125, sortable: false },
      {
        field: 'lead_time_days', headerName: t('fields.leadTimeShort'), width: 105,
        valueFormatter: (v: number | null) => (v === null ? '—' : t('list.days', { count: v })),
      },
      { field: 'group', headerName: t('fields.group'), width: 110, sortable: false, valueGetter: (_v, row) => row.group?.name ?? '' },
      { field: 'sku_count', headerName: t('fields.skuCount'), width: 70, sortable: false, type: 'number' },
      { field: 'open_po_count', headerName: t('fields.openPos'), width: 90, sortable: false, type: 'number' },
    ];
    if (canDelete) {
      cols.push({
        field: 'actions', type: 'actions', headerName: t('list.actions'), width: phone ? 56 : 80,
        getActions: ({ row }) => [
          <GridActionsCellItem key="delete" icon={<DeleteOutline />} label={t('actions.delete')} onClick={() => setDeleting(row)} showInMenu />,
        ],
      });
    }
    return cols;
  }, [t, phone, canDelete]);

  return (
    <ListPage
      title={t('list.title')}
      error={list.isError ? { message: `${t('errors.loadSuppliers')}: ${list.error.message}`, onRetry: () => void list.refetch() } : null}
      toolbar={
        <>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: -1, mb: 2 }}>
            {canReadGroups && (
              <Button component={RouterLink} to={pathOf('supplier-groups')} startIcon={<GroupsOutlined />}>
                {t('actions.groups')}
              </Button>
            )}
            {session.can('read-asn') && (
              <Button component={RouterLink} to={pathOf('packing-templates')} startIcon={<Inventory2Outlined />}>
                {t('templates.title')}
              </Button>
            )}
          </Stack>
          <ListToolbar
            searchLabel={t('list.search')}
            search={filters.search}
            onSearchChange={(text) => change({ ...filters, search: text })}
            action={session.can('create-supplier') ? { label: t('actions.createSupplier'), icon: <Add />, onClick: () => setCreating(true) } : undefined}
          >
            {canReadGroups && (
              <FilterSelect
                label={t('fields.group')}
                value={filters.group}
                onChange={(group) => change({ ...filters, group })}
                allLabel={t('list.allGroups')}
                options={[{ value: 'none', label: t('list.noGroup') }, ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))]}
              />
            )}
          </ListToolbar>
        </>
      }
    >
      <Box sx={{ minWidth: 0 }}>
        <ServerDataGrid
          rows={list.data?.data ?? []}
          columns={columns}
          total={list.data?.total ?? 0}
          loading={list.isFetching}
          grid={grid}
          emptyLabel={t('list.empty')}
          hideOnPhone={HIDDEN_ON_PHONE}
        />
      </Box>
      <SupplierFormDialog
        open={creating}
        supplier={null}
        groups={canReadGroups ? (groups.data ?? []) : undefined}
        onClose={() => setCreating(false)}
        onSubmit={async (body) => {
          const created = await save.mutateAsync({ body });
          toast.success(t('notices.supplierCreated', { name: created.name }));
          void navigate(pathOf('supplier-show', { id: created.id }));
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.supplierTitle')}
        message={t('delete.supplierMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        destructive
        errorPrefix={t('errors.deleteSupplier')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
          } catch (error) {
            // The 409 ("has purchase orders") is the server's English: show it in the user's language.
            throw new Error(messageText(errorText(error)) ?? errorText(error));
          }
          toast.success(t('notices.supplierDeleted', { name: deleting.name }));
        }}
      />
    </ListPage>
  );
}
