import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { queryRows } from './rows';
import { sqlStateOf } from './sql-state';
import { withTenant } from './tenant';

/**
 * Row-level security, proven for every tenant table the database has (read from the catalog, not a hand list),
 * so a new table is covered the day it is created. For each table, inside withTenant(Acme): a SELECT sees none
 * of Globex's rows, an UPDATE or DELETE aimed at them touches none, and an INSERT of a Globex row or an UPDATE
 * moving an Acme row to Globex is refused by the policy.
 *
 * Most tables are empty in the demo seed, so first every table gets one row of each company that has none, made
 * by the database owner from the column defaults, with a filler value of the column's type where a NOT NULL
 * column has no default. For that the owner drops this clone's CHECK constraints (a filler text is no valid
 * status) and runs with session_replication_role = replica, which skips foreign-key and other triggers (the
 * filler ids point nowhere). None of that touches what is under test: the policies read tenant_id alone, and
 * PostgreSQL checks a policy's WITH CHECK before constraints and foreign keys. The clone is this file's own.
 */

let t: TestApp;
let acme: string;
let globex: string;
let tables: { name: string; update: boolean; delete: boolean; insert: boolean }[];

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** The message of the PostgreSQL error under Drizzle's wrapping. */
function messageOf(err: unknown): string {
  const messages: string[] = [];
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    messages.push(String((e as { message?: unknown }).message));
  }
  return messages.join(' / ');
}

/** Runs fn as Acme and answers the error it raised (null when none). */
async function refusalAsAcme(fn: Parameters<typeof withTenant>[1]): Promise<{ state: string | null; message: string } | null> {
  try {
    await withTenant({ db: t.database.db, tenantId: acme }, fn);
    return null;
  } catch (err) {
    return { state: sqlStateOf(err), message: messageOf(err) };
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const [ids] = await t.database.ownerExec(`
    SELECT (SELECT id FROM companies WHERE name = 'Acme Outfitters') AS acme, (SELECT id FROM companies WHERE name = 'Globex Retail') AS globex`);
  acme = String(ids!.acme);
  globex = String(ids!.globex);
  const rows = await t.database.ownerExec(`
    SELECT c.relname AS name, has_table_privilege('omnio_app', c.oid, 'UPDATE') AS update,
      has_table_privilege('omnio_app', c.oid, 'DELETE') AS delete, has_table_privilege('omnio_app', c.oid, 'INSERT') AS insert
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
    ORDER BY c.relname`);
  tables = rows as typeof tables;
  await t.database.ownerExec(`
    BEGIN;
    SET LOCAL session_replication_role = replica;
    DO $$
    DECLARE
      tbl record; con record; col record; tenant uuid; present boolean; cols text; vals text;
    BEGIN
      FOR tbl IN
        SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      LOOP
        FOR con IN SELECT conname FROM pg_constraint WHERE conrelid = tbl.oid AND contype = 'c' LOOP
          EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', tbl.relname, con.conname);
        END LOOP;
        FOREACH tenant IN ARRAY ARRAY['${acme}', '${globex}']::uuid[] LOOP
          EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE tenant_id = $1)', tbl.relname) INTO present USING tenant;
          CONTINUE WHEN present;
          cols := 'tenant_id';
          vals := quote_literal(tenant) || '::uuid';
          FOR col IN
            SELECT a.attname, format_type(a.atttypid, a.atttypmod) AS type, a.atttypid, ty.typcategory, ty.typtype
            FROM pg_attribute a JOIN pg_type ty ON ty.oid = a.atttypid
            WHERE a.attrelid = tbl.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attnotnull AND NOT a.atthasdef
              AND a.attidentity = '' AND a.attgenerated = '' AND a.attname <> 'tenant_id'
          LOOP
            cols := cols || ', ' || quote_ident(col.attname);
            vals := vals || ', ' || CASE
              WHEN col.atttypid = 'uuid'::regtype THEN 'gen_random_uuid()'
              WHEN col.atttypid IN ('json'::regtype, 'jsonb'::regtype) THEN '''{}'''
              WHEN col.typcategory = 'A' THEN '''{}'''
              WHEN col.typcategory = 'S' THEN 'md5(random()::text)'
              WHEN col.typcategory = 'N' THEN '(1 + random() * 90)::int'
              WHEN col.typcategory = 'B' THEN 'false'
              WHEN col.typcategory = 'D' THEN 'now()'
              WHEN col.typtype = 'e' THEN quote_literal((SELECT enumlabel FROM pg_enum WHERE enumtypid = col.atttypid ORDER BY enumsortorder LIMIT 1))
              ELSE 'NULL'
            END || '::' || col.type;
          END LOOP;
          EXECUTE format('INSERT INTO %I (%s) VALUES (%s)', tbl.relname, cols, vals);
        END LOOP;
      END LOOP;
    END $$;
    COMMIT;`);
}, 60_000);
afterAll(() => t.close());

