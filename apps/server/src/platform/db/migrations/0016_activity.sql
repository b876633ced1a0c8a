-- Activity log (issue 6): who did what to which object, written by triggers in the same transaction as the
-- change, so no module has to remember it and a rolled-back request leaves no trace. withTenant sets
-- app.tenant_id, app.user_id, app.impersonator_id and app.ip for the transaction; the triggers read them
-- (an empty setting means "nobody": a system job, the seed).
--
-- Statement-level AFTER triggers with transition tables: a 5,000-row import costs one INSERT … SELECT per
-- statement, not 5,000 trigger calls. user_id has no foreign key on purpose: the log outlives a deleted user,
-- and a per-row referential check would cost more than the log row itself.
CREATE TABLE activity_log (
  tenant_id       uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id              uuid NOT NULL DEFAULT gen_random_uuid(),
  -- Rows of one transaction share created_at (now()); seq keeps them in the order they were written.
  seq             bigint GENERATED ALWAYS AS IDENTITY,
  created_at      timestamptz NOT NULL DEFAULT now(),
  user_id         uuid,
  impersonator_id uuid,
  -- Text, not inet: whatever the proxy reports must never make the user's own change fail on a cast.
  ip              text,
  action          text NOT NULL CHECK (action IN ('created', 'updated', 'status_changed', 'deleted')),
  object_type     text NOT NULL,
  object_id       uuid NOT NULL,
  object_label    text,
  -- {column: [before, after]} of the columns an update changed (noise and secrets left out); null otherwise.
  changes         jsonb,
  summary         text,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX activity_log_created_idx ON activity_log (tenant_id, created_at DESC, seq DESC);
CREATE INDEX activity_log_user_idx ON activity_log (tenant_id, user_id, created_at DESC, seq DESC);
CREATE INDEX activity_log_object_idx ON activity_log (tenant_id, object_type, object_id, created_at DESC);

-- Columns never copied into the log: bookkeeping (timestamps, version counters, lower-cased *_key copies,
-- search vectors) and secrets (passwords, secrets, tokens, hashes).
CREATE FUNCTION activity_ignored_column(k text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT k IN ('created_at', 'updated_at', 'version', 'tenant_id', 'id', 'seq')
      OR k ~ '(^|_)(password|passwd|secret|secrets|token|tokens|hash|api_key|private_key|credentials?)(_|$)'
      OR k ~ '(_key|_tsv|_vector|_search)$'
$$;

-- The tenant the log is written for: the transaction's own, and only while that company still exists (a
-- company being deleted cascades into its tables; logging those deletes would point at a missing company).
CREATE FUNCTION activity_tenant() RETURNS uuid LANGUAGE plpgsql STABLE AS $$
DECLARE
  t uuid := NULLIF(current_setting('app.tenant_id', true), '')::uuid;
BEGIN
  IF t IS NULL OR NOT EXISTS (SELECT 1 FROM companies WHERE id = t) THEN
    RETURN NULL;
  END IF;
  RETURN t;
END $$;

-- Trigger arguments: object_type, label expression over the row alias r, id column, tenant column, columns an
-- update ignores (comma separated), row filter over r.
-- They are written by migrations only (activity_track below), never from user input.
CREATE FUNCTION activity_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t uuid;
BEGIN
  -- A statement that touched no row (an UPDATE … WHERE that matched nothing) costs nothing more.
  IF NOT EXISTS (SELECT 1 FROM activity_new) THEN RETURN NULL; END IF;
  t := activity_tenant();
  IF t IS NULL THEN RETURN NULL; END IF;
  EXECUTE format($q$
    INSERT INTO activity_log (tenant_id, user_id, impersonator_id, ip, action, object_type, object_id, object_label)
    SELECT $1, NULLIF(current_setting('app.user_id', true), '')::uuid, NULLIF(current_setting('app.impersonator_id', true), '')::uuid,
      NULLIF(current_setting('app.ip', true), ''), 'created', %L, r.%I, left(%s, 200)
    FROM activity_new r WHERE r.%I = $1 AND (%s) $q$, TG_ARGV[0], TG_ARGV[2], TG_ARGV[1], TG_ARGV[3], coalesce(TG_ARGV[5], 'true')) USING t;
  RETURN NULL;
END $$;

CREATE FUNCTION activity_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t uuid;
BEGIN
  -- A statement that touched no row (an UPDATE … WHERE that matched nothing) costs nothing more.
  IF NOT EXISTS (SELECT 1 FROM activity_old) THEN RETURN NULL; END IF;
  t := activity_tenant();
  IF t IS NULL THEN RETURN NULL; END IF;
  EXECUTE format($q$
    INSERT INTO activity_log (tenant_id, user_id, impersonator_id, ip, action, object_type, object_id, object_label)
    SELECT $1, NULLIF(current_setting('app.user_id', true), '')::uuid, NULLIF(current_setting('app.impersonator_id', true), '')::uuid,
      NULLIF(current_setting('app.ip', true), ''), 'deleted', %L, r.%I, left(%s, 200)
    FROM activity_old r WHERE r.%I = $1 AND (%s) $q$, TG_ARGV[0], TG_ARGV[2], TG_ARGV[1], TG_ARGV[3], coalesce(TG_ARGV[5], 'true')) USING t;
  RETURN NULL;
END $$;

-- An update writes one row per changed object with only the meaningful columns that changed; an update that
-- changes nothing meaningful writes nothing. A row created earlier in the same transaction (its created_at is
-- the transaction's now()) is not logged again: the pipeline's follow-up updates (order number, allocation)
-- are part of creating it, so they only refresh the label of its 'created' row.
-- The column comparison is generated per statement from the catalog (a typed comparison per column, no
-- to_jsonb of whole rows), so a column added later is covered, and one named like a secret never is.
-- Transition tables carry no statistics, so the planner guesses a couple of rows and would nest-loop the
-- relabelling join (25 million comparisons for a 5,000-order import): hash or merge joins only, here.
CREATE FUNCTION activity_on_update() RETURNS trigger LANGUAGE plpgsql SET enable_nestloop = off AS $$
DECLARE
  t uuid;
  diff text;
  has_created boolean;
BEGIN
  -- A statement that touched no row (an UPDATE … WHERE that matched nothing) costs nothing more.
  IF NOT EXISTS (SELECT 1 FROM activity_new) THEN RETURN NULL; END IF;
  t := activity_tenant();
  IF t IS NULL THEN RETURN NULL; END IF;
  SELECT coalesce(string_agg(format(
           CASE WHEN a.atttypid IN ('json'::regtype, 'xml'::regtype, 'point'::regtype)
             THEN 'CASE WHEN o.%1$I::text IS DISTINCT FROM r.%1$I::text THEN jsonb_build_object(%1$L, jsonb_build_array(o.%1$I, r.%1$I)) ELSE ''{}''::jsonb END'
             ELSE 'CASE WHEN o.%1$I IS DISTINCT FROM r.%1$I THEN jsonb_build_object(%1$L, jsonb_build_array(o.%1$I, r.%1$I)) ELSE ''{}''::jsonb END'
           END, a.attname), ' || ' ORDER BY a.attnum)
           FILTER (WHERE NOT activity_ignored_column(a.attname) AND NOT a.attname = ANY (string_to_array(coalesce(TG_ARGV[4], ''), ','))),
           '''{}''::jsonb'),
         coalesce(bool_or(a.attname = 'created_at'), false)
    INTO diff, has_created
    FROM pg_attribute a
   WHERE a.attrelid = TG_RELID AND a.attnum > 0 AND NOT a.attisdropped;
  EXECUTE format($q$
    WITH d AS MATERIALIZED (
      SELECT s.oid, s.label, s.fresh, s.changes
      FROM (
        -- CASE evaluates lazily: a fresh row's columns are never compared.
        SELECT r.%2$I AS oid, left(%3$s, 200) AS label, %5$s AS fresh, CASE WHEN %5$s THEN NULL ELSE %6$s END AS changes
        FROM activity_new r JOIN activity_old o ON o.%4$I = r.%4$I AND o.%2$I = r.%2$I
        WHERE r.%4$I = $1 AND (%7$s)
      ) s
    ), relabel AS (
      -- No join here (nested loops are off): the fresh ids are one array, an index condition on
      -- activity_log_object_idx, and their labels one map, each computed once. A join would scan the whole log.
      UPDATE activity_log a SET object_label = (SELECT jsonb_object_agg(d.oid::text, d.label) FROM d WHERE d.fresh) ->> a.object_id::text
      WHERE a.tenant_id = $1 AND a.object_type = %1$L AND a.object_id = ANY (ARRAY(SELECT d.oid FROM d WHERE d.fresh))
        AND a.action = 'created' AND a.created_at = now()
        AND a.object_label IS DISTINCT FROM (SELECT jsonb_object_agg(d.oid::text, d.label) FROM d WHERE d.fresh) ->> a.object_id::text
      RETURNING 1
    )
    INSERT INTO activity_log (tenant_id, user_id, impersonator_id, ip, action, object_type, object_id, object_label, changes, summary)
    SELECT $1, NULLIF(current_setting('app.user_id', true), '')::uuid, NULLIF(current_setting('app.impersonator_id', true), '')::uuid,
      NULLIF(current_setting('app.ip', true), ''), CASE WHEN d.changes ? 'status' THEN 'status_changed' ELSE 'updated' END, %1$L, d.oid, d.label,
      d.changes,
      left((SELECT string_agg(k || ': ' || activity_value_text(v->0) || ' → ' || activity_value_text(v->1), '; ' ORDER BY k)
            FROM jsonb_each(d.changes) AS e(k, v)), 1000)
    FROM d WHERE NOT d.fresh AND d.changes <> '{}'::jsonb $q$,
    TG_ARGV[0], TG_ARGV[2], TG_ARGV[1], TG_ARGV[3], CASE WHEN has_created THEN 'o.created_at = now()' ELSE 'false' END, diff,
    coalesce(TG_ARGV[5], 'true')) USING t;
  RETURN NULL;
END $$;

-- A value as the summary shows it: text without quotes, null as an empty mark, long values cut.
CREATE FUNCTION activity_value_text(v jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN v IS NULL OR jsonb_typeof(v) = 'null' THEN '—'
              WHEN jsonb_typeof(v) = 'string' THEN left(v #>> '{}', 80)
              ELSE left(v::text, 80) END
$$;

-- Puts a table under the log: three statement-level triggers (one per event; a trigger with transition
-- tables takes a single event). label is an SQL expression over the row alias r; ignore lists columns of
-- bookkeeping an update of which is not worth an entry (a delivery counter); row_filter (over r) limits the
-- rows logged. Later migrations call it for their own tables, e.g.
--   SELECT activity_track('webhook_subscriptions', 'webhook', 'r.address', ignore => '{consecutive_failures,last_delivery_at}');
CREATE FUNCTION activity_track(tbl regclass, object_type text, label text, id_col text DEFAULT 'id', tenant_col text DEFAULT 'tenant_id',
  ignore text[] DEFAULT '{}', row_filter text DEFAULT 'true')
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  args text := format('%L, %L, %L, %L, %L, %L', object_type, label, id_col, tenant_col, array_to_string(ignore, ','), row_filter);
BEGIN
  EXECUTE format('CREATE TRIGGER activity_ins AFTER INSERT ON %s REFERENCING NEW TABLE AS activity_new FOR EACH STATEMENT EXECUTE FUNCTION activity_on_insert(%s)', tbl, args);
  EXECUTE format('CREATE TRIGGER activity_upd AFTER UPDATE ON %s REFERENCING OLD TABLE AS activity_old NEW TABLE AS activity_new FOR EACH STATEMENT EXECUTE FUNCTION activity_on_update(%s)', tbl, args);
  EXECUTE format('CREATE TRIGGER activity_del AFTER DELETE ON %s REFERENCING OLD TABLE AS activity_old FOR EACH STATEMENT EXECUTE FUNCTION activity_on_delete(%s)', tbl, args);
END $$;

SELECT activity_track('orders', 'order', 'r.number');
SELECT activity_track('customers', 'customer', $$coalesce(nullif(concat_ws(' ', r.first_name, r.last_name), ''), r.email, r.company)$$);
SELECT activity_track('products', 'product', 'r.name');
SELECT activity_track('skus', 'sku', 'r.sku');
SELECT activity_track('ilocs', 'iloc', 'r.name');
SELECT activity_track('suppliers', 'supplier', 'r.name');
SELECT activity_track('purchase_orders', 'purchase_order', 'r.number');
SELECT activity_track('transfers', 'transfer', 'r.number');
SELECT activity_track('shipments', 'shipment', 'r.number');
SELECT activity_track('returns', 'return', 'r.number');
SELECT activity_track('supply_shipments', 'supply_shipment', 'r.asn_number');
SELECT activity_track('packing_templates', 'packing_template', 'r.name');
-- One configuration per tenant: its id is the tenant's.
SELECT activity_track('mail_configurations', 'mail_configuration', 'r.from_email', 'tenant_id');
-- Memberships are the tenant's users (company_users has company_id, not tenant_id).
SELECT activity_track('company_users', 'user', '(SELECT u.email FROM users u WHERE u.id = r.user_id)', 'user_id', 'company_id');
