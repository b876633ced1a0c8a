-- Supply chain (issue 5): suppliers grow their terms, addresses, contacts and SKU costs; purchase orders,
-- transfers, and their shipments (ASNs) with lines and boxes; packing templates; the tenant's own mail
-- configuration. Lines keep the SKU text they were written with: a SKU removed later leaves sku_id NULL and
-- the line still says what was ordered (spec 4: the PO flow is then blocked, not broken).
-- *_key columns are stored lower-cased copies (under forced row-level security only leakproof operators
-- reach an index, so lookups compare a plain column instead of lower(column)).

ALTER TABLE suppliers
  ADD COLUMN phone          text,
  ADD COLUMN website        text,
  ADD COLUMN payment_terms  text,
  ADD COLUMN min_order      numeric(14, 2),
  ADD COLUMN lead_time_days integer CHECK (lead_time_days IS NULL OR lead_time_days BETWEEN 0 AND 3650),
  ADD COLUMN currency       text NOT NULL DEFAULT 'USD',
  ADD COLUMN group_id       uuid,
  ADD COLUMN notes          text,
  ADD COLUMN name_key       text GENERATED ALWAYS AS (lower(name)) STORED,
  ADD FOREIGN KEY (tenant_id, group_id) REFERENCES groups (tenant_id, id) ON DELETE SET NULL (group_id);
CREATE INDEX suppliers_group_idx ON suppliers (tenant_id, group_id);
CREATE INDEX suppliers_name_key_idx ON suppliers (tenant_id, name_key);

CREATE TABLE supplier_addresses (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  supplier_id uuid NOT NULL,
  kind        text NOT NULL DEFAULT 'shipping' CHECK (kind IN ('shipping', 'billing', 'remit_to')),
  is_default  boolean NOT NULL DEFAULT false,
  first_name  text,
  last_name   text,
  company     text,
  address1    text,
  address2    text,
  city        text,
  state       text,
  zip         text,
  country     text,
  phone       text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, supplier_id) REFERENCES suppliers (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX supplier_addresses_supplier_idx ON supplier_addresses (tenant_id, supplier_id);

CREATE TABLE supplier_contacts (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  supplier_id uuid NOT NULL,
  name        text NOT NULL,
  email       text,
  phone       text,
  role        text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, supplier_id) REFERENCES suppliers (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX supplier_contacts_supplier_idx ON supplier_contacts (tenant_id, supplier_id);

-- Per SKU the supplier's own code and cost (spec: "per SKU the supplier's SKU and cost").
CREATE TABLE supplier_skus (
  tenant_id    uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  supplier_id  uuid NOT NULL,
  sku_id       uuid NOT NULL,
  supplier_sku text,
  cost         numeric(14, 4),
  min_quantity integer CHECK (min_quantity IS NULL OR min_quantity > 0),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, supplier_id, sku_id),
  FOREIGN KEY (tenant_id, supplier_id) REFERENCES suppliers (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, sku_id) REFERENCES skus (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX supplier_skus_sku_idx ON supplier_skus (tenant_id, sku_id);

-- Numbers of purchase orders (PO-000001) and transfers (TR-000001), per tenant.
CREATE TABLE document_counters (
  tenant_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  kind       text NOT NULL,
  last_value bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, kind)
);

-- Spec 3 mail configuration: one per tenant. POs to suppliers go out through it when present.
CREATE TABLE mail_configurations (
  tenant_id       uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  from_email      text NOT NULL,
  from_name       text,
  incoming_server text,
  outgoing_server text,
  encryption      text NOT NULL DEFAULT 'none' CHECK (encryption IN ('none', 'ssl', 'tls', 'starttls')),
  host            text NOT NULL,
  port            integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
  username        text,
  password        text,
  last_test_at    timestamptz,
  last_test_ok    boolean,
  last_test_error text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id)
);

CREATE TABLE purchase_orders (
  tenant_id          uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id                 uuid NOT NULL DEFAULT gen_random_uuid(),
  number             text NOT NULL,
  supplier_id        uuid NOT NULL,
  iloc_id            uuid NOT NULL,
  status             text NOT NULL DEFAULT 'draft'
                       CHECK (status IN ('draft', 'open', 'sent', 'partially_confirmed', 'confirmed', 'completed', 'cancelled', 'error')),
  currency           text NOT NULL DEFAULT 'USD',
  estimated_delivery date,
  shipping_cost      numeric(14, 2) NOT NULL DEFAULT 0,
  payment_terms      text,
  notes_to_warehouse text,
  notes_to_supplier  text,
  subtotal           numeric(18, 4) NOT NULL DEFAULT 0,
  tax_total          numeric(16, 2) NOT NULL DEFAULT 0,
  total              numeric(18, 4) NOT NULL DEFAULT 0,
  error_message      text,
  created_by         uuid,
  confirmed_at       timestamptz,
  sent_at            timestamptz,
  acknowledged_at    timestamptz,
  completed_at       timestamptz,
  cancelled_at       timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, supplier_id) REFERENCES suppliers (tenant_id, id),
  FOREIGN KEY (tenant_id, iloc_id) REFERENCES ilocs (tenant_id, id)
);
CREATE UNIQUE INDEX purchase_orders_number_key ON purchase_orders (tenant_id, number);
CREATE INDEX purchase_orders_status_idx ON purchase_orders (tenant_id, status, created_at DESC);
CREATE INDEX purchase_orders_supplier_idx ON purchase_orders (tenant_id, supplier_id, created_at DESC);
CREATE INDEX purchase_orders_created_idx ON purchase_orders (tenant_id, created_at DESC);

