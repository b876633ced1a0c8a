import path from 'node:path';

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** The non-owner role application queries run as, so row-level security applies to them. */
  dbAppRole: string;
  dbPoolSize: number;
  appUrl: string;
  oauthClientId: string;
  oauthClientSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  passwordResetTtlSeconds: number;
  invitationTtlSeconds: number;
  /** smtp://user:pass@host:port; unset starts the built-in sink (development and tests). */
  smtpUrl: string | undefined;
  smtpSinkPort: number;
  mailFrom: string;
  logLevel: string;
  webDist: string;
  seedDemo: boolean;
  /** With seedDemo: also a year of the demo company's business (SEED_DEMO=accounts leaves it out). */
  seedDemoBusiness: boolean;
  rateLimitPerMinute: number;
  /** Sign-in attempts per minute per client address (password guessing). */
  loginRateLimitPerMinute: number;
  /** How long a checked access token is trusted without asking the database again (0: never). */
  authCacheMs: number;
  /** How long a stopping process may take to finish its work before it exits anyway (SIGTERM, SIGINT, SIGHUP). */
  shutdownTimeoutMs: number;
  /** Requests per minute one API access token may make (429 with Retry-After beyond). */
  tokenRateLimitPerMinute: number;
  /** Redis for the installation-wide rate-limit counts; unset: PostgreSQL (or memory on the embedded database). */
  redisUrl: string | undefined;
  /** Batch imports (POST /orders/batch) one company runs at once in this process; more wait their turn. */
  orderImportConcurrency: number;
  /** Bearer token /metrics asks for; unset: /metrics is open to whoever reaches the port. */
  metricsToken: string | undefined;
  /** Operator's switch: let webhooks target loopback and private-range addresses (refused by default). */
  webhookAllowPrivateTargets: boolean;
  /** First retry delay of a failed webhook delivery; each later one doubles it. */
  webhookRetryBaseMs: number;
  /** Attempts of one delivery before it is given up. */
  webhookMaxAttempts: number;
  /** Consecutive failed deliveries after which a subscription is disabled and the tenant notified. */
  webhookDisableAfterFailures: number;
  /** Seconds a webhook receiver has to answer. */
  webhookTimeoutSeconds: number;
  /** Who takes payments: 'manual' (built in: activation on confirmation, no card) or 'stripe'. */
  billingProvider: 'manual' | 'stripe';
  stripeSecretKey: string | undefined;
  /** Signing secret of the Stripe webhook endpoint (whsec_...). */
  stripeWebhookSecret: string | undefined;
  /** Where the Stripe API lives; tests point it at a local fake. */
  stripeApiBase: string;
  /** 32-byte key (base64 or hex) that encrypts stored connection passwords; unset: a key file in dataDir. */
  appKey: string | undefined;
  /** Keys of before an APP_KEY rotation (comma-separated): what they sealed still opens until rotated. */
  appKeyPrevious: string | undefined;
  /** Operator's switch: let channel connections call loopback, private-range and plain-http addresses. */
  channelAllowPrivateTargets: boolean;
  /** First retry delay of a failed channel call (doubled per retry, with jitter). */
  channelRetryBaseMs: number;
  /** How long a channel run holds its process and action without renewing (a crashed process's run lapses). */
  channelRunLeaseSeconds: number;
  /** The Shopify app of this installation (OAuth install); unset: stores connect by a custom-app token only. */
  shopifyClientId: string | undefined;
  shopifyClientSecret: string | undefined;
  shopifyScopes: string;
  /** Where a shop's OAuth endpoints live, `{shop}` replaced by the shop domain; tests point it at the fake. */
  shopifyAdminBase: string;
  /** The BigCommerce app of this installation (app install and load callbacks); unset: stores connect by an API account token only. */
  bigcommerceClientId: string | undefined;
  bigcommerceClientSecret: string | undefined;
  /** Where BigCommerce's OAuth token endpoint lives; tests point it at the fake. */
  bigcommerceLoginBase: string;
  /** Where the stores' REST APIs live (`{base}/stores/{store_hash}/v2|v3`); a process's settings.api_base_url overrides it. */
  bigcommerceApiBase: string;
}

/** A setting the server must not start with; the process says which and exits (runProcess). */
export class ConfigError extends Error {}

/** BILLING_PROVIDER: a misspelt value would silently bill nobody through the manual provider. */
function billingProviderOf(value: string | undefined): 'stripe' | 'manual' {
  if (value === undefined || value === '' || value === 'manual') return 'manual';
  if (value === 'stripe') return 'stripe';
  throw new ConfigError(`BILLING_PROVIDER must be "stripe" or "manual", not "${value}"`);
}

/**
 * Production mail needs a transport: without SMTP_URL mail would go to the in-process sink and reach nobody
 * (password resets, invitations, purchase orders). MAIL_TRANSPORT=none says that is intended.
 */
