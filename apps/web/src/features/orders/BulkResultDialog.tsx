import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Link, Stack, Table, TableBody, TableCell, TableContainer,
  TableHead, TableRow, Typography,
} from '@mui/material';
import { pathOf } from '../../shared/routing/routes-table';
import type { Skipped } from './api';

export interface BulkOutcome {
  /** Still running: a progress bar (0-100) instead of the result. */
  running?: { progress: number } | null;
  /** The done message ("3 orders cancelled"). */
  summary?: string;
  skipped?: Skipped[];
  /** The whole action failed. */
  error?: string | null;
}

interface BulkResultDialogProps {
  open: boolean;
  title: string;
  outcome: BulkOutcome;
  onClose(): void;
}

/** What a bulk action did: how many orders changed and which were skipped, with the reason. */
export function BulkResultDialog({ open, title, outcome, onClose }: BulkResultDialogProps) {
  const { t } = useTranslation('orders');
  const skipped = outcome.skipped ?? [];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="bulk-result-title" fullWidth maxWidth="sm">
      <DialogTitle id="bulk-result-title">{title}</DialogTitle>
      <DialogContent dividers>
        {outcome.running ? (
          <Stack spacing={1.5} role="status" aria-live="polite">
            <Typography>{t('bulk.working')}</Typography>
            <LinearProgress
              variant={outcome.running.progress > 0 ? 'determinate' : 'indeterminate'}
              value={outcome.running.progress}
              aria-label={t('bulk.progress')}
            />
          </Stack>
        ) : outcome.error ? (
          <Alert severity="error" role="alert">
            {outcome.error}
          </Alert>
        ) : (
          <Stack spacing={2}>
            <Alert severity={skipped.length ? 'warning' : 'success'} role="status">
              {outcome.summary}
              {skipped.length > 0 && ` ${t('bulk.skippedCount', { count: skipped.length })}`}
            </Alert>
            {skipped.length > 0 && (
              <TableContainer sx={{ maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0} aria-labelledby="bulk-skipped-caption">
                <Table size="small" stickyHeader>
                  <caption id="bulk-skipped-caption" style={{ captionSide: 'top', textAlign: 'start', padding: '8px 16px' }}>
                    {t('bulk.skippedCaption')}
                  </caption>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('fields.number')}</TableCell>
                      <TableCell>{t('bulk.reason')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {skipped.map((s) => (
                      <TableRow key={s.id}>
                        <TableCell>
                          <Link component={RouterLink} to={pathOf('order-edit', { id: s.id })}>
                            {s.number ?? s.id}
                          </Link>
                        </TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{s.reason}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
