import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PeakMode } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { defineJob, type RunningJob } from '../../platform/jobs/jobs';
import { addDaysIso, computeSku, type RowScore, type RunSettings } from './forecasting.compute';
import { readDemand, readReturns, readSkuFacts, readStockChanges, roomForBigRead, runSkusSql, type ForecastScope } from './forecasting.read';

/**
 * The forecast run as a job (POST /forecasts answers 202): read every fact of the run's SKUs in a few
 * set-based statements, forecast each SKU in memory with the domain library, and write the results in
 * batches, each batch with the run's progress in one transaction (so GET /forecasts/:id counts only rows
 * that are there). A run of 20,000 SKUs × 2 years takes well under a minute (bench/standalone/forecast-db.ts).
 */

/** Days of history read: two years, enough for last year's peaks and a weekly season. */
export const HISTORY_DAYS = 730;
/** SKUs per write (and per progress update). */
const BATCH = 500;

export const forecastJob = defineJob({
  name: 'forecasting.run',
  payload: z.object({ run_id: z.uuid() }),
  // A run is cheap to start again from the screen; a half-written one is cleared by the next attempt anyway.
  retryLimit: 0,
  handler: (job) => runForecast(job),
});

type RunRow = {
  sku_ids: string[] | null; category_id: string | null; horizon_weeks: number; service_level: number; peaks: PeakMode;
  iloc_id: string | null; created_at: string | Date;
};

/** What the run needs of a job: its tenant and payload, and tenant transactions (the bench drives it without a queue). */
export type ForecastJob = Pick<RunningJob<{ run_id: string }>, 'tenantId' | 'payload' | 'inTenant'> & { progress?: (percent: number) => Promise<void> };

/** pg hands uuid[] over as an array, PGlite too; a text form is parsed in case a driver does not. */
const uuidList = (v: unknown): string[] | null =>
  v === null || v === undefined ? null : Array.isArray(v) ? (v as string[]) : String(v).replace(/[{}]/g, '').split(',').filter(Boolean);

