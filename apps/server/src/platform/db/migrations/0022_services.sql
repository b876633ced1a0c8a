-- Owner services, app services and templates (docs/api-services.md). Platform data: no tenant_id, so no
-- row-level security; the routes are owner-only, and tenants read the catalogue through GET /services/catalog.

-- The integration catalogue tenants install processes from. key is the process driver; status is the spec 4
-- Service lifecycle (packages/domain/src/services.ts): PAUSE = no new installs, INACTIVE = also hidden.
CREATE TABLE services (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key         text NOT NULL UNIQUE CHECK (key ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
  name        text NOT NULL,
  category    text NOT NULL CHECK (category IN ('sales_channel', 'marketplace', 'edi', 'warehouse', 'accounting', 'other')),
  description text NOT NULL DEFAULT '',
  logo_url    text,
  status      text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'PAUSE', 'INACTIVE')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- The catalogue the platform ships with: every process driver, plus the warehouse providers and channels the
-- spec's set-up screens name. ON CONFLICT keeps an owner's later edits if the rows are ever re-seeded.
INSERT INTO services (key, name, category, description) VALUES
  ('shopify', 'Shopify', 'sales_channel', 'Import orders and products, send tracking and inventory to a Shopify store.'),
  ('woocommerce', 'WooCommerce', 'sales_channel', 'Connect a WooCommerce store: orders in, tracking and stock out.'),
  ('bigcommerce', 'BigCommerce', 'sales_channel', 'Connect a BigCommerce store: orders in, tracking and stock out.'),
  ('jumpseller', 'Jumpseller', 'sales_channel', 'Connect a Jumpseller store.'),
  ('amazon', 'Amazon', 'marketplace', 'Amazon Seller Central orders, fulfilment and inventory.'),
  ('ebay', 'eBay', 'marketplace', 'eBay orders, tracking and inventory.'),
  ('mercadolibre', 'Mercado Libre', 'marketplace', 'Mercado Libre orders and inventory.'),
  ('commercehub', 'CommerceHub', 'edi', 'Drop-ship orders from retailers through CommerceHub.'),
  ('spscommerce', 'SPS Commerce', 'edi', 'EDI documents (orders, ASNs, invoices) through SPS Commerce.'),
  ('shipedge', 'Shipedge', 'warehouse', 'Send orders to a Shipedge warehouse and receive shipments and stock.'),
  ('shelfpoint', 'Shelfpoint', 'warehouse', 'Send orders to a Shelfpoint warehouse and receive shipments and stock.'),
  ('mintsoft', 'Mintsoft', 'warehouse', 'Send orders to a Mintsoft warehouse and receive shipments and stock.'),
  ('quickbooks', 'QuickBooks', 'accounting', 'Send invoices and purchase orders to QuickBooks.'),
  ('custom', 'Custom integration', 'other', 'Your own system, through the API and inbound webhooks.')
ON CONFLICT (key) DO NOTHING;

-- An OAuth client application registered on the platform. Its credentials and grants are its oauth_clients
-- row (one source for the token endpoint); this row adds what the owner manages and the lifecycle the token
-- endpoint checks (modules/auth/oauth-model.ts). omnio-web and omnio-personal have no row: not app services.
CREATE TABLE app_services (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id     text NOT NULL UNIQUE REFERENCES oauth_clients(id) ON DELETE CASCADE,
  name          text NOT NULL,
  description   text NOT NULL DEFAULT '',
  redirect_uris text[] NOT NULL DEFAULT '{}',
  confidential  boolean NOT NULL DEFAULT true,
  status        text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'PAUSE', 'INACTIVE')),
  secret_hint   text NOT NULL,
  created_by    uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX app_services_name_key ON app_services (lower(name));

-- Platform templates the owner curates and tenants will copy.
CREATE TABLE mapper_templates (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL,
  type        text NOT NULL CHECK (type IN ('ORDER', 'ASN', 'ACKNOWLEDGEMENT', 'INVOICE', 'CANCEL', 'INVENTORY', 'LABEL', 'PACKINGSLIP', 'FULFILLMENT')),
  description text NOT NULL DEFAULT '',
  file_type   text NOT NULL CHECK (file_type IN ('csv', 'json', 'xml', 'x12')),
  definition  jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX mapper_templates_name_key ON mapper_templates (lower(name));
CREATE INDEX mapper_templates_type_idx ON mapper_templates (type, name);

CREATE TABLE rule_templates (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL,
  hook_point  text NOT NULL CHECK (hook_point IN ('before_import_order', 'sync_inventory', 'import_fulfillment', 'before_print_label',
                                                  'po_shipment_in_transit', 'po_shipment_complete')),
  description text NOT NULL DEFAULT '',
  nodes       jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX rule_templates_name_key ON rule_templates (lower(name));
CREATE INDEX rule_templates_hook_idx ON rule_templates (hook_point, name);

-- Spec 4: the default before-import-order template (DEFAULT_BEFORE_IMPORT_ORDER_NODES in the domain package).
INSERT INTO rule_templates (name, hook_point, description, nodes) VALUES (
  'Default before import order', 'before_import_order',
  'Chooses the inventory location each imported order ships from.',
  '[{"id":"start","type":"start","name":"Start","prev":[],"next":["select-iloc"],"formData":{}},
    {"id":"select-iloc","type":"router","name":"Select inventory location","groupType":"router","prev":["start"],"next":["end"],"formData":{},"action_type":"select_inventory_location","short_name":"select-iloc"},
    {"id":"end","type":"end","name":"End","prev":["select-iloc"],"next":[],"formData":{}}]'::jsonb
);
