-- Catalog: categories, brands, currencies, products, SKUs (REGULAR, PACK, SYNSET), prices, alternative
-- SKUs, synset membership, packaging. Every table is tenant-owned: tenant_id leads its keys and the
-- migrator forces row-level security on it.

CREATE TABLE currencies (
  tenant_id     uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id            uuid NOT NULL DEFAULT gen_random_uuid(),
  iso           text NOT NULL CHECK (iso ~ '^[A-Z]{3}$'),
  symbol        text NOT NULL DEFAULT '',
  exchange_rate numeric(18, 8) NOT NULL DEFAULT 1 CHECK (exchange_rate > 0),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, iso)
);

CREATE TABLE categories (
  tenant_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id         uuid NOT NULL DEFAULT gen_random_uuid(),
  name       text NOT NULL,
  parent_id  uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, parent_id) REFERENCES categories (tenant_id, id) ON DELETE RESTRICT
);
CREATE UNIQUE INDEX categories_name_key ON categories (tenant_id, lower(name));

CREATE TABLE brands (
  tenant_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id         uuid NOT NULL DEFAULT gen_random_uuid(),
  name       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX brands_name_key ON brands (tenant_id, lower(name));

CREATE TABLE products (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  name        text NOT NULL,
  description text,
  category_id uuid,
  brand_id    uuid,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, category_id) REFERENCES categories (tenant_id, id) ON DELETE RESTRICT,
  FOREIGN KEY (tenant_id, brand_id) REFERENCES brands (tenant_id, id) ON DELETE RESTRICT
);
CREATE INDEX products_name_idx ON products (tenant_id, lower(name));
CREATE INDEX products_category_idx ON products (tenant_id, category_id);

-- type REGULAR holds stock; PACK is pack_quantity units of pack_base_sku_id and holds none of its own;
-- SYNSET is a pool that its member SKUs (synset_members) share.
CREATE TABLE skus (
  tenant_id        uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id               uuid NOT NULL DEFAULT gen_random_uuid(),
  product_id       uuid,
  sku              text NOT NULL CHECK (sku <> '' AND position('''' in sku) = 0),
  name             text NOT NULL,
  type             text NOT NULL DEFAULT 'REGULAR' CHECK (type IN ('REGULAR', 'PACK', 'SYNSET')),
  status           text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'discontinued')),
  barcode          text,
  weight           numeric(12, 3) CHECK (weight >= 0),
  length           numeric(12, 3) CHECK (length >= 0),
  width            numeric(12, 3) CHECK (width >= 0),
  height           numeric(12, 3) CHECK (height >= 0),
  pack_base_sku_id uuid,
  pack_quantity    integer CHECK (pack_quantity > 1),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, sku),
  FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, pack_base_sku_id) REFERENCES skus (tenant_id, id) ON DELETE RESTRICT,
  CHECK ((type = 'PACK') = (pack_base_sku_id IS NOT NULL AND pack_quantity IS NOT NULL))
);
CREATE INDEX skus_product_idx ON skus (tenant_id, product_id);
CREATE INDEX skus_barcode_idx ON skus (tenant_id, barcode);
CREATE INDEX skus_pack_base_idx ON skus (tenant_id, pack_base_sku_id);
CREATE INDEX skus_name_idx ON skus (tenant_id, lower(name));

-- The four price codes of spec 3 (BUY, WHOLE, RETAIL, WTDAVGCOST), money as exact decimals.
CREATE TABLE sku_prices (
  tenant_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  sku_id     uuid NOT NULL,
  code       text NOT NULL CHECK (code IN ('BUY', 'WHOLE', 'RETAIL', 'WTDAVGCOST')),
  value      numeric(14, 4) NOT NULL CHECK (value >= 0),
  currency   text NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, sku_id, code),
  FOREIGN KEY (tenant_id, sku_id) REFERENCES skus (tenant_id, id) ON DELETE CASCADE
);

-- Alternative SKUs: other names (a channel's listing code, an old code) that resolve to a SKU on import.
CREATE TABLE sku_aliases (
  tenant_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  alias      text NOT NULL CHECK (alias <> '' AND position('''' in alias) = 0),
  sku_id     uuid NOT NULL,
  channel    text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, alias),
  FOREIGN KEY (tenant_id, sku_id) REFERENCES skus (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX sku_aliases_sku_idx ON sku_aliases (tenant_id, sku_id);

-- A SKU belongs to at most one synset; selling any member draws on the synset's pool.
CREATE TABLE synset_members (
  tenant_id     uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  synset_id     uuid NOT NULL,
  member_sku_id uuid NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, synset_id, member_sku_id),
  UNIQUE (tenant_id, member_sku_id),
  FOREIGN KEY (tenant_id, synset_id) REFERENCES skus (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, member_sku_id) REFERENCES skus (tenant_id, id) ON DELETE CASCADE
);

-- Spec 3 Package.
CREATE TABLE packages (
  tenant_id       uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id              uuid NOT NULL DEFAULT gen_random_uuid(),
  name            text NOT NULL,
  type            text NOT NULL DEFAULT 'box',
  stackable       boolean NOT NULL DEFAULT true,
  box_weight      numeric(12, 3) NOT NULL DEFAULT 0 CHECK (box_weight >= 0),
  max_weight      numeric(12, 3) CHECK (max_weight > 0),
  outer_length    numeric(12, 3) CHECK (outer_length > 0),
  outer_width     numeric(12, 3) CHECK (outer_width > 0),
  outer_height    numeric(12, 3) CHECK (outer_height > 0),
  inner_length    numeric(12, 3) CHECK (inner_length > 0),
  inner_width     numeric(12, 3) CHECK (inner_width > 0),
  inner_height    numeric(12, 3) CHECK (inner_height > 0),
  volume_capacity numeric(14, 3) CHECK (volume_capacity > 0),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX packages_name_key ON packages (tenant_id, lower(name));

CREATE TABLE package_ship_methods (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  package_id  uuid NOT NULL,
  ship_method text NOT NULL,
  PRIMARY KEY (tenant_id, package_id, ship_method),
  FOREIGN KEY (tenant_id, package_id) REFERENCES packages (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE package_skus (
  tenant_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  package_id uuid NOT NULL,
  sku_id     uuid NOT NULL,
  PRIMARY KEY (tenant_id, package_id, sku_id),
  FOREIGN KEY (tenant_id, package_id) REFERENCES packages (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, sku_id) REFERENCES skus (tenant_id, id) ON DELETE CASCADE
);