CREATE TABLE purchase_order_lines (
  tenant_id          uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id                 uuid NOT NULL DEFAULT gen_random_uuid(),
  purchase_order_id  uuid NOT NULL,
  line_no            integer NOT NULL,
  sku_id             uuid,
  sku                text NOT NULL,
  name               text,
  supplier_sku       text,
  quantity           integer NOT NULL CHECK (quantity > 0),
  unit_cost          numeric(14, 4) NOT NULL DEFAULT 0,
  net_price          numeric(14, 4) NOT NULL DEFAULT 0,
  tax                numeric(14, 2) NOT NULL DEFAULT 0,
  confirmed_quantity integer CHECK (confirmed_quantity IS NULL OR confirmed_quantity >= 0),
  confirmed_date     date,
  -- Units on shipments that are not cancelled, and units received (good + hold + hurt).
  qty_shipped        integer NOT NULL DEFAULT 0 CHECK (qty_shipped >= 0),
  qty_received       integer NOT NULL DEFAULT 0 CHECK (qty_received >= 0),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, purchase_order_id) REFERENCES purchase_orders (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, sku_id) REFERENCES skus (tenant_id, id) ON DELETE SET NULL (sku_id)
);
CREATE UNIQUE INDEX purchase_order_lines_no_key ON purchase_order_lines (tenant_id, purchase_order_id, line_no);
CREATE INDEX purchase_order_lines_sku_idx ON purchase_order_lines (tenant_id, sku_id);

CREATE TABLE transfers (
  tenant_id          uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id                 uuid NOT NULL DEFAULT gen_random_uuid(),
  number             text NOT NULL,
  from_iloc_id       uuid NOT NULL,
  to_iloc_id         uuid NOT NULL,
  status             text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'confirmed', 'completed', 'cancelled', 'error')),
  estimated_delivery date,
  notes              text,
  error_message      text,
  created_by         uuid,
  confirmed_at       timestamptz,
  completed_at       timestamptz,
  cancelled_at       timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (from_iloc_id <> to_iloc_id),
  FOREIGN KEY (tenant_id, from_iloc_id) REFERENCES ilocs (tenant_id, id),
  FOREIGN KEY (tenant_id, to_iloc_id) REFERENCES ilocs (tenant_id, id)
);
CREATE UNIQUE INDEX transfers_number_key ON transfers (tenant_id, number);
CREATE INDEX transfers_status_idx ON transfers (tenant_id, status, created_at DESC);
CREATE INDEX transfers_created_idx ON transfers (tenant_id, created_at DESC);

CREATE TABLE transfer_lines (
  tenant_id    uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id           uuid NOT NULL DEFAULT gen_random_uuid(),
  transfer_id  uuid NOT NULL,
  line_no      integer NOT NULL,
  sku_id       uuid,
  sku          text NOT NULL,
  name         text,
  quantity     integer NOT NULL CHECK (quantity > 0),
  qty_reserved integer NOT NULL DEFAULT 0 CHECK (qty_reserved >= 0),
  qty_shipped  integer NOT NULL DEFAULT 0 CHECK (qty_shipped >= 0),
  qty_received integer NOT NULL DEFAULT 0 CHECK (qty_received >= 0),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, transfer_id) REFERENCES transfers (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, sku_id) REFERENCES skus (tenant_id, id) ON DELETE SET NULL (sku_id)
);
CREATE UNIQUE INDEX transfer_lines_no_key ON transfer_lines (tenant_id, transfer_id, line_no);
CREATE INDEX transfer_lines_sku_idx ON transfer_lines (tenant_id, sku_id);

