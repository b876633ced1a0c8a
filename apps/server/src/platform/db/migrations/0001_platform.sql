-- Platform foundation: companies (tenants), users, roles and permissions, OAuth tokens, ilocs.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18): no syntax newer than 15.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{{app_role}}') THEN
    CREATE ROLE {{app_role}} NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; -- another database created it concurrently
END $$;

-- The session user must be able to SET ROLE to the app role (superusers can; a plain owner needs membership).
DO $$
BEGIN
  EXECUTE format('GRANT {{app_role}} TO %I', session_user);
EXCEPTION WHEN OTHERS THEN NULL;
END $$;

CREATE TABLE companies (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name          text NOT NULL,
  schema_suffix text NOT NULL UNIQUE,
  status        text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'DISABLED')),
  contact_name  text,
  email         text,
  phone         text,
  address1      text,
  city          text,
  region        text,
  postal_code   text,
  country       text,
  subdomain     text UNIQUE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name          text NOT NULL,
  email         text NOT NULL,
  password_hash text NOT NULL,
  language      text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'sp')),
  disabled_at   timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- Ordered: position 0 is the effective role.
CREATE TABLE user_roles (
  user_id  uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role     text NOT NULL CHECK (role IN ('owner', 'tenant', 'supplier')),
  position integer NOT NULL,
  PRIMARY KEY (user_id, role)
);

-- Mirrors the catalog in packages/domain (synced at start); ids are stable.
CREATE TABLE permissions (
  id       integer PRIMARY KEY,
  name     text NOT NULL UNIQUE,
  action   text NOT NULL,
  resource text NOT NULL,
  section  text NOT NULL,
  scope    text NOT NULL
);

CREATE TABLE user_permissions (
  user_id       uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  permission_id integer NOT NULL REFERENCES permissions(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, permission_id)
);

CREATE TABLE preferences (
  user_id    uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key        text NOT NULL,
  value      jsonb NOT NULL,
  version    integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

-- Tenant-owned tables: tenant_id leads every key and index, and forced row-level security
-- compares it with the transaction's app.tenant_id (set by withTenant).
CREATE TABLE suppliers (
  tenant_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id         uuid NOT NULL DEFAULT gen_random_uuid(),
  name       text NOT NULL,
  email      text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX suppliers_name_key ON suppliers (tenant_id, lower(name));

CREATE TABLE company_users (
  company_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  user_id     uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  supplier_id uuid,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, user_id),
  FOREIGN KEY (company_id, supplier_id) REFERENCES suppliers (tenant_id, id) ON DELETE SET NULL (supplier_id)
);
CREATE INDEX company_users_user_idx ON company_users (user_id);

CREATE TABLE ilocs (
  tenant_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  name        text NOT NULL,
  code        text,
  type        text NOT NULL DEFAULT 'warehouse',
  company     text,
  menu        boolean NOT NULL DEFAULT false,
  status      text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE')),
  archived_at timestamptz,
  address1    text,
  city        text,
  region      text,
  postal_code text,
  country     text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX ilocs_name_key ON ilocs (tenant_id, lower(name));
CREATE UNIQUE INDEX ilocs_code_key ON ilocs (tenant_id, code);
CREATE INDEX ilocs_created_idx ON ilocs (tenant_id, created_at DESC);

CREATE TABLE oauth_clients (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  secret_hash text NOT NULL,
  grants      text[] NOT NULL,
  revoked     boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE oauth_access_tokens (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash      text NOT NULL UNIQUE,
  client_id       text NOT NULL REFERENCES oauth_clients(id) ON DELETE CASCADE,
  user_id         uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  company_id      uuid REFERENCES companies(id) ON DELETE SET NULL,
  scopes          text NOT NULL DEFAULT '*',
  impersonator_id uuid REFERENCES users(id) ON DELETE CASCADE,
  expires_at      timestamptz NOT NULL,
  revoked_at      timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oauth_access_tokens_user_idx ON oauth_access_tokens (user_id);

CREATE TABLE oauth_refresh_tokens (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash      text NOT NULL UNIQUE,
  -- Every refresh token descended from one sign-in shares a family: reuse of a rotated token revokes it all.
  family_id       uuid NOT NULL,
  access_token_id uuid REFERENCES oauth_access_tokens(id) ON DELETE SET NULL,
  client_id       text NOT NULL REFERENCES oauth_clients(id) ON DELETE CASCADE,
  user_id         uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  company_id      uuid REFERENCES companies(id) ON DELETE SET NULL,
  scopes          text NOT NULL DEFAULT '*',
  impersonator_id uuid REFERENCES users(id) ON DELETE CASCADE,
  expires_at      timestamptz NOT NULL,
  revoked_at      timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oauth_refresh_tokens_family_idx ON oauth_refresh_tokens (family_id);
CREATE INDEX oauth_refresh_tokens_user_idx ON oauth_refresh_tokens (user_id);

CREATE TABLE password_resets (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email      text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_email_idx ON password_resets (lower(email));

CREATE TABLE invitations (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  email       text NOT NULL,
  name        text,
  role        text NOT NULL CHECK (role IN ('tenant', 'supplier')),
  supplier_id uuid,
  token_hash  text NOT NULL UNIQUE,
  invited_by  uuid REFERENCES users(id) ON DELETE SET NULL,
  expires_at  timestamptz NOT NULL,
  accepted_at timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invitations_company_idx ON invitations (company_id);
ALTER TABLE invitations ADD FOREIGN KEY (company_id, supplier_id) REFERENCES suppliers (tenant_id, id) ON DELETE CASCADE;
