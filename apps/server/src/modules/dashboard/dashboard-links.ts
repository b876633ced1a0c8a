import {
  dashboardAddDays as addDays, DASHBOARD_NOT_SALES, FULFILLMENT_STATUSES, ORDER_STATUSES, type DashboardLinkDto, type TFilter,
} from '@omnio/domain';

/**
 * What each dashboard figure links to: GET /orders (or /inventory) filters that select exactly the orders the
 * figure counts, so the list's total is the figure. They mirror the rollups' definitions (0040_dashboard_rollups.sql):
 * created_at within the period's UTC days, the sales statuses, the currency the card sums, the shipping country
 * and the fulfilment iloc through the same expressions.
 */

export const SALE_STATUSES: string[] = ORDER_STATUSES.filter((s) => !(DASHBOARD_NOT_SALES as readonly string[]).includes(s));
/** Late shipments: not cancelled or closed, not shipped (the partial index orders_late_idx has the same predicate). */
export const LATE_STATUSES: string[] = ORDER_STATUSES.filter((s) => s !== 'cancelled' && s !== 'closed');
export const UNSHIPPED: string[] = FULFILLMENT_STATUSES.filter((s) => s !== 'shipped');

export interface Period { from: string; to: string }

export function createdIn(p: Period): TFilter[] {
  return [
    { field: 'created_at', operator: 'gte', value: `${p.from}T00:00:00Z` },
    { field: 'created_at', operator: 'lt', value: `${addDays(p.to, 1)}T00:00:00Z` },
  ];
}

export const salesFilters = (p: Period, currency: string): TFilter[] => [
  ...createdIn(p),
  { field: 'status', operator: 'in', value: SALE_STATUSES },
  { field: 'currency', operator: 'where', value: currency },
];

export function ordersLink(filters: TFilter[], search?: string): DashboardLinkDto {
  return search === undefined ? { route: 'orders', filters } : { route: 'orders', filters, search };
}

/** `country:` with nothing after it is the orders without a shipping country. */
export const countrySearch = (country: string | null) => `country:${country ?? ''}`;
export const ilocSearch = (ilocId: string) => `iloc_id:${ilocId}`;

export function lateFilters(today: string): TFilter[] {
  return [
    { field: 'deliver_by', operator: 'lt', value: today },
    { field: 'status', operator: 'in', value: LATE_STATUSES },
    { field: 'fulfillment_status', operator: 'in', value: UNSHIPPED },
  ];
}

export function inventoryLink(sku: string, ilocId: string): DashboardLinkDto {
  return { route: 'inventory', filters: [], search: `sku:${sku};iloc:${ilocId}` };
}
