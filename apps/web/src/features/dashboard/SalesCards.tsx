import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Box, MenuItem, TextField, Typography, useTheme } from '@mui/material';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardSalesDto } from '@omnio/domain';
import { useSales } from './api';
import { CardShell } from './CardShell';
import { linkPath, type DashboardChoice } from './dashboard-query';
import { StatCounter } from './StatCounter';
import { useDashboardFormat } from './useDashboardFormat';

const TOTALS = ['revenue', 'orders', 'units', 'average_order_value'] as const;
type TotalKey = (typeof TOTALS)[number];
const MONEY: ReadonlySet<TotalKey> = new Set(['revenue', 'average_order_value']);

function ChangeLine({ change, compare }: { change: number | null; compare: DashboardChoice['compare'] }) {
  const { t } = useTranslation('dashboard');
  const f = useDashboardFormat();
  if (compare === 'none') return null;
  const against = t(`change.${compare}`);
  if (change === null) return <Typography variant="caption" color="text.secondary">{t('change.none', { against })}</Typography>;
  const rounded = Math.round(change * 1000) / 1000;
  const dir = rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
  const Icon = dir === 'up' ? ArrowUpward : dir === 'down' ? ArrowDownward : null;
  return (
    <Typography variant="caption" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, color: dir === 'up' ? 'success.main' : dir === 'down' ? 'error.main' : 'text.secondary' }}>
      {Icon && <Icon sx={{ fontSize: 14 }} aria-hidden />}
      {t(`change.${dir}`, { value: f.percent(change), against })}
    </Typography>
  );
}

function Totals({ data, choice }: { data: DashboardSalesDto; choice: DashboardChoice }) {
  const { t } = useTranslation('dashboard');
  const f = useDashboardFormat();
  const to = linkPath(data.link);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
      {TOTALS.map((key) => {
        const money = MONEY.has(key);
        const value = Number(data.totals[key]);
        const format = money ? (n: number) => f.money(n.toFixed(2), data.currency) : (n: number) => f.integer(Math.round(n));
        return (
          <Box
            key={key}
            component={RouterLink}
            to={to}
            data-figure={key}
            sx={{
              display: 'flex', flexDirection: 'column', gap: 0.5, p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider', minWidth: 0,
              color: 'inherit', textDecoration: 'none', '&:hover': { bgcolor: 'action.hover' },
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
            }}
          >
            <Typography variant="body2" color="text.secondary">{t(`totals.${key}`)}</Typography>
            <Typography component="span" sx={{ fontSize: { xs: '1.15rem', sm: '1.3rem', xl: '1.5rem' }, fontWeight: 700, overflowWrap: 'anywhere', lineHeight: 1.2 }}>
              <StatCounter value={value} format={format} />
            </Typography>
            <ChangeLine change={data.change[key]} compare={choice.compare} />
          </Box>
        );
      })}
    </Box>
  );
}

interface SalesProps {
  choice: DashboardChoice;
  onCurrency: (currency: string) => void;
}

export function SalesTotalsCard({ choice, onCurrency }: SalesProps) {
  const { t } = useTranslation('dashboard');
  const query = useSales(choice);
  const currencies = query.data?.currencies ?? [];
  return (
    <CardShell card="sales" query={query} choice={choice} span={12} skeletonRows={2} isEmpty={() => false}>
      {(data) => (
        <>
          {currencies.length > 1 && (
            <TextField
              select size="small" label={t('currency')} value={data.currency} onChange={(e) => onCurrency(e.target.value)}
              sx={{ mb: 1.5, minWidth: 120 }}
            >
              {currencies.map((c) => <MenuItem key={c} value={c}>{c}</MenuItem>)}
            </TextField>
          )}
          <Totals data={data} choice={choice} />
        </>
      )}
    </CardShell>
  );
}

export function SalesByDayCard({ choice }: { choice: DashboardChoice }) {
  const { t } = useTranslation('dashboard');
  const f = useDashboardFormat();
  const theme = useTheme();
  const query = useSales(choice);
  const compare = choice.compare !== 'none';
  return (
    <CardShell
      card="sales"
      title={t('cards.salesByDay')}
      query={query}
      choice={choice}
      span={8}
      skeletonRows={6}
      emptyMessage={t('salesEmpty')}
      isEmpty={(d) => d.by_day.every((day) => day.orders === 0 && !Number(day.previous_revenue ?? 0))}
    >
      {(data) => {
        const points = data.by_day.map((d) => ({ date: d.date, current: Number(d.revenue), previous: d.previous_revenue === null ? null : Number(d.previous_revenue) }));
        return (
          <Box sx={{ height: 260, minWidth: 0 }}>
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
                <XAxis dataKey="date" tickFormatter={f.day} tick={{ fontSize: 12 }} minTickGap={16} />
                <YAxis tickFormatter={f.compact} tick={{ fontSize: 12 }} width={44} />
                <Tooltip
                  labelFormatter={(label) => f.longDay(String(label))}
                  formatter={(value, name) => [f.money(Number(value).toFixed(2), data.currency), name]}
                />
                <Legend />
                {compare && (
                  <Area
                    type="monotone" dataKey="previous" name={t('chart.previous')} stroke={theme.palette.text.secondary}
                    strokeDasharray="4 4" fill="none" isAnimationActive={false}
                  />
                )}
                <Area
                  type="monotone" dataKey="current" name={t('chart.current')} stroke={theme.palette.primary.main}
                  fill={theme.palette.primary.main} fillOpacity={0.15} isAnimationActive={false} dot={points.length <= 31}
                />
              </AreaChart>
            </ResponsiveContainer>
          </Box>
        );
      }}
    </CardShell>
  );
}
