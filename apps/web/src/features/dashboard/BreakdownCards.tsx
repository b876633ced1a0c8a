import { useTranslation } from 'react-i18next';
import { Box, useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useOrdersByChannel, useOrdersByCountry, useOrdersByIloc, useOrdersByStatus, useTopSkus } from './api';
import { CardShell } from './CardShell';
import type { DashboardChoice } from './dashboard-query';
import { FigureLink, FigureTable } from './FigureTable';
import { useDashboardFormat } from './useDashboardFormat';

interface Props {
  choice: DashboardChoice;
}

// The server answers a row per status (or channel…) even when it counts nothing: empty is when every row is zero.
const noRows = (d: { rows: { orders?: number; units?: number }[] }) => d.rows.every((r) => !r.orders && !r.units);

export function OrdersByStatusCard({ choice }: Props) {
  const { t } = useTranslation('dashboard');
  const f = useDashboardFormat();
  const query = useOrdersByStatus(choice);
  const card = t('cards.orders-by-status');
  return (
    <CardShell card="orders-by-status" query={query} choice={choice} span={4} isEmpty={noRows}>
      {(data) => (
        <FigureTable
          caption={card}
          rows={data.rows}
          rowKey={(r) => r.status}
          columns={[
            { label: t('columns.status'), cell: (r) => t(`status.${r.status}`, { defaultValue: r.status }) },
            { label: t('columns.orders'), numeric: true, cell: (r) => <FigureLink link={r.link}>{f.integer(r.orders)}</FigureLink> },
            { label: t('columns.revenue'), numeric: true, cell: (r) => f.money(r.revenue, data.currency) },
          ]}
        />
      )}
    </CardShell>
  );
}

export function OrdersByChannelCard({ choice }: Props) {
  const { t } = useTranslation('dashboard');
  const f = useDashboardFormat();
  const query = useOrdersByChannel(choice);
  return (
    <CardShell card="orders-by-channel" query={query} choice={choice} span={4} isEmpty={noRows}>
      {(data) => (
        <FigureTable
          caption={t('cards.orders-by-channel')}
          rows={data.rows}
          rowKey={(r) => r.channel}
          columns={[
            { label: t('columns.channel'), cell: (r) => r.channel || t('noChannel') },
            { label: t('columns.orders'), numeric: true, cell: (r) => <FigureLink link={r.link}>{f.integer(r.orders)}</FigureLink> },
            { label: t('columns.revenue'), numeric: true, cell: (r) => f.money(r.revenue, data.currency) },
          ]}
        />
      )}
    </CardShell>
  );
}

export function OrdersByCountryCard({ choice }: Props) {
  const { t } = useTranslation('dashboard');
  const f = useDashboardFormat();
  const theme = useTheme();
  const query = useOrdersByCountry(choice);
  return (
    <CardShell card="orders-by-country" query={query} choice={choice} span={4} isEmpty={noRows}>
      {(data) => {
        const top = data.rows.slice(0, 8).map((r) => ({ country: r.country ?? t('noCountry'), orders: r.orders }));
        return (
          <>
            <Box sx={{ height: Math.max(120, top.length * 28 + 24), mb: 1 }} aria-hidden>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={top} layout="vertical" margin={{ top: 0, right: 8, bottom: 0, left: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke={theme.palette.divider} />
                  <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
                  <YAxis type="category" dataKey="country" width={72} tick={{ fontSize: 12 }} />
                  <Tooltip formatter={(value) => [f.integer(Number(value)), t('columns.orders')]} />
                  <Bar dataKey="orders" fill={theme.palette.primary.main} isAnimationActive={false} radius={[0, 4, 4, 0]} />
                </BarChart>
              </ResponsiveContainer>
            </Box>
            <FigureTable
              caption={t('cards.orders-by-country')}
              rows={data.rows}
              rowKey={(r) => r.country ?? ''}
              columns={[
                { label: t('columns.country'), cell: (r) => r.country ?? t('noCountry') },
                { label: t('columns.orders'), numeric: true, cell: (r) => <FigureLink link={r.link}>{f.integer(r.orders)}</FigureLink> },
                { label: t('columns.revenue'), numeric: true, cell: (r) => f.money(r.revenue, data.currency) },
              ]}
            />
          </>
        );
      }}
    </CardShell>
  );
}

export function OrdersByIlocCard({ choice }: Props) {
  const { t } = useTranslation('dashboard');
  const f = useDashboardFormat();
  const query = useOrdersByIloc(choice);
  return (
    <CardShell card="orders-by-iloc" query={query} choice={choice} span={4} isEmpty={noRows}>
      {(data) => (
        <FigureTable
          caption={t('cards.orders-by-iloc')}
          rows={data.rows}
          rowKey={(r) => r.iloc_id}
          columns={[
            { label: t('columns.iloc'), cell: (r) => r.iloc_name },
            { label: t('columns.orders'), numeric: true, cell: (r) => <FigureLink link={r.link}>{f.integer(r.orders)}</FigureLink> },
            { label: t('columns.units'), numeric: true, cell: (r) => f.integer(r.units) },
          ]}
        />
      )}
    </CardShell>
  );
}

export function TopSkusCard({ choice }: Props) {
  const { t } = useTranslation('dashboard');
  const f = useDashboardFormat();
  const query = useTopSkus(choice);
  return (
    <CardShell card="top-skus" query={query} choice={choice} span={4} isEmpty={noRows} emptyMessage={t('topSkusEmpty')}>
      {(data) => (
        <FigureTable
          caption={t('cards.top-skus')}
          rows={data.rows}
          rowKey={(r) => r.sku_id}
          columns={[
            { label: t('columns.sku'), cell: (r) => <span title={r.name ?? undefined}>{r.sku}</span> },
            { label: t('columns.units'), numeric: true, cell: (r) => <FigureLink link={r.link}>{f.integer(r.units)}</FigureLink> },
            { label: t('columns.revenue'), numeric: true, cell: (r) => f.money(r.revenue, data.currency) },
          ]}
        />
      )}
    </CardShell>
  );
}