function checkMailTransport(env: NodeJS.ProcessEnv, nodeEnv: string): void {
  const transport = env.MAIL_TRANSPORT;
  if (transport !== undefined && transport !== '' && transport !== 'none' && transport !== 'smtp') {
    throw new ConfigError(`MAIL_TRANSPORT must be "smtp" or "none", not "${transport}"`);
  }
  if (nodeEnv === 'production' && !env.SMTP_URL && transport !== 'none') {
    throw new ConfigError('NODE_ENV=production needs SMTP_URL for outgoing mail (or MAIL_TRANSPORT=none to run without delivering any)');
  }
}

function int(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  checkMailTransport(env, nodeEnv);
  const port = int(env.PORT, 3000);
  const repoRoot = path.resolve(import.meta.dirname, '../../../..');
  const config: Config = {
    env: nodeEnv,
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    // Relative to the repository, not the working folder: `npm start` runs inside apps/server.
    dataDir: path.resolve(repoRoot, env.DATA_DIR ?? 'data'),
    dbAppRole: env.DB_APP_ROLE ?? 'omnio_app',
    dbPoolSize: int(env.DB_POOL_SIZE, 10),
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    oauthClientId: env.OAUTH_CLIENT_ID ?? 'omnio-web',
    oauthClientSecret: env.OAUTH_CLIENT_SECRET ?? 'omnio-web-secret',
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL, 3600),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL, 30 * 24 * 3600),
    passwordResetTtlSeconds: int(env.PASSWORD_RESET_TTL, 3600),
    invitationTtlSeconds: int(env.INVITATION_TTL, 7 * 24 * 3600),
    smtpUrl: env.SMTP_URL || undefined,
    smtpSinkPort: int(env.SMTP_SINK_PORT, 0),
    mailFrom: env.MAIL_FROM ?? 'Omnio <no-reply@omnio.test>',
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    seedDemo: env.SEED_DEMO !== 'false',
    seedDemoBusiness: env.SEED_DEMO !== 'false' && env.SEED_DEMO !== 'accounts',
    rateLimitPerMinute: int(env.RATE_LIMIT_PER_MINUTE, 100_000),
    loginRateLimitPerMinute: int(env.LOGIN_RATE_LIMIT_PER_MINUTE, 30),
    authCacheMs: int(env.AUTH_CACHE_MS, 2000),
    shutdownTimeoutMs: int(env.SHUTDOWN_TIMEOUT_MS, 20_000),
    tokenRateLimitPerMinute: int(env.TOKEN_RATE_LIMIT_PER_MINUTE, 600),
    redisUrl: env.REDIS_URL || undefined,
    orderImportConcurrency: Math.max(1, int(env.ORDER_IMPORT_CONCURRENCY, 2)),
    metricsToken: env.METRICS_TOKEN || undefined,
    webhookAllowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS === 'true',
    webhookRetryBaseMs: int(env.WEBHOOK_RETRY_BASE_MS, 30_000),
    webhookMaxAttempts: int(env.WEBHOOK_MAX_ATTEMPTS, 8),
    webhookDisableAfterFailures: int(env.WEBHOOK_DISABLE_AFTER_FAILURES, 20),
    webhookTimeoutSeconds: int(env.WEBHOOK_TIMEOUT_SECONDS, 10),
    billingProvider: billingProviderOf(env.BILLING_PROVIDER),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiBase: (env.STRIPE_API_BASE ?? 'https://api.stripe.com').replace(/\/$/, ''),
    appKey: env.APP_KEY || undefined,
    appKeyPrevious: env.APP_KEY_PREVIOUS || undefined,
    channelAllowPrivateTargets: env.CHANNEL_ALLOW_PRIVATE_TARGETS === 'true',
    channelRetryBaseMs: int(env.CHANNEL_RETRY_BASE_MS, 500),
    channelRunLeaseSeconds: int(env.CHANNEL_RUN_LEASE_SECONDS, 60),
    shopifyClientId: env.SHOPIFY_CLIENT_ID || undefined,
    shopifyClientSecret: env.SHOPIFY_CLIENT_SECRET || undefined,
    shopifyScopes: env.SHOPIFY_SCOPES ?? 'read_orders,read_products,read_inventory,write_inventory,read_locations,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders',
    shopifyAdminBase: (env.SHOPIFY_ADMIN_BASE ?? 'https://{shop}').replace(/\/$/, ''),
    bigcommerceClientId: env.BIGCOMMERCE_CLIENT_ID || undefined,
    bigcommerceClientSecret: env.BIGCOMMERCE_CLIENT_SECRET || undefined,
    bigcommerceLoginBase: (env.BIGCOMMERCE_LOGIN_BASE ?? 'https://login.bigcommerce.com').replace(/\/$/, ''),
    bigcommerceApiBase: (env.BIGCOMMERCE_API_BASE ?? 'https://api.bigcommerce.com').replace(/\/$/, ''),
    ...overrides,
  };
  return config;
}
