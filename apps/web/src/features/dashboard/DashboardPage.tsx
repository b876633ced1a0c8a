import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Typography } from '@mui/material';
import { resolveDashboardPeriod } from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { PageHeader } from '../../shared/ui/PageHeader';
import { LateShipmentsCard, LowStockCard } from './AttentionCards';
import { OrdersByChannelCard, OrdersByCountryCard, OrdersByIlocCard, OrdersByStatusCard, TopSkusCard } from './BreakdownCards';
import { choiceFromParams, choiceReady, choiceToParams, type DashboardChoice } from './dashboard-query';
import { RangeBar } from './RangeBar';
import { SalesByDayCard, SalesTotalsCard } from './SalesCards';
import { useDashboardFormat } from './useDashboardFormat';
import './i18n';

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * /dashboard (and /horizontal/dashboard/ecommerce): the company's sales and what needs attention, for a range and
 * a comparison kept in the address (?range=&from=&to=&compare=&currency=). Each card asks for its own figures.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const f = useDashboardFormat();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const choice = choiceFromParams(params);
  const ready = choiceReady(choice);
  const change = (next: DashboardChoice) => setParams(choiceToParams(next), { replace: true });

  // Every card reads orders (GET /dashboard/* needs read-order): a role without it gets one sentence, not nine errors.
  if (!session.can('read-order')) {
    return (
      <Box sx={{ minWidth: 0 }}>
        <PageHeader title={t('title')} />
        <Alert severity="info">{t('noAccess')}</Alert>
      </Box>
    );
  }

  let subtitle = '';
  if (ready) {
    const { period, comparison } = resolveDashboardPeriod(choice, todayUtc());
    subtitle = comparison
      ? t('subtitleCompare', { period: f.days(period.from, period.to), comparison: f.days(comparison.from, comparison.to) })
      : t('subtitle', { period: f.days(period.from, period.to) });
  }

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={t('title')} subtitle={subtitle} />
      <Box component="form" role="search" aria-label={t('range.label')} onSubmit={(e) => e.preventDefault()} sx={{ mb: 2 }}>
        <RangeBar choice={choice} onChange={change} />
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>{t('utcNote')}</Typography>
      </Box>
      {!ready && <Alert severity="info" sx={{ mb: 2 }}>{t('range.pick')}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(12, minmax(0, 1fr))' } }}>
        <SalesTotalsCard choice={choice} onCurrency={(currency) => change({ ...choice, currency })} />
        <SalesByDayCard choice={choice} />
        <OrdersByStatusCard choice={choice} />
        <OrdersByChannelCard choice={choice} />
        <OrdersByCountryCard choice={choice} />
        <OrdersByIlocCard choice={choice} />
        <TopSkusCard choice={choice} />
        <LowStockCard choice={choice} />
        <LateShipmentsCard choice={choice} />
      </Box>
    </Box>
  );
}
