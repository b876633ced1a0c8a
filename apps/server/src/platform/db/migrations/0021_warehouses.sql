-- Warehouses (docs/api-warehouses.md): the platform's fulfilment warehouses, managed by the owner. Platform
-- data, not tenant data: no tenant_id and no row-level security; only owner routes reach these tables.
CREATE TABLE warehouses (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name               text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  code               text NOT NULL CHECK (length(code) BETWEEN 1 AND 40),
  provider           text NOT NULL DEFAULT 'other' CHECK (provider IN ('shipedge', 'shelfpoint', 'mintsoft', 'other')),
  status             text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE')),
  address1           text,
  address2           text,
  city               text,
  region             text,
  postal_code        text,
  country            text,
  time_zone          text NOT NULL DEFAULT 'UTC',
  notes              text,
  -- The connection to the warehouse system's database (spec 3).
  conn_driver        text CHECK (conn_driver IN ('mysql', 'pgsql', 'sqlsrv')),
  conn_host          text,
  conn_port          integer CHECK (conn_port BETWEEN 1 AND 65535),
  conn_database      text,
  conn_username      text,
  -- platform/crypto/secret-box.ts output (v1:iv:tag:ciphertext); the plain password is never stored or answered.
  conn_password_enc  text CHECK (conn_password_enc IS NULL OR conn_password_enc LIKE 'v1:%'),
  conn_charset       text,
  conn_collation     text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
-- Codes are compared case-insensitively: SHIPEDGE-1 and shipedge-1 would be the same warehouse to a person.
CREATE UNIQUE INDEX warehouses_code_key ON warehouses (lower(code));
CREATE INDEX warehouses_name_idx ON warehouses (name, id);

-- The companies a warehouse serves (the owner assigns them).
CREATE TABLE warehouse_companies (
  warehouse_id  uuid NOT NULL REFERENCES warehouses(id) ON DELETE CASCADE,
  company_id    uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (warehouse_id, company_id)
);
CREATE INDEX warehouse_companies_company_idx ON warehouse_companies (company_id, warehouse_id);
