import { useTranslation } from 'react-i18next';
import { Typography } from '@mui/material';
import { formatDate } from '../../shared/format/format';
import { useLateShipments, useLowStock } from './api';
import { CardShell } from './CardShell';
import type { DashboardChoice } from './dashboard-query';
import { FigureLink, FigureTable } from './FigureTable';
import { useDashboardFormat } from './useDashboardFormat';

interface Props {
  choice: DashboardChoice;
}

/** Low stock is a state of today, not of the chosen range; the range only changes the query key. */
export function LowStockCard({ choice }: Props) {
  const { t } = useTranslation('dashboard');
  const f = useDashboardFormat();
  const query = useLowStock(choice);
  return (
    <CardShell card="low-stock" query={query} choice={choice} span={4} isEmpty={(d) => d.count === 0} emptyMessage={t('lowStock.empty')}>
      {(data) => (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {data.link ? <FigureLink link={data.link}>{t('lowStock.count', { count: data.count })}</FigureLink> : t('lowStock.count', { count: data.count })}
          </Typography>
          <FigureTable
            caption={t('cards.low-stock')}
            rows={data.rows}
            rowKey={(r) => `${r.sku_id}:${r.iloc_id}`}
            columns={[
              // The iLoc under the SKU: a third text column squeezed a one-third card into letters per line.
              {
                label: t('columns.sku'),
                cell: (r) => (
                  <>
                    <FigureLink link={r.link}>{r.sku}</FigureLink>
                    <Typography variant="caption" color="text.secondary" component="div">{r.iloc_name}</Typography>
                  </>
                ),
              },
              { label: t('columns.available'), numeric: true, cell: (r) => f.integer(r.available) },
              { label: t('columns.reorderPoint'), numeric: true, cell: (r) => f.integer(r.reorder_point) },
            ]}
          />
        </>
      )}
    </CardShell>
  );
}

export function LateShipmentsCard({ choice }: Props) {
  const { t } = useTranslation('dashboard');
  const query = useLateShipments(choice);
  return (
    <CardShell card="late-shipments" query={query} choice={choice} span={4} isEmpty={(d) => d.count === 0} emptyMessage={t('late.empty')}>
      {(data) => (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            <FigureLink link={data.link}>{t('late.count', { count: data.count })}</FigureLink>
          </Typography>
          <FigureTable
            caption={t('cards.late-shipments')}
            rows={data.rows}
            rowKey={(r) => r.order_id}
            columns={[
              { label: t('columns.order'), cell: (r) => <FigureLink link={r.link}>{r.number}</FigureLink> },
              { label: t('columns.deliverBy'), cell: (r) => formatDate(r.deliver_by) },
              { label: t('columns.fulfillment'), cell: (r) => t(`fulfillment.${r.fulfillment_status}`, { defaultValue: r.fulfillment_status }) },
            ]}
          />
        </>
      )}
    </CardShell>
  );
}
