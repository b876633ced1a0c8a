import { useTranslation } from 'react-i18next';
import { Chip, Stack, Typography } from '@mui/material';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import CallMadeIcon from '@mui/icons-material/CallMade';
import { EDI_DOC_STATUS_TONE, type ChannelTestResult, type EdiDocStatus, type EdiDocumentDto } from '@omnio/domain';

/** Labels shared by the document log and a document's detail. */

export type AckState = 'accepted' | 'withErrors' | 'partial' | 'rejected' | 'overdue' | 'waiting' | 'notDelivered' | 'none';

const ACK_OF_CODE: Record<'A' | 'E' | 'P' | 'R', AckState> = { A: 'accepted', E: 'withErrors', P: 'partial', R: 'rejected' };

/**
 * Where the 997 of a document stands. Ours (out): not delivered while it waits for the next run, then waiting
 * for the partner's 997 until the window closes (overdue); a late 997 still settles it. Theirs (in): the 997
 * we answered with. A 997 is not itself acknowledged, though ours can still wait for delivery.
 */
export function ackStateOf(doc: Pick<EdiDocumentDto, 'direction' | 'doc_type' | 'ack_status' | 'delivered_at' | 'status'>): AckState {
  if (doc.direction === 'out' && !doc.delivered_at) return 'notDelivered';
  if (doc.doc_type === '997') return 'none';
  if (doc.ack_status) return ACK_OF_CODE[doc.ack_status];
  if (doc.direction === 'in') return 'none';
  return doc.status === 'overdue' ? 'overdue' : 'waiting';
}

const ACK_TONE: Record<AckState, 'success' | 'warning' | 'error' | 'info' | 'default'> = {
  accepted: 'success', withErrors: 'warning', partial: 'warning', rejected: 'error', overdue: 'error', waiting: 'info', notDelivered: 'default', none: 'default',
};

export function AckChip({ doc }: { doc: Parameters<typeof ackStateOf>[0] }) {
  const { t } = useTranslation('channelsEdi');
  const state = ackStateOf(doc);
  if (state === 'none') return <Typography variant="body2" color="text.secondary">{t('ack.none')}</Typography>;
  const label = t(`ack.${state}`);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={ACK_TONE[state]}
      label={doc.direction === 'in' ? t('ack.ours', { state: label }) : label}
    />
  );
}

export function EdiStatusChip({ status }: { status: EdiDocStatus }) {
  const { t } = useTranslation('channelsEdi');
  return <Chip size="small" color={EDI_DOC_STATUS_TONE[status]} label={t(`status.${status}`, { defaultValue: status })} />;
}

/** In or out, with an arrow and the word (never the icon alone). */
export function DirectionLabel({ direction }: { direction: 'in' | 'out' }) {
  const { t } = useTranslation('channelsEdi');
  const Icon = direction === 'in' ? CallReceivedIcon : CallMadeIcon;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Icon fontSize="small" color={direction === 'in' ? 'primary' : 'secondary'} aria-hidden />
      <Typography variant="body2" component="span">{t(`direction.${direction}`)}</Typography>
    </Stack>
  );
}

export function useDocName() {
  const { t } = useTranslation('channelsEdi');
  return (docType: string) => t(`docType.${docType}`, { defaultValue: docType });
}

/** Orders made from an inbound 850 file; empty for the documents that make none. */
export function useCountsText() {
  const { t } = useTranslation('channelsEdi');
  return (doc: Pick<EdiDocumentDto, 'doc_type' | 'direction' | 'counts'>) => {
    const c = doc.counts;
    if (doc.direction !== 'in' || (doc.doc_type !== '850' && c.created + c.duplicates + c.failed === 0)) return '';
    return t('log.counts', { created: c.created, duplicates: c.duplicates, failed: c.failed });
  };
}

/** What a connection test found in an EDI partner's mailbox. */
export function MailboxFacts({ mailbox }: { mailbox: NonNullable<ChannelTestResult['mailbox']> }) {
  const { t } = useTranslation('channelsEdi');
  return (
    <>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {t('test.mailbox', { protocol: mailbox.protocol.toUpperCase(), host: mailbox.host })}
      </Typography>
      {mailbox.host_key_sha256 && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>{t('test.hostKey', { key: mailbox.host_key_sha256 })}</Typography>
      )}
      <Typography variant="body2">{t('test.files', { inbound: mailbox.inbound_files, outbound: mailbox.outbound_files })}</Typography>
    </>
  );
}
