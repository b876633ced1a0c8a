import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { AppDb, Tx } from './client';
import { queryPrepared } from './rows';

/**
 * Transactions with fewer round trips on PostgreSQL. Drizzle's transaction sends BEGIN, then the caller's
 * settings, and at the end COMMIT, each as a message of its own that waits for its answer; here BEGIN
 * travels with the settings, and statements registered with runAtCommit travel with the COMMIT. On a
 * loopback connection each round trip costs the server a write system call and the database a wake-up,
 * which for a single order (~20 statements) was a third of the server's CPU.
 *
 * Both are sent as one simple-protocol message: PostgreSQL runs its statements in order and skips the rest
 * at the first error, so a failing statement before COMMIT leaves the transaction aborted (rolled back
 * here), never committed. Simple-protocol messages carry no parameters, so their values are inlined as
 * escaped literals (pg's escapeLiteral).
 */

interface AtCommit {
  query: SQL;
  mapError?: (err: unknown) => unknown;
}
const atCommit = new WeakMap<object, AtCommit[]>();
/** The sessions of transactions runTransaction runs: only those run the statements registered for the commit. */
const ours = new WeakSet<object>();
const sessionOf = (tx: Tx): object => (tx as unknown as { _: { session: object } })._.session;

/**
 * Runs query as the transaction's last statement, in the same message as the COMMIT (for a row every
 * transaction of a tenant updates: its lock is then held only while the database commits). Its rows are not
 * read; an error it raises fails the transaction, passed through mapError first. A savepoint rolled back
 * later does not withdraw it: register it outside savepoints.
 */
export function runAtCommit(tx: Tx, query: SQL, mapError?: (err: unknown) => unknown): void {
  const session = sessionOf(tx);
  if (!ours.has(session)) throw new Error('runAtCommit needs a transaction started by runTransaction (withTenant)');
  const list = atCommit.get(session) ?? [];
  list.push({ query, ...(mapError ? { mapError } : {}) });
  atCommit.set(session, list);
}

/** A value as a SQL literal for a simple-protocol message. */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`Cannot inline ${v}`);
    return String(v);
  }
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'string') return pg.escapeLiteral(v);
  if (v instanceof Date) return pg.escapeLiteral(v.toISOString());
  return pg.escapeLiteral(JSON.stringify(v));
}

/** The parts of Drizzle's node-postgres session a transaction is built from (not public in its types). */
interface SessionParts {
  client: unknown;
  dialect: unknown;
  schema: unknown;
  options: unknown;
}

function inline(db: AppDb, query: SQL): string {
  const { sql: text, params } = (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

function mapAtCommitError(list: AtCommit[], err: unknown): unknown {
  for (const item of list) {
    const mapped = item.mapError?.(err);
    if (mapped !== undefined && mapped !== err) return mapped;
  }
  return err;
}

/**
 * Runs fn in a transaction whose first statement sets the given transaction-local settings
 * (set_config(name, value, true)) and whose runAtCommit statements run just before the commit.
 */
export async function runTransaction<T>(db: AppDb, settings: Record<string, string>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const session0 = (db as unknown as { session: unknown }).session;
  const base = session0 as SessionParts;
  if (!(session0 instanceof NodePgSession) || !(base.client instanceof pg.Pool)) return runDrizzleTransaction(db, settings, fn);
  const client = await base.client.connect();
  const session = new NodePgSession(client, base.dialect as never, base.schema as never, base.options as never);
  const tx = new NodePgTransaction(base.dialect as never, session, base.schema as never) as unknown as Tx;
  ours.add(session);
  const set = Object.entries(settings).map(([name, value]) => `set_config(${literal(name)}, ${literal(value)}, true)`);
  let broken: Error | undefined;
  try {
    await client.query(set.length ? `BEGIN; SELECT ${set.join(', ')}` : 'BEGIN');
    const result = await fn(tx);
    const finals = atCommit.get(session) ?? [];
    try {
      await client.query([...finals.map((f) => inline(db, f.query)), 'COMMIT'].join(';\n'));
    } catch (err) {
      throw mapAtCommitError(finals, err);
    }
    return result;
  } catch (err) {
    // After a failed COMMIT the transaction is already over; ROLLBACK then only warns.
    await client.query('ROLLBACK').catch((e: Error) => {
      broken = e;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}

/** PGlite (one in-process session, no round trips to save) and anything else: Drizzle's own transaction. */
async function runDrizzleTransaction<T>(db: AppDb, settings: Record<string, string>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // The one PGlite session may be the same object in the next transaction: start and end with no leftovers.
    atCommit.delete(sessionOf(tx));
    ours.add(sessionOf(tx));
    try {
      const names = Object.keys(settings);
      if (names.length) await queryPrepared(tx, sql`select ${sql.join(names.map((name) => sql`set_config(${name}, ${settings[name]}, true)`), sql`, `)}`);
      const result = await fn(tx);
      const finals = atCommit.get(sessionOf(tx)) ?? [];
      for (const f of finals) {
        try {
          await tx.execute(f.query);
        } catch (err) {
          throw mapAtCommitError(finals, err);
        }
      }
      return result;
    } finally {
      atCommit.delete(sessionOf(tx));
      ours.delete(sessionOf(tx));
    }
  });
}

/**
 * Runs fn after a savepoint and, when fn fails, undoes its writes back to it. Unlike Drizzle's nested
 * transaction it does not release the savepoint on success (one round trip fewer): an unreleased savepoint
 * costs nothing and ends with the transaction. `first`, a statement to run right after the savepoint, travels
 * with it in one message (on PostgreSQL; its values inlined as literals, so keep it small: it is planned each
 * time); fn gets its rows.
 */
export async function attempt<T>(tx: Tx, fn: (first: Record<string, unknown>[]) => Promise<T>, first?: SQL): Promise<T> {
  const session = sessionOf(tx) as { client?: unknown; dialect: unknown };
  let rows: Record<string, unknown>[] = [];
  if (first && session.client instanceof pg.Client && ours.has(session)) {
    const results = (await session.client.query(`SAVEPOINT omnio_attempt;\n${inline(session as never, first)}`)) as unknown as pg.QueryResult[];
    rows = results[results.length - 1]!.rows as Record<string, unknown>[];
  } else {
    await tx.execute(sql.raw('SAVEPOINT omnio_attempt'));
    if (first) rows = await queryPrepared<Record<string, unknown>>(tx, first);
  }
  try {
    return await fn(rows);
  } catch (err) {
    await tx.execute(sql.raw('ROLLBACK TO SAVEPOINT omnio_attempt'));
    throw err;
  }
}
