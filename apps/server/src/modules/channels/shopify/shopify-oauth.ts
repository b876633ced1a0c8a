import { secretBoxFor } from '../../../platform/crypto/secret-box';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TShopifyInstallStart } from '@omnio/domain';
import type { Config } from '../../../platform/config';
import { queryRows } from '../../../platform/db/rows';
import { withTenant } from '../../../platform/db/tenant';
import type { AppDeps, TenantCtx } from '../../../platform/http/context';
import { DomainError } from '../../../platform/http/errors';
import { ChannelCallError, type ConnectorContext } from '../connector';
import { ChannelHttp } from '../http-client';
import { SERVICE_ALREADY_INSTALLED, syncActionSchedules } from '../process-config';
import { storeCredentials } from '../process-store';

/**
 * Shopify's authorization-code install (shopify.md section 1): the seller starts in Omnio or in Shopify's admin,
 * Shopify asks the merchant and comes back to /complete-install with a code, which Omnio exchanges for an
 * expiring offline token (refreshed before it lapses, the refresh token rotating on each use).
 */

export const INSTALL_FAILED = 'Installation failed';
const STATE_TTL_MINUTES = 15;
/** Shopify's own libraries accept a signed query this far from the clock. */
const HMAC_SKEW_SECONDS = 90;

const failed = (reason: string) => new DomainError('VALIDATION', INSTALL_FAILED, { errors: { install: [reason] } });

function appOf(config: Config): { clientId: string; clientSecret: string } {
  if (!config.shopifyClientId || !config.shopifyClientSecret) {
    throw new DomainError('VALIDATION', 'This server has no Shopify app configured: connect the store with a custom-app access token instead', {
      errors: { shop: ['Shopify app install is not configured on this server'] },
    });
  }
  return { clientId: config.shopifyClientId, clientSecret: config.shopifyClientSecret };
}

const adminBaseFor = (config: Config, shop: string) => config.shopifyAdminBase.replace('{shop}', shop);

