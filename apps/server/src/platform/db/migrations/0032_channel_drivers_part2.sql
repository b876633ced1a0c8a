-- Sales channels, part 2: Jumpseller and CartRover become process drivers beside WooCommerce and BigCommerce,
-- and CartRover joins the integration catalogue. The check is dropped and added again (same name) because
-- PostgreSQL cannot widen an IN list in place.
ALTER TABLE processes DROP CONSTRAINT processes_driver_check;
ALTER TABLE processes ADD CONSTRAINT processes_driver_check
  CHECK (driver IN ('shopify', 'woocommerce', 'bigcommerce', 'jumpseller', 'cartrover', 'amazon', 'ebay', 'custom'));

INSERT INTO services (key, name, category, description) VALUES
  ('cartrover', 'CartRover', 'sales_channel', 'Orders from every cart CartRover connects: orders in, tracking and stock out.')
ON CONFLICT (key) DO NOTHING;
UPDATE services SET description = 'Connect a Jumpseller store: orders in, tracking and stock out.'
  WHERE key = 'jumpseller' AND description = 'Connect a Jumpseller store.';
