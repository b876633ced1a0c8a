import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TBigcommerceInstall, TBigcommerceLoad } from '@omnio/domain';
import type { Config } from '../../../platform/config';
import { secretBoxFor } from '../../../platform/crypto/secret-box';
import { queryRows } from '../../../platform/db/rows';
import { withTenant } from '../../../platform/db/tenant';
import type { TenantCtx } from '../../../platform/http/context';
import { DomainError, notFound } from '../../../platform/http/errors';
import { ChannelHttp } from '../http-client';
import { syncActionSchedules } from '../process-config';
import { storeCredentials } from '../process-store';

/**
 * BigCommerce's app install (bigcommerce.md section 1, auth.mdx): the merchant installs the app in the store's
 * control panel, BigCommerce sends the browser to the app's auth callback with a one-use `code`, the store's
 * `context` (stores/{hash}) and the granted `scope`; the app exchanges the code at login.bigcommerce.com for a
 * token that does not expire (no refresh). Opening the app later sends a `signed_payload_jwt` (HS256, the app's
 * client secret) to the load callback, which names the store.
 */

export const BIGCOMMERCE_INSTALL_FAILED = 'Installation failed';
/** Clock difference allowed on the JWT's exp and nbf. */
const JWT_LEEWAY_SECONDS = 60;

const failed = (reason: string) => new DomainError('VALIDATION', BIGCOMMERCE_INSTALL_FAILED, { errors: { install: [reason] } });

function appOf(config: Config): { clientId: string; clientSecret: string } {
  if (!config.bigcommerceClientId || !config.bigcommerceClientSecret) {
    throw new DomainError('VALIDATION', 'This server has no BigCommerce app configured: connect the store with a store-level API account token instead', {
      errors: { install: ['BigCommerce app install is not configured on this server (BIGCOMMERCE_CLIENT_ID, BIGCOMMERCE_CLIENT_SECRET)'] },
    });
  }
  return { clientId: config.bigcommerceClientId, clientSecret: config.bigcommerceClientSecret };
}

