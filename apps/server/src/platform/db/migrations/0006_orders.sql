-- Orders (spec 3, 4, 5, 8), their lines and stock allocations, shipments with boxes, returns, and the
-- lifecycle events every status machine records (status_events: orders, shipments, returns, and later
-- purchase orders and transfers). Money is numeric(14,2) and travels as decimal strings.

-- Spec 5: the tenant's order prefix, exactly three characters of the form XY-.
ALTER TABLE companies ADD COLUMN order_prefix text CHECK (order_prefix ~ '^[A-Z]{2}-$');
-- Allocation walks the tenant's ilocs in this order (lower first), then by name.
ALTER TABLE ilocs ADD COLUMN priority integer NOT NULL DEFAULT 100 CHECK (priority BETWEEN 0 AND 1000000);

-- The last order number handed out per tenant. Taken at the end of the creating transaction, so the row
-- lock is held only for the commit.
CREATE TABLE order_counters (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name        text NOT NULL,
  last_value  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, name)
);

CREATE TABLE orders (
  tenant_id          uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id                 uuid NOT NULL DEFAULT gen_random_uuid(),
  number             text NOT NULL,
  channel            text NOT NULL DEFAULT 'manual',
  external_id        text,
  status             text NOT NULL CHECK (status IN ('draft', 'on_hold', 'open', 'closed', 'error', 'cancelled')),
  fulfillment_status text NOT NULL DEFAULT 'unallocated' CHECK (fulfillment_status IN
                       ('unallocated', 'backordered', 'partially_allocated', 'allocated', 'partially_shipped', 'shipped')),
  error_code         text CHECK (error_code IN ('skus_empty', 'sku_not_found', 'skus_invalid', 'customer_incomplete', 'ship_method',
                       'ship_carrier', 'multi_addresses', 'rule_general_error', 'ship_method_unassignable')),
  error_message      text,
  customer_id        uuid,
  customer           jsonb NOT NULL DEFAULT '{}'::jsonb,
  billing_address    jsonb,
  shipping_address   jsonb,
  currency           char(3) NOT NULL DEFAULT 'USD',
  subtotal           numeric(14,2) NOT NULL DEFAULT 0,
  discount_total     numeric(14,2) NOT NULL DEFAULT 0,
  tax_total          numeric(14,2) NOT NULL DEFAULT 0,
  shipping_total     numeric(14,2) NOT NULL DEFAULT 0,
  total              numeric(14,2) NOT NULL DEFAULT 0,
  line_count         integer NOT NULL DEFAULT 0,
  unit_count         integer NOT NULL DEFAULT 0,
  notes              text,
  metadata           jsonb NOT NULL DEFAULT '{}'::jsonb,
  hold_until         timestamptz,
  shipable_date      date,
  deliver_by         date,
  ship_method        text,
  ship_carrier       text,
  version            integer NOT NULL DEFAULT 1,
  created_by         uuid,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  closed_at          timestamptz,
  cancelled_at       timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE SET NULL (customer_id)
);
CREATE UNIQUE INDEX orders_number_key ON orders (tenant_id, number);
-- Idempotent import: one order per (channel, external id).
CREATE UNIQUE INDEX orders_external_key ON orders (tenant_id, channel, external_id);
-- The /orders grid: status tab + date range, newest first; and the unfiltered newest-first list.
CREATE INDEX orders_status_created_idx ON orders (tenant_id, status, created_at DESC, id DESC);
CREATE INDEX orders_created_idx ON orders (tenant_id, created_at DESC, id DESC);
CREATE INDEX orders_customer_idx ON orders (tenant_id, customer_id, created_at DESC);
-- The hold-release job finds due holds.
CREATE INDEX orders_hold_until_idx ON orders (tenant_id, hold_until) WHERE status = 'on_hold' AND hold_until IS NOT NULL;

