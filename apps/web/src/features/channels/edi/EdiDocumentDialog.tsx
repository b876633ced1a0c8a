import { Fragment, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Link, List, ListItem, Stack, Tab, Table, TableBody,
  TableCell, TableContainer, TableHead, TableRow, Tabs, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { EdiDocumentDetailDto } from '@omnio/domain';
import { pathOf } from '../../../shared/routing/routes-table';
import { ErrorState, LoadingState } from '../../../shared/ui/StateViews';
import { errorText } from '../../../shared/ui/form-helpers';
import { useToast } from '../../../shared/ui/toast';
import { formatDateTime } from '../labels';
import { useEdiDocument } from './edi-api';
import { AckChip, DirectionLabel, EdiStatusChip, useCountsText, useDocName } from './edi-labels';

/**
 * One segment per line. X12 names its own segment terminator: the character after ISA16, at offset 105 of the
 * fixed-width ISA; files that already break lines after it keep a single break.
 */
export function rawLines(raw: string): string {
  const text = raw.replace(/^\uFEFF/, '');
  if (!text.startsWith('ISA') || text.length < 106) return raw;
  const terminator = text[105]!;
  if (terminator === '\n' || terminator === '\r') return text.replace(/\r\n?/g, '\n');
  return text
    .split(terminator)
    .map((s) => s.replace(/^[\r\n]+|[\r\n]+$/g, ''))
    .filter((s) => s !== '')
    .map((s) => `${s}${terminator}`)
    .join('\n');
}

interface DialogProps {
  processId: string;
  docId: string | null;
  /** A related document opens in the same dialog. */
  onOpen(id: string): void;
  onClose(): void;
}

export function EdiDocumentDialog({ processId, docId, onOpen, onClose }: DialogProps) {
  const { t } = useTranslation('channelsEdi');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  const doc = useEdiDocument(processId, docId);
  const docName = useDocName();
  const d = doc.data;
  return (
    <Dialog open={docId !== null} onClose={onClose} fullScreen={phone} fullWidth maxWidth="lg" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {d ? t('detail.title', { doc: docName(d.doc_type), control: d.interchange_control ?? '—' }) : t('detail.loading')}
      </DialogTitle>
      <DialogContent dividers>
        {doc.isPending ? (
          <LoadingState label={t('detail.loading')} minHeight={200} />
        ) : doc.isError ? (
          <ErrorState message={`${t('detail.loadFailed')}: ${errorText(doc.error)}`} onRetry={() => void doc.refetch()} />
        ) : (
          <DetailBody key={doc.data.id} doc={doc.data} onOpen={onOpen} />
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>{t('detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function DetailBody({ doc, onOpen }: { doc: EdiDocumentDetailDto; onOpen(id: string): void }) {
  const { t } = useTranslation('channelsEdi');
  const [tab, setTab] = useState<'readable' | 'raw'>('readable');
  const id = useId();
  return (
    <Stack spacing={3}>
      <Facts doc={doc} />
      {doc.issues.length > 0 && <Issues doc={doc} />}
      {doc.ack_details && doc.ack_details.length > 0 && <AckDetails doc={doc} />}
      {doc.related.length > 0 && <Related doc={doc} onOpen={onOpen} />}
      {doc.orders.length > 0 && <Orders orders={doc.orders} />}
      <Box>
        <Tabs value={tab} onChange={(_e, next: 'readable' | 'raw') => setTab(next)} aria-label={t('detail.tabsLabel')} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Tab value="readable" label={t('detail.tabs.readable')} id={`${id}-tab-readable`} aria-controls={`${id}-panel-readable`} />
          <Tab value="raw" label={t('detail.tabs.raw')} id={`${id}-tab-raw`} aria-controls={`${id}-panel-raw`} />
        </Tabs>
        <Box role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`} sx={{ pt: 2 }}>
          {tab === 'readable' ? <Readable doc={doc} /> : <Raw raw={doc.raw} />}
        </Box>
      </Box>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">{label}</Typography>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

function Facts({ doc }: { doc: EdiDocumentDetailDto }) {
  const { t } = useTranslation('channelsEdi');
  const countsText = useCountsText()(doc);
  const mono = { fontFamily: 'monospace' } as const;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
      <Fact label={t('detail.facts.direction')}><DirectionLabel direction={doc.direction} /></Fact>
      <Fact label={t('detail.facts.status')}><EdiStatusChip status={doc.status} /></Fact>
      <Fact label={t('detail.facts.ack')}><AckChip doc={doc} /></Fact>
      <Fact label={t('detail.facts.isa13')}><Box component="span" sx={mono}>{doc.interchange_control ?? '—'}</Box></Fact>
      <Fact label={t('detail.facts.gs06')}><Box component="span" sx={mono}>{doc.group_control ?? '—'}</Box></Fact>
      <Fact label={t('detail.facts.sets')}><Box component="span" sx={mono}>{doc.set_controls.join(', ') || '—'}</Box></Fact>
      <Fact label={t('detail.facts.file')}><Box component="span" sx={mono}>{doc.file_name ?? '—'}</Box></Fact>
      <Fact label={t('detail.facts.size')}>{t('detail.bytes', { count: doc.size })}</Fact>
      <Fact label={t('detail.facts.created')}>{formatDateTime(doc.created_at)}</Fact>
      {doc.direction === 'out' && (
        <Fact label={t('detail.facts.delivered')}>{doc.delivered_at ? formatDateTime(doc.delivered_at) : t('detail.facts.notDelivered')}</Fact>
      )}
      {doc.due_at && <Fact label={t('detail.facts.due')}>{formatDateTime(doc.due_at)}</Fact>}
      {doc.acked_at && <Fact label={t('detail.facts.acked')}>{formatDateTime(doc.acked_at)}</Fact>}
      {countsText && <Fact label={t('detail.facts.counts')}>{countsText}</Fact>}
      {doc.error && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Alert severity="error">{doc.error}</Alert>
        </Box>
      )}
    </Box>
  );
}

function SectionTitle({ id, children }: { id: string; children: React.ReactNode }) {
  return <Typography variant="subtitle1" component="h3" id={id} sx={{ fontWeight: 600, mb: 1 }}>{children}</Typography>;
}

function Issues({ doc }: { doc: EdiDocumentDetailDto }) {
  const { t } = useTranslation('channelsEdi');
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <SectionTitle id={id}>{t('detail.issues')}</SectionTitle>
      <Stack spacing={1}>
        {doc.issues.map((issue, i) => (
          <Alert key={i} severity="warning" variant="outlined">
            <Typography variant="body2"><Box component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>{issue.code}</Box>{issue.message}</Typography>
            {(issue.set_control || issue.segment || issue.position != null) && (
              <Typography variant="caption" color="text.secondary">
                {t('detail.issueWhere', { set: issue.set_control ?? '—', segment: issue.segment ?? '—', position: issue.position ?? '—' })}
              </Typography>
            )}
          </Alert>
        ))}
      </Stack>
    </Box>
  );
}

function AckDetails({ doc }: { doc: EdiDocumentDetailDto }) {
  const { t } = useTranslation('channelsEdi');
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <SectionTitle id={id}>{t('detail.ackDetails')}</SectionTitle>
      <TableContainer>
        <Table size="small" aria-labelledby={id}>
          <TableHead>
            <TableRow>
              <TableCell>{t('detail.ackColumns.set')}</TableCell>
              <TableCell>{t('detail.ackColumns.control')}</TableCell>
              <TableCell>{t('detail.ackColumns.status')}</TableCell>
              <TableCell>{t('detail.ackColumns.errors')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(doc.ack_details ?? []).map((a) => (
              <TableRow key={`${a.set_id}-${a.control}`}>
                <TableCell>{a.set_id}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{a.control}</TableCell>
                <TableCell>{a.status}</TableCell>
                <TableCell>
                  {a.errors.length === 0 ? t('detail.noErrors') : a.errors.map((e, i) => (
                    <Typography key={i} variant="body2">
                      {[
                        t('detail.ackError', { segment: e.segment ?? '—', position: e.position ?? '—', code: e.code ?? '—' }),
                        e.element != null ? t('detail.ackElement', { element: e.element, code: e.element_code ?? '—' }) : '',
                        e.bad_value ? t('detail.ackBadValue', { value: e.bad_value }) : '',
                      ].filter(Boolean).join(' · ')}
                    </Typography>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

function Related({ doc, onOpen }: { doc: EdiDocumentDetailDto; onOpen(id: string): void }) {
  const { t } = useTranslation('channelsEdi');
  const docName = useDocName();
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <SectionTitle id={id}>{t('detail.related')}</SectionTitle>
      <List dense disablePadding aria-labelledby={id}>
        {doc.related.map((r) => (
          <ListItem key={r.id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Link component="button" type="button" onClick={() => onOpen(r.id)} underline="hover">
              {`${docName(r.doc_type)} · ISA13 ${r.interchange_control ?? '—'}`}
            </Link>
            <Typography variant="body2" color="text.secondary">{t(`direction.${r.direction}Long`)}</Typography>
            <EdiStatusChip status={r.status} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

function Orders({ orders }: { orders: EdiDocumentDetailDto['orders'] }) {
  const { t } = useTranslation('channelsEdi');
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <SectionTitle id={id}>{t('detail.orders')}</SectionTitle>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {orders.map((o) => (
          <Chip
            key={o.id}
            component={RouterLink}
            to={pathOf('order-edit', { id: o.id })}
            clickable
            variant="outlined"
            label={t('detail.openOrder', { id: o.external_id ? `${o.number} (${o.external_id})` : o.number })}
          />
        ))}
      </Stack>
    </Box>
  );
}

function Readable({ doc }: { doc: EdiDocumentDetailDto }) {
  const { t } = useTranslation('channelsEdi');
  if (doc.readable.length === 0) return <Typography color="text.secondary">{t('detail.noReadable')}</Typography>;
  return (
    <Stack spacing={3}>
      {doc.readable.map((set) => <ReadableSet key={`${set.set_id}-${set.control}`} set={set} />)}
    </Stack>
  );
}

function ReadableSet({ set }: { set: EdiDocumentDetailDto['readable'][number] }) {
  const { t } = useTranslation('channelsEdi');
  const id = useId();
  const c = (key: string) => t(`detail.readableColumns.${key}`);
  return (
    <Box component="section" aria-labelledby={id}>
      <SectionTitle id={id}>{t('detail.set', { setId: set.set_id, control: set.control })}</SectionTitle>
      <TableContainer sx={{ maxHeight: { md: 480 } }}>
        <Table size="small" stickyHeader aria-labelledby={id}>
          <TableHead>
            <TableRow>
              <TableCell>{c('segment')}</TableCell>
              <TableCell>{c('name')}</TableCell>
              <TableCell>{c('position')}</TableCell>
              <TableCell>{c('element')}</TableCell>
              <TableCell>{c('value')}</TableCell>
              <TableCell>{c('meaning')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {set.segments.map((s, si) => (
              <Fragment key={si}>
                {(s.elements.length ? s.elements : [null]).map((e, ei) => (
                  <TableRow key={ei} sx={ei === 0 && si > 0 ? { '& td': { borderTop: 2, borderTopColor: 'divider' } } : undefined}>
                    <TableCell sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{ei === 0 ? s.segment : ''}</TableCell>
                    <TableCell>{ei === 0 ? s.name : ''}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{e?.position ?? ''}</TableCell>
                    <TableCell>{e?.name ?? ''}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{e?.value ?? ''}</TableCell>
                    <TableCell>{e?.meaning ?? ''}</TableCell>
                  </TableRow>
                ))}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

function Raw({ raw }: { raw: string }) {
  const { t } = useTranslation('channelsEdi');
  const toast = useToast();
  const text = rawLines(raw);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('detail.copied'));
    } catch {
      toast.error(t('detail.copyFailed'));
    }
  };
  return (
    <Stack spacing={1}>
      <Box>
        <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>{t('detail.copy')}</Button>
      </Box>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={t('detail.rawLabel')}
        data-testid="edi-raw"
        sx={{
          m: 0, p: 1.5, fontFamily: 'monospace', fontSize: 13, lineHeight: 1.5, bgcolor: 'action.hover', borderRadius: 1,
          overflow: 'auto', maxHeight: { md: 480 }, whiteSpace: 'pre',
        }}
      >
        {text}
      </Box>
    </Stack>
  );
}
