-- Dashboard rollups (issue 23, docs/api-dashboard.md). The dashboard's figures come from per-day rollups, not from
-- scans of orders: a year of a company with a million orders is a few thousand rollup rows.
--
-- Why deltas and a fold, rather than triggers that update the rollups in place: every import of a company touches
-- the same few rollup rows (today × channel × status × country), so in-place upserts would make concurrent imports
-- queue on those rows' locks until each commits (and deadlock when two imports touch them in different orders).
-- Instead, statement-level triggers on orders, order_lines and order_allocations append signed DELTA rows (one per
-- key per statement, computed from the transition tables: +new rows, −old rows) to append-only tables that no one
-- updates, so writers never wait on each other. A fold (dashboard_fold, run by the `dashboard.fold` job) moves
-- deltas into the rollups with DELETE … RETURNING + upsert; SKIP LOCKED lets two folds run at once without folding
-- a delta twice, and the upsert in key order keeps them from deadlocking. A read is one statement over the rollups
-- UNION ALL the deltas not folded yet, so a figure is exact the moment an order commits, and a fold committing
-- mid-read is invisible (a statement reads one snapshot: either before the fold or after it).
--
-- Every change moves the rollups because each trigger writes f(after) − f(before) for the rows the statement
-- touched, reading the other tables' current state: a status change, cancel, late edit of total, lines, address
-- or created_at is −old +new; a delete is −old. An order's lines and allocations are attributed through the
-- order (its day, currency, and for SKUs whether it is a sale), so when those change on the order, its trigger
-- moves them too; when an order is deleted, a BEFORE DELETE row trigger takes its lines and allocations out
-- (the cascade that deletes them afterwards finds no order and writes nothing).
--
-- Days are UTC calendar days of orders.created_at. "A sale" is any status but cancelled and draft.

