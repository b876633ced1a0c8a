import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { withTenant } from './tenant';
import { ilocs } from '../../modules/ilocs/ilocs.tables';
import { companies } from '../../modules/companies/companies.tables';

let t: TestApp;
let acme: string;
let globex: string;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.db.select().from(companies);
  acme = rows.find((c) => c.name === 'Acme Outfitters')!.id;
  globex = rows.find((c) => c.name === 'Globex Retail')!.id;
});
afterAll(() => t.close());

describe('row-level security', () => {
  it('a query with no tenant filter at all returns only the current tenant rows', async () => {
    const acmeRows = await withTenant({ db: t.database.db, tenantId: acme }, (tx) => tx.select().from(ilocs));
    const globexRows = await withTenant({ db: t.database.db, tenantId: globex }, (tx) => tx.select().from(ilocs));
    expect(acmeRows.map((r) => r.code).sort()).toEqual(['AUS-MAIN', 'SE-RENO', 'STORE-1']);
    expect(globexRows.map((r) => r.code).sort()).toEqual(['MAD-1', 'MS-UK']);
    expect(acmeRows.every((r) => r.tenantId === acme)).toBe(true);
  });

  it('outside withTenant the application role sees no tenant rows', async () => {
    expect(await t.database.db.select().from(ilocs)).toEqual([]);
  });

  it('cannot write a row into another tenant, nor move one there', async () => {
    await expect(
      withTenant({ db: t.database.db, tenantId: acme }, (tx) => tx.insert(ilocs).values({ tenantId: globex, name: 'Sneaky' })),
    ).rejects.toThrow();
    await expect(
      withTenant({ db: t.database.db, tenantId: acme }, async (tx) => {
        const [row] = await tx.select().from(ilocs).limit(1);
        return tx.update(ilocs).set({ tenantId: globex }).where(eq(ilocs.id, row!.id)).returning();
      }),
    ).rejects.toThrow();
    const globexRows = await withTenant({ db: t.database.db, tenantId: globex }, (tx) => tx.select().from(ilocs));
    expect(globexRows).toHaveLength(2);
  });

  it('every table with a tenant_id has forced row-level security with the tenant policy', async () => {
    const rows = await t.database.ownerExec(`
      SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity,
        EXISTS (SELECT 1 FROM pg_policies p WHERE p.tablename = c.relname AND p.policyname = 'tenant_isolation') AS has_policy
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id'
      WHERE n.nspname = 'public' AND c.relkind = 'r'`);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row, String(row.relname)).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true, has_policy: true });
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
