import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chip, Stack, useMediaQuery, useTheme } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { ServerGridState } from '../../shared/ui/data-grid';
import { ServerDataGrid } from '../../shared/ui/ServerDataGrid';
import type { Iloc } from './api';

const HIDDEN_ON_PHONE = ['code', 'type', 'company', 'location', 'menu'] as const;

export interface IlocRights {
  update: boolean;
  remove: boolean;
}

interface IlocsGridProps {
  rows: Iloc[];
  total: number;
  loading: boolean;
  grid: ServerGridState;
  rights: IlocRights;
  onEdit(iloc: Iloc): void;
  onArchive(iloc: Iloc, archived: boolean): void;
  onDelete(iloc: Iloc): void;
}

export function IlocsGrid({ rows, total, loading, grid, rights, onEdit, onArchive, onDelete }: IlocsGridProps) {
  const { t } = useTranslation('ilocs');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));

  // Sorting is server-side: only columns the API can order by are sortable.
  const columns = useMemo<GridColDef<Iloc>[]>(() => {
    const cols: GridColDef<Iloc>[] = [
      { field: 'name', headerName: t('fields.name'), flex: 1.2, minWidth: 140 },
      { field: 'code', headerName: t('fields.code'), width: 110 },
      {
        field: 'type', headerName: t('fields.type'), width: 100,
        valueFormatter: (value: string) => (value ? t(`types.${value}`, { defaultValue: value }) : ''),
      },
      { field: 'company', headerName: t('fields.provider'), sortable: false, width: 110 },
      {
        field: 'location', headerName: t('fields.location'), sortable: false, flex: 1, minWidth: 120,
        valueGetter: (_value, row) => [row.city, row.region, row.country].filter(Boolean).join(', '),
      },
      {
        field: 'menu', headerName: t('fields.menuShort'), type: 'boolean', sortable: false, width: 85,
      },
      {
        field: 'status', headerName: t('fields.status'), width: 130,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
            <Chip size="small" color={row.status === 'ACTIVE' ? 'success' : 'default'} label={t(`statuses.${row.status}`, { defaultValue: row.status })} />
            {row.archived_at && <Chip size="small" variant="outlined" label={t('list.archived')} />}
          </Stack>
        ),
      },
    ];
    if (rights.update || rights.remove) {
      cols.push({
        field: 'actions', type: 'actions', headerName: t('list.actions'), width: phone ? 56 : 96,
        getActions: ({ row }) => [
          ...(rights.update
            ? [
                // Phones have room for one action button: everything goes in the row menu there.
                <GridActionsCellItem key="edit" icon={<EditOutlined />} label={t('actions.edit')} onClick={() => onEdit(row)} showInMenu={phone} />,
                <GridActionsCellItem
                  key="archive"
                  icon={row.archived_at ? <UnarchiveOutlined /> : <ArchiveOutlined />}
                  label={row.archived_at ? t('actions.unarchive') : t('actions.archive')}
                  onClick={() => onArchive(row, !row.archived_at)}
                  showInMenu
                />,
              ]
            : []),
          ...(rights.remove
            ? [<GridActionsCellItem key="delete" icon={<DeleteOutline />} label={t('actions.delete')} onClick={() => onDelete(row)} showInMenu />]
            : []),
        ],
      });
    }
    return cols;
  }, [t, phone, rights.update, rights.remove, onEdit, onArchive, onDelete]);

  return (
    <ServerDataGrid
      rows={rows}
      columns={columns}
      total={total}
      loading={loading}
      grid={grid}
      emptyLabel={t('list.empty')}
      hideOnPhone={HIDDEN_ON_PHONE}
    />
  );
}
