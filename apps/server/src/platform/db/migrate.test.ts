import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseUrl } from '../../test/global-setup';
import { openDatabase } from './client';
import { migrate } from './migrate';

const adminUrl = process.env.TEST_DATABASE_URL;

// Two server processes (or a server and a worker) starting at once on an empty PostgreSQL database.
describe.skipIf(!adminUrl)('migrations from several processes at once (PostgreSQL)', () => {
  it('apply each file once and leave every process started', async () => {
    const name = `omnio_mig_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const databases = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: databaseUrl(adminUrl!, name), dataDir: '', appRole: 'omnio_app', poolSize: 1 })),
    );
    try {
      const ran = await Promise.all(databases.map((d) => migrate(d.ownerExec, 'omnio_app')));
      const all = ran.flat();
      const rows = await databases[0]!.ownerExec('SELECT name FROM schema_migrations ORDER BY name');
      expect(all.sort()).toEqual(rows.map((r) => r.name));
      expect(new Set(all).size).toBe(all.length);
      // A later start finds nothing left to do.
      expect(await migrate(databases[0]!.ownerExec, 'omnio_app')).toEqual([]);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});
