-- Outgoing webhooks (docs/api-webhooks.md): a tenant subscribes an address to a topic; every lifecycle
-- event (platform/db/status-events.ts) inserts one delivery per matching active subscription in the
-- transaction of the change, and the dispatcher loop of every background process sends them, signed.
CREATE TABLE webhook_subscriptions (
  tenant_id            uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id                   uuid NOT NULL DEFAULT gen_random_uuid(),
  address              text NOT NULL CHECK (length(address) <= 2048),
  topic                text NOT NULL CHECK (length(topic) <= 100),
  -- The HMAC key must be readable to sign, so it cannot be hashed; it is never answered after creation.
  secret               text NOT NULL,
  status               text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  consecutive_failures integer NOT NULL DEFAULT 0 CHECK (consecutive_failures >= 0),
  disabled_at          timestamptz,
  last_delivery_at     timestamptz,
  created_by           uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
-- The publisher's lookup: the tenant's active subscriptions (usually none, so it must cost next to nothing).
CREATE INDEX webhook_subscriptions_active_idx ON webhook_subscriptions (tenant_id, topic) WHERE status = 'active';

CREATE TABLE webhook_deliveries (
  tenant_id        uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id               uuid NOT NULL DEFAULT gen_random_uuid(),
  subscription_id  uuid NOT NULL,
  topic            text NOT NULL,
  -- The envelope sent as the body: {id, topic, created_at, data}.
  payload          jsonb NOT NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'retrying', 'delivered', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  response_code    integer,
  latency_ms       integer,
  error            text,
  -- When the dispatcher may (re)try; a claim pushes it forward by a lease, so a crashed sender's claim expires.
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  delivered_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, subscription_id) REFERENCES webhook_subscriptions (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (tenant_id, subscription_id, created_at DESC);
-- The dispatcher claims due deliveries of every tenant (policy below), so this index cannot lead with a tenant.
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'retrying');
-- Like jobs' job_worker: a transaction that declared itself the dispatcher sees every tenant's queue and
-- the subscriptions' address and secret; everything else stays under tenant_isolation.
CREATE POLICY webhook_dispatcher ON webhook_deliveries
  USING (current_setting('app.webhook_dispatcher', true) = 'on') WITH CHECK (current_setting('app.webhook_dispatcher', true) = 'on');
CREATE POLICY webhook_dispatcher ON webhook_subscriptions
  USING (current_setting('app.webhook_dispatcher', true) = 'on') WITH CHECK (current_setting('app.webhook_dispatcher', true) = 'on');
