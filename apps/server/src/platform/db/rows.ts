import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from './client';

/** Raw SQL answers: node-postgres and PGlite both hand back `{ rows }`. */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What queryPrepared uses of Drizzle's session (node-postgres or PGlite): the text, and a statement with a name. */
interface Session {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: false): { execute(): Promise<unknown> };
}
const names = new Map<string, string>();
const nameOf = (text: string) => {
  let name = names.get(text);
  if (!name) {
    name = `omnio_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
};

/**
 * queryRows as a named prepared statement: PostgreSQL parses and plans it once per connection (then reuses
 * a generic plan) instead of on every call — for the statements of hot paths (the order pipeline runs ~25
 * per order, and planning them cost as much as running them). Only for SQL whose text is fixed: the name
 * comes from the text, and each distinct text stays prepared on every connection that ran it. PGlite has
 * no named statements and runs it as queryRows does.
 */
export async function queryPrepared<T>(db: Queryable, query: SQL): Promise<T[]> {
  const session = (db as unknown as { _: { session: Session } })._.session;
  const q = session.dialect.sqlToQuery(query);
  const result = await session.prepareQuery(q, undefined, nameOf(q.sql), false).execute();
  return (result as unknown as { rows: T[] }).rows;
}

/** A text[] parameter (Drizzle would spread a JS array into separate parameters). */
export const textArray = (values: Iterable<string>) => `{${[...values].map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** A timestamp column as ISO text: node-postgres (through Drizzle's execute) answers text, PGlite a Date. */
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string | Date).toISOString());

/**
 * Several independent reads in one statement, so one round trip (each costs the server a write system call
 * and the database a wake-up): every part is a SELECT whose rows come back as a JSON array under its key.
 * Values arrive as JSON gives them: uuids, text and timestamps as strings (ISO 8601), numbers as numbers,
 * arrays as arrays. Named like queryPrepared, so each combination of parts is planned once per connection.
 */
export async function queryTogether<K extends string>(db: Queryable, parts: Record<K, SQL>): Promise<Record<K, Record<string, unknown>[]>> {
  const keys = Object.keys(parts) as K[];
  const out = {} as Record<K, Record<string, unknown>[]>;
  if (keys.length === 0) return out;
  const columns = sql.join(keys.map((k, i) => sql`(SELECT coalesce(json_agg(q), '[]'::json) FROM (${parts[k]}) q) AS ${sql.raw(`r${i}`)}`), sql`, `);
  const [row] = await queryPrepared<Record<string, unknown>>(db, sql`SELECT ${columns}`);
  keys.forEach((k, i) => {
    // node-postgres parses json columns; PGlite answers them parsed too.
    const v = row?.[`r${i}`];
    out[k] = (typeof v === 'string' ? JSON.parse(v) : v ?? []) as Record<string, unknown>[];
  });
  return out;
}
