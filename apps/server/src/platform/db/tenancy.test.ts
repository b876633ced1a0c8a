import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { Queryable } from './client';
import { queryRows } from './rows';
import { sqlStateOf } from './sql-state';
import { withTenant } from './tenant';

/**
 * Every policy besides tenant_isolation, by table ("name command"). Each one lets a transaction across tenants
 * (platform/db/privileged.ts says who and why): a new one must be named here on purpose, or this file fails.
 */
const KNOWN_POLICIES: Record<string, string[]> = {
  billing_usage: ['platform_read SELECT'],
  job_schedules: ['job_worker ALL'],
  jobs: ['job_worker ALL'],
  processes: ['inbound_gateway SELECT'],
  subscription_checkouts: ['platform_read SELECT'],
  subscriptions: ['platform_read SELECT'],
  webhook_deliveries: ['webhook_dispatcher ALL'],
  webhook_subscriptions: ['webhook_dispatcher ALL'],
};
/** tenant_isolation's USING and WITH CHECK, as PostgreSQL prints them (migrate.ts creates the policy). */
const TENANT_CHECK = "(tenant_id = (NULLIF(current_setting('app.tenant_id'::text, true), ''::text))::uuid)";

let t: TestApp;
let acme: string;
let globex: string;

/** Plain SQL on purpose: platform tests may not import a module's tables (architecture.test.ts). */
const ilocRows = (db: Queryable) => queryRows<{ id: string; code: string; tenant_id: string }>(db, sql`SELECT id, code, tenant_id FROM ilocs`);

/** What a refused statement raised: its SQLSTATE (sqlStateOf looks under Drizzle's wrapper) and the driver's message. */
const pgError = (err: unknown) => ({ code: sqlStateOf(err), message: String((err as { cause?: Error }).cause?.message ?? (err as Error).message) });

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.ownerExec(`SELECT id, name FROM companies`);
  acme = String(rows.find((c) => c.name === 'Acme Outfitters')!.id);
  globex = String(rows.find((c) => c.name === 'Globex Retail')!.id);
});
afterAll(() => t.close());

describe('row-level security', () => {
  it('a query with no tenant filter at all returns only the current tenant rows', async () => {
    const acmeRows = await withTenant({ db: t.database.db, tenantId: acme }, ilocRows);
    const globexRows = await withTenant({ db: t.database.db, tenantId: globex }, ilocRows);
    expect(acmeRows.map((r) => r.code).sort()).toEqual(['AUS-MAIN', 'SE-RENO', 'STORE-1']);
    expect(globexRows.map((r) => r.code).sort()).toEqual(['MAD-1', 'MS-UK']);
    expect(acmeRows.every((r) => r.tenant_id === acme)).toBe(true);
  });

  it('outside withTenant the application role sees no tenant rows', async () => {
    expect(await ilocRows(t.database.db)).toEqual([]);
  });

  it('cannot write a row into another tenant, nor move one there', async () => {
    const policy = { code: '42501', message: expect.stringMatching(/new row violates row-level security policy for table "ilocs"/) };
    const insert = await withTenant({ db: t.database.db, tenantId: acme }, (tx) =>
      tx.execute(sql`INSERT INTO ilocs (tenant_id, name) VALUES (${globex}, 'Sneaky')`),
    ).then(() => null, pgError);
    expect(insert).toMatchObject(policy);
    const move = await withTenant({ db: t.database.db, tenantId: acme }, async (tx) => {
      const [row] = await ilocRows(tx);
      return tx.execute(sql`UPDATE ilocs SET tenant_id = ${globex} WHERE id = ${row!.id}`);
    }).then(() => null, pgError);
    expect(move).toMatchObject(policy);
    const globexRows = await withTenant({ db: t.database.db, tenantId: globex }, ilocRows);
    expect(globexRows).toHaveLength(2);
  });

  it('every tenant table has forced row-level security, and no policy exists that is not named in KNOWN_POLICIES', async () => {
    const tables = await t.database.ownerExec(`
      SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity,
        EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped) AS tenant_owned
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`);
    const tenantTables = tables.filter((r) => r.tenant_owned).map((r) => String(r.relname));
    expect(tenantTables.length).toBeGreaterThan(40);
    for (const row of tables.filter((r) => r.tenant_owned)) {
      expect(row, String(row.relname)).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
    }
    // A table without tenant_id under row-level security is a policy decision too: it must be named.
    const otherRls = tables.filter((r) => !r.tenant_owned && r.relrowsecurity).map((r) => String(r.relname));
    for (const table of otherRls) expect(Object.keys(KNOWN_POLICIES), table).toContain(table);
    const policies = await t.database.ownerExec(`
      SELECT tablename, policyname, cmd, permissive, qual, with_check FROM pg_policies WHERE schemaname = 'public' ORDER BY tablename, policyname`);
    const actual: Record<string, string[]> = {};
    for (const p of policies) (actual[String(p.tablename)] ??= []).push(`${String(p.policyname)} ${String(p.cmd)}`);
    const expected: Record<string, string[]> = {};
    for (const table of tenantTables) expected[table] = ['tenant_isolation ALL'];
    for (const [table, names] of Object.entries(KNOWN_POLICIES)) expected[table] = [...(expected[table] ?? []), ...names];
    for (const names of Object.values(expected)) names.sort();
    expect(actual).toEqual(expected);
    // tenant_isolation means the same everywhere: a loosened copy on one table would be an escape by another name.
    const isolation = policies.filter((p) => p.policyname === 'tenant_isolation');
    for (const p of isolation) {
      expect(p, String(p.tablename)).toMatchObject({ permissive: 'PERMISSIVE', qual: TENANT_CHECK, with_check: TENANT_CHECK });
    }
    // Every escape opens only when its transaction turns on the setting of the same name (privileged.ts).
    for (const p of policies.filter((x) => x.policyname !== 'tenant_isolation')) {
      const on = `(current_setting('app.${String(p.policyname)}'::text, true) = 'on'::text)`;
      expect(p, `${String(p.tablename)}.${String(p.policyname)}`).toMatchObject({ qual: on, with_check: p.cmd === 'SELECT' ? null : on });
    }
  });

  it('application queries run as a role that is neither superuser nor table owner', async () => {
    const [me] = await t.database.query<{ current_user: string; rolsuper: boolean; owns: boolean }>(
      `SELECT current_user, r.rolsuper,
         EXISTS (SELECT 1 FROM pg_tables WHERE tableowner = current_user AND schemaname = 'public') AS owns
       FROM pg_roles r WHERE r.rolname = current_user`,
      [],
    );
    expect(me).toEqual({ current_user: 'omnio_app', rolsuper: false, owns: false });
  });

  it('tenant_id leads every index of tenant-owned tables', async () => {
    const rows = await t.database.ownerExec(`
      SELECT i.indexrelid::regclass::text AS index, a.attname AS first_column
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indrelid
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
      WHERE c.relname IN (SELECT table_name FROM information_schema.columns WHERE column_name = 'tenant_id' AND table_schema = 'public')`);
    expect(rows.length).toBeGreaterThan(0);
    // The job queue and the webhook deliveries are claimed across tenants (policies job_worker, webhook_dispatcher): their due indexes cannot lead with a tenant.
    const crossTenant = new Set(['jobs_due_idx', 'webhook_deliveries_due_idx']);
    for (const row of rows) if (!crossTenant.has(String(row.index))) expect(row.first_column, String(row.index)).toBe('tenant_id');
  });
});
