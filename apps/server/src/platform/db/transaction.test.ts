import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { Tx } from './client';
import { withTenant } from './tenant';
import { attempt, runAtCommit } from './transaction';
import { queryRows, queryTogether } from './rows';
import { sqlStateOf } from './sql-state';

let t: TestApp;
let acme: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = (await queryRows<{ id: string }>(t.database.db, sql`SELECT id FROM companies WHERE name = 'Acme Outfitters'`))[0]!.id;
});
afterAll(() => t.close());

// Plain SQL, not a module's tables: platform imports no module, its tests neither.
const namesIn = async (tx: Tx) => (await queryRows<{ name: string }>(tx, sql`SELECT name FROM ilocs`)).map((r) => r.name);
const ilocNames = () => withTenant({ db: t.database.db, tenantId: acme }, namesIn);
const insertIloc = (tx: Tx, name: string) => tx.execute(sql`INSERT INTO ilocs (tenant_id, name) VALUES (${acme}::uuid, ${name})`);

describe('tenant transactions', () => {
  it('set the tenant, the user and the address for the statements inside, with values that need escaping', async () => {
    const ip = "1.2.3.4' OR '1'='1 \\";
    const row = await withTenant({ db: t.database.db, tenantId: acme, actorUserId: null, ip }, async (tx) => (await queryRows<{ t: string; ip: string }>(tx, sql`
      SELECT current_setting('app.tenant_id', true) AS t, current_setting('app.ip', true) AS ip`))[0]);
    expect(row).toEqual({ t: acme, ip });
  });

  it('run a statement registered for the commit, with inlined values, when the work succeeded', async () => {
    const name = `At commit ${Date.now()} 'quoted'`;
    await withTenant({ db: t.database.db, tenantId: acme }, async (tx) => {
      runAtCommit(tx, sql`INSERT INTO ilocs (tenant_id, name) VALUES (${acme}::uuid, ${name})`);
      // Not there yet: it runs with the commit.
      expect(await namesIn(tx)).not.toContain(name);
    });
    expect(await ilocNames()).toContain(name);
  });

  it('roll everything back when the statement registered for the commit fails, and answer its mapped error', async () => {
    const name = `Rolled back ${Date.now()}`;
    const failing = withTenant({ db: t.database.db, tenantId: acme }, async (tx) => {
      await insertIloc(tx, name);
      runAtCommit(tx, sql`SELECT 1 / (SELECT count(*) FROM ilocs WHERE name = 'no such iloc')`, (err) => new Error(`mapped ${sqlStateOf(err)}`));
    });
    await expect(failing).rejects.toThrow('mapped 22012'); // division_by_zero
    expect(await ilocNames()).not.toContain(name);
    // The connection is usable afterwards (rolled back, returned to the pool).
    expect((await ilocNames()).length).toBeGreaterThan(0);
  });

  it('do not run the registered statement when the work itself fails', async () => {
    const name = `Never ${Date.now()}`;
    await expect(withTenant({ db: t.database.db, tenantId: acme }, async (tx) => {
      runAtCommit(tx, sql`INSERT INTO ilocs (tenant_id, name) VALUES (${acme}::uuid, ${name})`);
      throw new Error('the work failed');
    })).rejects.toThrow('the work failed');
    expect(await ilocNames()).not.toContain(name);
  });

  it('refuse to register a statement for the commit outside withTenant (it would never run)', async () => {
    await expect(t.database.db.transaction(async (tx) => runAtCommit(tx, sql`SELECT 1`))).rejects.toThrow(/runTransaction/);
  });

  it('attempt undoes its own writes when it fails and keeps those before it', async () => {
    const before = `Before ${Date.now()}`;
    const inside = `Inside ${Date.now()}`;
    await withTenant({ db: t.database.db, tenantId: acme }, async (tx) => {
      await insertIloc(tx, before);
      await expect(attempt(tx, async () => {
        await insertIloc(tx, inside);
        throw new Error('undo');
      })).rejects.toThrow('undo');
    });
    const names = await ilocNames();
    expect(names).toContain(before);
    expect(names).not.toContain(inside);
  });

  it('attempt sends its first statement with the savepoint, hands fn its rows, and a failure undoes only what followed', async () => {
    const inside = `Inside ${Date.now()}`;
    const seen: unknown[] = [];
    await withTenant({ db: t.database.db, tenantId: acme }, async (tx) => {
      await expect(attempt(tx, async (first) => {
        seen.push(...first);
        await insertIloc(tx, inside);
        throw new Error('undo');
      }, sql`SELECT ${"it's"}::text AS word, ${2}::int AS n`)).rejects.toThrow('undo');
      // The transaction goes on after the rollback to the savepoint.
      expect((await queryRows<{ one: number }>(tx, sql`SELECT 1 AS one`))[0]).toEqual({ one: 1 });
    });
    expect(seen).toEqual([{ word: "it's", n: 2 }]);
    expect(await ilocNames()).not.toContain(inside);
  });

  it('genericPlans reuses one plan for the transaction only', async () => {
    const mode = (genericPlans: boolean) => withTenant({ db: t.database.db, tenantId: acme }, async (tx) =>
      (await queryRows<{ m: string }>(tx, sql`SELECT current_setting('plan_cache_mode') AS m`))[0]!.m, { genericPlans });
    expect(await mode(true)).toBe('force_generic_plan');
    expect(await mode(false)).toBe('auto');
  });

  it("queryTogether answers each read's rows under its key in one statement, row-level security applying to each", async () => {
    const name = `Together ${Date.now()}`;
    const read = await withTenant({ db: t.database.db, tenantId: acme }, async (tx) => {
      await insertIloc(tx, name);
      return queryTogether(tx, {
        mine: sql`SELECT name, priority FROM ilocs WHERE name = ${name}`,
        everyTenant: sql`SELECT DISTINCT tenant_id FROM ilocs`,
        none: sql`SELECT 1 AS x WHERE false`,
      });
    });
    expect(read.mine).toEqual([{ name, priority: expect.any(Number) }]);
    expect(read.everyTenant).toEqual([{ tenant_id: acme }]);
    expect(read.none).toEqual([]);
  });
});
