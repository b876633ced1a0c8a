import { z } from 'zod';
import { ZTimestamp } from './responses';

/**
 * Demand forecasting and replenishment runs (issue 23, docs/api-forecasting.md): the request that starts a
 * run and the answers that show it. The maths is in ./forecast; these are the wire shapes only.
 */

export const FORECAST_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const FORECAST_PEAK_MODES = ['ignore', 'exclude', 'apply'] as const;
export const FORECAST_MAX_SKUS = 20_000;
export const FORECAST_HORIZON_WEEKS_DEFAULT = 8;
export const FORECAST_SERVICE_LEVEL_DEFAULT = 0.95;
/** Days of daily history the per-SKU chart shows. */
export const FORECAST_CHART_HISTORY_DAYS = 180;

const uuid = (label: string) => z.uuid({ message: `${label} must be a valid id` });

/** POST /forecasts: exactly one of sku_ids or category_id says what to forecast. */
export const ZForecastCreate = z
  .object({
    sku_ids: z.array(uuid('Each SKU')).min(1, 'Pick at least one SKU').max(FORECAST_MAX_SKUS, `At most ${FORECAST_MAX_SKUS} SKUs`).optional(),
    category_id: uuid('The category').optional(),
    horizon_weeks: z.number().int('Use whole weeks').min(1, 'At least 1 week').max(26, 'At most 26 weeks').default(FORECAST_HORIZON_WEEKS_DEFAULT),
    service_level: z.number().min(0.5, 'At least 0.5').max(0.999, 'At most 0.999').default(FORECAST_SERVICE_LEVEL_DEFAULT),
    peaks: z.enum(FORECAST_PEAK_MODES).default('apply'),
    /** Forecast one iloc's demand against its stock; omitted: all ilocs together. */
    iloc_id: uuid('The iloc').optional(),
  })
  .superRefine((v, ctx) => {
    const given = (v.sku_ids ? 1 : 0) + (v.category_id ? 1 : 0);
    if (given !== 1) {
      ctx.addIssue({ code: 'custom', path: ['sku_ids'], message: given === 0 ? 'Pick SKUs or a category' : 'Pick SKUs or a category, not both' });
    }
  });
export type TForecastCreate = z.output<typeof ZForecastCreate>;
export type ForecastCreateInput = z.input<typeof ZForecastCreate>;

export const ZForecastParams = z.object({
  sku_ids: z.array(z.string()).nullable(),
  category_id: z.string().nullable(),
  horizon_weeks: z.number().int(),
  service_level: z.number(),
  peaks: z.enum(FORECAST_PEAK_MODES),
  iloc_id: z.string().nullable(),
});

export const ZForecastSummary = z.object({
  skus: z.number().int(),
  with_suggestion: z.number().int(),
  /** Volume-weighted over the run's SKUs with a holdout: the chosen methods, then seasonal naive on the same days. */
  wape: z.number().nullable(),
  mase: z.number().nullable(),
  naive_wape: z.number().nullable(),
  naive_mase: z.number().nullable(),
});

export const ZForecastRun = z.object({
  id: z.string(),
  status: z.enum(FORECAST_RUN_STATUSES),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  params: ZForecastParams,
  error: z.string().nullable(),
  created_at: ZTimestamp,
  finished_at: ZTimestamp.nullable(),
  summary: ZForecastSummary.nullable(),
});
export type ForecastRunDto = z.input<typeof ZForecastRun>;

export const ZForecastAccuracy = z.object({
  wape: z.number(),
  mase: z.number(),
  bias: z.number(),
  naive_wape: z.number(),
  naive_mase: z.number(),
});

export const ZForecastResultRow = z.object({
  sku_id: z.string(),
  sku: z.string(),
  name: z.string(),
  iloc_id: z.string().nullable(),
  demand_class: z.string(),
  method: z.string(),
  /** On the series' own holdout; null when the history is too short to hold any out. */
  accuracy: ZForecastAccuracy.nullable(),
  censored_days: z.number().int(),
  peaks: z.array(z.object({ name: z.string(), lift: z.number(), year: z.number().int() })),
  /** Units forecast over the whole horizon. */
  forecast_total: z.number(),
  on_hand: z.number().int(),
  on_order: z.number().int(),
  lead_time_days: z.number().int().nullable(),
  safety_stock: z.number(),
  reorder_point: z.number(),
  suggested_quantity: z.number().int(),
  supplier_id: z.string().nullable(),
  supplier_name: z.string().nullable(),
  note: z.string().nullable(),
});
export type ForecastResultRowDto = z.input<typeof ZForecastResultRow>;

export const ZForecastSeries = z.object({
  row: ZForecastResultRow,
  /** The last FORECAST_CHART_HISTORY_DAYS days, oldest first; in_stock false: the day's demand was estimated. */
  history: z.array(z.object({ date: z.string(), units: z.number(), returns: z.number(), in_stock: z.boolean() })),
  /** Daily over the horizon; low/high: the interval at the run's service level. */
  forecast: z.array(z.object({ date: z.string(), units: z.number(), low: z.number(), high: z.number() })),
});
export type ForecastSeriesDto = z.input<typeof ZForecastSeries>;

/** A finished run's reorder points kept for its iloc (the dashboard's low-stock card reads them). */
export const ZForecastReorderPointsSaved = z.object({
  iloc_id: z.string(),
  /** SKUs whose reorder point was written (those with a reorder point above zero). */
  saved: z.number().int(),
});
export type ForecastReorderPointsSavedDto = z.input<typeof ZForecastReorderPointsSaved>;
