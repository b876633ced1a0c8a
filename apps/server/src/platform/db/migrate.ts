import fs from 'node:fs';
import path from 'node:path';
import { PERMISSIONS } from '@omnio/domain';
import type { OwnerExec } from './client';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** Any constant key: every Omnio process migrating one database takes the same transaction-level lock. */
const MIGRATION_LOCK = 7_310_420_611;
const ALREADY_APPLIED = 'omnio_migration_already_applied';

function literal(value: string | number): string {
  return typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`;
}

/**
 * Applies the SQL files of migrations/ in name order, once each, then re-asserts the invariants every
 * start must hold: grants to the app role, forced row-level security on every table with a tenant_id,
 * and the permission catalog of packages/domain.
 */
export async function migrate(ownerExec: OwnerExec, appRole: string): Promise<string[]> {
  if (!/^[a-z_][a-z0-9_]*$/.test(appRole)) throw new Error(`Invalid DB_APP_ROLE: ${appRole}`);
  await ownerExec(`BEGIN; SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});
CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now()); COMMIT;`);
  const applied = new Set((await ownerExec('SELECT name FROM schema_migrations')).map((r) => String(r.name)));
  const files = fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
  const ran: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const body = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8').replaceAll('{{app_role}}', appRole);
    // Two processes starting on one PostgreSQL at once: the lock serialises them, and the later one finds the
    // file applied, raises the marker and rolls back instead of running the body twice.
    try {
      await ownerExec(`BEGIN;\nSELECT pg_advisory_xact_lock(${MIGRATION_LOCK});
DO $guard$ BEGIN
  IF EXISTS (SELECT 1 FROM schema_migrations WHERE name = ${literal(file)}) THEN RAISE EXCEPTION '${ALREADY_APPLIED}'; END IF;
END $guard$;
${body}
INSERT INTO schema_migrations (name) VALUES (${literal(file)});\nCOMMIT;`);
    } catch (err) {
      if (!(err instanceof Error && err.message.includes(ALREADY_APPLIED))) throw err;
      continue;
    }
    ran.push(file);
  }
  await ownerExec(invariantsSql(appRole));
  return ran;
}

function invariantsSql(appRole: string): string {
  const catalog = PERMISSIONS.map(
    (p) => `(${literal(p.id)}, ${literal(p.name)}, ${literal(p.action)}, ${literal(p.resource)}, ${literal(p.section)}, ${literal(p.scope)})`,
  ).join(',\n');
  // Concurrent GRANTs on one object fail with "tuple concurrently updated": take the migration lock first.
  return `
BEGIN;
SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});
GRANT USAGE ON SCHEMA public TO ${appRole};
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${appRole};
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${appRole};
REVOKE INSERT, UPDATE, DELETE ON schema_migrations FROM ${appRole};
-- The inventory ledger is append-only for the application (the GRANT above would otherwise re-allow it).
DO $$
BEGIN
  IF to_regclass('public.inventory_movements') IS NOT NULL THEN
    EXECUTE 'REVOKE UPDATE, DELETE, TRUNCATE ON inventory_movements FROM ${appRole}';
  END IF;
  -- The activity log is history: the application may correct a label in the transaction that wrote it, never delete.
  IF to_regclass('public.activity_log') IS NOT NULL THEN
    EXECUTE 'REVOKE DELETE, TRUNCATE ON activity_log FROM ${appRole}';
  END IF;
END $$;
DO $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.relname);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.relname);
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t.relname AND policyname = 'tenant_isolation') THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I USING (tenant_id = NULLIF(current_setting(''app.tenant_id'', true), '''')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting(''app.tenant_id'', true), '''')::uuid)',
        t.relname);
    END IF;
  END LOOP;
END $$;
INSERT INTO permissions (id, name, action, resource, section, scope) VALUES
${catalog}
ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, action = EXCLUDED.action, resource = EXCLUDED.resource,
  section = EXCLUDED.section, scope = EXCLUDED.scope;
COMMIT;`;
}