CREATE TABLE order_lines (
  tenant_id       uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id              uuid NOT NULL DEFAULT gen_random_uuid(),
  order_id        uuid NOT NULL,
  line_no         integer NOT NULL,
  sku_text        text NOT NULL,
  sku_id          uuid,
  name            text,
  quantity        integer NOT NULL,
  price           numeric(14,2) NOT NULL DEFAULT 0,
  discount        numeric(14,2) NOT NULL DEFAULT 0,
  tax             numeric(14,2) NOT NULL DEFAULT 0,
  total           numeric(14,2) NOT NULL DEFAULT 0,
  requested_iloc_id uuid,
  shipping_address jsonb,
  qty_allocated   integer NOT NULL DEFAULT 0 CHECK (qty_allocated >= 0),
  qty_backordered integer NOT NULL DEFAULT 0 CHECK (qty_backordered >= 0),
  qty_shipped     integer NOT NULL DEFAULT 0 CHECK (qty_shipped >= 0),
  qty_returned    integer NOT NULL DEFAULT 0 CHECK (qty_returned >= 0),
  error_code      text,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, order_id, line_no),
  FOREIGN KEY (tenant_id, order_id) REFERENCES orders (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX order_lines_sku_idx ON order_lines (tenant_id, sku_id);

-- What is reserved for a line at an iloc (units of the SKU as sold); shipping draws it down.
CREATE TABLE order_allocations (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  order_id    uuid NOT NULL,
  line_id     uuid NOT NULL,
  sku_id      uuid NOT NULL,
  iloc_id     uuid NOT NULL,
  quantity    integer NOT NULL CHECK (quantity >= 0),
  qty_shipped integer NOT NULL DEFAULT 0 CHECK (qty_shipped >= 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, line_id, iloc_id),
  FOREIGN KEY (tenant_id, order_id) REFERENCES orders (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, line_id) REFERENCES order_lines (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, iloc_id) REFERENCES ilocs (tenant_id, id) ON DELETE NO ACTION
);
CREATE INDEX order_allocations_order_idx ON order_allocations (tenant_id, order_id);
CREATE INDEX order_allocations_iloc_idx ON order_allocations (tenant_id, iloc_id);

-- Who did what to which object, from which status to which: the history of every status machine.
CREATE TABLE status_events (
  tenant_id    uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id           bigint GENERATED ALWAYS AS IDENTITY,
  subject_type text NOT NULL,
  subject_id   uuid NOT NULL,
  action       text NOT NULL,
  from_status  text,
  to_status    text,
  user_id      uuid,
  data         jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX status_events_subject_idx ON status_events (tenant_id, subject_type, subject_id, id);

CREATE TABLE shipments (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  order_id    uuid NOT NULL,
  number      text NOT NULL,
  status      text NOT NULL,
  iloc_id     uuid NOT NULL,
  package_id  uuid,
  carrier     text,
  ship_method text,
  tracking    text,
  ship_date   timestamptz,
  notes       text,
  version     integer NOT NULL DEFAULT 1,
  created_by  uuid,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, order_id) REFERENCES orders (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, iloc_id) REFERENCES ilocs (tenant_id, id) ON DELETE NO ACTION
);
CREATE UNIQUE INDEX shipments_number_key ON shipments (tenant_id, number);
CREATE INDEX shipments_order_idx ON shipments (tenant_id, order_id);
CREATE INDEX shipments_status_created_idx ON shipments (tenant_id, status, created_at DESC);

CREATE TABLE shipment_boxes (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  shipment_id uuid NOT NULL,
  box_no      integer NOT NULL,
  package_id  uuid,
  length      numeric(12,3) NOT NULL CHECK (length > 0),
  width       numeric(12,3) NOT NULL CHECK (width > 0),
  height      numeric(12,3) NOT NULL CHECK (height > 0),
  weight      numeric(12,3) NOT NULL CHECK (weight > 0),
  tracking    text,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, shipment_id, box_no),
  FOREIGN KEY (tenant_id, shipment_id) REFERENCES shipments (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE shipment_lines (
  tenant_id     uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id            uuid NOT NULL DEFAULT gen_random_uuid(),
  shipment_id   uuid NOT NULL,
  box_id        uuid NOT NULL,
  order_line_id uuid NOT NULL,
  sku_id        uuid NOT NULL,
  quantity      integer NOT NULL CHECK (quantity > 0),
  qty_returned  integer NOT NULL DEFAULT 0 CHECK (qty_returned >= 0),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, shipment_id) REFERENCES shipments (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, box_id) REFERENCES shipment_boxes (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, order_line_id) REFERENCES order_lines (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX shipment_lines_shipment_idx ON shipment_lines (tenant_id, shipment_id);
CREATE INDEX shipment_lines_order_line_idx ON shipment_lines (tenant_id, order_line_id);

CREATE TABLE returns (
  tenant_id     uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id            uuid NOT NULL DEFAULT gen_random_uuid(),
  number        text NOT NULL,
  order_id      uuid NOT NULL,
  shipment_id   uuid,
  status        text NOT NULL,
  refund_status text NOT NULL DEFAULT 'open',
  reason        text,
  notes         text,
  iloc_id       uuid,
  refund_amount numeric(14,2),
  currency      char(3) NOT NULL DEFAULT 'USD',
  version       integer NOT NULL DEFAULT 1,
  created_by    uuid,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  received_at   timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, order_id) REFERENCES orders (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, shipment_id) REFERENCES shipments (tenant_id, id) ON DELETE SET NULL (shipment_id),
  FOREIGN KEY (tenant_id, iloc_id) REFERENCES ilocs (tenant_id, id) ON DELETE NO ACTION
);
CREATE UNIQUE INDEX returns_number_key ON returns (tenant_id, number);
CREATE INDEX returns_order_idx ON returns (tenant_id, order_id);
CREATE INDEX returns_status_created_idx ON returns (tenant_id, status, created_at DESC);

CREATE TABLE return_lines (
  tenant_id        uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id               uuid NOT NULL DEFAULT gen_random_uuid(),
  return_id        uuid NOT NULL,
  order_line_id    uuid NOT NULL,
  shipment_line_id uuid,
  sku_id           uuid NOT NULL,
  quantity         integer NOT NULL CHECK (quantity > 0),
  reason           text,
  qty_good         integer NOT NULL DEFAULT 0 CHECK (qty_good >= 0),
  qty_hold         integer NOT NULL DEFAULT 0 CHECK (qty_hold >= 0),
  qty_hurt         integer NOT NULL DEFAULT 0 CHECK (qty_hurt >= 0),
  PRIMARY KEY (tenant_id, id),
  CHECK (qty_good + qty_hold + qty_hurt <= quantity),
  FOREIGN KEY (tenant_id, return_id) REFERENCES returns (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, order_line_id) REFERENCES order_lines (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX return_lines_return_idx ON return_lines (tenant_id, return_id);
