/**
 * Relay pagination over an in-memory list kept sorted by (sort value, id). A cursor carries the sort value and id
 * of the last item seen, like Shopify's (`{"last_id":…,"last_value":…}` in base64), so a page continues after that
 * position even when items were added, removed or re-sorted in between — the property a connector that imports by
 * `updated_at` relies on.
 */

export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  reverse?: boolean | null;
}

export type SortValue = number | string;

export interface SortSpec<T> {
  value(item: T): SortValue;
  /** How the value is written into the cursor (dates as ISO strings, like Shopify's). */
  encode?(value: SortValue): unknown;
  /** Reads a cursor's value back; null when the cursor does not fit this sort. */
  decode?(raw: unknown): SortValue | null;
}

export interface Page<T> {
  items: T[];
  /** The cursor of `items[i]`, encoded on demand (most selections never ask for one). */
  cursor(i: number): string;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

export class CursorError extends Error {}

interface Cursor {
  id: number;
  value: SortValue;
}

export const byId: SortSpec<{ id: number }> = { value: (item) => item.id };

export function dateSort<T>(get: (item: T) => number): SortSpec<T> {
  return {
    value: get,
    encode: (value) => new Date(Number(value)).toISOString(),
    decode: (raw) => (typeof raw === 'string' && !Number.isNaN(Date.parse(raw)) ? Date.parse(raw) : null),
  };
}

export function encodeCursor<T extends { id: number }>(item: T, sort: SortSpec<T>): string {
  const value = sort.value(item);
  const payload = { last_id: item.id, last_value: sort.encode ? sort.encode(value) : value };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

function decodeCursor<T>(cursor: string, sort: SortSpec<T>): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'));
  } catch {
    throw new CursorError('Invalid cursor for current pagination sort.');
  }
  if (!parsed || typeof parsed !== 'object') throw new CursorError('Invalid cursor for current pagination sort.');
  const { last_id: id, last_value: raw } = parsed as { last_id?: unknown; last_value?: unknown };
  const value = sort.decode ? sort.decode(raw) : typeof raw === 'number' || typeof raw === 'string' ? raw : null;
  if (typeof id !== 'number' || value === null) throw new CursorError('Invalid cursor for current pagination sort.');
  return { id, value };
}

function compareSortValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

function compareToCursor<T extends { id: number }>(item: T, sort: SortSpec<T>, cursor: Cursor): number {
  return compareSortValues(sort.value(item), cursor.value) || item.id - cursor.id;
}

/** Index of the first item strictly after the cursor in ascending order. */
function upperBound<T extends { id: number }>(sorted: readonly T[], sort: SortSpec<T>, cursor: Cursor): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareToCursor(sorted[mid]!, sort, cursor) > 0) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Index of the last item strictly before the cursor in ascending order (-1 if none). */
function lowerBelow<T extends { id: number }>(sorted: readonly T[], sort: SortSpec<T>, cursor: Cursor): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareToCursor(sorted[mid]!, sort, cursor) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

function anyMatch<T>(sorted: readonly T[], matches: (item: T) => boolean, from: number, step: number): boolean {
  for (let i = from; i >= 0 && i < sorted.length; i += step) if (matches(sorted[i]!)) return true;
  return false;
}

function makePage<T extends { id: number }>(items: T[], sort: SortSpec<T>, hasNextPage: boolean, hasPreviousPage: boolean): Page<T> {
  return { items, cursor: (i) => encodeCursor(items[i]!, sort), hasNextPage, hasPreviousPage };
}

/**
 * One page of `sorted` (ascending by sort value then id) filtered by `matches`, in the order `reverse` asks for.
 * Scans only from the cursor's position, so deep pages of a large list cost no more than the first.
 */
export function paginate<T extends { id: number }>(
  sorted: readonly T[],
  sort: SortSpec<T>,
  matches: ((item: T) => boolean) | null,
  args: ConnectionArgs,
): Page<T> {
  const reverse = args.reverse === true;
  const n = sorted.length;
  // The common nested case (first N line items, no cursor, no filter) is a slice.
  if (!reverse && !matches && !args.after && !args.before && args.last == null) {
    const limit = args.first ?? n;
    return makePage(sorted.slice(0, limit), sort, n > limit, false);
  }
  const test = matches ?? (() => true);
  const direction = reverse ? -1 : 1;
  const after = args.after ? decodeCursor(args.after, sort) : null;
  const before = args.before ? decodeCursor(args.before, sort) : null;
  // Array index of the first item after / the last item before a cursor, in the order the caller sees.
  const firstAfter = (cursor: Cursor) => (reverse ? lowerBelow(sorted, sort, cursor) : upperBound(sorted, sort, cursor));
  const lastBefore = (cursor: Cursor) => (reverse ? upperBound(sorted, sort, cursor) : lowerBelow(sorted, sort, cursor));
  // Negative when the item comes before the cursor in view order.
  const viewCompare = (item: T, cursor: Cursor) => direction * compareToCursor(item, sort, cursor);

  if (args.last != null && args.first == null) {
    const limit = args.last;
    const step = -direction;
    const collected: T[] = [];
    for (let i = before ? lastBefore(before) : reverse ? 0 : n - 1; i >= 0 && i < n && collected.length <= limit; i += step) {
      const item = sorted[i]!;
      if (after && viewCompare(item, after) <= 0) break;
      if (test(item)) collected.push(item);
    }
    const hasNextPage = before ? anyMatch(sorted, test, lastBefore(before) + direction, direction) : false;
    return makePage(collected.slice(0, limit).reverse(), sort, hasNextPage, collected.length > limit);
  }

  const limit = args.first ?? n;
  const collected: T[] = [];
  for (let i = after ? firstAfter(after) : reverse ? n - 1 : 0; i >= 0 && i < n && collected.length <= limit; i += direction) {
    const item = sorted[i]!;
    if (before && viewCompare(item, before) >= 0) break;
    if (test(item)) collected.push(item);
  }
  let items = collected.slice(0, limit);
  let hasPreviousPage = after ? anyMatch(sorted, test, firstAfter(after) - direction, -direction) : false;
  if (args.last != null && items.length > args.last) {
    items = items.slice(items.length - args.last);
    hasPreviousPage = true;
  }
  return makePage(items, sort, collected.length > limit, hasPreviousPage);
}
