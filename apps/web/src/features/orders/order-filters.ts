import { FULFILLMENT_STATUSES, ORDER_ERROR_CODES, ORDER_STATUSES, ZFilter, type TFilter } from '@omnio/domain';
import { dayEndIso, dayStartIso } from '../../shared/format/format';

/** What the filter panel holds; `toFilters` turns it into the list query's `filters` (spec 3 operators). */
export interface OrderFilterValues {
  statuses: string[];
  fulfillment: string[];
  channel: string;
  errorCodes: string[];
  createdFrom: string;
  createdTo: string;
  totalAbove: string;
  totalBelow: string;
  hold: '' | 'set' | 'blank';
}

export const NO_FILTERS: OrderFilterValues = {
  statuses: [], fulfillment: [], channel: '', errorCodes: [], createdFrom: '', createdTo: '', totalAbove: '', totalBelow: '', hold: '',
};

export const FILTER_CHOICES = { statuses: ORDER_STATUSES, fulfillment: FULFILLMENT_STATUSES, errorCodes: ORDER_ERROR_CODES } as const;

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** Problems the panel shows under its fields before applying: keys are i18n keys of `filters.errors`. */
export function filterProblems(v: OrderFilterValues): Partial<Record<keyof OrderFilterValues, string>> {
  const out: Partial<Record<keyof OrderFilterValues, string>> = {};
  if (v.totalAbove && !AMOUNT.test(v.totalAbove.trim())) out.totalAbove = 'amount';
  if (v.totalBelow && !AMOUNT.test(v.totalBelow.trim())) out.totalBelow = 'amount';
  if (!out.totalAbove && !out.totalBelow && v.totalAbove && v.totalBelow && Number(v.totalAbove) >= Number(v.totalBelow)) out.totalBelow = 'range';
  if (v.createdFrom && v.createdTo && v.createdFrom > v.createdTo) out.createdTo = 'dates';
  return out;
}

export function toFilters(v: OrderFilterValues): TFilter[] {
  const out: TFilter[] = [];
  if (v.statuses.length) out.push({ field: 'status', operator: 'in', value: v.statuses });
  if (v.fulfillment.length) out.push({ field: 'fulfillment_status', operator: 'in', value: v.fulfillment });
  if (v.channel.trim()) out.push({ field: 'channel', operator: 'like', value: v.channel.trim() });
  if (v.errorCodes.length) out.push({ field: 'error_code', operator: 'in', value: v.errorCodes });
  if (v.createdFrom && v.createdTo) {
    out.push({ field: 'created_at', operator: 'between', value: [dayStartIso(v.createdFrom), dayEndIso(v.createdTo)] });
  } else if (v.createdFrom) {
    out.push({ field: 'created_at', operator: 'gte', value: dayStartIso(v.createdFrom) });
  } else if (v.createdTo) {
    out.push({ field: 'created_at', operator: 'lte', value: dayEndIso(v.createdTo) });
  }
  if (v.totalAbove.trim()) out.push({ field: 'total', operator: 'gt', value: v.totalAbove.trim() });
  if (v.totalBelow.trim()) out.push({ field: 'total', operator: 'lt', value: v.totalBelow.trim() });
  if (v.hold === 'set') out.push({ field: 'hold_until', operator: 'not_null' });
  if (v.hold === 'blank') out.push({ field: 'hold_until', operator: 'null' });
  return out;
}

/** The groups a chip stands for; removing a chip clears its group. */
export const FILTER_GROUPS = ['statuses', 'fulfillment', 'channel', 'errorCodes', 'created', 'totalAbove', 'totalBelow', 'hold'] as const;
export type FilterGroup = (typeof FILTER_GROUPS)[number];

export function activeGroups(v: OrderFilterValues): FilterGroup[] {
  return FILTER_GROUPS.filter((g) => {
    switch (g) {
      case 'created':
        return Boolean(v.createdFrom || v.createdTo);
      case 'statuses':
      case 'fulfillment':
      case 'errorCodes':
        return v[g].length > 0;
      default:
        return Boolean(v[g].trim());
    }
  });
}

export function clearGroup(v: OrderFilterValues, g: FilterGroup): OrderFilterValues {
  if (g === 'created') return { ...v, createdFrom: '', createdTo: '' };
  return { ...v, [g]: NO_FILTERS[g] };
}

/**
 * What a link into the list carries (`/orders?filters=<json>&search=<text;field:value>`, e.g. from a dashboard
 * figure): the filters and the `field:value` search parts go to the API as they are, so the list's total is the
 * figure's; the bare text fills the search box. Anything unreadable is ignored.
 */
export interface LinkedFilters {
  filters: TFilter[];
  fields: string;
  text: string;
}

export const NO_LINK: LinkedFilters = { filters: [], fields: '', text: '' };

export function linkedFromParams(params: URLSearchParams): LinkedFilters {
  let filters: TFilter[] = [];
  try {
    const parsed = ZFilter.array().safeParse(JSON.parse(params.get('filters') ?? '[]'));
    if (parsed.success) filters = parsed.data;
  } catch {
    /* not JSON: no filters */
  }
  const parts = (params.get('search') ?? '').split(';').map((p) => p.trim()).filter(Boolean);
  return {
    filters,
    fields: parts.filter((p) => p.includes(':')).join(';'),
    text: parts.filter((p) => !p.includes(':')).join(' '),
  };
}
