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
  cursors: string[];
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

/**
 * One page of `sorted` (ascending by sort value then id) filtered by `matches`, in the order `reverse` asks for.
 * Scans only from the cursor's position, so deep pages of a large list cost no more than the first.
 */
export function paginate<T extends { id: number }>(
  sorted: readonly T[],
  sort: SortSpec<T>,
  matches: (item: T) => boolean,
  args: ConnectionArgs,
): Page<T> {
  const reverse = args.reverse === true;
  const direction = reverse ? -1 : 1;
  const n = sorted.length;
  const after = args.after ? decodeCursor(args.after, sort) : null;
  const before = args.before ? decodeCursor(args.before, sort) : null;

  // Position of an item relative to a cursor in the order the caller sees (negative: comes before it).
  const viewCompare = (item: T, cursor: Cursor): number =>
    direction * (compareSortValues(sort.value(item), cursor.value) || item.id - cursor.id);

  // Index of the first array item strictly greater than the cursor in ascending order.
  const upperBound = (cursor: Cursor): number => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const item = sorted[mid]!;
      if ((compareSortValues(sort.value(item), cursor.value) || item.id - cursor.id) > 0) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  // Index of the last array item strictly smaller than the cursor in ascending order.
  const lowerBelow = (cursor: Cursor): number => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const item = sorted[mid]!;
      if ((compareSortValues(sort.value(item), cursor.value) || item.id - cursor.id) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  };

  // Array index of the first item after the cursor in view order.
  const firstAfter = (cursor: Cursor): number => (reverse ? lowerBelow(cursor) : upperBound(cursor));
  // Array index of the last item before the cursor in view order.
  const lastBefore = (cursor: Cursor): number => (reverse ? upperBound(cursor) : lowerBelow(cursor));

  const anyMatch = (from: number, step: number): boolean => {
    for (let i = from; i >= 0 && i < n; i += step) if (matches(sorted[i]!)) return true;
    return false;
  };

  let items: T[] = [];
  let hasNextPage = false;
  let hasPreviousPage = false;

  if (args.last != null && args.first == null) {
    const limit = args.last;
    let i = before ? lastBefore(before) : reverse ? 0 : n - 1;
    const step = -direction;
    const collected: T[] = [];
    for (; i >= 0 && i < n && collected.length <= limit; i += step) {
      const item = sorted[i]!;
      if (after && viewCompare(item, after) <= 0) break;
      if (matches(item)) collected.push(item);
    }
    hasPreviousPage = collected.length > limit;
    items = collected.slice(0, limit).reverse();
    hasNextPage = before ? anyMatch(lastBefore(before) + direction, direction) : false;
  } else {
    const limit = args.first ?? n;
    let i = after ? firstAfter(after) : reverse ? n - 1 : 0;
    const collected: T[] = [];
    for (; i >= 0 && i < n && collected.length <= limit; i += direction) {
      const item = sorted[i]!;
      if (before && viewCompare(item, before) >= 0) break;
      if (matches(item)) collected.push(item);
    }
    hasNextPage = collected.length > limit;
    items = collected.slice(0, limit);
    hasPreviousPage = after ? anyMatch(firstAfter(after) - direction, -direction) : false;
    if (args.last != null && items.length > args.last) {
      items = items.slice(items.length - args.last);
      hasPreviousPage = true;
    }
  }

  return { items, cursors: items.map((item) => encodeCursor(item, sort)), hasNextPage, hasPreviousPage };
}
