import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';

export type AppDb = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];
/** Anything queries run on: the database outside a transaction, or a transaction. */
export type Queryable = AppDb | Tx;

/** Executes SQL as the database owner (migrations, test fixtures); answers the last statement's rows. */
export type OwnerExec = (sqlText: string) => Promise<Record<string, unknown>[]>;

export interface Database {
  kind: 'postgres' | 'pglite';
  /** Queries run as the non-owner app role, so forced row-level security applies. */
  db: AppDb;
  ownerExec: OwnerExec;
  /**
   * One round trip that returns rows, as the app role; for hot paths that want raw SQL. A `name`
   * makes it a prepared statement on PostgreSQL, planned once per connection instead of per call.
   */
  query<T extends Record<string, unknown>>(text: string, params: unknown[], name?: string): Promise<T[]>;
  /** After migrations: the embedded single session switches to the app role (pooled sessions already are). */
  enterAppRole(): Promise<void>;
  /** Embedded only: a tarball of the whole data dir (tests clone a migrated template from it). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * LISTEN on a PostgreSQL channel (realtime fan-out): a dedicated connection on PostgreSQL, the one
   * session on PGlite. Answers a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  appRole: string;
  poolSize: number;
  /** In-memory PGlite (tests): no folder, no lock. */
  memory?: boolean;
  /** A PGlite data dir dump to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob | File;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
}

/** A pooled client whose connect times out (see the pool below). */
class ConnectTimeoutClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: 3_000 });
  }
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    // pg-pool reuses the last released connection first, so under steady load the ones a burst opened sit idle
    // and pg-pool's default 10 s closed them, only to open new ones at the next burst: a new session re-plans
    // every prepared statement and reloads the catalog (measured: a connection every ~10 s during a batch
    // import, and orders-batch 7–17 % slower). A minute keeps them through the gaps of a steady load.
    idleTimeoutMillis: 60_000,
    // Every pooled session runs as the app role from its first statement.
    options: `-c role=${options.appRole}`,
    // While the database is away (restart, failover), opening a connection gives up after 3 s and the request
    // answers 503 instead of hanging; the pool makes new connections by itself once the database is back. Only
    // the connect: a request waiting for a busy pool's next free connection (a burst) waits its turn, which is
    // load, not an outage (pg-pool would apply its own connectionTimeoutMillis to that wait too).
    Client: ConnectTimeoutClient,
  });
  // An idle connection the server drops (restart, failover, admin kill) emits 'error' on the pool; without a
  // listener Node would crash the process. The pool discards that client and opens a new one on demand.
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  const ownerExec: OwnerExec = async (sqlText) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const res = (await client.query(sqlText)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(res) ? res[res.length - 1] : res;
      return last?.rows ?? [];
    } finally {
      await client.end();
    }
  };
  const db = drizzlePg(pool) as unknown as AppDb;
  return {
    kind: 'postgres',
    db,
    ownerExec,
    async query(text, params, name) {
      const res = await pool.query(name ? { name, text, values: params } : { text, values: params });
      return res.rows;
    },
    async enterAppRole() {},
    async listen(channel, onPayload) {
      let client: pg.Client | null = null;
      let stopped = false;
      // A lost listener connection (restart, failover) is opened again: otherwise this process would silently stop relaying.
      const open = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: url });
        c.on('error', (err) => console.error(`PostgreSQL listener lost: ${err.message}`));
        c.on('notification', (msg) => {
          if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
        });
        c.on('end', () => {
          if (stopped) return;
          const retry = (delay: number) => setTimeout(() => void open().catch(() => retry(Math.min(delay * 2, 30_000))), delay);
          retry(1_000);
        });
        await c.connect();
        await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        client = c;
      };
      await open();
      return async () => {
        stopped = true;
        await client?.end().catch(() => {});
      };
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  let lock: DataDirLock | undefined;
  let dataDir: string | undefined;
  if (!options.memory) {
    dataDir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireDataDirLock(options.dataDir);
  }
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  let role = 'owner';
  const db = drizzlePglite(client) as unknown as AppDb;
  // PGlite is one session: the owner runs migrations, then the session switches to the app role for good.
  const ownerExec: OwnerExec = async (sqlText) => {
    if (role !== 'owner') await client.exec('RESET ROLE');
    try {
      const res = await client.exec(sqlText);
      return (res[res.length - 1]?.rows ?? []) as Record<string, unknown>[];
    } finally {
      if (role !== 'owner') await client.exec(`SET ROLE ${options.appRole}`);
    }
  };
  return {
    kind: 'pglite',
    db,
    ownerExec,
    async query(text, params) {
      const res = await client.query(text, params);
      return res.rows as never;
    },
    async enterAppRole() {
      await client.exec(`SET ROLE ${options.appRole}`);
      role = 'app';
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        await unlisten().catch(() => {});
      };
    },
    async close() {
      await client.close();
      lock?.release();
    },
  };
}

