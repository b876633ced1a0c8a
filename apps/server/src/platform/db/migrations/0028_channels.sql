-- Sales-channel connections (docs/channels.md): a process grows sealed credentials, settings and the spec 3
-- actions; each run of an action is a feed-history row with its counts, item errors, call log and the raw
-- pages the channel sent; cursors move in the same transaction as the orders they cover.

ALTER TABLE processes DROP CONSTRAINT IF EXISTS processes_status_check;
ALTER TABLE processes ADD CONSTRAINT processes_status_check CHECK (status IN ('active', 'disabled', 'uninstalled'));
-- Sealed with the secret box (APP_KEY): a JSON object of the driver's credential keys. Never answered.
ALTER TABLE processes ADD COLUMN credentials_sealed text;
ALTER TABLE processes ADD COLUMN credential_keys text[] NOT NULL DEFAULT '{}';
ALTER TABLE processes ADD COLUMN settings jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE processes ADD COLUMN actions jsonb NOT NULL DEFAULT '{}'::jsonb;
-- The channel's own account (Shopify: the shop domain), for "service already installed" and install callbacks.
ALTER TABLE processes ADD COLUMN account_key text;
CREATE UNIQUE INDEX processes_account_key ON processes (tenant_id, driver, account_key) WHERE account_key IS NOT NULL AND status <> 'uninstalled';

-- Which process an order came from, and the channel's own last-change time of what was imported (an older
-- delivery of the same order is not applied over a newer one: channels do not promise order).
ALTER TABLE orders ADD COLUMN process_id uuid;
ALTER TABLE orders ADD COLUMN channel_updated_at timestamptz;
ALTER TABLE orders ADD COLUMN channel_ref jsonb;
CREATE INDEX orders_process_idx ON orders (tenant_id, process_id) WHERE process_id IS NOT NULL;

-- A shipment's tracking as sent to the order's channel: null until tried; 'sent' or 'failed' after.
ALTER TABLE shipments ADD COLUMN channel_push_status text CHECK (channel_push_status IN ('pending', 'sent', 'failed'));
ALTER TABLE shipments ADD COLUMN channel_push_error text;
ALTER TABLE shipments ADD COLUMN channel_pushed_at timestamptz;
ALTER TABLE shipments ADD COLUMN channel_ref text;
CREATE INDEX shipments_channel_push_idx ON shipments (tenant_id, channel_push_status) WHERE channel_push_status IN ('pending', 'failed');

-- Deliveries are deduplicated by the service's own delivery id (Shopify X-Shopify-Webhook-Id).
ALTER TABLE inbound_webhooks ADD COLUMN delivery_id text;
ALTER TABLE inbound_webhooks ADD COLUMN topic text;
CREATE UNIQUE INDEX inbound_webhooks_delivery_key ON inbound_webhooks (tenant_id, process_id, delivery_id) WHERE delivery_id IS NOT NULL;
ALTER TABLE inbound_webhooks DROP CONSTRAINT IF EXISTS inbound_webhooks_status_check;
ALTER TABLE inbound_webhooks ADD CONSTRAINT inbound_webhooks_status_check CHECK (status IN ('received', 'processing', 'processed', 'failed', 'ignored'));

CREATE TABLE channel_runs (
  tenant_id    uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id           uuid NOT NULL DEFAULT gen_random_uuid(),
  process_id   uuid NOT NULL,
  action       text NOT NULL,
  trigger      text NOT NULL DEFAULT 'manual' CHECK (trigger IN ('manual', 'schedule', 'webhook', 'event')),
  status       text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'RUNNING', 'COMPLETED', 'FAILED')),
  job_id       uuid,
  counts       jsonb NOT NULL DEFAULT '{"received":0,"created":0,"updated":0,"duplicates":0,"failed":0}'::jsonb,
  errors       jsonb NOT NULL DEFAULT '[]'::jsonb,
  call_log     jsonb NOT NULL DEFAULT '[]'::jsonb,
  calls        integer NOT NULL DEFAULT 0,
  failure      text,
  -- Who holds the run: a process that dies stops renewing it, and the next run may start once it lapses.
  lease_until  timestamptz,
  started_at   timestamptz,
  finished_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, process_id) REFERENCES processes (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX channel_runs_process_idx ON channel_runs (tenant_id, process_id, created_at DESC);
CREATE INDEX channel_runs_created_idx ON channel_runs (tenant_id, created_at DESC);
-- One run of an action per process at a time.
CREATE UNIQUE INDEX channel_runs_one_running ON channel_runs (tenant_id, process_id, action) WHERE status = 'RUNNING';

-- The raw pages a run received, kept for the process's keep_pages_days.
CREATE TABLE channel_run_pages (
  tenant_id    uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  run_id       uuid NOT NULL,
  seq          integer NOT NULL,
  url          text NOT NULL,
  status       integer NOT NULL,
  content_type text NOT NULL DEFAULT 'application/json',
  body         text NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, run_id, seq),
  FOREIGN KEY (tenant_id, run_id) REFERENCES channel_runs (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX channel_run_pages_expiry_idx ON channel_run_pages (tenant_id, expires_at);

-- High-water marks per process and action, moved in the transaction of the data they cover.
CREATE TABLE channel_cursors (
  tenant_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  process_id uuid NOT NULL,
  action     text NOT NULL,
  cursor     jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, process_id, action),
  FOREIGN KEY (tenant_id, process_id) REFERENCES processes (tenant_id, id) ON DELETE CASCADE
);

-- What the channel calls each SKU (Shopify: the inventory item) and the quantity last pushed, so a push
-- sends only what changed and resolves each SKU once.
CREATE TABLE channel_sku_links (
  tenant_id      uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  process_id     uuid NOT NULL,
  sku            text NOT NULL,
  remote_id      text,
  remote_ref     jsonb,
  pushed_qty     integer,
  pushed_at      timestamptz,
  -- A SKU the channel does not know is remembered as such (checked again after a while, not every push).
  missing_since  timestamptz,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, process_id, sku),
  FOREIGN KEY (tenant_id, process_id) REFERENCES processes (tenant_id, id) ON DELETE CASCADE
);

-- The OAuth install flow's state (the nonce sent to the service and checked on its callback). Keyed by an
-- unguessable nonce and read by the public callback before a tenant is known, so no tenant_id column (no RLS):
-- the tenant is a plain column, used to open the tenant's transaction afterwards.
CREATE TABLE channel_install_states (
  nonce       text PRIMARY KEY,
  company_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  user_id     uuid,
  driver      text NOT NULL,
  account_key text NOT NULL,
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