-- Spec 3 "packing template name and type": a reusable box layout for ASNs.
CREATE TABLE packing_templates (
  tenant_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id         uuid NOT NULL DEFAULT gen_random_uuid(),
  name       text NOT NULL,
  name_key   text GENERATED ALWAYS AS (lower(name)) STORED,
  type       text NOT NULL DEFAULT 'box' CHECK (type IN ('box', 'pallet', 'mixed')),
  -- [{length, width, height, weight, units_per_box}] as decimal strings and integers.
  boxes      jsonb NOT NULL DEFAULT '[]'::jsonb,
  notes      text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX packing_templates_name_key ON packing_templates (tenant_id, name_key);

-- PO shipments and transfer shipments (ASNs): one table, the kind says which parent it has.
CREATE TABLE supply_shipments (
  tenant_id             uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id                    uuid NOT NULL DEFAULT gen_random_uuid(),
  kind                  text NOT NULL CHECK (kind IN ('purchase_order', 'transfer')),
  purchase_order_id     uuid,
  transfer_id           uuid,
  asn_number            text NOT NULL,
  asn_key               text GENERATED ALWAYS AS (lower(asn_number)) STORED,
  bol_number            text,
  tracking_number       text,
  carrier               text,
  ship_date             date,
  status                text NOT NULL DEFAULT 'draft'
                          CHECK (status IN ('draft', 'awaiting_shipment', 'in_transit', 'arrived', 'processing', 'discrepancy',
                                            'complete', 'routing', 'cancelled', 'error')),
  from_iloc_id          uuid,
  to_iloc_id            uuid NOT NULL,
  packing_template_id   uuid,
  packing_template_name text,
  created_by            uuid,
  shipped_at            timestamptz,
  arrived_at            timestamptz,
  received_at           timestamptz,
  cancelled_at          timestamptz,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK ((kind = 'purchase_order') = (purchase_order_id IS NOT NULL) AND (kind = 'transfer') = (transfer_id IS NOT NULL)),
  FOREIGN KEY (tenant_id, purchase_order_id) REFERENCES purchase_orders (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, transfer_id) REFERENCES transfers (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, to_iloc_id) REFERENCES ilocs (tenant_id, id),
  FOREIGN KEY (tenant_id, packing_template_id) REFERENCES packing_templates (tenant_id, id) ON DELETE SET NULL (packing_template_id)
);
-- Spec 5: ASN numbers are unique, no duplicates (per tenant, whatever the case).
CREATE UNIQUE INDEX supply_shipments_asn_key ON supply_shipments (tenant_id, asn_key);
CREATE INDEX supply_shipments_po_idx ON supply_shipments (tenant_id, purchase_order_id);
CREATE INDEX supply_shipments_transfer_idx ON supply_shipments (tenant_id, transfer_id);
CREATE INDEX supply_shipments_status_idx ON supply_shipments (tenant_id, status, created_at DESC);

CREATE TABLE supply_shipment_lines (
  tenant_id        uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id               uuid NOT NULL DEFAULT gen_random_uuid(),
  shipment_id      uuid NOT NULL,
  line_no          integer NOT NULL,
  po_line_id       uuid,
  transfer_line_id uuid,
  -- The stock holder the units go to (and, for a transfer, come from): resolved when the shipment is created.
  sku_id           uuid,
  sku              text NOT NULL,
  qty_expected     integer NOT NULL CHECK (qty_expected > 0),
  qty_good         integer NOT NULL DEFAULT 0 CHECK (qty_good >= 0),
  qty_hold         integer NOT NULL DEFAULT 0 CHECK (qty_hold >= 0),
  qty_hurt         integer NOT NULL DEFAULT 0 CHECK (qty_hurt >= 0),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, shipment_id) REFERENCES supply_shipments (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, po_line_id) REFERENCES purchase_order_lines (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, transfer_line_id) REFERENCES transfer_lines (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX supply_shipment_lines_no_key ON supply_shipment_lines (tenant_id, shipment_id, line_no);
CREATE INDEX supply_shipment_lines_po_line_idx ON supply_shipment_lines (tenant_id, po_line_id);
CREATE INDEX supply_shipment_lines_transfer_line_idx ON supply_shipment_lines (tenant_id, transfer_line_id);

CREATE TABLE supply_shipment_boxes (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  shipment_id uuid NOT NULL,
  box_no      integer NOT NULL,
  length      numeric(12, 3) NOT NULL CHECK (length > 0),
  width       numeric(12, 3) NOT NULL CHECK (width > 0),
  height      numeric(12, 3) NOT NULL CHECK (height > 0),
  weight      numeric(12, 3) NOT NULL CHECK (weight > 0),
  -- [{line_no, quantity}]
  contents    jsonb NOT NULL DEFAULT '[]'::jsonb,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, shipment_id) REFERENCES supply_shipments (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX supply_shipment_boxes_no_key ON supply_shipment_boxes (tenant_id, shipment_id, box_no);

-- Supply shipments write these movements through the ledger.
ALTER TABLE inventory_movements DROP CONSTRAINT inventory_movements_reason_check;
ALTER TABLE inventory_movements ADD CONSTRAINT inventory_movements_reason_check CHECK (reason IN (
  'cycle_count', 'received', 'damaged', 'found', 'lost', 'returned', 'correction', 'move_bucket', 'synset_merge',
  'reserve', 'release', 'consume', 'in_transit', 'transfer_out', 'transit_received', 'transit_cancelled'));

-- Supplier users now confirm their POs' quantities and dates and create their ASNs: give existing supplier
-- users the permissions new ones get (packages/domain defaultPermissionsForRole('supplier')). On a fresh
-- database the catalog is still empty here and there are no users, so this inserts nothing.
INSERT INTO user_permissions (user_id, permission_id)
SELECT ur.user_id, p.id
FROM user_roles ur
JOIN permissions p ON p.name IN ('update-purchase-order', 'read-asn', 'create-asn')
WHERE ur.role = 'supplier' AND ur.position = 0
ON CONFLICT DO NOTHING;
