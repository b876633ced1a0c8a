import { stringify } from 'csv-stringify/sync';
import { protectCsvRow, type DashboardCard, type DashboardQuery } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import {
  byChannelCard, byCountryCard, byIlocCard, byStatusCard, lateShipmentsCard, lowStockCard, salesCard, topSkusCard,
} from './dashboard.service';

type Cell = string | number | null;
type CsvRow = Record<string, Cell>;

/** Every row of a card as CSV (the sales card: its days). Text cells are guarded against spreadsheet formulas. */
export async function cardCsv(tx: Tx, tenantId: string, card: DashboardCard, query: DashboardQuery, now: Date): Promise<string> {
  const { columns, text, rows } = await cardRows(tx, tenantId, card, query, now);
  return stringify(rows.map((r) => protectCsvRow(r, text)), { header: true, columns, cast: { number: (n) => String(n) } });
}

async function cardRows(tx: Tx, tenantId: string, card: DashboardCard, query: DashboardQuery, now: Date): Promise<{ columns: string[]; text: string[]; rows: CsvRow[] }> {
  switch (card) {
    case 'sales': {
      const s = await salesCard(tx, tenantId, query, now);
      return {
        columns: ['date', 'currency', 'revenue', 'orders', 'units', 'previous_revenue'], text: [],
        rows: s.by_day.map((d) => ({ date: d.date, currency: s.currency, revenue: d.revenue, orders: d.orders, units: d.units, previous_revenue: d.previous_revenue })),
      };
    }
    case 'orders-by-status': {
      const s = await byStatusCard(tx, tenantId, query, now);
      return { columns: ['status', 'orders', 'revenue', 'currency'], text: [], rows: s.rows.map((r) => ({ status: r.status, orders: r.orders, revenue: r.revenue, currency: s.currency })) };
    }
    case 'orders-by-channel': {
      const s = await byChannelCard(tx, tenantId, query, now);
      return { columns: ['channel', 'orders', 'revenue', 'currency'], text: ['channel'], rows: s.rows.map((r) => ({ channel: r.channel, orders: r.orders, revenue: r.revenue, currency: s.currency })) };
    }
    case 'orders-by-country': {
      const s = await byCountryCard(tx, tenantId, query, now);
      return { columns: ['country', 'orders', 'revenue', 'currency'], text: ['country'], rows: s.rows.map((r) => ({ country: r.country ?? '', orders: r.orders, revenue: r.revenue, currency: s.currency })) };
    }
    case 'orders-by-iloc': {
      const s = await byIlocCard(tx, tenantId, query, now);
      return { columns: ['iloc_id', 'iloc_name', 'orders', 'units'], text: ['iloc_name'], rows: s.rows.map((r) => ({ iloc_id: r.iloc_id, iloc_name: r.iloc_name, orders: r.orders, units: r.units })) };
    }
    case 'top-skus': {
      const s = await topSkusCard(tx, tenantId, query, now, null);
      return {
        columns: ['sku', 'name', 'units', 'revenue', 'currency'], text: ['sku', 'name'],
        rows: s.rows.map((r) => ({ sku: r.sku, name: r.name ?? '', units: r.units, revenue: r.revenue, currency: s.currency })),
      };
    }
    case 'low-stock': {
      const s = await lowStockCard(tx, tenantId, null);
      return {
        columns: ['sku', 'iloc_name', 'available', 'reorder_point'], text: ['sku', 'iloc_name'],
        rows: s.rows.map((r) => ({ sku: r.sku, iloc_name: r.iloc_name, available: r.available, reorder_point: r.reorder_point })),
      };
    }
    case 'late-shipments': {
      const s = await lateShipmentsCard(tx, tenantId, now, null);
      return {
        columns: ['number', 'deliver_by', 'status', 'fulfillment_status'], text: ['number'],
        rows: s.rows.map((r) => ({ number: r.number, deliver_by: r.deliver_by, status: r.status, fulfillment_status: r.fulfillment_status })),
      };
    }
  }
}
