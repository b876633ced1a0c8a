import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { createTestApp, type TestApp } from './test/test-app';
import { schema } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The SQL migrations are the truth; the Drizzle tables the code queries must say the same. */
describe('schema drift', () => {
  it('every Drizzle column exists in the migrated database with the same nullability', async () => {
    const rows = await t.database.ownerExec(
      `SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const db = new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, r.is_nullable === 'YES']));
    const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => typeof v === 'object' && v !== null && Symbol.for('drizzle:IsDrizzleTable') in v);
    expect(tables.length).toBeGreaterThan(5);
    for (const table of tables) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        const key = `${config.name}.${column.name}`;
        expect(db.has(key), `${key} missing in migrations`).toBe(true);
        expect(db.get(key), `${key} nullability`).toBe(!column.notNull);
      }
    }
  });
});
