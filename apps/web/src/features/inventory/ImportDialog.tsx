import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import { ImportErrorsTable } from '../../shared/ui/ImportErrorsTable';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { INVENTORY_IMPORT_COLUMNS, PRODUCT_CSV_COLUMNS } from '@omnio/domain';
import { errorText } from '../../shared/ui/form-helpers';
import { useImportCsv, type CsvKind, type ImportReport } from './api';

/** The columns each import reads (docs/api-catalog.md). */
export const CSV_COLUMNS: Record<CsvKind, readonly string[]> = {
  inventory: INVENTORY_IMPORT_COLUMNS,
  products: PRODUCT_CSV_COLUMNS,
};

/** 10 MB: far beyond a 100k-row count file, short of what would stall the browser. */
const MAX_BYTES = 10 * 1024 * 1024;

interface ImportDialogProps {
  kind: CsvKind | null;
  onClose(): void;
  onImported?: (report: ImportReport) => void;
}

export function ImportDialog({ kind, onClose, onImported }: ImportDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { t } = useTranslation('inventory');
  return (
    <Dialog open={kind !== null} onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="import-title">
      <DialogTitle id="import-title">{kind ? t(`import.title.${kind}`) : ''}</DialogTitle>
      {kind && <ImportBody key={kind} kind={kind} onClose={onClose} onImported={onImported} />}
    </Dialog>
  );
}

function ImportBody({ kind, onClose, onImported }: { kind: CsvKind; onClose(): void; onImported?: (report: ImportReport) => void }) {
  const { t } = useTranslation('inventory');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const upload = useImportCsv();

  const choose = (chosen: File | undefined) => {
    setProblem(null);
    setReport(null);
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
    if (!file) {
      setProblem(t('import.chooseFirst'));
      return;
    }
    setProblem(null);
    upload.mutate(
      { kind, file },
      {
        onSuccess: (result) => {
          setReport(result);
          onImported?.(result);
        },
        onError: (error) => setProblem(`${t('errors.import')}: ${errorText(error)}`),
      },
    );
  };

  const again = () => {
    setReport(null);
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
    inputRef.current?.click();
  };

  return (
    <>
      <DialogContent dividers>
        {!report && (
          <Stack spacing={2}>
            <DialogContentText>{t(`import.help.${kind}`)}</DialogContentText>
            <Box
              component="code"
              sx={{ display: 'block', p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: 13, overflowWrap: 'anywhere' }}
            >
              {CSV_COLUMNS[kind].join(',')}
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                hidden
                data-testid="csv-file-input"
                onChange={(e) => choose(e.target.files?.[0])}
              />
              <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => inputRef.current?.click()} sx={{ flexShrink: 0 }}>
                {t('import.choose')}
              </Button>
              <Typography color={file ? 'text.primary' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }} aria-live="polite">
                {file ? t('import.chosen', { name: file.name, size: Math.max(1, Math.round(file.size / 1024)) }) : t('import.noFile')}
              </Typography>
            </Stack>
            {problem && <Alert severity="error">{problem}</Alert>}
          </Stack>
        )}
        {report && <ImportReportView report={report} />}
      </DialogContent>
      <DialogActions>
        {report ? (
          <>
            <Button onClick={again}>{t('import.another')}</Button>
            <Button variant="contained" onClick={onClose} autoFocus>
              {t('actions.close')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>{t('actions.cancel')}</Button>
            <Button variant="contained" onClick={send} loading={upload.isPending} disabled={!file}>
              {t('import.upload')}
            </Button>
          </>
        )}
      </DialogActions>
    </>
  );
}

export function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation('inventory');
  const errors = report.errors ?? [];
  return (
    <Stack spacing={2}>
      <Alert severity={report.failed > 0 ? 'warning' : 'success'} role="status">
        {report.failed > 0 ? t('import.partial', { count: report.failed }) : t('import.done')}
      </Alert>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }} aria-label={t('import.summary')}>
        <Chip color="success" variant="outlined" label={t('import.created', { count: report.created })} />
        <Chip color="info" variant="outlined" label={t('import.updated', { count: report.updated })} />
        <Chip color={report.failed > 0 ? 'error' : 'default'} variant="outlined" label={t('import.failed', { count: report.failed })} />
      </Stack>
      {errors.length > 0 && (
        <ImportErrorsTable
          id="import-errors-caption"
          caption={t('import.errorsCaption')}
          labels={{ line: t('import.line'), key: t('fields.sku'), message: t('import.message') }}
          rows={errors.map((e) => ({ line: e.line, key: e.sku, message: e.message }))}
        />
      )}
    </Stack>
  );
}
