-- API access tokens (spec 3 scopes) and processes with their inbound webhooks (spec 7 "Webhook URLs").
-- docs/api-access-tokens.md explains the choices.

-- Personal access tokens are rows of oauth_access_tokens (kind 'personal'), so the one-query principal
-- lookup (platform/http/auth.ts) serves them too. They have a name, a short hint of the token for the list,
-- and last_used_at; their scopes column holds the spec 3 scopes, space separated.
ALTER TABLE oauth_access_tokens ADD COLUMN kind text NOT NULL DEFAULT 'session' CHECK (kind IN ('session', 'personal'));
ALTER TABLE oauth_access_tokens ADD COLUMN name text;
ALTER TABLE oauth_access_tokens ADD COLUMN token_hint text;
ALTER TABLE oauth_access_tokens ADD COLUMN last_used_at timestamptz;
CREATE INDEX oauth_access_tokens_personal_idx ON oauth_access_tokens (user_id, company_id, created_at) WHERE kind = 'personal';
-- The client personal tokens belong to. Revoked and with no grants, so nobody can sign in through it.
INSERT INTO oauth_clients (id, name, secret_hash, grants, revoked)
VALUES ('omnio-personal', 'Personal access tokens', '-', '{}', true)
ON CONFLICT (id) DO NOTHING;

-- A tenant's channel connection, as far as inbound webhooks need it. The secret verifies the HMAC of what
-- the channel sends, so it is stored as is (a hash could not verify); it is answered only on create/rotate.
CREATE TABLE processes (
  tenant_id         uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id                uuid NOT NULL DEFAULT gen_random_uuid(),
  name              text NOT NULL,
  driver            text NOT NULL CHECK (driver IN ('shopify', 'woocommerce', 'bigcommerce', 'amazon', 'ebay', 'custom')),
  status            text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  webhook_secret    text NOT NULL,
  secret_rotated_at timestamptz NOT NULL DEFAULT now(),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX processes_created_idx ON processes (tenant_id, created_at DESC);
CREATE UNIQUE INDEX processes_name_key ON processes (tenant_id, lower(name));
-- The public gateway knows only the process id from the URL: a transaction that declared itself the
-- gateway may read processes of every tenant (read only), to learn the tenant; the rest runs in withTenant.
CREATE POLICY inbound_gateway ON processes FOR SELECT USING (current_setting('app.inbound_gateway', true) = 'on');

-- What a channel sent, stored before anything is done with it, so a failure loses nothing (replay).
CREATE TABLE inbound_webhooks (
  tenant_id    uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id           uuid NOT NULL DEFAULT gen_random_uuid(),
  process_id   uuid NOT NULL,
  context      text NOT NULL,
  resource     text NOT NULL,
  status       text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'processing', 'processed', 'failed')),
  attempts     integer NOT NULL DEFAULT 0,
  error        text,
  headers      jsonb NOT NULL DEFAULT '{}'::jsonb,
  body         text NOT NULL,
  result       jsonb,
  job_id       uuid,
  received_at  timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, process_id) REFERENCES processes (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX inbound_webhooks_process_idx ON inbound_webhooks (tenant_id, process_id, received_at DESC);