describe('every tenant table, inside withTenant(Acme)', () => {
  it('the catalog lists the tenant tables, and each has a row of both companies', async () => {
    expect(tables.length).toBeGreaterThan(40);
    const counts = await t.database.ownerExec(tables.map((tb) => `
      SELECT '${tb.name}' AS name, count(*) FILTER (WHERE tenant_id = '${acme}')::int AS acme, count(*) FILTER (WHERE tenant_id = '${globex}')::int AS globex
      FROM "${tb.name}"`).join(' UNION ALL '));
    expect(counts).toHaveLength(tables.length);
    expect(counts.filter((c) => Number(c.acme) === 0 || Number(c.globex) === 0)).toEqual([]);
  });

  it('a SELECT sees its own rows and none of another tenant', async () => {
    for (const tb of tables) {
      const [seen] = await withTenant({ db: t.database.db, tenantId: acme }, (tx) => queryRows<{ own: number; others: number }>(tx, sql`
        SELECT count(*) FILTER (WHERE tenant_id = ${acme}::uuid)::int AS own, count(*) FILTER (WHERE tenant_id IS DISTINCT FROM ${acme}::uuid)::int AS others
        FROM ${ident(tb.name)}`));
      expect(seen, tb.name).toEqual({ own: expect.any(Number), others: 0 });
      expect(seen!.own, tb.name).toBeGreaterThan(0);
      // The Globex rows are there: their own tenant sees them.
      const [theirs] = await withTenant({ db: t.database.db, tenantId: globex }, (tx) => queryRows<{ n: number }>(tx, sql`
        SELECT count(*)::int AS n FROM ${ident(tb.name)} WHERE tenant_id = ${globex}::uuid`));
      expect(theirs!.n, tb.name).toBeGreaterThan(0);
    }
  });

  it('an UPDATE or DELETE of another tenant\'s rows touches none of them', async () => {
    const before = await globexRows();
    for (const tb of tables) {
      for (const verb of ['update', 'delete'] as const) {
        const statement = verb === 'update'
          ? sql`UPDATE ${ident(tb.name)} SET tenant_id = tenant_id WHERE tenant_id = ${globex}::uuid RETURNING tenant_id`
          : sql`DELETE FROM ${ident(tb.name)} WHERE tenant_id = ${globex}::uuid RETURNING tenant_id`;
        if (tb[verb]) {
          const touched = await withTenant({ db: t.database.db, tenantId: acme }, (tx) => queryRows(tx, statement));
          expect(touched, `${verb} ${tb.name}`).toEqual([]);
        } else {
          // The app role may not do this at all here (the inventory ledger is append-only, say).
          expect(await refusalAsAcme((tx) => queryRows(tx, statement)), `${verb} ${tb.name}`).toMatchObject({ state: '42501', message: expect.stringMatching(/permission denied/) });
        }
      }
    }
    expect(await globexRows()).toEqual(before);
  });

  it('an INSERT of a row for another tenant, or an UPDATE moving a row there, is refused by the policy', async () => {
    const before = await globexRows();
    // A copy of one of Acme's rows per table, as the owner reads it, and the columns an INSERT may name.
    const templates = new Map((await t.database.ownerExec(tables.map((tb) => `
      SELECT '${tb.name}' AS name, (SELECT row_to_json(x) FROM "${tb.name}" x WHERE tenant_id = '${acme}' LIMIT 1) AS row,
        (SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) FROM pg_attribute
         WHERE attrelid = '"${tb.name}"'::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' AND attidentity <> 'a') AS columns`).join(' UNION ALL ')))
      .map((r) => [String(r.name), { row: r.row as Record<string, unknown>, columns: String(r.columns) }]));
    for (const tb of tables) {
      const template = templates.get(tb.name)!;
      const row = { ...template.row, tenant_id: globex };
      const list = sql.raw(template.columns);
      const insert = await refusalAsAcme((tx) => tx.execute(sql`
        INSERT INTO ${ident(tb.name)} (${list}) SELECT ${list} FROM json_populate_record(NULL::${ident(tb.name)}, ${JSON.stringify(row)}::json)`));
      const policy = { state: '42501', message: expect.stringMatching(/new row violates row-level security policy/) };
      const denied = { state: '42501', message: expect.stringMatching(/permission denied/) };
      expect(insert, `insert ${tb.name}`).toMatchObject(tb.insert ? policy : denied);
      const move = await refusalAsAcme((tx) => tx.execute(sql`UPDATE ${ident(tb.name)} SET tenant_id = ${globex}::uuid`));
      expect(move, `update ${tb.name}`).toMatchObject(tb.update ? policy : denied);
    }
    expect(await globexRows()).toEqual(before);
  });
});

/** Each tenant table's Globex rows as the owner sees them, to show that nothing of theirs changed. */
async function globexRows(): Promise<Record<string, unknown>[]> {
  return t.database.ownerExec(tables.map((tb) => `
    SELECT '${tb.name}' AS name, count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS digest
    FROM "${tb.name}" x WHERE tenant_id = '${globex}'`).join(' UNION ALL '));
}
