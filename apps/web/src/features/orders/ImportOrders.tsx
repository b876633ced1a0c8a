import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Link, Stack, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { downloadTemplate, useJob, useUploadOrdersCsv, type OrderImportReport } from './api';
import { ImportReportView } from './ImportReportView';

/** The columns POST /orders/import reads (docs/api-orders.md); one row per line, rows sharing external_id form one order. */
export const ORDER_CSV_COLUMNS = [
  'external_id', 'channel', 'first_name', 'last_name', 'email', 'phone', 'company', 'address1', 'address2', 'city', 'state', 'zip', 'country',
  'sku', 'quantity', 'price', 'discount', 'tax', 'ship_method', 'ship_carrier', 'notes', 'currency',
] as const;

/** 10 MB: far beyond a day of orders, short of what would stall the browser. */
const MAX_BYTES = 10 * 1024 * 1024;

interface ImportOrdersBodyProps {
  /** In a dialog the buttons sit in its action row; on the embeddable page below the content. */
  frame: (content: ReactNode, actions: ReactNode) => ReactNode;
  onClose?: () => void;
  /** Links to orders leave the frame (the iframe screen). */
  linkTarget?: '_top';
}

/** Choose a CSV, upload it (202 + job), follow the job, then show the report. */
export function ImportOrdersBody({ frame, onClose, linkTarget }: ImportOrdersBodyProps) {
  const { t } = useTranslation('orders');
  const toast = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const upload = useUploadOrdersCsv();
  const job = useJob<OrderImportReport>(jobId);
  const [downloading, setDownloading] = useState(false);

  const choose = (chosen: File | undefined) => {
    setProblem(null);
    setJobId(null);
    if (!chosen) return;
    if (!/\.csv$/i.test(chosen.name) && chosen.type !== 'text/csv') {
      setFile(null);
      setProblem(t('import.notCsv'));
      return;
    }
    if (chosen.size > MAX_BYTES) {
      setFile(null);
      setProblem(t('import.tooLarge'));
      return;
    }
    setFile(chosen);
  };

  const send = () => {
    if (!file) return;
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (started) => setJobId(started.job_id),
      onError: (error) => setProblem(`${t('import.failed')}: ${errorText(error)}`),
    });
  };

  const again = () => {
    setJobId(null);
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
    inputRef.current?.click();
  };

  const template = async () => {
    setDownloading(true);
    try {
      await downloadTemplate();
    } catch (error) {
      toast.error(errorText(error), t('import.templateFailed'));
    } finally {
      setDownloading(false);
    }
  };

  const data = job.data;
  const running = jobId !== null && !job.isError && (!data || data.status === 'PENDING' || data.status === 'RUNNING');
  const report = data?.status === 'COMPLETED' ? data.result : null;
  const jobError = job.isError ? errorText(job.error) : data?.status === 'FAILED' ? (data.error ?? '') : null;

  let content: ReactNode;
  if (report) {
    content = <ImportReportView report={report} linkTarget={linkTarget} />;
  } else if (running) {
    content = (
      <Stack spacing={1.5} role="status" aria-live="polite">
        <Typography>{t('import.processing', { name: file?.name ?? '' })}</Typography>
        <LinearProgress variant={data?.progress ? 'determinate' : 'indeterminate'} value={data?.progress ?? 0} aria-label={t('import.progress')} />
      </Stack>
    );
  } else {
    content = (
      <Stack spacing={2}>
        <Typography color="text.secondary">{t('import.help')}</Typography>
        <Box component="code" sx={{ display: 'block', p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: 13, overflowWrap: 'anywhere' }}>
          {ORDER_CSV_COLUMNS.join(',')}
        </Box>
        <Box>
          <Link component="button" type="button" onClick={() => void template()} disabled={downloading} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <FileDownloadOutlined fontSize="small" aria-hidden />
            {t('import.template')}
          </Link>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <input ref={inputRef} type="file" accept=".csv,text/csv" hidden data-testid="orders-csv-input" onChange={(e) => choose(e.target.files?.[0])} />
          <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => inputRef.current?.click()} sx={{ flexShrink: 0 }}>
            {t('import.choose')}
          </Button>
          <Typography color={file ? 'text.primary' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }} aria-live="polite">
            {file ? t('import.chosen', { name: file.name, size: Math.max(1, Math.round(file.size / 1024)) }) : t('import.noFile')}
          </Typography>
        </Stack>
        {problem && <Alert severity="error">{problem}</Alert>}
        {jobError !== null && (
          <Alert severity="error" role="alert">
            {t('import.failed')}
            {jobError ? `: ${jobError}` : ''}
          </Alert>
        )}
      </Stack>
    );
  }

  const actions = report ? (
    <>
      <Button onClick={again}>{t('import.another')}</Button>
      {onClose && (
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('actions.close')}
        </Button>
      )}
    </>
  ) : (
    <>
      {onClose && <Button onClick={onClose}>{t('actions.cancel')}</Button>}
      <Button variant="contained" onClick={send} loading={upload.isPending || running} disabled={!file}>
        {t('import.upload')}
      </Button>
    </>
  );

  return frame(content, actions);
}

export function ImportOrdersDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('orders');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="orders-import-title">
      <DialogTitle id="orders-import-title">{t('import.title')}</DialogTitle>
      {open && (
        <ImportOrdersBody
          onClose={onClose}
          frame={(content, actions) => (
            <>
              <DialogContent dividers>{content}</DialogContent>
              <DialogActions>{actions}</DialogActions>
            </>
          )}
        />
      )}
    </Dialog>
  );
}
