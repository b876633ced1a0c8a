import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead,
  TablePagination, TableRow, Tooltip, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import type { WebhookDeliveryStatus, WebhookDeliveryView, WebhookView } from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useRedeliver, useWebhookDeliveries } from './api';
import { formatDateTime } from '../../shared/format/format';

const STATUS_COLOR: Record<WebhookDeliveryStatus, 'default' | 'success' | 'warning' | 'error'> = {
  pending: 'default', retrying: 'warning', delivered: 'success', failed: 'error',
};

/** The delivery log of one webhook: status, response code, time taken, when; redeliver any finished one. */
export function DeliveriesDialog({ webhook, onClose }: { webhook: WebhookView; onClose(): void }) {
  const { t, i18n } = useTranslation('webhooks');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { can } = useSession();
  const toast = useToast();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const list = useWebhookDeliveries(webhook.id, page + 1, perPage);
  const redeliver = useRedeliver();
  const when = (iso: string) => formatDateTime(iso, { language: i18n.language });
  const canRedeliver = can('update-company');

  const again = async (d: WebhookDeliveryView) => {
    try {
      await redeliver.mutateAsync({ id: webhook.id, deliveryId: d.id });
      toast.success(t('deliveries.redelivered'));
    } catch (error) {
      toast.error(`${t('deliveries.redeliverFailed')}: ${errorText(error)}`);
    }
  };

  const statusOf = (d: WebhookDeliveryView) => (
    <>
      <Chip size="small" color={STATUS_COLOR[d.status]} label={t(`deliveries.status.${d.status}`)} />
      {d.error && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>
          {d.error}
        </Typography>
      )}
      {d.next_attempt_at && (
        <Typography variant="caption" color="text.secondary" component="div">
          {t('deliveries.nextAttempt', { when: when(d.next_attempt_at) })}
        </Typography>
      )}
    </>
  );
  const codeOf = (d: WebhookDeliveryView) => d.response_code ?? (d.attempts > 0 ? t('deliveries.noResponse') : '—');
  const latencyOf = (d: WebhookDeliveryView) => (d.latency_ms === null ? '—' : t('deliveries.latency', { ms: d.latency_ms }));
  const redeliverOf = (d: WebhookDeliveryView) =>
    canRedeliver && (d.status === 'delivered' || d.status === 'failed') && (
      <Tooltip title={t('deliveries.redeliver')}>
        <Button size="small" onClick={() => void again(d)} aria-label={t('deliveries.redeliverLabel', { topic: d.topic, time: when(d.created_at) })}>
          {t('deliveries.redeliver')}
        </Button>
      </Tooltip>
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={phone} aria-labelledby="webhook-deliveries-title">
      <DialogTitle id="webhook-deliveries-title" sx={{ overflowWrap: 'anywhere' }}>
        {t('deliveries.title', { address: webhook.address })}
      </DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 1, sm: 3 } }}>
        {list.isPending ? (
          <LoadingState label={t('deliveries.loading')} minHeight={160} />
        ) : list.isError ? (
          <ErrorState message={`${t('deliveries.loadFailed')}: ${errorText(list.error)}`} onRetry={() => void list.refetch()} />
        ) : list.data.data.length === 0 && page === 0 ? (
          <EmptyState message={t('deliveries.empty')} />
        ) : (
          <>
            {phone ? (
              <Stack component="ul" spacing={1} aria-label={t('actions.deliveries')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {list.data.data.map((d) => (
                  <Paper key={d.id} component="li" variant="outlined" sx={{ p: 1.5 }}>
                    <Stack direction="row" justifyContent="space-between" alignItems="baseline" spacing={1}>
                      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>{d.topic}</Typography>
                      <Typography variant="caption" color="text.secondary">{when(d.created_at)}</Typography>
                    </Stack>
                    <div>{statusOf(d)}</div>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                      {t('deliveries.columns.code')}: {codeOf(d)} · {t('deliveries.columns.latency')}: {latencyOf(d)} · {t('deliveries.columns.attempts')}: {d.attempts}
                    </Typography>
                    {redeliverOf(d)}
                  </Paper>
                ))}
              </Stack>
            ) : (
              <TableContainer sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={t('actions.deliveries')} sx={{ minWidth: 760 }}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('deliveries.columns.time')}</TableCell>
                      <TableCell>{t('deliveries.columns.topic')}</TableCell>
                      <TableCell>{t('deliveries.columns.status')}</TableCell>
                      <TableCell align="right">{t('deliveries.columns.code')}</TableCell>
                      <TableCell align="right">{t('deliveries.columns.latency')}</TableCell>
                      <TableCell align="right">{t('deliveries.columns.attempts')}</TableCell>
                      {canRedeliver && <TableCell align="right">{t('deliveries.columns.actions')}</TableCell>}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {list.data.data.map((d) => (
                      <TableRow key={d.id} hover>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(d.created_at)}</TableCell>
                        <TableCell sx={{ fontFamily: 'monospace' }}>{d.topic}</TableCell>
                        <TableCell>{statusOf(d)}</TableCell>
                        <TableCell align="right">{codeOf(d)}</TableCell>
                        <TableCell align="right">{latencyOf(d)}</TableCell>
                        <TableCell align="right">{d.attempts}</TableCell>
                        {canRedeliver && <TableCell align="right">{redeliverOf(d)}</TableCell>}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            <TablePagination
              component="div"
              count={list.data.total}
              page={page}
              onPageChange={(_e, p) => setPage(p)}
              rowsPerPage={perPage}
              onRowsPerPageChange={(e) => {
                setPerPage(Number(e.target.value));
                setPage(0);
              }}
              rowsPerPageOptions={[10, 25, 50]}
              labelRowsPerPage={t('deliveries.rowsPerPage')}
            />
          </>
        )}
        {webhook.status === 'disabled' && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('disabledSince', { when: webhook.disabled_at ? when(webhook.disabled_at) : '' })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void list.refetch()}>{t('deliveries.refresh')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('deliveries.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
