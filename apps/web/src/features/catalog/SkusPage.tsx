import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Chip, Link, useMediaQuery, useTheme } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import Add from '@mui/icons-material/Add';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import { pathOf } from '../../shared/routing/routes-table';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useServerGrid } from '../../shared/ui/data-grid';
import { FilterSelect, ListToolbar } from '../../shared/ui/ListToolbar';
import { ListPage } from '../../shared/ui/ListPage';
import { useToast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/ui/useDebounced';
import {
  PRICE_CODES, SKU_DELETABLE, SKU_STATUSES, SKU_TRANSITIONS, SKU_TYPES, useDeleteSku, useSkuTransition, useSkus, type Sku, type SkuFilters,
  type SkuTransition,
} from './api';
import { CatalogGrid } from '../../shared/ui/CatalogGrid';
import { formatMoney } from './format';
import { SkuStatusChip } from './SkuStatusChip';

const HIDDEN_ON_PHONE = ['name', 'type', 'barcode', 'detail', 'price'] as const;
const HIDDEN_ON_LAPTOP = ['barcode'] as const;

export function SkusPage() {
  const { t } = useTranslation('catalog');
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [filters, setFilters] = useState<SkuFilters>({ search: '', type: '', status: '' });
  const search = useDebounced(filters.search);
  const grid = useServerGrid();
  const list = useSkus(grid.query, { ...filters, search });
  const transition = useSkuTransition();
  const remove = useDeleteSku();
  const [deleting, setDeleting] = useState<Sku | null>(null);
  const canUpdate = session.can('update-product');
  const canDelete = session.can('delete-product');

  const change = (next: SkuFilters) => {
    setFilters(next);
    grid.resetPage();
  };

  const runTransition = transition.mutate;
  const columns = useMemo<GridColDef<Sku>[]>(() => {
    const onTransition = (sku: Sku, action: SkuTransition) =>
      runTransition(
        { id: sku.id, action },
        {
          onSuccess: () => toast.success(t(`notices.${action}d`, { sku: sku.sku })),
          onError: (error) => toast.error(error.message, t(`errors.${action}`)),
        },
      );
    const cols: GridColDef<Sku>[] = [
      {
        field: 'sku', headerName: t('fields.sku'), flex: 1, minWidth: 120,
        renderCell: ({ row }) =>
          row.product_id ? (
            <Link component={RouterLink} to={pathOf('product-show', { id: row.product_id })}>
              {row.sku}
            </Link>
          ) : (
            row.sku
          ),
      },
      { field: 'name', headerName: t('fields.skuName'), flex: 1.4, minWidth: 140 },
      {
        field: 'type', headerName: t('fields.type'), width: 100,
        renderCell: ({ row }) => <Chip size="small" variant="outlined" label={t(`types.${row.type}`, { defaultValue: row.type })} />,
      },
      {
        field: 'status', headerName: t('fields.status'), width: 120,
        renderCell: ({ row }) => <SkuStatusChip status={row.status} />,
      },
      { field: 'barcode', headerName: t('fields.barcode'), width: 130, sortable: false },
      {
        field: 'detail', headerName: t('fields.composition'), flex: 1, minWidth: 120, sortable: false,
        valueGetter: (_v, row) =>
          row.pack_of
            ? t('product.packOf', { quantity: row.pack_of.quantity, sku: row.pack_of.sku })
            : row.members?.length
              ? row.members.map((m) => m.sku).join(', ')
              : row.synset
                ? t('skus.inSynset', { sku: row.synset.sku })
                : '',
      },
      {
        field: 'price', headerName: t(`prices.${PRICE_CODES[0]}`), width: 100, sortable: false, align: 'right', headerAlign: 'right',
        valueGetter: (_v, row) => formatMoney(row.prices?.find((p) => p.code === 'RETAIL')?.value ?? null),
      },
    ];
    if (canUpdate || canDelete) {
      cols.push({
        field: 'actions', type: 'actions', headerName: t('list.actions'), width: phone ? 56 : 100,
        getActions: ({ row }) => [
          // Only what the SKU's own state allows, and only with the right to change products.
          ...(canUpdate
            ? SKU_TRANSITIONS.filter((action) => row.allowed_actions?.includes(action)).map((action) => (
                <GridActionsCellItem
                  key={action}
                  icon={action === 'discontinue' ? <BlockOutlined /> : <RestoreOutlined />}
                  label={t(`actions.${action}`)}
                  onClick={() => onTransition(row, action)}
                  showInMenu={phone}
                />
              ))
            : []),
          ...(canDelete && row.status === SKU_DELETABLE
            ? [<GridActionsCellItem key="delete" icon={<DeleteOutline />} label={t('actions.delete')} onClick={() => setDeleting(row)} showInMenu />]
            : []),
        ],
      });
    }
    return cols;
  }, [t, phone, canUpdate, canDelete, runTransition, toast]);

  return (
    <ListPage
      title={t('skus.title')}
      toolbar={
        <ListToolbar
          searchLabel={t('skus.search')}
          search={filters.search}
          onSearchChange={(value) => change({ ...filters, search: value })}
          action={
            session.can('create-product')
              ? { label: t('actions.createProduct'), icon: <Add />, onClick: () => void navigate(pathOf('product-create')) }
              : undefined
          }
        >
          <FilterSelect
            label={t('fields.type')}
            value={filters.type}
            onChange={(type) => change({ ...filters, type })}
            allLabel={t('list.allTypes')}
            options={SKU_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
          />
          <FilterSelect
            label={t('fields.status')}
            value={filters.status}
            onChange={(status) => change({ ...filters, status })}
            allLabel={t('list.allStatuses')}
            options={SKU_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
          />
        </ListToolbar>
      }
      error={list.isError ? { message: `${t('errors.loadSkus')}: ${list.error.message}`, onRetry: () => void list.refetch() } : null}
    >
      <CatalogGrid
        rows={list.data?.data ?? []}
        columns={columns}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        grid={grid}
        emptyLabel={t('skus.empty')}
        hideOnPhone={HIDDEN_ON_PHONE}
        hideOnLaptop={HIDDEN_ON_LAPTOP}
        label={t('skus.title')}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('skus.delete.title')}
        message={t('skus.delete.message', { sku: deleting?.sku ?? '' })}
        confirmLabel={t('actions.delete')}
        destructive
        errorPrefix={t('errors.deleteSku')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toast.success(t('notices.skuDeleted', { sku: deleting.sku }));
        }}
      />
    </ListPage>
  );
}