CREATE FUNCTION dashboard_day(ts timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT (ts AT TIME ZONE 'UTC')::date $$;

-- '' stands for "no country" so it can be part of a primary key; the orders list's search country: matches the same expression.
CREATE FUNCTION dashboard_country(addr jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT upper(btrim(coalesce(addr->>'country', ''))) $$;

CREATE FUNCTION dashboard_is_sale(status text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT status NOT IN ('cancelled', 'draft') $$;

-- Orders per day, status, channel, shipping country and currency (every status: the status card needs them all).
CREATE TABLE dashboard_order_days (
  tenant_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  day       date NOT NULL,
  status    text NOT NULL,
  channel   text NOT NULL,
  country   text NOT NULL,
  currency  char(3) NOT NULL,
  orders    bigint NOT NULL DEFAULT 0,
  units     bigint NOT NULL DEFAULT 0,
  revenue   numeric(18,2) NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, day, status, channel, country, currency)
);

-- Units and revenue of sales lines per day and SKU (lines without a known SKU are left out).
CREATE TABLE dashboard_sku_days (
  tenant_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  day       date NOT NULL,
  sku_id    uuid NOT NULL,
  currency  char(3) NOT NULL,
  units     bigint NOT NULL DEFAULT 0,
  revenue   numeric(18,2) NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, day, sku_id, currency)
);

-- Per day (the order's) and fulfilment iloc: units allocated or shipped there, and the orders that have any.
CREATE TABLE dashboard_iloc_days (
  tenant_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  day       date NOT NULL,
  iloc_id   uuid NOT NULL,
  orders    bigint NOT NULL DEFAULT 0,
  units     bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, day, iloc_id)
);

-- The deltas carry no foreign key to companies: deleting a company deletes its orders, whose triggers still write
-- deltas after the company row is gone; the fold drops those.
CREATE TABLE dashboard_order_days_delta (
  tenant_id uuid NOT NULL,
  id        bigint GENERATED ALWAYS AS IDENTITY,
  day       date NOT NULL,
  status    text NOT NULL,
  channel   text NOT NULL,
  country   text NOT NULL,
  currency  char(3) NOT NULL,
  orders    bigint NOT NULL,
  units     bigint NOT NULL,
  revenue   numeric(18,2) NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX dashboard_order_days_delta_day_idx ON dashboard_order_days_delta (tenant_id, day);

CREATE TABLE dashboard_sku_days_delta (
  tenant_id uuid NOT NULL,
  id        bigint GENERATED ALWAYS AS IDENTITY,
  day       date NOT NULL,
  sku_id    uuid NOT NULL,
  currency  char(3) NOT NULL,
  units     bigint NOT NULL,
  revenue   numeric(18,2) NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX dashboard_sku_days_delta_day_idx ON dashboard_sku_days_delta (tenant_id, day);

CREATE TABLE dashboard_iloc_days_delta (
  tenant_id uuid NOT NULL,
  id        bigint GENERATED ALWAYS AS IDENTITY,
  day       date NOT NULL,
  iloc_id   uuid NOT NULL,
  orders    bigint NOT NULL,
  units     bigint NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX dashboard_iloc_days_delta_day_idx ON dashboard_iloc_days_delta (tenant_id, day);

-- Top SKUs (docs/api-dashboard.md, "Top SKUs: the cache"). Summing the SKU rollup over a range reads every SKU sold
-- in it (220,000 rows for 30 days of a million-order year), so the card keeps, per range and currency read, the top
-- K SKUs of the FOLDED rollup (dashboard_sku_days only, never the deltas) with their exact folded totals, and a bound
-- for every other SKU: folded units <= threshold_units + slack_units. The fold keeps both right in the transaction
-- that moves the deltas: it adds the moved sums to the cached SKUs, and raises slack_units by the largest positive
-- moved sum of a SKU outside the cache. A read adds the pending deltas (one statement, one snapshot) and answers
-- from the cache when its 10th adjusted total beats that bound plus any outside SKU's pending rise; otherwise it
-- recounts and rebuilds.
--
-- fold_seq says which folded state a cache describes. Every fold of a company locks its dashboard_top_sku_state
-- row first (folds of one company therefore run one after the other) and, when it moved SKU deltas, raises
-- fold_seq and stamps the caches it maintained with the new value, in the same transaction. A cache is valid only
-- when its fold_seq equals the company's: one built from a snapshot taken before a fold committed (the fold could
-- not see it, so did not add its moves) keeps the older number and is never used; the fold drops it.
CREATE TABLE dashboard_top_sku_state (
  tenant_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  fold_seq  bigint NOT NULL DEFAULT 0
);

CREATE TABLE dashboard_top_sku_caches (
  tenant_id       uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id              bigint GENERATED ALWAYS AS IDENTITY,
  date_from       date NOT NULL,
  date_to         date NOT NULL,
  currency        char(3) NOT NULL,
  fold_seq        bigint NOT NULL,
  -- The (K+1)-th folded total when built (0 when fewer SKUs sold, or when it is negative: an unsold SKU has 0).
  threshold_units bigint NOT NULL CHECK (threshold_units >= 0),
  slack_units     bigint NOT NULL DEFAULT 0 CHECK (slack_units >= 0),
  built_at        timestamptz NOT NULL DEFAULT now(),
  -- Refreshed at most hourly by reads; the fold drops a cache not read for a day (the presets' ranges move daily).
  read_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, date_from, date_to, currency)
);

CREATE TABLE dashboard_top_sku_cache_rows (
  tenant_id uuid NOT NULL,
  cache_id  bigint NOT NULL,
  sku_id    uuid NOT NULL,
  units     bigint NOT NULL,
  revenue   numeric NOT NULL,
  PRIMARY KEY (tenant_id, cache_id, sku_id),
  FOREIGN KEY (tenant_id, cache_id) REFERENCES dashboard_top_sku_caches (tenant_id, id) ON DELETE CASCADE
);

-- The level under which a SKU at an iloc is low on stock (set by hand or by replenishment); the low-stock card reads it.
CREATE TABLE reorder_points (
  tenant_id     uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  sku_id        uuid NOT NULL,
  iloc_id       uuid NOT NULL,
  reorder_point integer NOT NULL CHECK (reorder_point >= 0),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, sku_id, iloc_id),
  FOREIGN KEY (tenant_id, sku_id) REFERENCES skus (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, iloc_id) REFERENCES ilocs (tenant_id, id) ON DELETE CASCADE
);

-- Late shipments are read from orders directly, through this partial index: its order is the card's, so the first
-- ten are the first ten entries, and the count is an index-only scan of the late orders alone.
CREATE INDEX orders_late_idx ON orders (tenant_id, deliver_by, number)
  WHERE deliver_by IS NOT NULL AND status NOT IN ('cancelled', 'closed') AND fulfillment_status <> 'shipped';

-- The iloc figures of one statement's allocation changes: per (order, iloc) the units now there, less the change,
-- gives the units before, so the order counts at that iloc when it goes from none to some (and stops when back).
-- The (order, iloc) sums are read after the statement; allocation writers hold the order's row lock, so no other
-- transaction changes the same pair in between.
CREATE FUNCTION dashboard_allocations_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The same statement three times: a transition table the trigger does not have cannot be named, even in a branch.
  IF TG_OP = 'INSERT' THEN
    WITH c AS (SELECT tenant_id, order_id, iloc_id, sum(quantity + qty_shipped)::bigint AS du FROM new_rows GROUP BY 1, 2, 3)
  INSERT INTO dashboard_iloc_days_delta (tenant_id, day, iloc_id, orders, units)
  SELECT a.tenant_id, dashboard_day(o.created_at), a.iloc_id, sum((a.now_units > 0)::int - (a.now_units - a.du > 0)::int), sum(a.du)
  FROM (
    SELECT c.tenant_id, c.order_id, c.iloc_id, c.du,
      coalesce((SELECT sum(oa.quantity + oa.qty_shipped) FROM order_allocations oa
                WHERE oa.tenant_id = c.tenant_id AND oa.order_id = c.order_id AND oa.iloc_id = c.iloc_id), 0) AS now_units
    FROM c WHERE c.du <> 0
  ) a
  JOIN orders o ON o.tenant_id = a.tenant_id AND o.id = a.order_id
  GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    WITH c AS (SELECT tenant_id, order_id, iloc_id, -sum(quantity + qty_shipped)::bigint AS du FROM old_rows GROUP BY 1, 2, 3)
  INSERT INTO dashboard_iloc_days_delta (tenant_id, day, iloc_id, orders, units)
  SELECT a.tenant_id, dashboard_day(o.created_at), a.iloc_id, sum((a.now_units > 0)::int - (a.now_units - a.du > 0)::int), sum(a.du)
  FROM (
    SELECT c.tenant_id, c.order_id, c.iloc_id, c.du,
      coalesce((SELECT sum(oa.quantity + oa.qty_shipped) FROM order_allocations oa
                WHERE oa.tenant_id = c.tenant_id AND oa.order_id = c.order_id AND oa.iloc_id = c.iloc_id), 0) AS now_units
    FROM c WHERE c.du <> 0
  ) a
  JOIN orders o ON o.tenant_id = a.tenant_id AND o.id = a.order_id
  GROUP BY 1, 2, 3;
  ELSE
    WITH c AS (
      SELECT tenant_id, order_id, iloc_id, sum(u) AS du FROM (
        SELECT tenant_id, order_id, iloc_id, (quantity + qty_shipped)::bigint AS u FROM new_rows
        UNION ALL SELECT tenant_id, order_id, iloc_id, -(quantity + qty_shipped)::bigint FROM old_rows) x
      GROUP BY 1, 2, 3)
  INSERT INTO dashboard_iloc_days_delta (tenant_id, day, iloc_id, orders, units)
  SELECT a.tenant_id, dashboard_day(o.created_at), a.iloc_id, sum((a.now_units > 0)::int - (a.now_units - a.du > 0)::int), sum(a.du)
  FROM (
    SELECT c.tenant_id, c.order_id, c.iloc_id, c.du,
      coalesce((SELECT sum(oa.quantity + oa.qty_shipped) FROM order_allocations oa
                WHERE oa.tenant_id = c.tenant_id AND oa.order_id = c.order_id AND oa.iloc_id = c.iloc_id), 0) AS now_units
    FROM c WHERE c.du <> 0
  ) a
  JOIN orders o ON o.tenant_id = a.tenant_id AND o.id = a.order_id
  GROUP BY 1, 2, 3;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER dashboard_allocations_ins AFTER INSERT ON order_allocations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_allocations_delta();
CREATE TRIGGER dashboard_allocations_upd AFTER UPDATE ON order_allocations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_allocations_delta();
CREATE TRIGGER dashboard_allocations_del AFTER DELETE ON order_allocations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_allocations_delta();

-- Sales lines, attributed through their order as it is now (a line of a cancelled or draft order counts nothing).
CREATE FUNCTION dashboard_lines_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_sku_days_delta (tenant_id, day, sku_id, currency, units, revenue)
    SELECT l.tenant_id, dashboard_day(o.created_at), l.sku_id, o.currency, sum(l.quantity), sum(l.total)
    FROM new_rows l JOIN orders o ON o.tenant_id = l.tenant_id AND o.id = l.order_id
    WHERE l.sku_id IS NOT NULL AND dashboard_is_sale(o.status)
    GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO dashboard_sku_days_delta (tenant_id, day, sku_id, currency, units, revenue)
    SELECT l.tenant_id, dashboard_day(o.created_at), l.sku_id, o.currency, -sum(l.quantity), -sum(l.total)
    FROM old_rows l JOIN orders o ON o.tenant_id = l.tenant_id AND o.id = l.order_id
    WHERE l.sku_id IS NOT NULL AND dashboard_is_sale(o.status)
    GROUP BY 1, 2, 3, 4;
  ELSE
    INSERT INTO dashboard_sku_days_delta (tenant_id, day, sku_id, currency, units, revenue)
    SELECT l.tenant_id, dashboard_day(o.created_at), l.sku_id, o.currency, sum(l.q), sum(l.t)
    FROM (SELECT tenant_id, order_id, sku_id, quantity::bigint AS q, total AS t FROM new_rows
          UNION ALL SELECT tenant_id, order_id, sku_id, -quantity::bigint, -total FROM old_rows) l
    JOIN orders o ON o.tenant_id = l.tenant_id AND o.id = l.order_id
    WHERE l.sku_id IS NOT NULL AND dashboard_is_sale(o.status)
    GROUP BY 1, 2, 3, 4
    HAVING sum(l.q) <> 0 OR sum(l.t) <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER dashboard_lines_ins AFTER INSERT ON order_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_lines_delta();
CREATE TRIGGER dashboard_lines_upd AFTER UPDATE ON order_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_lines_delta();
CREATE TRIGGER dashboard_lines_del AFTER DELETE ON order_lines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_lines_delta();

CREATE FUNCTION dashboard_orders_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_order_days_delta (tenant_id, day, status, channel, country, currency, orders, units, revenue)
    SELECT tenant_id, dashboard_day(created_at), status, channel, dashboard_country(shipping_address), currency, count(*), sum(unit_count), sum(total)
    FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO dashboard_order_days_delta (tenant_id, day, status, channel, country, currency, orders, units, revenue)
    SELECT tenant_id, dashboard_day(created_at), status, channel, dashboard_country(shipping_address), currency, -count(*), -sum(unit_count), -sum(total)
    FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6;
    RETURN NULL;
  END IF;
  -- Most updates (allocation, version, notes) change no key and no figure: their groups sum to zero and are left out.
  INSERT INTO dashboard_order_days_delta (tenant_id, day, status, channel, country, currency, orders, units, revenue)
  SELECT tenant_id, d, status, channel, country, currency, sum(n), sum(u), sum(r) FROM (
    SELECT tenant_id, dashboard_day(created_at) AS d, status, channel, dashboard_country(shipping_address) AS country, currency,
      1 AS n, unit_count::bigint AS u, total AS r FROM new_rows
    UNION ALL
    SELECT tenant_id, dashboard_day(created_at), status, channel, dashboard_country(shipping_address), currency,
      -1, -unit_count::bigint, -total FROM old_rows) x
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(n) <> 0 OR sum(u) <> 0 OR sum(r) <> 0;
  -- An order that became (or stopped being) a sale, or moved day or currency, takes its lines along.
  INSERT INTO dashboard_sku_days_delta (tenant_id, day, sku_id, currency, units, revenue)
  SELECT tenant_id, d, sku_id, currency, sum(q), sum(t) FROM (
    SELECT c.tenant_id, CASE WHEN s.sign > 0 THEN c.nd ELSE c.od END AS d, l.sku_id,
      CASE WHEN s.sign > 0 THEN c.nc ELSE c.oc END AS currency, s.sign * l.quantity::bigint AS q, s.sign * l.total AS t
    FROM (SELECT o.tenant_id, o.id, dashboard_is_sale(o.status) AS os, dashboard_day(o.created_at) AS od, o.currency AS oc,
            dashboard_is_sale(n.status) AS ns, dashboard_day(n.created_at) AS nd, n.currency AS nc
          FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id) c
    CROSS JOIN (VALUES (-1), (1)) s(sign)
    JOIN order_lines l ON l.tenant_id = c.tenant_id AND l.order_id = c.id
    WHERE (c.os, c.od, c.oc) IS DISTINCT FROM (c.ns, c.nd, c.nc) AND l.sku_id IS NOT NULL
      AND ((s.sign < 0 AND c.os) OR (s.sign > 0 AND c.ns))) x
  GROUP BY 1, 2, 3, 4
  HAVING sum(q) <> 0 OR sum(t) <> 0;
  -- An order whose day moved takes its fulfilment ilocs along.
  INSERT INTO dashboard_iloc_days_delta (tenant_id, day, iloc_id, orders, units)
  SELECT tenant_id, d, iloc_id, sum(n), sum(u) FROM (
    SELECT c.tenant_id, CASE WHEN s.sign > 0 THEN c.nd ELSE c.od END AS d, a.iloc_id, s.sign AS n, s.sign * a.units AS u
    FROM (SELECT o.tenant_id, o.id, dashboard_day(o.created_at) AS od, dashboard_day(n.created_at) AS nd
          FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
          WHERE dashboard_day(o.created_at) <> dashboard_day(n.created_at)) c
    CROSS JOIN (VALUES (-1), (1)) s(sign)
    CROSS JOIN LATERAL (SELECT oa.iloc_id, sum(oa.quantity + oa.qty_shipped) AS units FROM order_allocations oa
                        WHERE oa.tenant_id = c.tenant_id AND oa.order_id = c.id GROUP BY oa.iloc_id) a
    WHERE a.units > 0) x
  GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;

CREATE TRIGGER dashboard_orders_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_delta();
CREATE TRIGGER dashboard_orders_upd AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_delta();
CREATE TRIGGER dashboard_orders_del AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_delta();

-- Before the cascade removes an order's lines and allocations (their own triggers then find no order).
CREATE FUNCTION dashboard_order_children_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF dashboard_is_sale(OLD.status) THEN
    INSERT INTO dashboard_sku_days_delta (tenant_id, day, sku_id, currency, units, revenue)
    SELECT OLD.tenant_id, dashboard_day(OLD.created_at), l.sku_id, OLD.currency, -sum(l.quantity), -sum(l.total)
    FROM order_lines l WHERE l.tenant_id = OLD.tenant_id AND l.order_id = OLD.id AND l.sku_id IS NOT NULL
    GROUP BY l.sku_id;
  END IF;
  INSERT INTO dashboard_iloc_days_delta (tenant_id, day, iloc_id, orders, units)
  SELECT OLD.tenant_id, dashboard_day(OLD.created_at), a.iloc_id, -1, -sum(a.quantity + a.qty_shipped)
  FROM order_allocations a WHERE a.tenant_id = OLD.tenant_id AND a.order_id = OLD.id
  GROUP BY a.iloc_id HAVING sum(a.quantity + a.qty_shipped) > 0;
  RETURN OLD;
END $$;
CREATE TRIGGER dashboard_order_children_gone BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION dashboard_order_children_gone();

-- Folds up to p_limit of the transaction tenant's deltas of each kind into the rollups; answers how many it folded.
-- Row-level security keeps it to the tenant of the transaction (withTenant). The SKU part also keeps the top-SKU
-- caches (see dashboard_top_sku_caches above); a company's folds take turns on its dashboard_top_sku_state row.
CREATE FUNCTION dashboard_fold(p_limit integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  t uuid := NULLIF(current_setting('app.tenant_id', true), '')::uuid;
  n1 integer;
  n2 integer;
  n3 integer;
  seq bigint;
  kept bigint[];
BEGIN
  IF t IS NULL THEN
    RAISE EXCEPTION 'dashboard_fold runs inside a tenant transaction';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM companies WHERE id = t) THEN
    DELETE FROM dashboard_order_days_delta WHERE tenant_id = t;
    DELETE FROM dashboard_sku_days_delta WHERE tenant_id = t;
    DELETE FROM dashboard_iloc_days_delta WHERE tenant_id = t;
    RETURN 0;
  END IF;
  -- First of all (so no fold holds a rollup row while it waits here): this company's fold counter, which makes its
  -- folds take turns, and the top-SKU caches this fold keeps, locked in id order. A cache stamped with another
  -- number (built from a snapshot older than a fold) or not read for a day is dropped.
  INSERT INTO dashboard_top_sku_state (tenant_id) VALUES (t) ON CONFLICT (tenant_id) DO NOTHING;
  SELECT fold_seq INTO seq FROM dashboard_top_sku_state WHERE tenant_id = t FOR UPDATE;
  DELETE FROM dashboard_top_sku_caches WHERE tenant_id = t AND (fold_seq <> seq OR read_at < now() - interval '1 day');
  SELECT coalesce(array_agg(id ORDER BY id), '{}') INTO kept FROM (
    SELECT id FROM dashboard_top_sku_caches WHERE tenant_id = t AND fold_seq = seq ORDER BY id FOR UPDATE) c;

  WITH picked AS (
    SELECT id FROM dashboard_order_days_delta WHERE tenant_id = t ORDER BY id LIMIT p_limit FOR UPDATE SKIP LOCKED
  ), moved AS (
    DELETE FROM dashboard_order_days_delta d USING picked p WHERE d.tenant_id = t AND d.id = p.id
    RETURNING d.day, d.status, d.channel, d.country, d.currency, d.orders, d.units, d.revenue
  ), ins AS (
    INSERT INTO dashboard_order_days AS r (tenant_id, day, status, channel, country, currency, orders, units, revenue)
    SELECT t, day, status, channel, country, currency, sum(orders), sum(units), sum(revenue)
    FROM moved GROUP BY day, status, channel, country, currency ORDER BY day, status, channel, country, currency
    ON CONFLICT (tenant_id, day, status, channel, country, currency) DO UPDATE
      SET orders = r.orders + EXCLUDED.orders, units = r.units + EXCLUDED.units, revenue = r.revenue + EXCLUDED.revenue
    RETURNING 1
  ) SELECT count(*) INTO n1 FROM moved;

  WITH picked AS (
    SELECT id FROM dashboard_sku_days_delta WHERE tenant_id = t ORDER BY id LIMIT p_limit FOR UPDATE SKIP LOCKED
  ), moved AS (
    DELETE FROM dashboard_sku_days_delta d USING picked p WHERE d.tenant_id = t AND d.id = p.id
    RETURNING d.day, d.sku_id, d.currency, d.units, d.revenue
  ), ins AS (
    INSERT INTO dashboard_sku_days AS r (tenant_id, day, sku_id, currency, units, revenue)
    SELECT t, day, sku_id, currency, sum(units), sum(revenue)
    FROM moved GROUP BY day, sku_id, currency ORDER BY day, sku_id, currency
    ON CONFLICT (tenant_id, day, sku_id, currency) DO UPDATE
      SET units = r.units + EXCLUDED.units, revenue = r.revenue + EXCLUDED.revenue
    RETURNING 1
  ), touched AS (
    -- The moved sums per cache (its currency, days in its range) and SKU.
    SELECT c.id AS cache_id, m.sku_id, sum(m.units) AS units, sum(m.revenue) AS revenue
    FROM moved m JOIN dashboard_top_sku_caches c
      ON c.tenant_id = t AND c.id = ANY (kept) AND c.currency = m.currency AND m.day BETWEEN c.date_from AND c.date_to
    GROUP BY c.id, m.sku_id
  ), cached AS (
    UPDATE dashboard_top_sku_cache_rows r SET units = r.units + x.units, revenue = r.revenue + x.revenue
    FROM touched x WHERE r.tenant_id = t AND r.cache_id = x.cache_id AND r.sku_id = x.sku_id
    RETURNING 1
  ), raised AS (
    -- A SKU outside the cache rose by at most its moved sum: the bound of every outside SKU rises by the largest.
    UPDATE dashboard_top_sku_caches c SET slack_units = c.slack_units + x.rise
    FROM (SELECT cache_id, max(units) AS rise FROM touched x
          WHERE NOT EXISTS (SELECT 1 FROM dashboard_top_sku_cache_rows r
                            WHERE r.tenant_id = t AND r.cache_id = x.cache_id AND r.sku_id = x.sku_id)
          GROUP BY cache_id) x
    WHERE c.tenant_id = t AND c.id = x.cache_id AND x.rise > 0
    RETURNING 1
  ) SELECT count(*) INTO n2 FROM moved;
  IF n2 > 0 THEN
    UPDATE dashboard_top_sku_state SET fold_seq = seq + 1 WHERE tenant_id = t;
    UPDATE dashboard_top_sku_caches SET fold_seq = seq + 1 WHERE tenant_id = t AND id = ANY (kept);
  END IF;

  WITH picked AS (
    SELECT id FROM dashboard_iloc_days_delta WHERE tenant_id = t ORDER BY id LIMIT p_limit FOR UPDATE SKIP LOCKED
  ), moved AS (
    DELETE FROM dashboard_iloc_days_delta d USING picked p WHERE d.tenant_id = t AND d.id = p.id
    RETURNING d.day, d.iloc_id, d.orders, d.units
  ), ins AS (
    INSERT INTO dashboard_iloc_days AS r (tenant_id, day, iloc_id, orders, units)
    SELECT t, day, iloc_id, sum(orders), sum(units)
    FROM moved GROUP BY day, iloc_id ORDER BY day, iloc_id
    ON CONFLICT (tenant_id, day, iloc_id) DO UPDATE
      SET orders = r.orders + EXCLUDED.orders, units = r.units + EXCLUDED.units
    RETURNING 1
  ) SELECT count(*) INTO n3 FROM moved;
  RETURN n1 + n2 + n3;
END $$;

-- The orders already there, per company (forced row-level security: each is read as its own tenant).
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT id FROM companies LOOP
    PERFORM set_config('app.tenant_id', c.id::text, true);
    INSERT INTO dashboard_order_days (tenant_id, day, status, channel, country, currency, orders, units, revenue)
    SELECT tenant_id, dashboard_day(created_at), status, channel, dashboard_country(shipping_address), currency, count(*), sum(unit_count), sum(total)
    FROM orders WHERE tenant_id = c.id GROUP BY 1, 2, 3, 4, 5, 6;
    INSERT INTO dashboard_sku_days (tenant_id, day, sku_id, currency, units, revenue)
    SELECT o.tenant_id, dashboard_day(o.created_at), l.sku_id, o.currency, sum(l.quantity), sum(l.total)
    FROM orders o JOIN order_lines l ON l.tenant_id = o.tenant_id AND l.order_id = o.id
    WHERE o.tenant_id = c.id AND l.sku_id IS NOT NULL AND dashboard_is_sale(o.status) GROUP BY 1, 2, 3, 4;
    INSERT INTO dashboard_iloc_days (tenant_id, day, iloc_id, orders, units)
    SELECT o.tenant_id, dashboard_day(o.created_at), a.iloc_id, count(*), sum(a.units)
    FROM orders o JOIN (SELECT tenant_id, order_id, iloc_id, sum(quantity + qty_shipped) AS units FROM order_allocations
                        WHERE tenant_id = c.id GROUP BY 1, 2, 3) a ON a.tenant_id = o.tenant_id AND a.order_id = o.id
    WHERE o.tenant_id = c.id AND a.units > 0 GROUP BY 1, 2, 3;
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END $$;
