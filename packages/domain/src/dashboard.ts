import { z } from 'zod';
import { ZFilter } from './list-query';
import { ZDecimal } from './responses';

/**
 * The dashboard (issue 23, docs/api-dashboard.md): the query every card takes, how a range preset becomes
 * calendar days, and the answer of each card. Days are calendar days in UTC.
 */

export const DASHBOARD_RANGES = [
  'today', 'yesterday', 'last_7_days', 'last_30_days', 'last_90_days', 'last_month', 'last_year',
  'week', 'month', 'quarter', 'year_to_date', 'custom',
] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const DASHBOARD_COMPARES = ['previous_period', 'previous_year', 'none'] as const;
export type DashboardCompare = (typeof DASHBOARD_COMPARES)[number];

export const DASHBOARD_CARDS = [
  'sales', 'orders-by-status', 'orders-by-channel', 'orders-by-country', 'orders-by-iloc', 'top-skus', 'low-stock', 'late-shipments',
] as const;
export type DashboardCard = (typeof DASHBOARD_CARDS)[number];

/** A custom range longer than this is refused: the by-day series and the CSV stay a sensible size. */
export const DASHBOARD_MAX_DAYS = 3700;

/** Orders that count as sales: every status but these (docs/api-dashboard.md). */
export const DASHBOARD_NOT_SALES = ['cancelled', 'draft'] as const;
/** Top SKUs, low stock and late shipments show this many rows; their exports hold every row. */
export const DASHBOARD_TOP_ROWS = 10;

const YMD_RE = /^\d{4}-\d{2}-\d{2}$/;
const zYmd = z.string().regex(YMD_RE, 'Use a date like 2026-01-31').refine((s) => isRealDate(s), 'Not a calendar date');

export const ZDashboardQuery = z
  .object({
    range: z.enum(DASHBOARD_RANGES).default('last_30_days'),
    from: zYmd.optional(),
    to: zYmd.optional(),
    compare: z.enum(DASHBOARD_COMPARES).default('previous_period'),
    /** Money figures are summed in one currency; without it, the currency most of the period's orders use. */
    currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'The currency must be a three-letter ISO code').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.range !== 'custom') return;
    if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from is required for a custom range' });
    if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to is required for a custom range' });
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    if (q.from && q.to && daysBetween(q.from, q.to) + 1 > DASHBOARD_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `A range spans at most ${DASHBOARD_MAX_DAYS} days` });
    }
  });
export type DashboardQuery = z.output<typeof ZDashboardQuery>;
export type DashboardQueryDto = z.input<typeof ZDashboardQuery>;

export const ZDashboardPeriod = z.object({ from: z.string(), to: z.string() });
export type DashboardPeriodDto = z.input<typeof ZDashboardPeriod>;

// ---- Calendar arithmetic on YYYY-MM-DD strings, in UTC ------------------------------------------------------

const DAY_MS = 86_400_000;

