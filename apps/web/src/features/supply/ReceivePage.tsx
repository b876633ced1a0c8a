import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Grid, Stack } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useSupplyShipment } from './api';
import { AsnSummary } from './AsnSummary';
import { ReceiveForm } from './ReceiveForm';
import { ReceiveOutcome } from './ReceiveOutcome';
import { ShipmentActions } from './ShipmentActions';
import { SupplyHistory } from './SupplyHistory';

/** /asn/process/:id — receive a PO or transfer shipment: arrive, count per line, close, and see any discrepancy. */
export function ReceivePage() {
  const { t } = useTranslation('supply');
  const { id = '' } = useParams();
  const query = useSupplyShipment(id);
  // A settled discrepancy can take late units, but the form stays folded so the outcome reads first.
  const [lateUnits, setLateUnits] = useState(false);
  const back = (
    <Button component={RouterLink} to={pathOf('asn')} startIcon={<ArrowBack />}>
      {t('asn.back')}
    </Button>
  );
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    const missing = isHttpError(query.error, 404);
    return (
      <Box>
        <ErrorState message={missing ? t('errors.notFound') : `${t('errors.load')}: ${query.error.message}`} onRetry={missing ? undefined : () => void query.refetch()} sx={{ mb: 2 }} />
        {back}
      </Box>
    );
  }
  const s = query.data;
  const sourceName = s.purchase_order ? `${s.purchase_order.number}${s.purchase_order.supplier ? ` · ${s.purchase_order.supplier.name}` : ''}` : (s.transfer?.number ?? '');
  const receivable = s.allowed_actions.includes('receive');
  const settled = s.status === 'discrepancy' || s.status === 'complete';
  const started = settled || s.lines.some((l) => l.qty_received > 0);
  const form = <ReceiveForm key={`${s.id}:${s.status}:${s.qty_received}`} shipment={s} onReceived={() => setLateUnits(false)} />;
  let receiving = null;
  if (receivable && s.status === 'discrepancy')
    receiving = lateUnits ? form : (
      <Box>
        <Button variant="outlined" onClick={() => setLateUnits(true)}>
          {t('receive.lateUnits')}
        </Button>
      </Box>
    );
  else if (receivable) receiving = form;
  else if (!started) receiving = <Alert severity="info">{t('receive.notReceivable', { status: t(`status.${s.status}`, { defaultValue: s.status }) })}</Alert>;

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={t('receive.title', { asn: s.asn_number })} subtitle={t('receive.subtitle', { source: sourceName, iloc: s.to_iloc?.name ?? '' })} actions={back} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={2}>
            <ShipmentActions shipment={s} />
            {settled && <ReceiveOutcome shipment={s} />}
            {receiving}
            {started && !settled && <ReceiveOutcome shipment={s} />}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={2}>
            <AsnSummary shipment={s} showLines={false} />
            <SupplyHistory events={s.events} />
          </Stack>
        </Grid>
      </Grid>
    </Box>
  );
}
