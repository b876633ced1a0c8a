import { useTranslation } from 'react-i18next';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { formatDateTime } from '../../shared/format/format';
import { usePoEvents, type PoEvent } from './api';

/** The purchase order's history (status_events), oldest first: who did what and when, with e-mail results. */
export function PoHistory({ poId }: { poId: string }) {
  const { t } = useTranslation('purchaseOrders');
  const events = usePoEvents(poId);
  const status = (s: string | null) => (s ? t(`status.${s}`, { defaultValue: s }) : '—');
  const detail = (e: PoEvent) => {
    const data = e.data ?? {};
    if (typeof data.error === 'string') return data.error;
    if (typeof data.to === 'string') return t('history.to', { to: data.to });
    if (Array.isArray(data.to)) return t('history.to', { to: data.to.join(', ') });
    if (data.automatic === true) return t('history.automatic');
    if (typeof data.message === 'string') return data.message;
    return '';
  };

  if (events.isPending) return <LoadingState minHeight={160} />;
  if (events.isError) return <ErrorState message={`${t('errors.history')}: ${events.error.message}`} onRetry={() => void events.refetch()} />;
  if (events.data.length === 0) return <EmptyState message={t('history.empty')} />;
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0} aria-labelledby="po-history-caption">
      <Table size="small" sx={{ minWidth: 640 }}>
        <caption id="po-history-caption" style={{ captionSide: 'top', textAlign: 'start', padding: '8px 16px', fontWeight: 600 }}>
          {t('history.caption')}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>{t('history.when')}</TableCell>
            <TableCell>{t('history.who')}</TableCell>
            <TableCell>{t('history.action')}</TableCell>
            <TableCell>{t('history.change')}</TableCell>
            <TableCell>{t('history.detail')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.data.map((e) => (
            <TableRow key={e.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.created_at)}</TableCell>
              <TableCell>{e.user?.name ?? <Typography variant="body2" color="text.secondary">{t('history.system')}</Typography>}</TableCell>
              <TableCell>{t(`history.actions.${e.action}`, { defaultValue: e.action })}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {e.from_status === e.to_status ? status(e.to_status) : `${status(e.from_status)} → ${status(e.to_status)}`}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{detail(e)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
