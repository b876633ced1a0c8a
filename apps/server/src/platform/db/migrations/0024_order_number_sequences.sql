-- Order numbers from one sequence per company (issue 4, import throughput). The counter row of
-- order_counters was locked from the moment an import took its numbers until it committed, so every import
-- of a company waited for the one before it to commit, and the numbers could only be taken at the very end
-- and written with a second pass over the new orders. A sequence hands numbers out without waiting on
-- anyone: an import takes its numbers before it writes the orders. The price, as everywhere sequences are
-- used: an import that rolls back after taking numbers leaves a gap. Numbers stay unique and increasing.
--
-- Each company gets its sequence when it is created (a trigger, so every way of creating one is covered)
-- and loses it when it is deleted; the companies that exist now get theirs here, starting after what
-- order_counters handed out (a company that never had an order starts at 1001). The app role cannot create
-- relations, so the functions run as the owner (SECURITY DEFINER) and take numbers only for the
-- transaction's own tenant.

CREATE FUNCTION order_number_sequence(t uuid) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'order_number_' || replace(t::text, '-', '')
$$;

-- A company's sequence starting at `start` (no-op when it has one).
CREATE FUNCTION order_number_sequence_create(t uuid, start bigint) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
  EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I AS bigint START WITH %s', order_number_sequence(t), start);
END $$;

-- One trigger for both ends of a company's life: its sequence is made with it and goes with it.
CREATE FUNCTION companies_order_number_sequence() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_number_sequence_create(NEW.id, 1001);
  ELSE
    EXECUTE format('DROP SEQUENCE IF EXISTS %I', order_number_sequence(OLD.id));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER companies_order_number_sequence AFTER INSERT OR DELETE ON companies FOR EACH ROW EXECUTE FUNCTION companies_order_number_sequence();

-- order_counters is under forced row-level security: each company's counter is read as that tenant.
DO $$
DECLARE
  c record;
  start bigint;
BEGIN
  FOR c IN SELECT id FROM companies LOOP
    PERFORM set_config('app.tenant_id', c.id::text, true);
    SELECT coalesce(max(last_value), 1000) + 1 INTO start FROM order_counters WHERE tenant_id = c.id AND name = 'order';
    PERFORM order_number_sequence_create(c.id, start);
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END $$;

-- n numbers for the transaction's tenant, in increasing order (a concurrent import's may fall between them).
CREATE FUNCTION take_order_numbers(t uuid, n int) RETURNS SETOF bigint LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
  IF t IS DISTINCT FROM NULLIF(current_setting('app.tenant_id', true), '')::uuid THEN
    RAISE EXCEPTION 'take_order_numbers: % is not this transaction''s tenant', t;
  END IF;
  RETURN QUERY EXECUTE format('SELECT nextval(%L::regclass) FROM generate_series(1, $1) ORDER BY 1', order_number_sequence(t)) USING n;
END $$;

-- The next number is at least last + 1 (a data load, an import of an older history); never lowers it.
CREATE FUNCTION raise_order_number_floor(t uuid, last bigint) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
DECLARE
  seq text := order_number_sequence(t);
  current_last bigint;
BEGIN
  EXECUTE format('SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM %I', seq) INTO current_last;
  IF last > current_last THEN
    PERFORM setval(seq::regclass, last, true);
  END IF;
END $$;

REVOKE ALL ON FUNCTION order_number_sequence_create(uuid, bigint), take_order_numbers(uuid, int), raise_order_number_floor(uuid, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION take_order_numbers(uuid, int) TO {{app_role}};
