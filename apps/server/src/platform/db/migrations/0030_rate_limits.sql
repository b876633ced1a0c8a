-- Rate-limit windows shared by every API process (platform/http/rate-limits.ts) when REDIS_URL is not set: one row
-- per key (an address, an address on a sign-in route, an access token), its fixed window and its count. Unlogged:
-- counts are worth nothing after a crash, and skipping the WAL keeps the upsert cheap. Not tenant data (keys are
-- addresses and token ids), so no row-level security.
CREATE UNLOGGED TABLE rate_limit_windows (
  key          text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  window_ms    integer NOT NULL CHECK (window_ms > 0),
  count        bigint NOT NULL
);

GRANT SELECT, INSERT, UPDATE, DELETE ON rate_limit_windows TO {{app_role}};
