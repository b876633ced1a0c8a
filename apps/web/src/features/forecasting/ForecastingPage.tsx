import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Grid } from '@mui/material';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ForecastForm } from './ForecastForm';
import { PastRuns } from './PastRuns';
import { RunView } from './RunView';
import './i18n';

/**
 * /forecasting-create: choose SKUs or a category and run a forecast as a job; its progress, then the
 * suggestions with a chart per SKU, become purchase orders. The shown run is in the address (?run=) so a
 * reload or a shared link reopens it.
 */
export function ForecastingPage() {
  const { t } = useTranslation('forecasting');
  const [params, setParams] = useSearchParams();
  const runId = params.get('run');
  const open = (id: string) => setParams({ run: id });

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <ForecastForm onStarted={(run) => open(run.id)} />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <PastRuns current={runId} onOpen={open} />
        </Grid>
      </Grid>
      {runId && <RunView key={runId} runId={runId} />}
    </Box>
  );
}
