import { and, asc, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { parseSearch, type TFilter, type TListQuery } from '@omnio/domain';
import { fieldError, isUuid } from '../http/errors';

/** Pieces every list endpoint shares: LIKE escaping, index-friendly prefix search, `filters`, `order_by`. */

/** The spec's search form of a list query (NUL characters never get here: http/text-guard.ts refuses them). */
export function searchOf(query: TListQuery): ReturnType<typeof parseSearch> {
  return parseSearch(query.search);
}

export const containsPattern = (v: string) => `%${v.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Case-insensitive prefix match on a generated lower-cased key column (sku_key, alias_key). Written as a
 * range with the pattern operators because those are leakproof: under forced row-level security PostgreSQL
 * only lets leakproof conditions use an index, and `lower(x) LIKE 'p%'` is not one (a seq scan on 100k SKUs).
 */
export function prefixMatch(key: AnyColumn, text: string): SQL {
  const lower = text.toLowerCase();
  const points = [...lower];
  const last = points.pop();
  const cp = last?.codePointAt(0);
  if (cp === undefined || cp >= 0x10ffff) return sql`starts_with(${key}, ${lower})`;
  const upper = points.join('') + String.fromCodePoint(cp + 1);
  return sql`(${key} ~>=~ ${lower} AND ${key} ~<~ ${upper})`;
}

/** The words of a search text, as the sku_words trigger splits names and codes (lower case, letters and digits). */
export function searchWords(text: string): string[] {
  return [...new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean))].slice(0, 8);
}

export function uuidOrNone(value: string): string {
  // A malformed id can match nothing; comparing it to a uuid column would be a cast error.
  return isUuid(value) ? value.toLowerCase() : '00000000-0000-0000-0000-000000000000';
}

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/**
 * The `filters` list-query parameter over a whitelist of columns. Unknown fields, operators that do not
 * apply, or values of the wrong shape are a 422 on `filters`, as API.md requires.
 */
export function filterConditions(filters: TFilter[], columns: Record<string, AnyColumn>): SQL[] {
  const bad = (message: string) => fieldError('filters', message);
  return filters.map((f) => {
    if (!Object.hasOwn(columns, f.field)) throw bad(`Cannot filter by ${f.field}`);
    const col = columns[f.field]!;
    const v = f.value;
    if (JSON.stringify(v ?? null).includes('\\u0000')) throw bad(`${f.field}: the value contains an invalid character`);
    // Dates and times go to PostgreSQL as text, checked here: Drizzle's own encoder wants Date objects,
    // and a text PostgreSQL cannot read as a date must be a 422, not a failed query.
    const temporal = /Timestamp|Date/.test(col.columnType);
    const value = (x: Scalar): SQL => {
      if (!temporal) return sql`${x}`;
      if (typeof x !== 'string' || !/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(x) || Number.isNaN(Date.parse(x))) {
        throw bad(`${f.field}: use a date like 2026-01-31 or an ISO date and time`);
      }
      return sql`${sql.param(x)}`;
    };
    const cmp = (op: 'eq' | 'gt' | 'gte' | 'lt' | 'lte', x: Scalar): SQL => {
      if (!temporal) return { eq, gt, gte, lt, lte }[op](col, x);
      const sym = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' }[op];
      return sql`${col} ${sql.raw(sym)} ${value(x)}`;
    };
    switch (f.operator) {
      case 'null':
        return isNull(col);
      case 'not_null':
        return isNotNull(col);
      case 'in':
        if (!Array.isArray(v) || v.length === 0 || v.length > 500 || !v.every(isScalar)) throw bad(`${f.field}: in needs a list of values`);
        if (temporal) return sql`(${sql.join((v as Scalar[]).map((x) => cmp('eq', x)), sql` OR `)})`;
        return inArray(col, v as Scalar[]);
      case 'between': {
        if (!Array.isArray(v) || v.length !== 2 || !v.every(isScalar)) throw bad(`${f.field}: between needs [from, to]`);
        return and(cmp('gte', v[0] as Scalar), cmp('lte', v[1] as Scalar))!;
      }
      case 'like':
        if (typeof v !== 'string') throw bad(`${f.field}: like needs a text`);
        if (temporal) throw bad(`${f.field}: like does not apply to dates`);
        return ilike(col, containsPattern(v));
      default: {
        if (!isScalar(v)) throw bad(`${f.field}: ${f.operator} needs a value`);
        return cmp(f.operator === 'where' ? 'eq' : f.operator, v);
      }
    }
  });
}

/** `order_by` against a whitelist (own keys only: `constructor` is a 422, not a prototype member). */
export function orderByClause(
  query: TListQuery,
  columns: Record<string, AnyColumn | SQL>,
  fallback: string,
  /** Direction of the default order (no order_by): newest first unless a list says otherwise. */
  fallbackDirection: 'ASC' | 'DESC' = 'DESC',
): { order: SQL; explicit: boolean } {
  const key = query.order_by ?? fallback;
  if (!Object.hasOwn(columns, key)) throw fieldError('order_by', `Cannot order by ${key}`);
  const dir = (query.order_direction ?? (query.order_by ? 'ASC' : fallbackDirection)) === 'ASC' ? asc : desc;
  return { order: dir(columns[key]!), explicit: query.order_by !== undefined };
}

export const offsetOf = (query: TListQuery) => (query.page - 1) * query.per_page;
