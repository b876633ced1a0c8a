-- The monthly order allowance is taken with the commit (issue 4, single-create throughput): every order
-- of a company raises the same billing_usage row, whose lock is held until the commit ends. Taken by a
-- statement of its own, the lock was also held while the answer travelled to the server and the server
-- sent COMMIT; sent in the same message as COMMIT it is held only while the database commits.
-- No row back from the conditional upsert means the plan's orders are used up: the error (SQLSTATE OM402,
-- the count in DETAIL) aborts the transaction, so the COMMIT after it never runs.
CREATE FUNCTION consume_order_allowance(p_tenant uuid, p_period text, p_n integer, p_limit integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  used integer;
BEGIN
  INSERT INTO billing_usage (tenant_id, period, orders)
  SELECT p_tenant, p_period, p_n WHERE p_n <= p_limit
  ON CONFLICT (tenant_id, period) DO UPDATE SET orders = billing_usage.orders + EXCLUDED.orders, updated_at = now()
    WHERE billing_usage.orders + EXCLUDED.orders <= p_limit
  RETURNING orders INTO used;
  IF used IS NULL THEN
    SELECT u.orders INTO used FROM billing_usage u WHERE u.tenant_id = p_tenant AND u.period = p_period;
    RAISE EXCEPTION 'The plan''s orders for % are used up', p_period USING ERRCODE = 'OM402', DETAIL = coalesce(used, 0)::text;
  END IF;
  RETURN used;
END
$$;
