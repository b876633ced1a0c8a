import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Card, CardActionArea, CardContent, Chip, Grid, LinearProgress, List, ListItem, Paper, Stack, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Link as RouterLink } from 'react-router';
import { centsToDollars, type OwnerDashboard } from '@omnio/domain';
import { PageHeader } from '../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { errorText } from '../../shared/ui/form-helpers';
import { pathOf } from '../../shared/routing/routes-table';
import { useOwnerDashboard } from './api';

/** /admin/dashboard: the owner's landing (spec 2). */
export function OwnerDashboardPage() {
  const { t } = useTranslation('platformSettings');
  const query = useOwnerDashboard();
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      {query.isPending ? (
        <LoadingState label={t('dashboard.loading')} />
      ) : query.isError ? (
        <ErrorState message={`${t('dashboard.loadFailed')}: ${errorText(query.error)}`} onRetry={() => void query.refetch()} />
      ) : (
        <DashboardBody data={query.data} />
      )}
    </Box>
  );
}

function StatCard({ label, value, detail, icon, testId, to }: { label: string; value: string; detail?: ReactNode; icon: ReactNode; testId: string; to?: string }) {
  const content = (
    <CardContent sx={{ width: '100%' }}>
      <Stack direction="row" spacing={2} alignItems="flex-start">
        <Box sx={{ color: 'primary.main', bgcolor: 'action.hover', borderRadius: 2, p: 1, display: 'flex' }} aria-hidden>
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" component="h2">
            {label}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
          {detail && (
            <Typography variant="caption" color="text.secondary" component="div">
              {detail}
            </Typography>
          )}
        </Box>
      </Stack>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
      {/* Cards with a list behind them open it (the placeholder dashboard's quick links did the same). */}
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', alignItems: 'flex-start', display: 'flex' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

export function DashboardBody({ data }: { data: OwnerDashboard }) {
  const { t, i18n } = useTranslation('platformSettings');
  const number = new Intl.NumberFormat(i18n.language);
  const money = (cents: number) => `$${Number(centsToDollars(cents)).toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const roles = Object.entries(data.users.by_role);
  const roleLabel = (role: string) => (['owner', 'tenant', 'supplier', 'none'].includes(role) ? t(`dashboard.roles.${role}`) : role);
  const topMax = Math.max(1, ...data.top_companies.map((c) => c.orders));

  return (
    <Stack spacing={3}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 4, xl: 'grow' }}>
          <StatCard
            testId="card-companies"
            to={pathOf('list-companies')}
            label={t('dashboard.cards.companies')}
            value={number.format(data.companies.total)}
            detail={t('dashboard.cards.companiesDetail', { active: number.format(data.companies.active), fresh: number.format(data.companies.new_this_month) })}
            icon={<BusinessOutlinedIcon />}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4, xl: 'grow' }}>
          <StatCard
            testId="card-users"
            to={pathOf('users-list')}
            label={t('dashboard.cards.users')}
            value={number.format(data.users.total)}
            detail={roles.map(([role, n]) => `${roleLabel(role)}: ${number.format(n)}`).join(' · ')}
            icon={<PeopleOutlineIcon />}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4, xl: 'grow' }}>
          <StatCard
            testId="card-subscriptions"
            label={t('dashboard.cards.subscriptions')}
            value={number.format(data.subscriptions.active)}
            detail={t('dashboard.cards.subscriptionsDetail', { canceled: number.format(data.subscriptions.canceled), none: number.format(data.subscriptions.none) })}
            icon={<CardMembershipOutlinedIcon />}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 6, xl: 'grow' }}>
          <StatCard testId="card-mrr" label={t('dashboard.cards.mrr')} value={money(data.mrr_cents)} detail={t('dashboard.cards.mrrDetail')} icon={<PaidOutlinedIcon />} />
        </Grid>
        <Grid size={{ xs: 12, sm: 12, md: 6, xl: 'grow' }}>
          <StatCard
            testId="card-orders"
            label={t('dashboard.cards.orders')}
            value={number.format(data.orders_this_month)}
            detail={t('dashboard.cards.ordersDetail')}
            icon={<ReceiptLongOutlinedIcon />}
          />
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
              {t('dashboard.perMonth')}
            </Typography>
            <MonthBars
              data={data.companies_per_month}
              locale={i18n.language}
              seriesName={t('dashboard.perMonth')}
              summary={(list) => t('dashboard.perMonthSummary', { list })}
            />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
              {t('dashboard.top')}
            </Typography>
            {data.top_companies.length === 0 ? (
              <EmptyState message={t('dashboard.topEmpty')} />
            ) : (
              <List dense disablePadding>
                {data.top_companies.map((c) => (
                  <ListItem key={c.company_id} disableGutters sx={{ display: 'block', py: 0.75 }}>
                    <Stack direction="row" justifyContent="space-between" spacing={1}>
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        {c.name}
                      </Typography>
                      <Chip size="small" label={t('dashboard.ordersCount', { count: c.orders })} />
                    </Stack>
                    <LinearProgress variant="determinate" value={(c.orders / topMax) * 100} sx={{ mt: 0.5, height: 6, borderRadius: 3 }} aria-hidden />
                  </ListItem>
                ))}
              </List>
            )}
          </Paper>
        </Grid>
      </Grid>
    </Stack>
  );
}

/** A bar per month (recharts); the numbers are also given as text to screen readers. */
export function MonthBars({ data, locale, seriesName, summary }: {
  data: { month: string; count: number }[];
  locale: string;
  seriesName: string;
  summary(list: string): string;
}) {
  const theme = useTheme();
  const label = (month: string) =>
    new Date(`${month}-01T00:00:00Z`).toLocaleDateString(locale, { month: 'short', timeZone: 'UTC' });
  const list = data.map((d) => `${label(d.month)} ${d.month.slice(0, 4)}: ${d.count}`).join(', ');
  const rows = data.map((d) => ({ ...d, label: label(d.month), title: `${label(d.month)} ${d.month.slice(0, 4)}` }));
  return (
    <Box role="img" aria-label={summary(list)} sx={{ width: '100%', height: 200 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 16, right: 8, bottom: 0, left: -24 }}>
          <CartesianGrid vertical={false} stroke={theme.palette.divider} />
          <XAxis dataKey="label" tick={{ fontSize: 11, fill: theme.palette.text.secondary }} tickLine={false} axisLine={{ stroke: theme.palette.divider }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: theme.palette.text.secondary }} tickLine={false} axisLine={false} />
          <Tooltip
            cursor={{ fill: theme.palette.action.hover }}
            labelFormatter={(_, payload) => String(payload?.[0]?.payload?.title ?? '')}
            contentStyle={{ background: theme.palette.background.paper, border: `1px solid ${theme.palette.divider}` }}
          />
          <Bar dataKey="count" name={seriesName} fill={theme.palette.primary.main} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
