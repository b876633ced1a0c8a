import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button, Chip, List, ListItemButton, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { formatDateTime } from '../../shared/format/format';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useForecastRuns, type ForecastRunDto } from './api';

const STATUS_COLOR = { queued: 'default', running: 'info', done: 'success', failed: 'error' } as const;

/** What a run forecast, in one line: its SKUs or category, horizon and service level. */
export function useDescribeRun() {
  const { t, i18n } = useTranslation('forecasting');
  return (run: ForecastRunDto) =>
    t('runs.describe', {
      target: run.params.category_id ? t('runs.category') : t('runs.target', { count: run.params.sku_ids?.length ?? 0 }),
      weeks: run.params.horizon_weeks,
      level: (run.params.service_level * 100).toLocaleString(i18n.language, { maximumFractionDigits: 1 }),
    });
}

/** The company's earlier runs, newest first, to reopen one. */
export function PastRuns({ current, onOpen }: { current: string | null; onOpen(id: string): void }) {
  const { t } = useTranslation('forecasting');
  const [page, setPage] = useState(1);
  const runs = useForecastRuns(page);
  const describe = useDescribeRun();
  const rows = runs.data?.data ?? [];
  const last = runs.data?.last_page ?? 1;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="forecast-runs-title" sx={{ p: 2, height: '100%' }}>
      <Typography variant="h6" component="h2" id="forecast-runs-title" sx={{ mb: 1 }}>
        {t('runs.heading')}
      </Typography>
      {runs.isPending ? (
        <LoadingState minHeight={120} />
      ) : runs.isError ? (
        <ErrorState message={`${t('errors.runs')}: ${runs.error.message}`} onRetry={() => void runs.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState message={t('runs.empty')} />
      ) : (
        <>
          <List dense aria-labelledby="forecast-runs-title" disablePadding>
            {rows.map((run) => (
              <ListItemButton key={run.id} selected={run.id === current} aria-current={run.id === current ? 'true' : undefined} onClick={() => onOpen(run.id)}>
                <ListItemText
                  primary={formatDateTime(run.created_at)}
                  secondary={describe(run)}
                  slotProps={{ primary: { noWrap: true }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
                <Chip size="small" label={t(`status.${run.status}`)} color={STATUS_COLOR[run.status]} sx={{ ml: 1, flexShrink: 0 }} />
              </ListItemButton>
            ))}
          </List>
          {last > 1 && (
            <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
              <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t('runs.newer')}
              </Button>
              <Box />
              <Button size="small" disabled={page >= last} onClick={() => setPage((p) => p + 1)}>
                {t('runs.more')}
              </Button>
            </Stack>
          )}
        </>
      )}
    </Paper>
  );
}
