import pg from 'pg';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  name: string;
  /** Connection string of the new database, as the admin user (the server connects with it too). */
  url: string;
  /** Owner SQL on the bench database; row-level security does not apply to the admin user. */
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  serverVersion: string;
  /**
   * The server's `autovacuum` setting. When off (some test servers), tables that grow during a run keep
   * the statistics of when they were empty, and plans can differ from a production database's.
   */
  autovacuum: string;
  drop(): Promise<void>;
}

export function adminUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates `omnio_bench_<timestamp>` next to the admin database; drop() removes it even with connections left. */
export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `omnio_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect().catch((err: Error) => {
    throw new Error(`cannot reach PostgreSQL at ${redact(adminUrl)}: ${err.message} (set BENCH_DATABASE_URL)`);
  });
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  // One session, so that temporary tables of the data loader live across its statements.
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const version = await pool.query<{ server_version: string }>('SHOW server_version');
  const autovacuum = await pool.query<{ autovacuum: string }>('SHOW autovacuum');
  let dropped = false;
  return {
    name,
    url,
    serverVersion: version.rows[0]?.server_version ?? 'unknown',
    autovacuum: autovacuum.rows[0]?.autovacuum ?? 'unknown',
    async query(text, params = []) {
      return (await pool.query(text, params)).rows as Record<string, unknown>[];
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      await pool.end().catch(() => {});
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      try {
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await a.end();
      }
    },
  };
}

/** A connection string fit for logs and result files: no password. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid url)';
  }
}

export function isLocalDatabase(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === '' || host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
  } catch {
    return false;
  }
}
