import { useState, type ComponentType, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Box, Button, Chip, Grid, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { useSession } from '../../shared/session/useSession';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { Term } from '../../shared/ui/Term';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { useInventory } from '../../shared/inventory/inventory-query';
import { PRICE_CODES, useDeleteProduct, useProduct, type Product, type Sku } from './api';
import { SkuStatusChip } from './SkuStatusChip';
import { formatDecimal, formatMoney } from './format';
import { formatDateTime } from '../../shared/format/format';

/** The media feature's image panel; app/composed hands it in, since a feature never imports another. */
export type ProductImagesPanel = ComponentType<{ productId: string }>;

export function ProductShowPage({ ProductImages }: { ProductImages: ProductImagesPanel }) {
  const { id = '' } = useParams<{ id: string }>();
  const { t } = useTranslation('catalog');
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const product = useProduct(id);
  const remove = useDeleteProduct();
  const [confirmDelete, setConfirmDelete] = useState(false);

  const header = (actions?: ReactNode) => (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
      <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {product.data?.name ?? t('product.showTitle')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to={pathOf('inventory')} startIcon={<ArrowBack />}>
          {t('actions.toInventory')}
        </Button>
        {actions}
      </Stack>
    </Stack>
  );

  if (product.isPending) return <>{header()}<LoadingState /></>;
  if (product.isError) {
    return (
      <>
        {header()}
        <ErrorState
          message={isHttpError(product.error, 404) ? t('product.notFound') : `${t('errors.loadProduct')}: ${product.error.message}`}
          onRetry={() => void product.refetch()}
        />
      </>
    );
  }

  const data = product.data;
  return (
    <Box sx={{ maxWidth: 1100, minWidth: 0 }}>
      {header(
        <>
          {session.can('update-product') && (
            <Button variant="contained" component={RouterLink} to={pathOf('product-edit', { id: data.id })} startIcon={<EditOutlined />}>
              {t('actions.edit')}
            </Button>
          )}
          {session.can('delete-product') && (
            <Button color="error" startIcon={<DeleteOutline />} onClick={() => setConfirmDelete(true)}>
              {t('actions.delete')}
            </Button>
          )}
        </>,
      )}
      <ProductDetails product={data} />
      <ProductImages productId={data.id} />
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1.5 }}>
        {t('product.skusSection')}
      </Typography>
      {(data.skus ?? []).length === 0 ? (
        <EmptyState message={t('product.noSkus')} />
      ) : (
        <Stack spacing={2}>
          {(data.skus ?? []).map((sku) => (
            <SkuCard key={sku.id} sku={sku} />
          ))}
        </Stack>
      )}
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1.5 }}>
        {t('product.stockSection')}
      </Typography>
      <ProductStock productId={data.id} />
      <ConfirmDialog
        open={confirmDelete}
        title={t('product.delete.title')}
        message={t('product.delete.message', { name: data.name })}
        confirmLabel={t('actions.delete')}
        destructive
        errorPrefix={t('errors.deleteProduct')}
        onClose={() => setConfirmDelete(false)}
        onConfirm={async () => {
          await remove.mutateAsync(data.id);
          toast.success(t('notices.productDeleted', { name: data.name }));
          void navigate(pathOf('inventory'));
        }}
      />
    </Box>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const { t } = useTranslation('catalog');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
        <Grid size={{ xs: 6, md: 3 }}>
          <Term label={t('fields.category')}>{product.category?.name ?? '—'}</Term>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Term label={t('fields.brand')}>{product.brand?.name ?? '—'}</Term>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Term label={t('fields.skuCount')}>{product.sku_count ?? product.skus?.length ?? 0}</Term>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Term label={t('fields.updated')}>{formatDateTime(product.updated_at)}</Term>
        </Grid>
        {product.description && (
          <Grid size={12}>
            <Term label={t('fields.description')}>{product.description}</Term>
          </Grid>
        )}
      </Grid>
    </Paper>
  );
}

function SkuCard({ sku }: { sku: Sku }) {
  const { t } = useTranslation('catalog');
  const prices = PRICE_CODES.map((code) => ({ code, price: sku.prices.find((p) => p.code === code) }));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {sku.sku}
        </Typography>
        <Typography color="text.secondary" sx={{ flex: 1, minWidth: 120 }}>
          {sku.name}
        </Typography>
        <Chip size="small" variant="outlined" label={t(`types.${sku.type}`, { defaultValue: sku.type })} />
        <SkuStatusChip status={sku.status} />
      </Stack>
      <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
        {sku.pack_of && (
          <Grid size={{ xs: 12, md: 3 }}>
            <Term label={t('fields.packOf')}>{t('product.packOf', { quantity: sku.pack_of.quantity, sku: sku.pack_of.sku })}</Term>
          </Grid>
        )}
        <Grid size={{ xs: 6, md: 3 }}>
          <Term label={t('fields.barcode')}>{sku.barcode || '—'}</Term>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Term label={t('fields.weight')}>{formatDecimal(sku.weight) || '—'}</Term>
        </Grid>
        <Grid size={{ xs: 12, md: sku.pack_of ? 3 : 6 }}>
          <Term label={t('fields.aliases')}>{sku.aliases.length ? sku.aliases.map((a) => a.alias).join(', ') : '—'}</Term>
        </Grid>
        {prices.map(({ code, price }) => (
          <Grid key={code} size={{ xs: 6, md: 3 }}>
            <Term label={t(`prices.${code}`)}>
              {price ? `${formatMoney(price.value)}${price.currency ? ` ${price.currency}` : ''}` : '—'}
            </Term>
          </Grid>
        ))}
      </Grid>
    </Paper>
  );
}

const QTY_COLUMNS = ['qty_available', 'qty_good', 'qty_hold', 'qty_hurt', 'qty_in_transit', 'qty_reserved'] as const;
/** Phones show the figures that matter most; the full set is on /inventory. */
const cellSx = (column: (typeof QTY_COLUMNS)[number]) => ({
  ...(column === 'qty_available' ? { fontWeight: 600 } : {}),
  ...(column === 'qty_available' || column === 'qty_good' ? {} : { display: { xs: 'none', md: 'table-cell' } }),
});

function ProductStock({ productId }: { productId: string }) {
  const { t } = useTranslation('catalog');
  const { t: ti } = useTranslation('inventory');
  const stock = useInventory(
    { page: 1, perPage: 100, orderBy: 'sku', orderDirection: 'ASC' },
    { search: '', ilocId: '', type: '', available: false, productId },
  );
  if (stock.isPending) return <LoadingState minHeight={120} />;
  if (stock.isError) return <ErrorState message={`${t('errors.loadStock')}: ${stock.error.message}`} onRetry={() => void stock.refetch()} />;
  if (stock.data.data.length === 0) return <EmptyState message={t('product.noStock')} />;
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} aria-label={t('product.stockSection')}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{ti('fields.sku')}</TableCell>
            <TableCell>{ti('fields.iloc')}</TableCell>
            {QTY_COLUMNS.map((c) => (
              <TableCell key={c} align="right" sx={cellSx(c)}>
                {ti(`fields.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {stock.data.data.map((row) => (
            <TableRow key={`${row.sku_id}:${row.iloc_id}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.sku}</TableCell>
              <TableCell>{row.iloc_name}</TableCell>
              {QTY_COLUMNS.map((c) => (
                <TableCell key={c} align="right" sx={cellSx(c)}>
                  {row[c]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
