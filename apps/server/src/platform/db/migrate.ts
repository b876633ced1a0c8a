import fs from 'node:fs';
import path from 'node:path';
import { PERMISSIONS } from '@omnio/domain';
import type { OwnerExec } from './client';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

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
  await ownerExec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied = new Set((await ownerExec('SELECT name FROM schema_migrations')).map((r) => String(r.name)));
  const files = fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
  const ran: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const body = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8').replaceAll('{{app_role}}', appRole);
    // ON CONFLICT guards against two processes migrating the same PostgreSQL at once: the loser fails the insert and rolls back.
    await ownerExec(`BEGIN;\n${body}\nINSERT INTO schema_migrations (name) VALUES (${literal(file)});\nCOMMIT;`);
    ran.push(file);
  }
  await ownerExec(invariantsSql(appRole));
  return ran;
}

function invariantsSql(appRole: string): string {
  const catalog = PERMISSIONS.map(
    (p) => `(${literal(p.id)}, ${literal(p.name)}, ${literal(p.action)}, ${literal(p.resource)}, ${literal(p.section)}, ${literal(p.scope)})`,
  ).join(',\n');
  return `
BEGIN;
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
