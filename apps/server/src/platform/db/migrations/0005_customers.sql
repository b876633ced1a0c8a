-- Customers (spec 3 "customer", spec 5 completeness), their addresses and contacts, and the groups that
-- sort customers and suppliers (API.md /groups; screens /customer-groups and /supplier-groups).
-- *_key columns are stored lower-cased copies: under forced row-level security only leakproof operators
-- reach an index, so lookups compare a plain column instead of lower(column).

CREATE TABLE groups (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  type        text NOT NULL CHECK (type IN ('customer', 'supplier')),
  name        text NOT NULL,
  name_key    text GENERATED ALWAYS AS (lower(name)) STORED,
  description text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX groups_name_key ON groups (tenant_id, type, name_key);

CREATE TABLE customers (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  first_name  text,
  last_name   text,
  email       text,
  email_key   text GENERATED ALWAYS AS (lower(email)) STORED,
  phone       text,
  company     text,
  group_id    uuid,
  notes       text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, group_id) REFERENCES groups (tenant_id, id) ON DELETE SET NULL (group_id)
);
-- Imports find the customer by e-mail; two customers of a tenant never share one.
CREATE UNIQUE INDEX customers_email_key ON customers (tenant_id, email_key);
CREATE INDEX customers_name_idx ON customers (tenant_id, lower(coalesce(last_name, '') || ' ' || coalesce(first_name, '')));
CREATE INDEX customers_created_idx ON customers (tenant_id, created_at DESC);
CREATE INDEX customers_group_idx ON customers (tenant_id, group_id);

CREATE TABLE customer_addresses (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL,
  kind        text NOT NULL DEFAULT 'shipping' CHECK (kind IN ('shipping', 'billing')),
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
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX customer_addresses_customer_idx ON customer_addresses (tenant_id, customer_id);

CREATE TABLE customer_contacts (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL,
  name        text NOT NULL,
  email       text,
  phone       text,
  role        text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX customer_contacts_customer_idx ON customer_contacts (tenant_id, customer_id);
