-- The header search (issue 24, GET /search, docs/api-search.md) matches the start of order numbers, external
-- ids and tracking numbers. Under forced row-level security only leakproof conditions reach an index: the
-- pattern range `x ~>=~ 'ab' AND x ~<~ 'ac'` is one, and a text_pattern_ops index answers it exactly whatever
-- the database's collation (orders_number_key, in the default collation, cannot: starts_with only becomes
-- an index range under the C collation). orders_external_key leads with the channel, so an external id
-- alone needs its own index; shipments had none on tracking. Partial: most shipments wait for a tracking
-- number, manual orders have no external id.
CREATE INDEX orders_number_prefix_idx ON orders (tenant_id, number text_pattern_ops);
CREATE INDEX orders_external_id_prefix_idx ON orders (tenant_id, external_id text_pattern_ops) WHERE external_id IS NOT NULL;
CREATE INDEX shipments_tracking_prefix_idx ON shipments (tenant_id, tracking text_pattern_ops) WHERE tracking IS NOT NULL;

-- Customers by the start of a first name, last name, company or e-mail: lower-cased stored copies (the *_key
-- columns of 0005; the activity log skips them), each with a pattern index. ILIKE '%x%' over a tenant's
-- customers read every row (100,000 of them) whenever fewer than `limit` matched.
ALTER TABLE customers
  ADD COLUMN first_name_key text GENERATED ALWAYS AS (lower(first_name)) STORED,
  ADD COLUMN last_name_key text GENERATED ALWAYS AS (lower(last_name)) STORED,
  ADD COLUMN company_key text GENERATED ALWAYS AS (lower(company)) STORED;
CREATE INDEX customers_email_prefix_idx ON customers (tenant_id, email_key text_pattern_ops) WHERE email_key IS NOT NULL;
CREATE INDEX customers_first_name_prefix_idx ON customers (tenant_id, first_name_key text_pattern_ops) WHERE first_name_key IS NOT NULL;
CREATE INDEX customers_last_name_prefix_idx ON customers (tenant_id, last_name_key text_pattern_ops) WHERE last_name_key IS NOT NULL;
CREATE INDEX customers_company_prefix_idx ON customers (tenant_id, company_key text_pattern_ops) WHERE company_key IS NOT NULL;