function isRealDate(s: string): boolean {
  if (!YMD_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
const toMs = (ymd: string) => Date.parse(`${ymd}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (ymd: string, n: number) => fromMs(toMs(ymd) + n * DAY_MS);
const daysBetween = (from: string, to: string) => Math.round((toMs(to) - toMs(from)) / DAY_MS);
const ymd = (y: number, m: number, d: number) => fromMs(Date.UTC(y, m - 1, d));
const parts = (s: string) => [Number(s.slice(0, 4)), Number(s.slice(5, 7)), Number(s.slice(8, 10))] as const;
const lastDayOfMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The same calendar date `years` earlier or later; 29 February becomes 28 February in a common year. */
function shiftYears(s: string, years: number): string {
  const [y, m, d] = parts(s);
  return ymd(y + years, m, Math.min(d, lastDayOfMonth(y + years, m)));
}

/** The same day of the month `months` earlier or later, clamped to that month's last day. */
function shiftMonths(s: string, months: number): string {
  const [y, m, d] = parts(s);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  return ymd(ny, nm, Math.min(d, lastDayOfMonth(ny, nm)));
}

export interface ResolvedPeriod {
  period: { from: string; to: string };
  comparison: { from: string; to: string } | null;
}

/**
 * Turns a preset into inclusive calendar days, and picks the comparison. `today` is the UTC date (YYYY-MM-DD).
 * "To date" presets (week from Monday, month, quarter, year_to_date) end today; the previous period of a to-date
 * preset is the same stretch of the previous week, month or quarter (so 1–10 March compares with 1–10 February),
 * the previous period of a whole calendar month or year is the month or year before, and any other range is
 * compared with the same number of days just before it.
 */
export function resolveDashboardPeriod(query: Pick<DashboardQuery, 'range' | 'from' | 'to' | 'compare'>, today: string): ResolvedPeriod {
  const [y, m] = parts(today);
  let from: string;
  let to = today;
  // How to step back one period: a count of days, or whole calendar units (so month lengths are respected).
  let back: { days: number } | { months: number } = { days: 0 };
  switch (query.range) {
    case 'today': from = today; break;
    case 'yesterday': from = to = addDays(today, -1); break;
    case 'last_7_days': from = addDays(today, -6); break;
    case 'last_30_days': from = addDays(today, -29); break;
    case 'last_90_days': from = addDays(today, -89); break;
    case 'last_month': {
      from = shiftMonths(ymd(y, m, 1), -1);
      to = addDays(ymd(y, m, 1), -1);
      back = { months: 1 };
      break;
    }
    case 'last_year': from = ymd(y - 1, 1, 1); to = ymd(y - 1, 12, 31); back = { months: 12 }; break;
    case 'week': {
      const dow = (new Date(toMs(today)).getUTCDay() + 6) % 7; // Monday = 0
      from = addDays(today, -dow);
      back = { days: 7 };
      break;
    }
    case 'month': from = ymd(y, m, 1); back = { months: 1 }; break;
    case 'quarter': from = ymd(y, m - ((m - 1) % 3), 1); back = { months: 3 }; break;
    case 'year_to_date': from = ymd(y, 1, 1); back = { months: 12 }; break;
    case 'custom': from = query.from ?? today; to = query.to ?? from; break;
  }
  if ('days' in back && back.days === 0) back = { days: daysBetween(from, to) + 1 };
  let comparison: ResolvedPeriod['comparison'] = null;
  if (query.compare === 'previous_year') {
    comparison = { from: shiftYears(from, -1), to: shiftYears(to, -1) };
  } else if (query.compare === 'previous_period') {
    if ('days' in back) {
      comparison = { from: addDays(from, -back.days), to: addDays(to, -back.days) };
    } else {
      const cFrom = shiftMonths(from, -back.months);
      // The earlier unit ends the day before this one starts; a whole month or year is compared whole, a to-date
      // stretch with the same stretch of the earlier unit (31 March compares with 28 February, not 3 March).
      const wholeUnit = query.range === 'last_month' || query.range === 'last_year';
      const cEndOfUnit = addDays(from, -1);
      const sameLength = shiftMonths(to, -back.months);
      comparison = { from: cFrom, to: wholeUnit || sameLength > cEndOfUnit ? cEndOfUnit : sameLength };
    }
  }
  return { period: { from, to }, comparison };
}

/** A YYYY-MM-DD date n calendar days later (earlier when n < 0). */
export const dashboardAddDays = (day: string, n: number) => addDays(day, n);
/** Calendar days from one YYYY-MM-DD date to another. */
export const dashboardDaysBetween = (from: string, to: string) => daysBetween(from, to);

// ---- Answers --------------------------------------------------------------------------------------------------

/** Where a figure leads: the list it summarises, with the filters that list's endpoint accepts as they are. */
export const ZDashboardLink = z.object({
  route: z.enum(['orders', 'inventory']),
  filters: z.array(ZFilter),
  search: z.string().optional(),
});
export type DashboardLinkDto = z.input<typeof ZDashboardLink>;

const ZTotals = z.object({
  revenue: ZDecimal,
  orders: z.number().int(),
  units: z.number().int(),
  average_order_value: ZDecimal,
});
const ZChange = z.object({
  revenue: z.number().nullable(),
  orders: z.number().nullable(),
  units: z.number().nullable(),
  average_order_value: z.number().nullable(),
});

export const ZDashboardSalesDay = z.object({
  date: z.string(),
  revenue: ZDecimal,
  orders: z.number().int(),
  units: z.number().int(),
  previous_revenue: ZDecimal.nullable(),
  link: ZDashboardLink,
});

export const ZDashboardSales = z.object({
  period: ZDashboardPeriod,
  comparison: ZDashboardPeriod.nullable(),
  currency: z.string(),
  /** Every currency the period's orders use, so a screen can offer the others. */
  currencies: z.array(z.string()),
  totals: ZTotals,
  previous: ZTotals.nullable(),
  change: ZChange,
  by_day: z.array(ZDashboardSalesDay),
  link: ZDashboardLink,
});
export type DashboardSalesDto = z.input<typeof ZDashboardSales>;

const rowsCard = <T extends z.ZodRawShape>(row: T) =>
  z.object({
    period: ZDashboardPeriod,
    comparison: ZDashboardPeriod.nullable(),
    currency: z.string(),
    rows: z.array(z.object({ ...row, link: ZDashboardLink })),
  });

export const ZDashboardByStatus = rowsCard({ status: z.string(), orders: z.number().int(), revenue: ZDecimal });
export type DashboardByStatusDto = z.input<typeof ZDashboardByStatus>;
export const ZDashboardByChannel = rowsCard({ channel: z.string(), orders: z.number().int(), revenue: ZDecimal });
export type DashboardByChannelDto = z.input<typeof ZDashboardByChannel>;
export const ZDashboardByCountry = rowsCard({ country: z.string().nullable(), orders: z.number().int(), revenue: ZDecimal });
export type DashboardByCountryDto = z.input<typeof ZDashboardByCountry>;
export const ZDashboardByIloc = rowsCard({ iloc_id: z.string(), iloc_name: z.string(), orders: z.number().int(), units: z.number().int() });
export type DashboardByIlocDto = z.input<typeof ZDashboardByIloc>;
export const ZDashboardTopSkus = rowsCard({
  sku_id: z.string(), sku: z.string(), name: z.string().nullable(), units: z.number().int(), revenue: ZDecimal,
});
export type DashboardTopSkusDto = z.input<typeof ZDashboardTopSkus>;

export const ZDashboardLowStock = z.object({
  count: z.number().int(),
  rows: z.array(z.object({
    sku_id: z.string(), sku: z.string(), iloc_id: z.string(), iloc_name: z.string(),
    available: z.number().int(), reorder_point: z.number().int(), link: ZDashboardLink,
  })),
  /** null: the inventory list cannot filter by reorder point, so no list holds exactly the card's rows; each row links. */
  link: ZDashboardLink.nullable(),
});
export type DashboardLowStockDto = z.input<typeof ZDashboardLowStock>;

export const ZDashboardLateShipments = z.object({
  count: z.number().int(),
  rows: z.array(z.object({
    order_id: z.string(), number: z.string(), deliver_by: z.string(), status: z.string(), fulfillment_status: z.string(), link: ZDashboardLink,
  })),
  link: ZDashboardLink,
});
export type DashboardLateShipmentsDto = z.input<typeof ZDashboardLateShipments>;
