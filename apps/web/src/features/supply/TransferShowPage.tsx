import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, AlertTitle, Box, Button, Grid, Link, Paper, Stack, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { formatDate } from '../../shared/format/format';
import { useTransfer, type Transfer } from './api';
import { SupplyStatusChip } from './StatusChip';
import { SupplyHistory } from './SupplyHistory';
import { TransferActions } from './TransferActions';

const RECEIVABLE = new Set(['in_transit', 'arrived', 'processing', 'discrepancy']);

/** The transfer's shipments: each opens its ASN screen, or receiving once it travels. */
function TransferShipments({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation('supply');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('transferShow.shipments')}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('transferShow.shipments')}
        </Typography>
        {transfer.allowed_actions.includes('ship') && (
          <Button startIcon={<Add />} component={RouterLink} to={pathOf('transfer-shipment', { poId: transfer.id, shipmentId: 'new' })}>
            {t('transferShow.newShipment')}
          </Button>
        )}
      </Stack>
      {!transfer.shipments.length ? (
        <Typography color="text.secondary">{t('transferShow.noShipments')}</Typography>
      ) : (
        <Stack spacing={1} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
          {transfer.shipments.map((s) => (
            <Stack key={s.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Link component={RouterLink} to={pathOf('transfer-shipment', { poId: transfer.id, shipmentId: s.id })} sx={{ fontWeight: 600 }}>
                  {s.asn_number}
                </Link>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {t('fields.received')} {s.qty_received}/{s.qty_expected} · {formatDate(s.ship_date)}
                </Typography>
              </Box>
              <SupplyStatusChip status={s.status} />
              {RECEIVABLE.has(s.status) && (
                <Button size="small" variant="outlined" component={RouterLink} to={pathOf('asn-process', { id: s.id })} aria-label={`${t('transferShow.receive')} ${s.asn_number}`}>
                  {t('transferShow.receive')}
                </Button>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** /transfer/show/:id — a transfer's lines (reserved, shipped, received), its shipments, actions and history. */
export function TransferShowPage() {
  const { t } = useTranslation('supply');
  const { id = '' } = useParams();
  const query = useTransfer(id, true);
  const back = (
    <Button component={RouterLink} to={pathOf('transfers')} startIcon={<ArrowBack />}>
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
  const tr = query.data;
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={t('transferShow.title', { number: tr.number })} subtitle={t('transferShow.subtitle', { from: tr.from_iloc.name, to: tr.to_iloc.name })} actions={back} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, mb: 2 }}>
        <SupplyStatusChip kind="transferStatus" status={tr.status} size="medium" />
        <TransferActions transfer={tr} />
      </Stack>
      {tr.status === 'error' && tr.error_message && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <AlertTitle>{t('transferShow.error')}</AlertTitle>
          {tr.error_message}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={2}>
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('transferShow.lines')}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('transferShow.lines')}
              </Typography>
              <Stack spacing={1.5} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
                {tr.lines.map((l) => (
                  <Box key={l.id} data-testid={`transfer-line-${l.sku ?? l.line_no}`}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{l.sku ?? '—'}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {l.name ?? ''}
                    </Typography>
                    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 1, m: 0, mt: 1 }}>
                      {([['quantity', l.quantity], ['reserved', l.qty_reserved], ['shipped', l.qty_shipped], ['received', l.qty_received]] as const).map(([key, value]) => (
                        <Box key={key}>
                          <Typography component="dt" variant="caption" color="text.secondary">
                            {t(`fields.${key}`)}
                          </Typography>
                          <Typography component="dd" sx={{ m: 0 }}>
                            {value}
                          </Typography>
                        </Box>
                      ))}
                    </Box>
                  </Box>
                ))}
              </Stack>
            </Paper>
            <TransferShipments transfer={tr} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={2}>
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('transferShow.details')}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('transferShow.details')}
              </Typography>
              <Typography variant="caption" color="text.secondary">{t('fields.estimatedDelivery')}</Typography>
              <Typography sx={{ mb: 1 }}>{formatDate(tr.estimated_delivery) || '—'}</Typography>
              <Typography variant="caption" color="text.secondary">{t('fields.notes')}</Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{tr.notes || '—'}</Typography>
            </Paper>
            <SupplyHistory events={tr.events} statusKind="transferStatus" />
          </Stack>
        </Grid>
      </Grid>
    </Box>
  );
}
