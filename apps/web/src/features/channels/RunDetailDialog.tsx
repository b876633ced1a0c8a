import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, Stack, Table, TableBody, TableCell, TableContainer,
  TableHead, TableRow, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import type { ChannelRunDetail } from '@omnio/domain';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { downloadRunPage, useRunDetail } from './api';
import { formatDateTime, RunStatusChip } from './labels';

/** One run: its counts, why it failed, the failed items, every call it made and the pages it kept. */
export function RunDetailDialog({ processId, runId, onClose }: { processId: string; runId: string | null; onClose(): void }) {
  const { t } = useTranslation('channels');
  const id = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const run = useRunDetail(processId, runId);

  return (
    <Dialog open={runId !== null} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="lg" fullScreen={phone}>
      <DialogTitle id={`${id}-title`}>
        {run.data
          ? t('runDetail.title', { action: t(`actions.${run.data.action}`, { defaultValue: run.data.action }), process: run.data.process_name })
          : t('runDetail.loadingTitle')}
      </DialogTitle>
      <DialogContent dividers>
        {run.isPending ? (
          <LoadingState minHeight={200} />
        ) : run.isError ? (
          <ErrorState message={`${t('runDetail.loadFailed')}: ${errorText(run.error)}`} onRetry={() => void run.refetch()} />
        ) : (
          <RunDetailBody run={run.data} processId={processId} />
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>{t('runDetail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 6, sm: 4, md: 3 }}>
      <Typography variant="caption" color="text.secondary" component="div">{label}</Typography>
      <Box sx={{ typography: 'body2', overflowWrap: 'anywhere' }}>{children}</Box>
    </Grid>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1, fontWeight: 600 }}>{title}</Typography>
      {children}
    </Box>
  );
}

function formatBytes(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language === 'sp' ? 'es' : language, { maximumFractionDigits: unit ? 1 : 0 }).format(value)} ${units[unit]}`;
}

export function RunDetailBody({ run, processId }: { run: ChannelRunDetail; processId: string }) {
  const { t, i18n } = useTranslation('channels');
  const toast = useToast();
  const [downloading, setDownloading] = useState<number | null>(null);
  const download = async (seq: number) => {
    setDownloading(seq);
    try {
      await downloadRunPage(processId, run.id, seq);
    } catch (error) {
      toast.error(errorText(error), t('runDetail.downloadFailed'));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Box>
      <Grid container spacing={2}>
        <Fact label={t('runs.columns.status')}><RunStatusChip status={run.status} /></Fact>
        <Fact label={t('runs.columns.trigger')}>{t(`triggers.${run.trigger}`, { defaultValue: run.trigger })}</Fact>
        <Fact label={t('runs.columns.started')}>{formatDateTime(run.started_at) || '—'}</Fact>
        <Fact label={t('runs.columns.finished')}>{formatDateTime(run.finished_at) || '—'}</Fact>
        {(['received', 'created', 'updated', 'duplicates', 'failed'] as const).map((k) => (
          <Fact key={k} label={t(`runs.columns.${k}`)}>{run.counts[k]}</Fact>
        ))}
        <Fact label={t('runDetail.calls')}>{run.calls}</Fact>
        <Fact label={t('runDetail.pagesKept')}>{run.pages_kept}</Fact>
      </Grid>

      {run.failure && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="run-failure">
          <strong>{t('runDetail.failure')}:</strong> {run.failure}
        </Alert>
      )}

      <Section title={t('runDetail.itemErrors', { count: run.errors.length })}>
        {run.errors.length === 0 ? (
          <Typography variant="body2" color="text.secondary">{t('runDetail.noItemErrors')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('runDetail.itemErrorsTable')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('runDetail.externalId')}</TableCell>
                  <TableCell>{t('runDetail.code')}</TableCell>
                  <TableCell>{t('runDetail.message')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {run.errors.map((e, i) => (
                  <TableRow key={`${e.external_id ?? ''}-${i}`}>
                    <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{e.external_id ?? '—'}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{e.code}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Section>

      <Section title={t('runDetail.callLog')}>
        {run.call_log.length === 0 ? (
          <Typography variant="body2" color="text.secondary">{t('runDetail.noCalls')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('runDetail.callLog')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('runDetail.at')}</TableCell>
                  <TableCell>{t('runDetail.method')}</TableCell>
                  <TableCell>{t('runDetail.url')}</TableCell>
                  <TableCell align="right">{t('runDetail.httpStatus')}</TableCell>
                  <TableCell align="right">{t('runDetail.duration')}</TableCell>
                  <TableCell align="right">{t('runDetail.attempt')}</TableCell>
                  <TableCell align="right">{t('runDetail.cost')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {run.call_log.map((c, i) => (
                  <TableRow key={`${c.at}-${i}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.at)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{c.method}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere', minWidth: 200 }}>
                      {c.url}
                      {c.error && <Typography variant="caption" color="error" component="div">{c.error}</Typography>}
                    </TableCell>
                    <TableCell align="right" sx={{ color: c.status === null || c.status >= 400 ? 'error.main' : undefined }}>{c.status ?? '—'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{t('runDetail.ms', { value: c.duration_ms })}</TableCell>
                    <TableCell align="right">{c.attempt}</TableCell>
                    <TableCell align="right">{c.cost ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Section>

      <Section title={t('runDetail.pages')}>
        {run.pages.length === 0 ? (
          <Typography variant="body2" color="text.secondary">{t('runDetail.noPages')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('runDetail.pages')}>
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell>
                  <TableCell>{t('runDetail.url')}</TableCell>
                  <TableCell align="right">{t('runDetail.httpStatus')}</TableCell>
                  <TableCell align="right">{t('runDetail.size')}</TableCell>
                  <TableCell>{t('runDetail.expires')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {run.pages.map((p) => (
                  <TableRow key={p.seq}>
                    <TableCell>{p.seq}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere', minWidth: 200 }}>{p.url}</TableCell>
                    <TableCell align="right">{p.status}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatBytes(p.bytes, i18n.language)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.expires_at)}</TableCell>
                    <TableCell align="right">
                      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                        <Button
                          size="small"
                          startIcon={<DownloadIcon />}
                          loading={downloading === p.seq}
                          onClick={() => void download(p.seq)}
                          aria-label={t('runDetail.downloadNamed', { seq: p.seq })}
                        >
                          {t('runDetail.download')}
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Section>
    </Box>
  );
}
