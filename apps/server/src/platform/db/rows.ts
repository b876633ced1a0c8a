import type { SQL } from 'drizzle-orm';
import type { Queryable } from './client';

/** Raw SQL answers: node-postgres and PGlite both hand back `{ rows }`. */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A timestamp column as ISO text: node-postgres (through Drizzle's execute) answers text, PGlite a Date. */
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string | Date).toISOString());