export async function runForecast(job: ForecastJob): Promise<unknown> {
  const started = Date.now();
  const runId = job.payload.run_id;
  const tenantId = job.tenantId;
  const run = await job.inTenant(async (tx) => {
    const [r] = await queryRows<RunRow>(tx, sql`
      UPDATE forecast_runs SET status = 'running', progress_done = 0, error = NULL
      WHERE id = ${runId}::uuid AND status IN ('queued', 'running')
      RETURNING sku_ids, category_id, horizon_weeks, service_level, peaks, iloc_id, created_at`);
    // A run tried again after its worker died starts over.
    if (r) await tx.execute(sql`DELETE FROM forecast_results WHERE run_id = ${runId}::uuid`);
    return r;
  });
  if (!run) return { skipped: 'The forecast run is gone or settled' };
  try {
    const today = new Date(run.created_at).toISOString().slice(0, 10);
    // History ends yesterday: today's orders are a partial day and would read as a drop in demand.
    const to = addDaysIso(today, -1);
    const from = addDaysIso(to, -(HISTORY_DAYS - 1));
    const scope: ForecastScope = { tenantId, ilocId: run.iloc_id, from, to };
    const settings: RunSettings = {
      days: HISTORY_DAYS, from, horizonDays: run.horizon_weeks * 7, serviceLevel: Number(run.service_level), peaks: run.peaks, ilocId: run.iloc_id,
    };
    const ids = await job.inTenant(async (tx) =>
      (await queryRows<{ id: string }>(tx, runSkusSql(tenantId, { skuIds: uuidList(run.sku_ids), categoryId: run.category_id }))).map((r) => r.id));
    // The three big reads each keep one PostgreSQL backend busy for seconds: side by side on their own
    // connections they take as long as the slowest instead of the sum.
    const [facts, demand, [returns, levels]] = ids.length === 0 ? [[], new Map(), [new Map(), new Map()]] : await Promise.all([
      job.inTenant((tx) => readSkuFacts(tx, scope, ids)),
      job.inTenant(async (tx) => {
        await roomForBigRead(tx);
        return readDemand(tx, scope, ids);
      }),
      job.inTenant(async (tx) => {
        await roomForBigRead(tx);
        return [await readReturns(tx, scope, ids), await readStockChanges(tx, scope, ids)] as const;
      }),
    ]);
    const read = facts.length ? { facts, demand, returns, levels } : null;
    if (read) await job.inTenant((tx) => tx.execute(sql`UPDATE forecast_runs SET progress_total = ${facts.length}, history_to = ${to}::date WHERE id = ${runId}::uuid`));
    if (!read) throw new Error('The run has no SKUs any more');
    const readMs = Date.now() - started;
    const sum = { skus: 0, withSuggestion: 0, abs: 0, naiveAbs: 0, actual: 0, mase: 0, naiveMase: 0, scored: 0 };
    const total = read.facts.length;
    let pending: Promise<unknown> | null = null;
    for (let at = 0; at < total; at += BATCH) {
      const batch = read.facts.slice(at, at + BATCH);
      const rows: Record<string, unknown>[] = new Array(batch.length);
      for (let i = 0; i < batch.length; i++) {
        const f = batch[i]!;
        const out = computeSku(f, read.demand.get(f.sku_id), read.returns.get(f.sku_id), read.levels.get(f.sku_id), settings);
        rows[i] = out.row;
        sum.skus++;
        if (out.suggested > 0) sum.withSuggestion++;
        if (out.score) addScore(sum, out.score);
      }
      // Release what this batch read: a 20,000-SKU run then holds one batch's packed text at a time at most twice.
      for (const f of batch) { read.demand.delete(f.sku_id); read.returns.delete(f.sku_id); read.levels.delete(f.sku_id); }
      const done = Math.min(total, at + batch.length);
      // The batch is written while the next one is computed: PostgreSQL inserts as Node works.
      if (pending) await pending;
      pending = job.inTenant(async (tx) => {
        await writeResults(tx, tenantId, runId, rows);
        await tx.execute(sql`UPDATE forecast_runs SET progress_done = ${done} WHERE id = ${runId}::uuid`);
      }).then(() => job.progress?.((done / total) * 100));
    }
    if (pending) await pending;
    const summary = {
      skus: sum.skus, with_suggestion: sum.withSuggestion,
      wape: sum.actual > 0 ? round4(sum.abs / sum.actual) : null, mase: sum.scored ? round4(sum.mase / sum.scored) : null,
      naive_wape: sum.actual > 0 ? round4(sum.naiveAbs / sum.actual) : null, naive_mase: sum.scored ? round4(sum.naiveMase / sum.scored) : null,
    };
    const durationMs = Date.now() - started;
    await job.inTenant((tx) => tx.execute(sql`
      UPDATE forecast_runs SET status = 'done', summary = ${JSON.stringify(summary)}::jsonb, duration_ms = ${durationMs}, finished_at = now()
      WHERE id = ${runId}::uuid`));
    return { ...summary, read_ms: readMs, duration_ms: durationMs };
  } catch (err) {
    await job.inTenant((tx) => tx.execute(sql`
      UPDATE forecast_runs SET status = 'failed', error = ${err instanceof Error ? err.message.slice(0, 500) : 'The forecast failed'},
        duration_ms = ${Date.now() - started}, finished_at = now()
      WHERE id = ${runId}::uuid`));
    throw err;
  }
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

function addScore(sum: { abs: number; naiveAbs: number; actual: number; mase: number; naiveMase: number; scored: number }, s: RowScore): void {
  sum.abs += s.abs;
  sum.naiveAbs += s.naiveAbs;
  sum.actual += s.actual;
  if (Number.isFinite(s.mase) && Number.isFinite(s.naiveMase)) {
    sum.mase += s.mase;
    sum.naiveMase += s.naiveMase;
    sum.scored++;
  }
}

async function writeResults(tx: Tx, tenantId: string, runId: string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    INSERT INTO forecast_results (tenant_id, run_id, sku_id, sku, sku_key, name, iloc_id, demand_class, method, accuracy, censored_days, peaks,
      forecast_total, on_hand, on_order, lead_time_days, safety_stock, reorder_point, suggested_quantity, supplier_id, supplier_name, note,
      history_from, history_units, history_returns, history_in_stock, forecast_units, forecast_low, forecast_high)
    SELECT ${tenantId}::uuid, ${runId}::uuid, x.sku_id, x.sku, x.sku_key, x.name, x.iloc_id, x.demand_class, x.method, x.accuracy, x.censored_days, x.peaks,
      x.forecast_total, x.on_hand, x.on_order, x.lead_time_days, x.safety_stock, x.reorder_point, x.suggested_quantity, x.supplier_id, x.supplier_name, x.note,
      x.history_from, x.history_units, x.history_returns, x.history_in_stock, x.forecast_units, x.forecast_low, x.forecast_high
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(sku_id uuid, sku text, sku_key text, name text, iloc_id uuid, demand_class text,
      method text, accuracy jsonb, censored_days int, peaks jsonb, forecast_total float8, on_hand int, on_order int, lead_time_days int,
      safety_stock float8, reorder_point float8, suggested_quantity int, supplier_id uuid, supplier_name text, note text, history_from date,
      history_units text, history_returns text, history_in_stock text, forecast_units text, forecast_low text, forecast_high text)`);
}
