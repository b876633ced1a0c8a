import { sql } from 'drizzle-orm';
import {
  paginate, type ForecastReorderPointsSavedDto, type ForecastResultRowDto, type ForecastRunDto, type ForecastSeriesDto, type Paginated, type TForecastCreate, type TListQuery,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { offsetOf, prefixMatch } from '../../platform/db/list-query';
import { queryRows, textArray } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, conflict, fieldError, forbidden, notFound } from '../../platform/http/errors';
import { can } from '../../platform/http/permissions';
import { addDaysIso } from './forecasting.compute';
import { runSkusSql } from './forecasting.read';
import { forecastJob } from './forecasting.run';

/**
 * Forecast runs (docs/api-forecasting.md): start one (checked, then queued as a job), follow it, read its
 * suggestion table and one SKU's chart. Starting needs the spec's `create-process` (the permission guarding
 * /forecasting-create); reading a run also opens to whoever reads purchase orders, since its table is
 * what purchase orders are made from.
 */

type RunRow = {
  id: string; status: ForecastRunDto['status']; progress_done: number; progress_total: number; sku_ids: string[] | string | null;
  category_id: string | null; horizon_weeks: number; service_level: number; peaks: 'ignore' | 'exclude' | 'apply'; iloc_id: string | null;
  error: string | null; created_at: string | Date; finished_at: string | Date | null; summary: ForecastRunDto['summary'] | string | null;
  history_to: string | Date | null;
};

const RUN_COLUMNS = sql`id, status, progress_done, progress_total, sku_ids, category_id, horizon_weeks, service_level, peaks, iloc_id, error,
  created_at, finished_at, summary, history_to`;

const uuidList = (v: string[] | string | null): string[] | null =>
  v === null ? null : Array.isArray(v) ? v : v.replace(/[{}]/g, '').split(',').filter(Boolean);
const iso = (v: string | Date) => new Date(v).toISOString();
const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const dateText = (v: string | Date): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

const runView = (r: RunRow): ForecastRunDto => ({
  id: r.id, status: r.status, progress: { done: r.progress_done, total: r.progress_total },
  params: {
    sku_ids: uuidList(r.sku_ids), category_id: r.category_id, horizon_weeks: r.horizon_weeks, service_level: Number(r.service_level),
    peaks: r.peaks, iloc_id: r.iloc_id,
  },
  error: r.error, created_at: iso(r.created_at), finished_at: r.finished_at ? iso(r.finished_at) : null, summary: json(r.summary),
});

function assertCanRead(ctx: TenantCtx): void {
  if (!can(ctx.principal, 'create-process') && !can(ctx.principal, 'read-purchase-order')) throw forbidden();
}

