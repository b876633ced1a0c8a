-- A tenant's mappers (spec 3 "Mappers"): how one trading partner's documents of one type become Omnio's, as
-- JSONata relations in the shape of the owner's mapper_templates; and the sample files each one is tried on.
-- name_key is a stored lower-cased copy: under forced row-level security only leakproof operators reach an
-- index, so lookups compare a plain column instead of lower(name).

CREATE TABLE mappers (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  name        text NOT NULL,
  name_key    text GENERATED ALWAYS AS (lower(name)) STORED,
  type        text NOT NULL CHECK (type IN ('ORDER', 'ASN', 'ACKNOWLEDGEMENT', 'INVOICE', 'CANCEL', 'INVENTORY', 'LABEL', 'PACKINGSLIP', 'FULFILLMENT')),
  file_type   text NOT NULL CHECK (file_type IN ('csv', 'json', 'xml', 'x12')),
  description text NOT NULL DEFAULT '',
  -- The partner connection using it; a deleted connection leaves the mapper unlinked.
  process_id  uuid,
  -- The platform template it was copied from (informative: the copy does not follow later template edits).
  template_id uuid REFERENCES mapper_templates(id) ON DELETE SET NULL,
  definition  jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, process_id) REFERENCES processes (tenant_id, id) ON DELETE SET NULL (process_id)
);
CREATE UNIQUE INDEX mappers_name_key ON mappers (tenant_id, name_key);
-- One mapper per document type for a partner connection.
CREATE UNIQUE INDEX mappers_process_type_key ON mappers (tenant_id, process_id, type) WHERE process_id IS NOT NULL;
CREATE INDEX mappers_type_idx ON mappers (tenant_id, type, name_key);

CREATE TABLE mapper_samples (
  tenant_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id         uuid NOT NULL DEFAULT gen_random_uuid(),
  mapper_id  uuid NOT NULL,
  name       text NOT NULL,
  content    text NOT NULL CHECK (length(content) <= 1000000),
  -- The records of the last run with the saved definition (null when it failed, error says why).
  output     jsonb,
  error      text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, mapper_id) REFERENCES mappers (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX mapper_samples_mapper_idx ON mapper_samples (tenant_id, mapper_id, created_at);
