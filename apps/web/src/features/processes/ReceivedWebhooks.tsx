import { useTranslation } from 'react-i18next';
import {
  Button, Chip, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import type { InboundWebhookStatus } from '@omnio/domain';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useInboundWebhooks, useReplayWebhook, type InboundWebhookItem } from './api';
import { formatDateTime } from '../../shared/format/format';

const STATUS_COLOR: Record<InboundWebhookStatus, 'default' | 'info' | 'success' | 'error'> = {
  received: 'default',
  processing: 'info',
  processed: 'success',
  failed: 'error',
};

/** What a process received, newest first, with each delivery's outcome and a Replay button. */
export function ReceivedWebhooks({ processId, canReplay }: { processId: string; canReplay: boolean }) {
  const { t, i18n } = useTranslation('processes');
  const toast = useToast();
  const hooks = useInboundWebhooks(processId, true);
  const replay = useReplayWebhook(processId);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const when = (h: InboundWebhookItem) => formatDateTime(h.received_at, { language: i18n.language });
  const replayButton = (h: InboundWebhookItem) => (
    <Button
      size="small"
      disabled={h.status === 'received' || h.status === 'processing' || (replay.isPending && replay.variables === h.id)}
      aria-label={t('replayNamed', { kind: `${h.context}/${h.resource}`, date: when(h) })}
      onClick={() =>
        replay.mutate(h.id, {
          onSuccess: () => toast.success(t('replayed')),
          onError: (err) => toast.error(errorText(err), t('replayFailed')),
        })
      }
    >
      {t('replay')}
    </Button>
  );

  if (hooks.isPending) return <LoadingState label={t('webhooksLoading')} minHeight={120} />;
  if (hooks.isError) return <ErrorState message={`${t('webhooksLoadFailed')}: ${errorText(hooks.error)}`} onRetry={() => void hooks.refetch()} />;
  if (hooks.data.data.length === 0) return <EmptyState message={t('webhooksEmpty')} />;
  if (phone) {
    return (
      <Stack component="ul" aria-label={t('received')} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {hooks.data.data.map((h) => (
          <Paper component="li" key={h.id} variant="outlined" sx={{ p: 1.5 }}>
            <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', minWidth: 0 }} noWrap>{`${h.context}/${h.resource}`}</Typography>
              <Chip size="small" color={STATUS_COLOR[h.status]} label={t(`statuses.${h.status}`)} />
            </Stack>
            <Typography variant="caption" color="text.secondary" component="p">
              {when(h)} · {t('attempts')}: {h.attempts}
            </Typography>
            {h.error && (
              <Typography variant="body2" color="error" sx={{ wordBreak: 'break-word' }}>
                {h.error}
              </Typography>
            )}
            {canReplay && <Stack direction="row" justifyContent="flex-end">{replayButton(h)}</Stack>}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('received')} sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('receivedAt')}</TableCell>
            <TableCell>{t('kind')}</TableCell>
            <TableCell>{t('statusLabel')}</TableCell>
            <TableCell align="right">{t('attempts')}</TableCell>
            <TableCell>{t('error')}</TableCell>
            {canReplay && <TableCell align="right">{t('actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {hooks.data.data.map((h) => (
            <TableRow key={h.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(h)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{`${h.context}/${h.resource}`}</TableCell>
              <TableCell>
                <Chip size="small" color={STATUS_COLOR[h.status]} label={t(`statuses.${h.status}`)} />
              </TableCell>
              <TableCell align="right">{h.attempts}</TableCell>
              <TableCell sx={{ maxWidth: 320 }}>
                {h.error && (
                  <Tooltip title={h.error}>
                    <Typography variant="body2" color="error" noWrap tabIndex={0}>
                      {h.error}
                    </Typography>
                  </Tooltip>
                )}
              </TableCell>
              {canReplay && (
                <TableCell align="right">{replayButton(h)}</TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