export async function startForecast(ctx: TenantCtx, input: TForecastCreate): Promise<ForecastRunDto> {
  return withTenant(ctx, async (tx) => {
    const skuIds = input.sku_ids ? [...new Set(input.sku_ids.map((id) => id.toLowerCase()))] : null;
    const categoryId = input.category_id ?? null;
    if (input.iloc_id) {
      const [iloc] = await queryRows(tx, sql`SELECT 1 FROM ilocs WHERE id = ${input.iloc_id}::uuid`);
      if (!iloc) throw fieldError('iloc_id', 'Iloc not found');
    }
    if (categoryId) {
      const [cat] = await queryRows(tx, sql`SELECT 1 FROM categories WHERE id = ${categoryId}::uuid`);
      if (!cat) throw fieldError('category_id', 'Category not found');
    }
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM (${runSkusSql(ctx.tenantId, { skuIds, categoryId })}) s`);
    if (skuIds && n !== skuIds.length) throw fieldError('sku_ids', `${skuIds.length - n} of the SKUs were not found`);
    if (n === 0) throw fieldError('category_id', 'The category has no SKUs to forecast');
    const [row] = await queryRows<RunRow>(tx, sql`
      INSERT INTO forecast_runs (tenant_id, sku_ids, category_id, horizon_weeks, service_level, peaks, iloc_id, progress_total, created_by)
      VALUES (${ctx.tenantId}::uuid, ${skuIds ? textArray(skuIds) : null}::uuid[], ${categoryId}::uuid, ${input.horizon_weeks}, ${input.service_level},
        ${input.peaks}, ${input.iloc_id ?? null}::uuid, ${n}, ${ctx.principal.userId}::uuid)
      RETURNING ${RUN_COLUMNS}`);
    await forecastJob.enqueue(tx, ctx.tenantId, { run_id: row!.id }, { userId: ctx.principal.userId });
    return runView(row!);
  });
}

export async function listForecasts(ctx: TenantCtx, query: TListQuery): Promise<Paginated<ForecastRunDto>> {
  assertCanRead(ctx);
  return withTenant(ctx, async (tx) => {
    const rows = await queryRows<RunRow>(tx, sql`
      SELECT ${RUN_COLUMNS} FROM forecast_runs ORDER BY created_at DESC, id DESC LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM forecast_runs`);
    return paginate(rows.map(runView), n, query.page, query.per_page);
  });
}

async function loadRun(tx: Tx, id: string): Promise<RunRow> {
  const [row] = await queryRows<RunRow>(tx, sql`SELECT ${RUN_COLUMNS} FROM forecast_runs WHERE id = ${assertId(id, 'Forecast')}::uuid`);
  if (!row) throw notFound('Forecast');
  return row;
}

export async function getForecast(ctx: TenantCtx, id: string): Promise<ForecastRunDto> {
  assertCanRead(ctx);
  return withTenant(ctx, async (tx) => runView(await loadRun(tx, id)));
}

type ResultRow = Omit<ForecastResultRowDto, 'accuracy' | 'peaks'> & { accuracy: ForecastResultRowDto['accuracy'] | string; peaks: ForecastResultRowDto['peaks'] | string };

const RESULT_COLUMNS = sql`sku_id, sku, name, iloc_id, demand_class, method, accuracy, censored_days, peaks, forecast_total, on_hand, on_order,
  lead_time_days, safety_stock, reorder_point, suggested_quantity, supplier_id, supplier_name, note`;

const resultView = (r: ResultRow): ForecastResultRowDto => ({
  sku_id: r.sku_id, sku: r.sku, name: r.name, iloc_id: r.iloc_id, demand_class: r.demand_class, method: r.method,
  accuracy: json(r.accuracy), censored_days: r.censored_days, peaks: json(r.peaks) ?? [], forecast_total: Number(r.forecast_total),
  on_hand: r.on_hand, on_order: r.on_order, lead_time_days: r.lead_time_days, safety_stock: Number(r.safety_stock),
  reorder_point: Number(r.reorder_point), suggested_quantity: r.suggested_quantity, supplier_id: r.supplier_id, supplier_name: r.supplier_name, note: r.note,
});

export async function listForecastResults(ctx: TenantCtx, id: string, query: TListQuery): Promise<Paginated<ForecastResultRowDto>> {
  assertCanRead(ctx);
  return withTenant(ctx, async (tx) => {
    const run = await loadRun(tx, id);
    const text = query.search?.trim();
    const search = text
      ? sql`AND (${prefixMatch(sql.raw('sku_key') as never, text)} OR position(${text.toLowerCase()} in lower(name)) > 0)`
      : sql``;
    const rows = await queryRows<ResultRow>(tx, sql`
      SELECT ${RESULT_COLUMNS} FROM forecast_results WHERE run_id = ${run.id}::uuid ${search}
      ORDER BY suggested_quantity DESC, sku_key LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM forecast_results WHERE run_id = ${run.id}::uuid ${search}`);
    return paginate(rows.map(resultView), n, query.page, query.per_page);
  });
}

/**
 * Keeps a finished run's reorder points as its iloc's (replacing what was there for those SKUs), so the
 * dashboard's low-stock card warns when availability drops under them. Only a run for one iloc can: a reorder
 * point is a level of stock at a place. SKUs with no reorder point (no supplier, no demand) are left as they were.
 */
export async function saveForecastReorderPoints(ctx: TenantCtx, id: string): Promise<ForecastReorderPointsSavedDto> {
  return withTenant(ctx, async (tx) => {
    const run = await loadRun(tx, id);
    if (run.status !== 'done') throw conflict('The forecast has not finished');
    if (!run.iloc_id) throw fieldError('iloc_id', 'Reorder points are kept per location: run the forecast for one location');
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(tx, sql`
      WITH saved AS (
        INSERT INTO reorder_points (tenant_id, sku_id, iloc_id, reorder_point, updated_at)
        SELECT r.tenant_id, r.sku_id, ${run.iloc_id}::uuid, ceil(r.reorder_point)::int, now()
        FROM forecast_results r JOIN skus s ON s.tenant_id = r.tenant_id AND s.id = r.sku_id
        WHERE r.run_id = ${run.id}::uuid AND r.reorder_point > 0
        ON CONFLICT (tenant_id, sku_id, iloc_id) DO UPDATE SET reorder_point = EXCLUDED.reorder_point, updated_at = now()
        RETURNING 1)
      SELECT count(*)::int AS n FROM saved`);
    return { iloc_id: run.iloc_id, saved: n };
  });
}

const numbers = (text: string): number[] => (text ? text.split(',').map(Number) : []);

export async function getForecastSeries(ctx: TenantCtx, id: string, skuId: string): Promise<ForecastSeriesDto> {
  assertCanRead(ctx);
  return withTenant(ctx, async (tx) => {
    const run = await loadRun(tx, id);
    const [r] = await queryRows<ResultRow & {
      history_from: string | Date; history_units: string; history_returns: string; history_in_stock: string;
      forecast_units: string; forecast_low: string; forecast_high: string;
    }>(tx, sql`
      SELECT ${RESULT_COLUMNS}, history_from, history_units, history_returns, history_in_stock, forecast_units, forecast_low, forecast_high
      FROM forecast_results WHERE run_id = ${run.id}::uuid AND sku_id = ${assertId(skuId, 'SKU')}::uuid`);
    if (!r || !run.history_to) throw notFound('SKU');
    const from = dateText(r.history_from);
    const units = numbers(r.history_units);
    const returns = numbers(r.history_returns);
    const history = units.map((u, i) => ({ date: addDaysIso(from, i), units: u, returns: returns[i] ?? 0, in_stock: r.history_in_stock[i] !== '0' }));
    const start = addDaysIso(dateText(run.history_to), 1);
    const low = numbers(r.forecast_low);
    const high = numbers(r.forecast_high);
    const forecast = numbers(r.forecast_units).map((u, i) => ({ date: addDaysIso(start, i), units: u, low: low[i] ?? u, high: high[i] ?? u }));
    return { row: resultView(r), history, forecast };
  });
}
