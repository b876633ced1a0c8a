import { useTranslation } from 'react-i18next';
import { Alert, Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useForecastRun, type ForecastRunDto } from './api';
import { ResultsView } from './ResultsView';

/** One run: its progress while it is queued or running, then its results (or why it failed). */
export function RunView({ runId, pollMs }: { runId: string; pollMs?: number }) {
  const { t } = useTranslation('forecasting');
  const run = useForecastRun(runId, pollMs);
  if (run.isPending) return <LoadingState minHeight={160} />;
  if (run.isError) return <ErrorState message={`${t('errors.run')}: ${run.error.message}`} onRetry={() => void run.refetch()} />;
  const data = run.data;
  if (data.status === 'failed') return <Alert severity="error">{t('progress.failed', { error: data.error ?? '' })}</Alert>;
  if (data.status !== 'done') return <Progress run={data} />;
  return <ResultsView run={data} />;
}

function Progress({ run }: { run: ForecastRunDto }) {
  const { t } = useTranslation('forecasting');
  const { done, total } = run.progress;
  const value = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  const text = run.status === 'queued' || total === 0 ? t('progress.waiting') : t('progress.counted', { done, total });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="forecast-progress-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2" id="forecast-progress-title">
          {t('progress.heading')}
        </Typography>
        <LinearProgress
          variant={run.status === 'queued' || total === 0 ? 'indeterminate' : 'determinate'}
          value={value}
          aria-labelledby="forecast-progress-title"
          aria-valuetext={text}
        />
        <Box role="status" aria-live="polite">
          <Typography variant="body2" color="text.secondary">
            {t(`status.${run.status}`)} · {text}
          </Typography>
        </Box>
      </Stack>
    </Paper>
  );
}
