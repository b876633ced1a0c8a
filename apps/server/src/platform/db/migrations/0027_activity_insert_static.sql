-- The activity log's insert trigger with a plan of its own per table (issue 4, single-create throughput).
-- activity_on_insert builds its INSERT … SELECT with format() and runs it with EXECUTE, so PostgreSQL parsed
-- and planned it for every statement that inserted into a tracked table: for a single order, more work than
-- writing the log row. Each tracked table now gets activity_ins_<table>(), the same statement as static SQL,
-- which PL/pgSQL plans once per session. The arguments each table was tracked with are read back from its
-- existing trigger, so nothing is listed twice. Updates and deletes keep the dynamic functions (rarer, and the
-- update's comparison is generated from the catalog).

-- The static insert function and trigger of one table; args as activity_track passes them.
CREATE FUNCTION activity_track_insert(tbl regclass, object_type text, label text, id_col text, tenant_col text, row_filter text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  fn text := format('activity_ins_%s', (SELECT c.relname FROM pg_class c WHERE c.oid = tbl));
BEGIN
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
    DECLARE
      t uuid;
    BEGIN
      -- A statement that touched no row costs nothing more.
      IF NOT EXISTS (SELECT 1 FROM activity_new) THEN RETURN NULL; END IF;
      t := activity_tenant();
      IF t IS NULL THEN RETURN NULL; END IF;
      INSERT INTO activity_log (tenant_id, user_id, impersonator_id, ip, action, object_type, object_id, object_label)
      SELECT t, NULLIF(current_setting('app.user_id', true), '')::uuid, NULLIF(current_setting('app.impersonator_id', true), '')::uuid,
        NULLIF(current_setting('app.ip', true), ''), 'created', %2$L, r.%3$I, left(%4$s, 200)
      FROM activity_new r WHERE r.%5$I = t AND (%6$s);
      RETURN NULL;
    END $body$ $f$, fn, object_type, id_col, label, tenant_col, row_filter);
  EXECUTE format('DROP TRIGGER IF EXISTS activity_ins ON %s', tbl);
  EXECUTE format('CREATE TRIGGER activity_ins AFTER INSERT ON %s REFERENCING NEW TABLE AS activity_new FOR EACH STATEMENT EXECUTE FUNCTION %I()', tbl, fn);
END $$;

-- Every table tracked so far: its activity_ins trigger's arguments are (object_type, label, id_col,
-- tenant_col, ignore, row_filter), NUL-separated in tgargs.
DO $$
DECLARE
  r record;
  a text[];
BEGIN
  FOR r IN
    SELECT tg.tgrelid::regclass AS tbl, tg.tgargs FROM pg_trigger tg
    WHERE tg.tgname = 'activity_ins' AND tg.tgfoid = 'activity_on_insert'::regproc
  LOOP
    -- encode(…, 'escape') shows each NUL as \000 and doubles a backslash (the arguments hold no other bytes to escape).
    SELECT array_agg(replace(x, '\\', '\') ORDER BY n) INTO a
    FROM unnest(string_to_array(encode(r.tgargs, 'escape'), '\000')) WITH ORDINALITY AS u(x, n);
    PERFORM activity_track_insert(r.tbl, a[1], a[2], a[3], a[4], coalesce(nullif(a[6], ''), 'true'));
  END LOOP;
END $$;
DROP FUNCTION activity_on_insert();

-- Tables tracked from now on get the static insert trigger too.
CREATE OR REPLACE FUNCTION activity_track(tbl regclass, object_type text, label text, id_col text DEFAULT 'id', tenant_col text DEFAULT 'tenant_id',
  ignore text[] DEFAULT '{}', row_filter text DEFAULT 'true')
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  args text := format('%L, %L, %L, %L, %L, %L', object_type, label, id_col, tenant_col, array_to_string(ignore, ','), row_filter);
BEGIN
  PERFORM activity_track_insert(tbl, object_type, label, id_col, tenant_col, row_filter);
  EXECUTE format('CREATE TRIGGER activity_upd AFTER UPDATE ON %s REFERENCING OLD TABLE AS activity_old NEW TABLE AS activity_new FOR EACH STATEMENT EXECUTE FUNCTION activity_on_update(%s)', tbl, args);
  EXECUTE format('CREATE TRIGGER activity_del AFTER DELETE ON %s REFERENCING OLD TABLE AS activity_old FOR EACH STATEMENT EXECUTE FUNCTION activity_on_delete(%s)', tbl, args);
END $$;
