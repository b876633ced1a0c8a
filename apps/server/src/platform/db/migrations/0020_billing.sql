-- Billing (docs/api-billing.md): the owner's catalogue of plans and extras (platform data, no tenant), and
-- each company's subscription, its checkouts, its event history and its monthly order usage (tenant data,
-- forced row-level security added by the migrator like every table with a tenant_id).
CREATE TABLE billing_products (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type         text NOT NULL CHECK (type IN ('base_plan', 'addon')),
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  active       boolean NOT NULL DEFAULT true,
  sort         integer NOT NULL DEFAULT 0,
  -- The provider's product id (Stripe prod_...), set when the catalogue is synced.
  provider_id  text UNIQUE,
  -- {description, marketing_features: [{name}], features: {orders}} (spec 3).
  data         jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE billing_prices (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id   uuid NOT NULL REFERENCES billing_products(id) ON DELETE CASCADE,
  active       boolean NOT NULL DEFAULT true,
  provider_id  text UNIQUE,
  -- Integer cents (spec 3): totals never round.
  unit_amount  integer NOT NULL CHECK (unit_amount >= 0),
  currency     text NOT NULL DEFAULT 'usd' CHECK (length(currency) = 3),
  nickname     text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_prices_product_idx ON billing_prices (product_id);

-- One subscription per company. An ended one (period over after a cancel, or deleted at the provider) keeps
-- its row, so subscribing again reuses it and the history stays attached.
CREATE TABLE subscriptions (
  tenant_id                 uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id                        uuid NOT NULL DEFAULT gen_random_uuid(),
  status                    text NOT NULL CHECK (status IN ('active', 'canceled', 'ended')),
  provider                  text NOT NULL DEFAULT 'manual' CHECK (provider IN ('manual', 'stripe')),
  provider_subscription_id  text,
  provider_customer_id      text,
  plan_price_id             uuid NOT NULL REFERENCES billing_prices(id),
  -- [{price_id, quantity}]: the extras, one entry per price (quantities summed).
  extras                    jsonb NOT NULL DEFAULT '[]'::jsonb,
  canceled_at               timestamptz,
  current_period_start      timestamptz NOT NULL DEFAULT now(),
  current_period_end        timestamptz NOT NULL,
  ended_at                  timestamptz,
  created_at                timestamptz NOT NULL DEFAULT now(),
  updated_at                timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id)
);
-- The Stripe webhook finds a subscription by the provider's id (withPlatformRead): few rows, no cross-tenant
-- index (every index of a tenant table leads with tenant_id).

CREATE TABLE subscription_checkouts (
  tenant_id            uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id                   uuid NOT NULL DEFAULT gen_random_uuid(),
  type                 text NOT NULL CHECK (type IN ('subscribe', 'change', 'upgrade', 'resume')),
  status               text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed', 'expired')),
  provider             text NOT NULL CHECK (provider IN ('manual', 'stripe')),
  plan_price_id        uuid NOT NULL REFERENCES billing_prices(id),
  -- The extras the subscription will have once the checkout completes (for an upgrade: already merged).
  extras               jsonb NOT NULL DEFAULT '[]'::jsonb,
  return_url           text NOT NULL,
  cancel_url           text NOT NULL,
  provider_session_id  text,
  expires_at           timestamptz NOT NULL,
  completed_at         timestamptz,
  created_by           uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX subscription_checkouts_open_idx ON subscription_checkouts (tenant_id, expires_at) WHERE status = 'open';

CREATE TABLE subscription_events (
  tenant_id        uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id               uuid NOT NULL DEFAULT gen_random_uuid(),
  subscription_id  uuid,
  type             text NOT NULL CHECK (type IN ('subscribe', 'subscribed', 'upgrade', 'updated', 'canceled')),
  message          text NOT NULL,
  data             jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_by       uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX subscription_events_tenant_idx ON subscription_events (tenant_id, created_at DESC);

-- Orders created per calendar month (UTC). Order creation adds to it with one conditional upsert, so
-- concurrent imports can never go past the allowance.
CREATE TABLE billing_usage (
  tenant_id          uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  period             text NOT NULL CHECK (period ~ '^[0-9]{4}-[0-9]{2}$'),
  orders             integer NOT NULL DEFAULT 0 CHECK (orders >= 0),
  -- Set by the first refusal of the period: the 'Order limit reached' notification goes out once.
  limit_notified_at  timestamptz,
  updated_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, period)
);

-- The owner's dashboard and the provider webhook (which must learn the tenant of an id first) read across
-- tenants inside withPlatformRead (read-only transactions); writes stay under tenant_isolation.
CREATE POLICY platform_read ON subscriptions FOR SELECT USING (current_setting('app.platform_read', true) = 'on');
CREATE POLICY platform_read ON billing_usage FOR SELECT USING (current_setting('app.platform_read', true) = 'on');
CREATE POLICY platform_read ON subscription_checkouts FOR SELECT USING (current_setting('app.platform_read', true) = 'on');
