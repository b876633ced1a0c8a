import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import SyncIcon from '@mui/icons-material/Sync';
import type { BillingProductType } from '@omnio/domain';
import { PageHeader } from '../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { serverMessage, useAdminProducts, useSyncProducts, type BillingPrice, type BillingProduct } from './api';
import { formatCents, formatCount } from './format';
import { PriceFormDialog } from './PriceFormDialog';
import { ProductFormDialog } from './ProductFormDialog';

type Editing = { kind: 'product'; product: BillingProduct | null } | { kind: 'price'; product: BillingProduct; price: BillingPrice | null } | null;

const GROUPS: BillingProductType[] = ['base_plan', 'addon'];

/** /admin/billing (owner): the plans and extras companies can buy, with their prices in cents. */
export function AdminBillingPage() {
  const { t } = useTranslation('billing');
  const toast = useToast();
  const products = useAdminProducts();
  const sync = useSyncProducts();
  const [editing, setEditing] = useState<Editing>(null);

  const runSync = async () => {
    try {
      const result = await sync.mutateAsync();
      toast.success(t('admin.synced', { pushed: result.pushed, pulled: result.pulled }));
    } catch (error) {
      toast.error(`${t('admin.syncFailed')}: ${errorText(error)}`);
    }
  };

  return (
    <Box>
      <PageHeader
        title={t('admin.title')}
        subtitle={t('admin.intro')}
        actions={
          <>
            <Button variant="outlined" startIcon={<SyncIcon />} loading={sync.isPending} onClick={() => void runSync()}>
              {t('admin.sync')}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'product', product: null })}>
              {t('admin.newProduct')}
            </Button>
          </>
        }
      />
      {products.isPending ? (
        <LoadingState label={t('admin.loading')} />
      ) : products.isError ? (
        // Spec 8: the server's message, or a default.
        <ErrorState message={serverMessage(products.error) ?? t('dialog.loadFailed')} onRetry={() => void products.refetch()} />
      ) : products.data.length === 0 ? (
        <EmptyState message={t('admin.empty')} />
      ) : (
        <Stack spacing={4}>
          {GROUPS.map((type) => {
            const list = products.data.filter((p) => p.type === type);
            return (
              <Box component="section" key={type} aria-labelledby={`billing-group-${type}`}>
                <Typography variant="h6" component="h2" id={`billing-group-${type}`} sx={{ mb: 1.5 }}>
                  {t(`admin.groups.${type}`)}
                </Typography>
                {list.length === 0 ? (
                  <Typography color="text.secondary">{t('admin.groupEmpty')}</Typography>
                ) : (
                  <Stack spacing={1.5} component="ul" aria-label={t(`admin.groups.${type}`)} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                    {list.map((p) => (
                      <ProductRow
                        key={p.id}
                        product={p}
                        onEdit={() => setEditing({ kind: 'product', product: p })}
                        onPrice={(price) => setEditing({ kind: 'price', product: p, price })}
                      />
                    ))}
                  </Stack>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
      {editing?.kind === 'product' && <ProductFormDialog product={editing.product} onClose={() => setEditing(null)} />}
      {editing?.kind === 'price' && <PriceFormDialog product={editing.product} price={editing.price} onClose={() => setEditing(null)} />}
    </Box>
  );
}

function ProductRow({ product: p, onEdit, onPrice }: { product: BillingProduct; onEdit(): void; onPrice(price: BillingPrice | null): void }) {
  const { t, i18n } = useTranslation('billing');
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <Stack direction="row" spacing={1} alignItems="center" sx={{ flex: 1, minWidth: 0, flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {p.name}
          </Typography>
          <Chip size="small" color={p.active ? 'success' : 'default'} label={p.active ? t('admin.activeChip') : t('admin.inactiveChip')} />
          <Typography variant="body2" color="text.secondary">
            {t('admin.ordersFeature', { orders: formatCount(p.data.features.orders ?? 0, i18n.language) })} · {t('admin.sortValue', { sort: p.sort })}
          </Typography>
        </Stack>
        <Tooltip title={t('admin.editProduct')}>
          <IconButton aria-label={t('admin.editProductNamed', { name: p.name })} onClick={onEdit} sx={{ mt: -0.5 }}>
            <EditIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      {p.data.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {p.data.description}
        </Typography>
      )}
      {p.data.marketing_features.length > 0 && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {p.data.marketing_features.map((f) => f.name).join(' · ')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }} aria-label={t('admin.pricesOf', { name: p.name })} role="group">
        {p.prices.length === 0 && (
          <Typography variant="body2" color="warning.main">
            {t('admin.noPrices')}
          </Typography>
        )}
        {p.prices.map((price) => {
          const label = `${formatCents(price.data.unit_amount, i18n.language, price.data.currency)}${price.data.nickname ? ` · ${price.data.nickname}` : ''}`;
          return (
            <Chip
              key={price.id}
              label={price.active ? label : `${label} (${t('admin.inactiveChip')})`}
              variant={price.active ? 'filled' : 'outlined'}
              icon={<EditIcon />}
              onClick={() => onPrice(price)}
              aria-label={t('admin.editPriceOf', { price: label, name: p.name })}
            />
          );
        })}
        <Chip variant="outlined" color="primary" icon={<AddIcon />} label={t('admin.addPrice')} onClick={() => onPrice(null)} aria-label={t('admin.addPriceTo', { name: p.name })} />
      </Stack>
    </Paper>
  );
}
