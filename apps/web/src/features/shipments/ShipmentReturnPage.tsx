import { useParams, Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { PageHeader } from '../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { formatDateTime, formatMoney } from '../../shared/format/format';
import { useReturns, useShipment, useShipmentReturn, type ReturnSummary } from './api';
import { ReturnActions } from './ReturnActions';
import { ReturnRequestForm } from './ReturnRequestForm';
import { StatusChip } from './StatusChip';

/** /shipments/return/:id (id: a shipment) — return its units, then approve, receive and refund each return. */
export function ShipmentReturnPage() {
  const { t, i18n } = useTranslation('shipments');
  const { id = '' } = useParams();
  const toast = useToast();
  const shipment = useShipment(id);
  const returns = useReturns({ page: 1, perPage: 100, orderBy: 'created_at', orderDirection: 'ASC' }, { search: '', status: '', shipmentId: id }, Boolean(id));
  const create = useShipmentReturn(id);

  if (shipment.isPending) return <LoadingState />;
  if (shipment.isError) {
    const missing = isHttpError(shipment.error, 404);
    return <ErrorState message={missing ? t('errors.noShipment') : `${t('errors.load')}: ${shipment.error.message}`} onRetry={missing ? undefined : () => void shipment.refetch()} />;
  }
  const s = shipment.data;
  const returnable = s.lines.reduce((a, l) => a + l.qty_returnable, 0);
  const canReturn = s.allowed_actions.includes('return');
  const status = t(`shipmentStatus.${s.status}`, { defaultValue: s.status });

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('shipmentReturn.title', { number: s.number })}
        subtitle={t('shipmentReturn.subtitle', { order: s.order_number, status, date: formatDateTime(s.ship_date ?? s.created_at) })}
        actions={
          <Button component={RouterLink} to={pathOf('order-edit', { id: s.order_id })} startIcon={<ArrowBack />}>
            {t('shipmentReturn.openOrder')}
          </Button>
        }
      />
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            {t('shipmentReturn.newReturn')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('shipmentReturn.newReturnHint')}
          </Typography>
          {!canReturn ? (
            <Alert severity="info">{t('shipmentReturn.cannotReturn', { status: status.toLowerCase() })}</Alert>
          ) : returnable === 0 ? (
            <Alert severity="info">{t('shipmentReturn.nothingLeft')}</Alert>
          ) : (
            <ReturnRequestForm
              lines={s.lines.map((l) => ({ line_id: l.line_id, label: l.sku ?? `#${l.line_no}`, detail: l.name, shipped: l.quantity, returnable: l.qty_returnable }))}
              onCreate={async (body) => {
                const created = await create.mutateAsync(body);
                toast.success(t('shipmentReturn.created', { number: created.number }));
              }}
            />
          )}
        </Paper>

        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('shipmentReturn.existing')}
          </Typography>
          {returns.isError ? (
            <ErrorState message={`${t('errors.load')}: ${returns.error.message}`} onRetry={() => void returns.refetch()} />
          ) : returns.isPending ? (
            <LoadingState minHeight={120} />
          ) : returns.data.data.length === 0 ? (
            <EmptyState message={t('shipmentReturn.noReturns')} />
          ) : (
            <Stack spacing={1.5}>
              {returns.data.data.map((r) => (
                <ReturnRow key={r.id} ret={r} defaultIlocId={s.iloc_id} language={i18n.language} />
              ))}
            </Stack>
          )}
        </Paper>
      </Stack>
    </Box>
  );
}

function ReturnRow({ ret, defaultIlocId, language }: { ret: ReturnSummary; defaultIlocId: string; language: string }) {
  const { t } = useTranslation('shipments');
  return (
    <Box component="section" aria-label={ret.number} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography sx={{ fontWeight: 600 }}>{ret.number}</Typography>
            <StatusChip kind="returnStatus" status={ret.status} />
            <Typography variant="body2" color="text.secondary">
              {t('fields.refund')}:
            </Typography>
            <StatusChip kind="refundStatus" status={ret.refund_status} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {ret.reason ? t(`reasons.${ret.reason}`) : t('noReason')} · {t('fields.received')} {ret.qty_received}/{ret.unit_count}
            {ret.iloc_name ? ` · ${ret.iloc_name}` : ''} · {t('fields.amount')} {formatMoney(ret.refund_amount, ret.currency, language)} /{' '}
            {formatMoney(ret.refundable_amount, ret.currency, language)}
          </Typography>
        </Box>
        <ReturnActions ret={ret} defaultIlocId={defaultIlocId} />
      </Stack>
    </Box>
  );
}
