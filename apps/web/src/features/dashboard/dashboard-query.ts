import { DASHBOARD_COMPARES, DASHBOARD_RANGES, type DashboardCompare, type DashboardLinkDto, type DashboardRange } from '@omnio/domain';
import { pathOf } from '../../shared/routing/routes-table';

/** The dashboard's choice (range, comparison, currency), kept in the address so a reload or a shared link shows the same. */
export interface DashboardChoice {
  range: DashboardRange;
  compare: DashboardCompare;
  from: string;
  to: string;
  currency: string;
}

export const DEFAULT_CHOICE: DashboardChoice = { range: 'last_30_days', compare: 'previous_period', from: '', to: '', currency: '' };

const YMD = /^\d{4}-\d{2}-\d{2}$/;
const isRange = (v: string | null): v is DashboardRange => (DASHBOARD_RANGES as readonly (string | null)[]).includes(v);
const isCompare = (v: string | null): v is DashboardCompare => (DASHBOARD_COMPARES as readonly (string | null)[]).includes(v);

export function choiceFromParams(params: URLSearchParams): DashboardChoice {
  const range = params.get('range');
  const compare = params.get('compare');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const currency = params.get('currency') ?? '';
  return {
    range: isRange(range) ? range : DEFAULT_CHOICE.range,
    compare: isCompare(compare) ? compare : DEFAULT_CHOICE.compare,
    from: YMD.test(from) ? from : '',
    to: YMD.test(to) ? to : '',
    currency: /^[A-Z]{3}$/.test(currency) ? currency : '',
  };
}

/** Only what differs from the defaults goes in the address; from/to only with a custom range. */
export function choiceToParams(c: DashboardChoice): Record<string, string> {
  const out: Record<string, string> = {};
  if (c.range !== DEFAULT_CHOICE.range) out.range = c.range;
  if (c.range === 'custom') {
    if (c.from) out.from = c.from;
    if (c.to) out.to = c.to;
  }
  if (c.compare !== DEFAULT_CHOICE.compare) out.compare = c.compare;
  if (c.currency) out.currency = c.currency;
  return out;
}

/** A custom range waits for both days, in order, before any card asks. */
export function choiceReady(c: DashboardChoice): boolean {
  return c.range !== 'custom' || (Boolean(c.from) && Boolean(c.to) && c.from <= c.to);
}

/** The API query of every card: the full choice, defaults included, so the server and the cache key agree. */
export function apiQuery(c: DashboardChoice): Record<string, string> {
  const q: Record<string, string> = { range: c.range, compare: c.compare };
  if (c.range === 'custom') {
    q.from = c.from;
    q.to = c.to;
  }
  if (c.currency) q.currency = c.currency;
  return q;
}

/** The list a figure summarises, as an in-app address: the filters go as they are, so its total is the figure. */
export function linkPath(link: DashboardLinkDto): string {
  const params = new URLSearchParams();
  if (link.filters.length) params.set('filters', JSON.stringify(link.filters));
  if (link.search) params.set('search', link.search);
  const query = params.toString();
  return `${pathOf(link.route)}${query ? `?${query}` : ''}`;
}