/** The OAuth query's signature: hex HMAC-SHA256 over the other parameters, sorted, joined k=v&… */
export function verifyQueryHmac(secret: string, query: Record<string, string>, now = Date.now()): boolean {
  const { hmac, signature: _signature, ...rest } = query;
  if (!hmac) return false;
  const message = Object.keys(rest).sort().map((k) => `${k}=${rest[k]}`).join('&');
  const expected = Buffer.from(createHmac('sha256', secret).update(message).digest('hex'));
  const given = Buffer.from(hmac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const t = Number(rest.timestamp);
  return !rest.timestamp || (Number.isFinite(t) && Math.abs(now / 1000 - t) <= HMAC_SKEW_SECONDS);
}

const httpFor = (config: Config) => new ChannelHttp({ allowPrivateTargets: config.channelAllowPrivateTargets, baseDelayMs: config.channelRetryBaseMs, maxRetries: 2 });

/** POST /channels/shopify/install: checks and remembers the request, answers where to send the merchant. */
export async function startShopifyInstall(ctx: TenantCtx, input: TShopifyInstallStart): Promise<{ authorize_url: string }> {
  const { config } = ctx.deps;
  const app = appOf(config);
  if (input.query?.hmac && !verifyQueryHmac(app.clientSecret, { ...input.query, shop: input.query.shop ?? input.shop })) {
    throw failed('The request from Shopify could not be verified (signature or time)');
  }
  const nonce = randomBytes(24).toString('base64url');
  await withTenant(ctx, async (tx) => {
    const [taken] = await queryRows<{ id: string }>(tx, sql`
      SELECT id FROM processes WHERE driver = 'shopify' AND account_key = ${input.shop} AND status <> 'uninstalled'`);
    if (taken) throw new DomainError('VALIDATION', SERVICE_ALREADY_INSTALLED, { errors: { shop: [SERVICE_ALREADY_INSTALLED] } });
    await tx.execute(sql`
      INSERT INTO channel_install_states (nonce, company_id, user_id, driver, account_key, name, expires_at)
      VALUES (${nonce}, ${ctx.tenantId}::uuid, ${ctx.principal.userId}::uuid, 'shopify', ${input.shop}, ${input.name ?? `Shopify ${input.shop.replace('.myshopify.com', '')}`},
        now() + make_interval(mins => ${STATE_TTL_MINUTES}))`);
  });
  const url = new URL(`${adminBaseFor(config, input.shop)}/admin/oauth/authorize`);
  url.searchParams.set('client_id', app.clientId);
  url.searchParams.set('scope', config.shopifyScopes);
  url.searchParams.set('redirect_uri', `${config.appUrl}/complete-install`);
  url.searchParams.set('state', nonce);
  url.searchParams.append('grant_options[]', '');
  return { authorize_url: url.toString() };
}

interface TokenAnswer { access_token?: string; scope?: string; expires_in?: number; refresh_token?: string }

async function tokenCall(config: Config, shop: string, body: Record<string, string>): Promise<TokenAnswer> {
  const res = await httpFor(config).request({ method: 'POST', url: `${adminBaseFor(config, shop)}/admin/oauth/access_token`, json: body, retries: 1 });
  if (res.status !== 200) throw new ChannelCallError(`Shopify refused the token request (${res.status})`, res.status);
  const answer = res.json<TokenAnswer>();
  if (!answer.access_token) throw new ChannelCallError('Shopify answered no access token');
  return answer;
}

const tokenCredentials = (answer: TokenAnswer): Record<string, string> => ({
  access_token: answer.access_token!,
  ...(answer.refresh_token ? { refresh_token: answer.refresh_token } : {}),
  ...(answer.expires_in ? { expires_at: String(Date.now() + answer.expires_in * 1000) } : {}),
});

/** Rotates an expiring offline token (the refresh token rotates too): answers the credentials to store. */
export async function refreshShopifyToken(ctx: ConnectorContext): Promise<Record<string, string>> {
  const app = appOf(ctx.config);
  const answer = await tokenCall(ctx.config, ctx.credentials.shop_domain ?? '', {
    client_id: app.clientId, client_secret: app.clientSecret, grant_type: 'refresh_token', refresh_token: ctx.credentials.refresh_token ?? '',
  });
  return tokenCredentials(answer);
}

interface StateRow { nonce: string; company_id: string; user_id: string | null; account_key: string; name: string; expired: boolean; used_at: string | null }

/**
 * POST /channels/shopify/callback (public: Shopify sends the merchant's browser back): verifies the signed query
 * and the state, exchanges the code, and creates the process — or installs an uninstalled one again.
 */
export async function completeShopifyInstall(deps: AppDeps, query: Record<string, string>): Promise<{ process_id: string }> {
  const { config } = deps;
  const app = appOf(config);
  if (!verifyQueryHmac(app.clientSecret, query)) throw failed('The answer from Shopify could not be verified (signature or time)');
  const state = await deps.database.db.transaction(async (tx) => {
    const [row] = await queryRows<StateRow>(tx, sql`
      UPDATE channel_install_states SET used_at = now() WHERE nonce = ${query.state ?? ''} AND used_at IS NULL
      RETURNING nonce, company_id, user_id, account_key, name, (expires_at < now()) AS expired, used_at`);
    return row ?? null;
  });
  if (!state || state.expired) throw failed('This install link has expired or was already used; start again');
  if (state.account_key !== query.shop) throw failed('Shopify answered for another store than the one asked for');
  let answer: TokenAnswer;
  try {
    answer = await tokenCall(config, state.account_key, { client_id: app.clientId, client_secret: app.clientSecret, code: query.code ?? '', expiring: '1' });
  } catch (err) {
    throw failed(err instanceof Error ? err.message : String(err));
  }
  const credentials = { shop_domain: state.account_key, client_secret: app.clientSecret, ...tokenCredentials(answer) };
  const processId = await withTenant({ db: deps.database.db, tenantId: state.company_id, actorUserId: state.user_id }, async (tx) => {
    const [existing] = await queryRows<{ id: string; name: string; actions: Record<string, never> }>(tx, sql`
      SELECT id, name, actions FROM processes WHERE driver = 'shopify' AND account_key = ${state.account_key}
      ORDER BY (status <> 'uninstalled') DESC, created_at DESC LIMIT 1`);
    const actions = existing?.actions && Object.keys(existing.actions).length ? existing.actions : {
      import_orders: { active: true, schedule: null, options: {} }, update_tracking: { active: true, schedule: null, options: { notify_customer: true } },
      sync_inventory: { active: false, schedule: null, options: {} }, import_products: { active: false, schedule: null, options: {} },
    };
    let id = existing?.id;
    if (!id) {
      let name = state.name;
      const [clash] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM processes WHERE lower(name) = lower(${name})`);
      if (clash) name = `${name} (${state.account_key})`.slice(0, 100);
      const [row] = await queryRows<{ id: string }>(tx, sql`
        INSERT INTO processes (tenant_id, name, driver, webhook_secret, actions, account_key)
        VALUES (${state.company_id}::uuid, ${name}, 'shopify', ${secretBoxFor(config).seal(`whsec_${randomBytes(32).toString('base64url')}`)}, ${JSON.stringify(actions)}::jsonb, ${state.account_key})
        RETURNING id`);
      id = row!.id;
    }
    await tx.execute(sql`UPDATE processes SET status = 'active', account_key = ${state.account_key}, actions = ${JSON.stringify(actions)}::jsonb WHERE id = ${id}::uuid`);
    await storeCredentials(tx, config, id, credentials);
    await syncActionSchedules(tx, state.company_id, { id, name: existing?.name ?? state.name, status: 'active', actions }, state.user_id);
    return id;
  });
  return { process_id: processId };
}
