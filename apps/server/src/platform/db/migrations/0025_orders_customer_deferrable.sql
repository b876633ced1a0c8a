-- The order import pipeline writes its orders naming the customers it is about to create and creates them
-- at the end of its transaction (issue 4, import throughput): the unique e-mail index is where two
-- imports creating the same customer wait for each other's commit, and taken early that wait covered
-- nearly the whole import. So the orders' customer reference is checked at commit. A wrong customer id
-- fails the commit instead of the statement; either way it is a 409 and nothing is written.
ALTER TABLE orders RENAME CONSTRAINT orders_tenant_id_customer_id_fkey TO orders_customer_fk;
ALTER TABLE orders ALTER CONSTRAINT orders_customer_fk DEFERRABLE INITIALLY DEFERRED;
