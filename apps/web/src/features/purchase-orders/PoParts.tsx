import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertTitle, Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { formatDate, formatDateTime } from '../../shared/format/format';
import { downloadPoPdf, type PurchaseOrder } from './api';
import { PoStatusChip } from './StatusChips';

/** Title, status, supplier and ship-to, the page's way back, then its actions. */
export function PoHeader({ po, back, actions }: { po: PurchaseOrder; back: ReactNode; actions: ReactNode }) {
  const { t } = useTranslation('purchaseOrders');
  return (
    <Stack spacing={2} sx={{ mb: 3 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' }, justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {t('detail.title', { number: po.number })}
            </Typography>
            <PoStatusChip status={po.status} size="medium" />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('detail.subtitle', { supplier: po.supplier.name, iloc: po.iloc.name, date: formatDateTime(po.created_at) })}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', flexShrink: 0 }}>
          <PdfButton po={po} />
          {back}
        </Stack>
      </Stack>
      {actions}
      <BlockedSkus po={po} />
    </Stack>
  );
}

/** Spec 4: a removed or discontinued SKU blocks confirm and submit until the line is edited. */
function BlockedSkus({ po }: { po: PurchaseOrder }) {
  const { t } = useTranslation('purchaseOrders');
  const bad = po.lines.filter((l) => l.sku_status !== 'active');
  if (bad.length === 0 || ['completed', 'cancelled'].includes(po.status)) return null;
  return (
    <Alert severity="warning" data-testid="po-blocked-skus">
      <AlertTitle>{t('detail.blockedTitle')}</AlertTitle>
      {bad.map((l) => t(`detail.blockedLine.${l.sku_status}`, { sku: l.sku })).join(' ')}
    </Alert>
  );
}

function PdfButton({ po }: { po: PurchaseOrder }) {
  const { t } = useTranslation('purchaseOrders');
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
      startIcon={<PictureAsPdfOutlined />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        downloadPoPdf(po)
          .catch((error: unknown) => toast.error(errorText(error), t('errors.pdf')))
          .finally(() => setBusy(false));
      }}
    >
      {t('actions.pdf')}
    </Button>
  );
}

/** Delivery, terms, notes and milestones; `portal` leaves out what is meant for the warehouse only. */
export function PoInfo({ po, portal = false }: { po: PurchaseOrder; portal?: boolean }) {
  const { t } = useTranslation('purchaseOrders');
  const item = (label: string, value: ReactNode) => (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {value || '—'}
      </Typography>
    </Box>
  );
  const milestones: [string, string | null][] = [
    ['confirmed_at', po.confirmed_at],
    ['sent_at', po.sent_at],
    ['acknowledged_at', po.acknowledged_at],
    ['completed_at', po.completed_at],
    ['cancelled_at', po.cancelled_at],
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="po-info-title" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Typography variant="h6" component="h2" id="po-info-title" sx={{ mb: 2 }}>
        {t('detail.info')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{item(t('fields.supplier'), `${po.supplier.name}${po.supplier.email ? ` · ${po.supplier.email}` : ''}`)}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{item(t('fields.shipTo'), po.iloc.name)}</Grid>
        <Grid size={{ xs: 6, md: 3 }}>{item(t('fields.estimatedDelivery'), formatDate(po.estimated_delivery))}</Grid>
        <Grid size={{ xs: 6, md: 3 }}>{item(t('fields.paymentTerms'), po.payment_terms)}</Grid>
        <Grid size={{ xs: 12, md: 6 }}>{item(t('fields.notesToSupplier'), po.notes_to_supplier)}</Grid>
        {!portal && <Grid size={{ xs: 12, md: 6 }}>{item(t('fields.notesToWarehouse'), po.notes_to_warehouse)}</Grid>}
        {!portal && po.created_by && <Grid size={{ xs: 6, md: 3 }}>{item(t('fields.createdBy'), po.created_by.name)}</Grid>}
        {milestones
          .filter(([, at]) => at)
          .map(([key, at]) => (
            <Grid key={key} size={{ xs: 6, md: 3 }}>
              {item(t(`fields.${key}`), formatDateTime(at))}
            </Grid>
          ))}
      </Grid>
    </Paper>
  );
}
