-- Media of a tenant (spec 3 "Mediable", spec 7 /tenants/{id}/mediables): product and SKU images, channel
-- logos (mediable_type process, folder logos). A row catalogues one file; its bytes live on disk at
-- DATA_DIR/media/<tenant_id>/<id> (modules/mediables/media-store.ts), never in the database.

CREATE TABLE mediables (
  tenant_id         uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id                uuid NOT NULL DEFAULT gen_random_uuid(),
  -- What the media belongs to: polymorphic (a product, a SKU, a process), hence no foreign key; the
  -- triggers below remove the media of a deleted product or SKU. Ids are stored as canonical text.
  mediable_type     text NOT NULL CHECK (mediable_type ~ '^[a-z][a-z_]{0,31}$'),
  mediable_id       text NOT NULL CHECK (length(mediable_id) BETWEEN 1 AND 64),
  folder            text NOT NULL CHECK (folder ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
  file_name         text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
  mime_type         text NOT NULL,
  size_bytes        integer NOT NULL CHECK (size_bytes > 0),
  custom_properties jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(custom_properties) = 'object'),
  position          integer NOT NULL DEFAULT 0 CHECK (position >= 0),
  -- users.id of the uploader; no foreign key, the media outlives its uploader's account.
  created_by        uuid,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
-- The media of one product (or SKU, or process) in display order: every product page asks for it.
CREATE INDEX mediables_owner_idx ON mediables (tenant_id, mediable_type, mediable_id, position);
-- search=folder:logos;mediable_type:process (spec 7).
CREATE INDEX mediables_folder_idx ON mediables (tenant_id, folder, mediable_type);

-- Files whose row is gone but whose bytes may still be on disk. A trigger writes here in the transaction
-- that deletes the row, whoever deletes it (this module, or a product delete through the triggers below);
-- the module unlinks the file after that transaction and then removes the entry, so a crash between the
-- commit and the unlink leaves a retry, never a file nobody knows about.
CREATE TABLE mediable_trash (
  tenant_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id         uuid NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);

CREATE FUNCTION mediables_to_trash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Deleting a whole company cascades outside any tenant: there is nothing to retry (and row-level
  -- security would refuse the insert), so only deletes inside the row's own tenant are recorded.
  IF OLD.tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid THEN
    INSERT INTO mediable_trash (tenant_id, id) VALUES (OLD.tenant_id, OLD.id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER mediables_trash AFTER DELETE ON mediables FOR EACH ROW EXECUTE FUNCTION mediables_to_trash();

-- A deleted product or SKU takes its media with it, in the same transaction (TG_ARGV[0] is the mediable_type).
CREATE FUNCTION mediables_owner_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM mediables WHERE tenant_id = OLD.tenant_id AND mediable_type = TG_ARGV[0] AND mediable_id = OLD.id::text;
  RETURN NULL;
END $$;
CREATE TRIGGER products_mediables_deleted AFTER DELETE ON products FOR EACH ROW EXECUTE FUNCTION mediables_owner_deleted('product');
CREATE TRIGGER skus_mediables_deleted AFTER DELETE ON skus FOR EACH ROW EXECUTE FUNCTION mediables_owner_deleted('sku');
