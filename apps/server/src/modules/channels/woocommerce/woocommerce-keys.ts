import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TWooCommerceAuthorizeStart, TWooCommerceKeysCallback } from '@omnio/domain';
import { queryRows } from '../../../platform/db/rows';
import { withTenant } from '../../../platform/db/tenant';
import type { AppDeps, TenantCtx } from '../../../platform/http/context';
import { assertId, DomainError, notFound } from '../../../platform/http/errors';
import { loadChannelProcess, openCredentials, storeCredentials } from '../process-store';

/**
 * WooCommerce's own key-generation flow (woocommerce.md section 1, "Application Authentication Endpoint"):
 * the seller is sent to the store's `/wc-auth/v1/authorize`; after approval the store POSTs the new keys (JSON)
 * to Omnio's callback with the `user_id` Omnio gave — here a one-time nonce naming the process — and sends the
 * browser back to the set-up screen. The keys never pass through the browser.
 */

const STATE_TTL_MINUTES = 15;
export const KEYS_REFUSED = 'The keys could not be accepted';

const refused = (reason: string) => new DomainError('VALIDATION', KEYS_REFUSED, { errors: { user_id: [reason] } });

/** POST /channels/woocommerce/authorize: remembers a nonce for the process and answers where to send the seller. */
export async function startWooCommerceAuthorize(ctx: TenantCtx, input: TWooCommerceAuthorizeStart): Promise<{ authorize_url: string }> {
  const { config } = ctx.deps;
  const processId = assertId(input.process_id, 'Process');
  const nonce = randomBytes(24).toString('base64url');
  const storeUrl = await withTenant(ctx, async (tx) => {
    // Another company's process is not found (row-level security), as any other id.
    const process = await loadChannelProcess(tx, processId);
    if (process.driver !== 'woocommerce') throw notFound('Process');
    const store = openCredentials(config, process.credentials_sealed).store_url?.trim().replace(/\/+$/, '');
    if (!store || !/^https?:\/\/[^\s/]+/i.test(store)) {
      throw new DomainError('VALIDATION', 'Give the store address first', { errors: { 'credentials.store_url': ['Give the store address, like https://shop.example.com'] } });
    }
    if (process.status === 'uninstalled') throw new DomainError('VALIDATION', 'This connection is uninstalled', { errors: { process_id: ['This connection is uninstalled'] } });
    await tx.execute(sql`
      INSERT INTO channel_install_states (nonce, company_id, user_id, driver, account_key, name, expires_at)
      VALUES (${nonce}, ${ctx.tenantId}::uuid, ${ctx.principal.userId}::uuid, 'woocommerce', ${process.id}, ${process.name},
        now() + make_interval(mins => ${STATE_TTL_MINUTES}))`);
    return store;
  });
  const url = new URL(`${storeUrl}/wc-auth/v1/authorize`);
  url.searchParams.set('app_name', 'Omnio');
  url.searchParams.set('scope', 'read_write');
  url.searchParams.set('user_id', nonce);
  url.searchParams.set('return_url', `${config.appUrl}/services/woocommerce21-create/${processId}`);
  url.searchParams.set('callback_url', `${config.appUrl}/api/1.0/channels/woocommerce/callback`);
  return { authorize_url: url.toString() };
}

interface StateRow { company_id: string; user_id: string | null; account_key: string; expired: boolean }

/**
 * POST /channels/woocommerce/callback (public: the store calls it): the nonce is taken once; an unknown, used
 * or expired one stores nothing (422). The keys are kept with the store address already there, and a webhook
 * secret is made if the process has none.
 */
export async function completeWooCommerceAuthorize(deps: AppDeps, input: TWooCommerceKeysCallback): Promise<{ ok: true }> {
  const state = await deps.database.db.transaction(async (tx) => {
    const [row] = await queryRows<StateRow>(tx, sql`
      UPDATE channel_install_states SET used_at = now() WHERE nonce = ${input.user_id} AND driver = 'woocommerce' AND used_at IS NULL
      RETURNING company_id, user_id, account_key, (expires_at < now()) AS expired`);
    return row ?? null;
  });
  if (!state || state.expired) throw refused('This authorization has expired or was already used; start again');
  if (input.key_permissions && input.key_permissions !== 'read_write') throw refused(`The keys must be read_write, not ${input.key_permissions}`);
  await withTenant({ db: deps.database.db, tenantId: state.company_id, actorUserId: state.user_id }, async (tx) => {
    const process = await loadChannelProcess(tx, state.account_key, true);
    if (process.driver !== 'woocommerce' || process.status === 'uninstalled') throw refused('The connection is no longer there');
    const current = openCredentials(deps.config, process.credentials_sealed);
    await storeCredentials(tx, deps.config, process.id, {
      ...current,
      consumer_key: input.consumer_key,
      consumer_secret: input.consumer_secret,
      webhook_secret: current.webhook_secret || randomBytes(32).toString('base64url'),
    });
  });
  return { ok: true };
}