const hashOfContext = (context: string) => context.replace(/^stores\//, '').trim().toLowerCase();

interface TokenAnswer { access_token?: string; scope?: string; context?: string; account_uuid?: string; user?: { email?: string } }

/** POST /channels/bigcommerce/install: exchanges the code and creates (or activates again) the company's process of that store. */
export async function installBigcommerceApp(ctx: TenantCtx, input: TBigcommerceInstall): Promise<{ process_id: string }> {
  const { config } = ctx.deps;
  const app = appOf(config);
  const http = new ChannelHttp({ allowPrivateTargets: config.channelAllowPrivateTargets, baseDelayMs: config.channelRetryBaseMs, maxRetries: 0 });
  let answer: TokenAnswer;
  try {
    // A code is single-use: the exchange is never sent twice.
    const res = await http.request({
      method: 'POST', url: `${config.bigcommerceLoginBase}/oauth2/token`, retries: 0,
      headers: { accept: 'application/json' },
      json: {
        client_id: app.clientId, client_secret: app.clientSecret, code: input.code, context: input.context, scope: input.scope,
        grant_type: 'authorization_code', redirect_uri: `${config.appUrl}/services/bigcommerce-connector`,
      },
    });
    if (res.status !== 200) {
      let reason = '';
      try {
        reason = String(res.json<{ error?: string }>().error ?? '');
      } catch {
        // not JSON
      }
      throw failed(`BigCommerce refused the code (${res.status}${reason ? `: ${reason}` : ''})`);
    }
    answer = res.json<TokenAnswer>();
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw failed(err instanceof Error ? err.message : String(err));
  }
  if (!answer.access_token) throw failed('BigCommerce answered no access token');
  const storeHash = hashOfContext(answer.context ?? input.context);
  if (storeHash !== hashOfContext(input.context)) throw failed('BigCommerce answered for another store than the one installing');
  const credentials = { store_hash: storeHash, access_token: answer.access_token, client_secret: app.clientSecret };
  const processId = await withTenant(ctx, async (tx) => {
    const [existing] = await queryRows<{ id: string; name: string; actions: Record<string, never> }>(tx, sql`
      SELECT id, name, actions FROM processes WHERE driver = 'bigcommerce' AND account_key = ${storeHash}
      ORDER BY (status <> 'uninstalled') DESC, created_at DESC LIMIT 1`);
    const actions = existing?.actions && Object.keys(existing.actions).length ? existing.actions : {
      import_orders: { active: true, schedule: null, options: {} }, update_tracking: { active: true, schedule: null, options: {} },
      sync_inventory: { active: false, schedule: null, options: {} }, import_products: { active: false, schedule: null, options: {} },
    };
    const wantedName = input.name ?? `BigCommerce ${storeHash}`;
    let id = existing?.id;
    if (!id) {
      let name = wantedName;
      const [clash] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM processes WHERE lower(name) = lower(${name})`);
      if (clash) name = `${name} (${storeHash})`.slice(0, 100);
      const [row] = await queryRows<{ id: string }>(tx, sql`
        INSERT INTO processes (tenant_id, name, driver, webhook_secret, actions, account_key)
        VALUES (${ctx.tenantId}::uuid, ${name}, 'bigcommerce', ${secretBoxFor(config).seal(`whsec_${randomBytes(32).toString('base64url')}`)}, ${JSON.stringify(actions)}::jsonb, ${storeHash})
        RETURNING id`);
      id = row!.id;
    }
    await tx.execute(sql`UPDATE processes SET status = 'active', account_key = ${storeHash}, actions = ${JSON.stringify(actions)}::jsonb WHERE id = ${id}::uuid`);
    await storeCredentials(tx, config, id, credentials);
    await syncActionSchedules(tx, ctx.tenantId, { id, name: existing?.name ?? wantedName, status: 'active', actions }, ctx.principal.userId);
    return id;
  });
  return { process_id: processId };
}

export interface BigcommerceJwtClaims { aud?: string | string[]; iss?: string; sub?: string; exp?: number; nbf?: number; iat?: number; user?: { id?: number; email?: string } }

/** An HS256 JWT checked with the app's secret: signature, alg, audience (the client id), exp and nbf. Null when any fails. */
export function verifyBigcommerceJwt(token: string, secret: string, clientId: string, now = Date.now()): BigcommerceJwtClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, sig] = parts as [string, string, string];
  let header: { alg?: string };
  let claims: BigcommerceJwtClaims;
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as BigcommerceJwtClaims;
  } catch {
    return null;
  }
  // Only HS256: "none" or an asymmetric alg would let the token choose how it is checked.
  if (header.alg !== 'HS256') return null;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url'));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const seconds = now / 1000;
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(clientId)) return null;
  if (typeof claims.exp !== 'number' || claims.exp + JWT_LEEWAY_SECONDS < seconds) return null;
  if (typeof claims.nbf === 'number' && claims.nbf - JWT_LEEWAY_SECONDS > seconds) return null;
  if (typeof claims.sub !== 'string' || !/^stores\/[a-z0-9]+$/i.test(claims.sub)) return null;
  return claims;
}

/** POST /channels/bigcommerce/load: the company's process of the store the signed payload names. */
export async function loadBigcommerceApp(ctx: TenantCtx, input: TBigcommerceLoad): Promise<{ process_id: string }> {
  const app = appOf(ctx.deps.config);
  const claims = verifyBigcommerceJwt(input.signed_payload_jwt, app.clientSecret, app.clientId);
  if (!claims) throw new DomainError('VALIDATION', 'The request from BigCommerce could not be verified', { errors: { signed_payload_jwt: ['Invalid or expired signed payload'] } });
  const storeHash = hashOfContext(claims.sub!);
  const [row] = await withTenant(ctx, (tx) => queryRows<{ id: string }>(tx, sql`
    SELECT id FROM processes WHERE driver = 'bigcommerce' AND account_key = ${storeHash} AND status <> 'uninstalled'
    ORDER BY created_at DESC LIMIT 1`));
  if (!row) throw notFound('Process');
  return { process_id: row.id };
}
