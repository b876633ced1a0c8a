-- Catalog: categories, brands, currencies, products, SKUs (REGULAR, PACK, SYNSET), prices, alternative
-- SKUs, synset membership, packaging. Every table is tenant-owned: tenant_id leads its keys and the
-- migrator forces row-level security on it.

CREATE TABLE currencies (
  tenant_id     uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id            uuid NOT NULL DEFAULT gen_random_uuid(),
  iso           text NOT NULL CHECK (iso ~ '^[A-Z]{3}$'),
  symbol        text NOT NULL DEFAULT '',
  exchange_rate numeric NOT NULL DEFAULT 1 CHECK (exchange_rate > 0 AND exchange_rate < 1e10 AND scale(exchange_rate) <= 8),
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
CREATE INDEX categories_parent_idx ON categories (tenant_id, parent_id);

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
CREATE INDEX products_brand_idx ON products (tenant_id, brand_id);
CREATE INDEX products_created_idx ON products (tenant_id, created_at);

-- type REGULAR holds stock; PACK is pack_quantity units of pack_base_sku_id and holds none of its own;
-- SYNSET is a pool that its member SKUs (synset_members) share.
-- Decimals are unconstrained numeric with a scale check, so a value keeps the scale it was given ("0.20"
-- stays "0.20"). sku_key is the lower-cased code for prefix search: under forced row-level security only
-- leakproof operators can use an index, and lower(sku) LIKE is not one, while ~>=~ / ~<~ on a plain column is.
CREATE TABLE skus (
  tenant_id        uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id               uuid NOT NULL DEFAULT gen_random_uuid(),
  product_id       uuid,
  sku              text NOT NULL CHECK (sku <> '' AND length(sku) <= 64 AND position('''' in sku) = 0 AND sku !~ '\s'),
  sku_key          text GENERATED ALWAYS AS (lower(sku)) STORED,
  name             text NOT NULL,
  type             text NOT NULL DEFAULT 'REGULAR' CHECK (type IN ('REGULAR', 'PACK', 'SYNSET')),
  status           text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'discontinued')),
  barcode          text,
  weight           numeric CHECK (weight >= 0 AND weight < 1e9 AND scale(weight) <= 3),
  length           numeric CHECK (length >= 0 AND length < 1e9 AND scale(length) <= 3),
  width            numeric CHECK (width >= 0 AND width < 1e9 AND scale(width) <= 3),
  height           numeric CHECK (height >= 0 AND height < 1e9 AND scale(height) <= 3),
  pack_base_sku_id uuid,
  pack_quantity    integer CHECK (pack_quantity > 1),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, sku),
  FOREIGN KEY (tenant_id, product_id) REFERENCES products (tenant_id, id) ON DELETE CASCADE,
  -- NO ACTION (checked at the end of the statement): a product delete cascades to a pack and its base together.
  FOREIGN KEY (tenant_id, pack_base_sku_id) REFERENCES skus (tenant_id, id) ON DELETE NO ACTION,
  CHECK ((type = 'PACK') = (pack_base_sku_id IS NOT NULL AND pack_quantity IS NOT NULL))
);
CREATE INDEX skus_product_idx ON skus (tenant_id, product_id);
CREATE INDEX skus_barcode_idx ON skus (tenant_id, barcode);
CREATE INDEX skus_pack_base_idx ON skus (tenant_id, pack_base_sku_id);
CREATE INDEX skus_name_idx ON skus (tenant_id, lower(name));
CREATE INDEX skus_key_idx ON skus (tenant_id, sku_key text_pattern_ops);
CREATE INDEX skus_created_idx ON skus (tenant_id, created_at);
CREATE INDEX skus_type_idx ON skus (tenant_id, type, created_at);

-- The words of each SKU's code and name, for word-prefix search over large catalogs ("red m" finds
-- "Trail Tee red M" and TEE-RED-M). A btree on (tenant_id, word text_pattern_ops) answers a prefix as a
-- range of leakproof operators, which forced row-level security lets use an index; ILIKE '%x%' and
-- trigram or full-text operators are not leakproof, so under RLS they always scan every row.
CREATE TABLE sku_words (
  tenant_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  sku_id    uuid NOT NULL,
  word      text NOT NULL,
  FOREIGN KEY (tenant_id, sku_id) REFERENCES skus (tenant_id, id) ON DELETE CASCADE
);
-- Both directions with the pattern operators: find the SKUs of the rarest word, then probe each for the others.
CREATE UNIQUE INDEX sku_words_key ON sku_words (tenant_id, sku_id, word text_pattern_ops);
CREATE INDEX sku_words_word_idx ON sku_words (tenant_id, word text_pattern_ops, sku_id);

-- Kept by the database so that every writer (API, CSV import, bulk SQL loads) keeps the words right.
CREATE FUNCTION sku_words_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM sku_words WHERE tenant_id = NEW.tenant_id AND sku_id = NEW.id;
  END IF;
  INSERT INTO sku_words (tenant_id, sku_id, word)
  SELECT DISTINCT NEW.tenant_id, NEW.id, left(w, 64)
  FROM regexp_split_to_table(lower(NEW.sku || ' ' || NEW.name), '[^[:alnum:]]+') AS w
  WHERE w <> '';
  RETURN NULL;
END $$;
CREATE TRIGGER skus_words_insert AFTER INSERT ON skus FOR EACH ROW EXECUTE FUNCTION sku_words_refresh();
CREATE TRIGGER skus_words_update AFTER UPDATE OF sku, name ON skus FOR EACH ROW
  WHEN (OLD.sku IS DISTINCT FROM NEW.sku OR OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION sku_words_refresh();

-- The four price codes of spec 3 (BUY, WHOLE, RETAIL, WTDAVGCOST), money as exact decimals.
CREATE TABLE sku_prices (
  tenant_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  sku_id     uuid NOT NULL,
  code       text NOT NULL CHECK (code IN ('BUY', 'WHOLE', 'RETAIL', 'WTDAVGCOST')),
  value      numeric NOT NULL CHECK (value >= 0 AND value < 1e10 AND scale(value) <= 4),
  currency   text NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, sku_id, code),
  FOREIGN KEY (tenant_id, sku_id) REFERENCES skus (tenant_id, id) ON DELETE CASCADE
);

-- Alternative SKUs: other names (a channel's listing code, an old code) that resolve to a SKU on import.
CREATE TABLE sku_aliases (
  tenant_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  alias      text NOT NULL CHECK (alias <> '' AND length(alias) <= 64 AND position('''' in alias) = 0 AND alias !~ '\s'),
  alias_key  text GENERATED ALWAYS AS (lower(alias)) STORED,
  sku_id     uuid NOT NULL,
  channel    text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, alias),
  FOREIGN KEY (tenant_id, sku_id) REFERENCES skus (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX sku_aliases_sku_idx ON sku_aliases (tenant_id, sku_id);
CREATE INDEX sku_aliases_key_idx ON sku_aliases (tenant_id, alias_key text_pattern_ops);

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
  box_weight      numeric NOT NULL DEFAULT 0 CHECK (box_weight >= 0 AND box_weight < 1e9 AND scale(box_weight) <= 3),
  max_weight      numeric CHECK (max_weight > 0 AND max_weight < 1e9 AND scale(max_weight) <= 3),
  outer_length    numeric CHECK (outer_length > 0 AND outer_length < 1e9 AND scale(outer_length) <= 3),
  outer_width     numeric CHECK (outer_width > 0 AND outer_width < 1e9 AND scale(outer_width) <= 3),
  outer_height    numeric CHECK (outer_height > 0 AND outer_height < 1e9 AND scale(outer_height) <= 3),
  inner_length    numeric CHECK (inner_length > 0 AND inner_length < 1e9 AND scale(inner_length) <= 3),
  inner_width     numeric CHECK (inner_width > 0 AND inner_width < 1e9 AND scale(inner_width) <= 3),
  inner_height    numeric CHECK (inner_height > 0 AND inner_height < 1e9 AND scale(inner_height) <= 3),
  volume_capacity numeric CHECK (volume_capacity > 0 AND volume_capacity < 1e11 AND scale(volume_capacity) <= 3),
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
CREATE INDEX package_skus_sku_idx ON package_skus (tenant_id, sku_id);
