-- Inventory: one balance row per stock holder SKU x iloc, and the append-only movement ledger that
-- explains it. A balance always equals the sum of its movements: modules/inventory/ledger.ts is the only
-- writer, and changes both in one transaction. The migrator revokes UPDATE and DELETE on the movements
-- from the app role, so the ledger cannot be rewritten by the application.

CREATE TABLE inventory_balances (
  tenant_id      uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  sku_id         uuid NOT NULL,
  iloc_id        uuid NOT NULL,
  qty_good       integer NOT NULL DEFAULT 0 CHECK (qty_good >= 0),
  qty_hold       integer NOT NULL DEFAULT 0 CHECK (qty_hold >= 0),
  qty_hurt       integer NOT NULL DEFAULT 0 CHECK (qty_hurt >= 0),
  qty_in_transit integer NOT NULL DEFAULT 0 CHECK (qty_in_transit >= 0),
  qty_reserved   integer NOT NULL DEFAULT 0 CHECK (qty_reserved >= 0),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, sku_id, iloc_id),
  -- qty_available = good - reserved is never negative: the last line of defence behind the ledger's conditional updates.
  CONSTRAINT inventory_balances_available_check CHECK (qty_good - qty_reserved >= 0),
  -- NO ACTION rather than RESTRICT: a SKU or iloc with a balance row cannot be deleted, yet deleting a whole
  -- company still cascades (NO ACTION is checked at the end of the statement, after the cascade removed the rows).
  FOREIGN KEY (tenant_id, sku_id) REFERENCES skus (tenant_id, id) ON DELETE NO ACTION,
  FOREIGN KEY (tenant_id, iloc_id) REFERENCES ilocs (tenant_id, id) ON DELETE NO ACTION
) WITH (fillfactor = 80); -- balances are updated all the time: room on the page keeps those updates HOT (no index writes)
-- Per-iloc scans (iloc delete guard, availability over chosen ilocs).
CREATE INDEX inventory_balances_iloc_idx ON inventory_balances (tenant_id, iloc_id, sku_id);

CREATE TABLE inventory_movements (
  tenant_id        uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id               bigint GENERATED ALWAYS AS IDENTITY,
  -- No foreign keys to skus and ilocs: the history outlives a deleted (empty) SKU or iloc.
  sku_id           uuid NOT NULL,
  iloc_id          uuid NOT NULL,
  delta_good       integer NOT NULL DEFAULT 0,
  delta_hold       integer NOT NULL DEFAULT 0,
  delta_hurt       integer NOT NULL DEFAULT 0,
  delta_in_transit integer NOT NULL DEFAULT 0,
  delta_reserved   integer NOT NULL DEFAULT 0,
  reason           text NOT NULL CHECK (reason IN ('cycle_count', 'received', 'damaged', 'found', 'lost', 'returned',
                     'correction', 'move_bucket', 'synset_merge', 'reserve', 'release', 'consume')),
  reference_type   text,
  reference_id     text,
  note             text,
  user_id          uuid,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (delta_good <> 0 OR delta_hold <> 0 OR delta_hurt <> 0 OR delta_in_transit <> 0 OR delta_reserved <> 0)
);
CREATE INDEX inventory_movements_sku_idx ON inventory_movements (tenant_id, sku_id, iloc_id, id);
CREATE INDEX inventory_movements_iloc_idx ON inventory_movements (tenant_id, iloc_id, id);
-- Orders and transfers look their movements up by document.
CREATE INDEX inventory_movements_reference_idx ON inventory_movements (tenant_id, reference_type, reference_id, id);

-- GET /inventory searches SKUs by the beginning of their code (skus.sku_key, 0002) or name over large
-- catalogs. Under forced row-level security only leakproof operators reach an index: lower(name) LIKE does not,
-- the pattern comparisons ~>=~ / ~<~ on a plain column do; hence a stored lower-cased name beside sku_key.
-- (No pg_trgm substring search: the extension is not available on the embedded PGlite.)
ALTER TABLE skus ADD COLUMN name_key text GENERATED ALWAYS AS (lower(name)) STORED;
CREATE INDEX skus_name_key_idx ON skus (tenant_id, name_key text_pattern_ops);
