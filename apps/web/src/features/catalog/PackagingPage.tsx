import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery, useTheme } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useServerGrid } from '../../shared/ui/data-grid';
import { ListToolbar } from '../../shared/ui/ListToolbar';
import { ListPage } from '../../shared/ui/ListPage';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import { useDeletePackage, usePackages, useSavePackage, type Decimal, type Package } from './api';
import { CatalogGrid } from '../../shared/ui/CatalogGrid';
import { formatDecimal } from './format';
import { PackageFormDialog } from './PackageFormDialog';

const HIDDEN_ON_PHONE = ['type', 'stackable', 'box_weight', 'max_weight', 'inner', 'volume_capacity', 'ship_methods'] as const;
const HIDDEN_ON_LAPTOP = ['inner', 'volume_capacity'] as const;

function dims(l: Decimal, w: Decimal, h: Decimal): string {
  const parts = [l, w, h].map(formatDecimal);
  return parts.some(Boolean) ? parts.map((p) => p || '?').join(' × ') : '';
}

type DialogState = { kind: 'form'; pkg: Package | null } | { kind: 'delete'; pkg: Package } | null;

export function PackagingPage() {
  const { t } = useTranslation('catalog');
  const session = useSession();
  const toast = useToast();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [text, setText] = useState('');
  const search = useDebounced(text);
  const grid = useServerGrid();
  const list = usePackages(grid.query, search);
  const save = useSavePackage();
  const remove = useDeletePackage();
  const [dialog, setDialog] = useState<DialogState>(null);
  const canUpdate = session.can('update-product');
  const canDelete = session.can('delete-product');

  const columns = useMemo<GridColDef<Package>[]>(() => {
    const cols: GridColDef<Package>[] = [
      { field: 'name', headerName: t('fields.name'), flex: 1, minWidth: 140 },
      {
        field: 'type', headerName: t('fields.type'), width: 110,
        valueFormatter: (value: string | null) => (value ? t(`packaging.types.${value}`, { defaultValue: value }) : ''),
      },
      { field: 'stackable', headerName: t('packaging.fields.stackable'), type: 'boolean', width: 100, sortable: false },
      {
        field: 'box_weight', headerName: t('packaging.fields.box_weight'), width: 110, sortable: false, align: 'right', headerAlign: 'right',
        valueFormatter: (value: Decimal) => formatDecimal(value),
      },
      {
        field: 'max_weight', headerName: t('packaging.fields.max_weight'), width: 110, sortable: false, align: 'right', headerAlign: 'right',
        valueFormatter: (value: Decimal) => formatDecimal(value),
      },
      {
        field: 'outer', headerName: t('packaging.outer'), width: 140, sortable: false,
        valueGetter: (_v, row) => dims(row.outer_length, row.outer_width, row.outer_height),
      },
      {
        field: 'inner', headerName: t('packaging.inner'), width: 140, sortable: false,
        valueGetter: (_v, row) => dims(row.inner_length, row.inner_width, row.inner_height),
      },
      {
        field: 'volume_capacity', headerName: t('packaging.fields.volume_capacity'), width: 110, sortable: false, align: 'right', headerAlign: 'right',
        valueFormatter: (value: Decimal) => formatDecimal(value),
      },
      {
        field: 'ship_methods', headerName: t('packaging.fields.ship_methods'), flex: 1, minWidth: 140, sortable: false,
        valueGetter: (_v, row) => (row.ship_methods ?? []).map((m) => t(`packaging.shipMethods.${m}`, { defaultValue: m })).join(', '),
      },
    ];
    if (canUpdate || canDelete) {
      cols.push({
        field: 'actions', type: 'actions', headerName: t('list.actions'), width: phone ? 56 : 96,
        getActions: ({ row }) => [
          ...(canUpdate
            ? [<GridActionsCellItem key="edit" icon={<EditOutlined />} label={t('actions.edit')} onClick={() => setDialog({ kind: 'form', pkg: row })} showInMenu={phone} />]
            : []),
          ...(canDelete
            ? [<GridActionsCellItem key="delete" icon={<DeleteOutline />} label={t('actions.delete')} onClick={() => setDialog({ kind: 'delete', pkg: row })} showInMenu />]
            : []),
        ],
      });
    }
    return cols;
  }, [t, phone, canUpdate, canDelete]);

  return (
    <ListPage
      title={t('packaging.title')}
      toolbar={
        <ListToolbar
          searchLabel={t('packaging.search')}
          search={text}
          onSearchChange={(value) => {
            setText(value);
            grid.resetPage();
          }}
          action={
            session.can('create-product')
              ? { label: t('actions.createPackage'), icon: <Add />, onClick: () => setDialog({ kind: 'form', pkg: null }) }
              : undefined
          }
        />
      }
      error={list.isError ? { message: `${t('errors.loadPackages')}: ${list.error.message}`, onRetry: () => void list.refetch() } : null}
    >
      <CatalogGrid
        rows={list.data?.data ?? []}
        columns={columns}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        emptyLabel={t('packaging.empty')}
        hideOnPhone={HIDDEN_ON_PHONE}
        hideOnLaptop={HIDDEN_ON_LAPTOP}
        label={t('packaging.title')}
      />
      <PackageFormDialog
        open={dialog?.kind === 'form'}
        pkg={dialog?.kind === 'form' ? dialog.pkg : null}
        onClose={() => setDialog(null)}
        onSubmit={async (body) => {
          const editing = dialog?.kind === 'form' ? dialog.pkg : null;
          await save.mutateAsync({ id: editing?.id, body });
          toast.success(t(editing ? 'notices.packageUpdated' : 'notices.packageCreated', { name: body.name }));
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('packaging.delete.title')}
        message={t('packaging.delete.message', { name: dialog?.kind === 'delete' ? dialog.pkg.name : '' })}
        confirmLabel={t('actions.delete')}
        destructive
        errorPrefix={t('errors.deletePackage')}
        onClose={() => setDialog(null)}
        onConfirm={async () => {
          if (dialog?.kind !== 'delete') return;
          await remove.mutateAsync(dialog.pkg.id);
          toast.success(t('notices.packageDeleted', { name: dialog.pkg.name }));
        }}
      />
    </ListPage>
  );
}
