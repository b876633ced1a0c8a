import type { ConnectorContext } from '../connector';
import { ChannelAuthError, ChannelCallError } from '../connector';
import type { ChannelResponse } from '../http-client';

/**
 * Shopify Admin GraphQL, pinned. 2026-10 is the stable version current since 2026-10-01 (quarterly versions,
 * each supported at least 12 months; shopify.md section 0). It requires changeFromQuantity on every inventory
 * quantity and the @idempotent directive on inventory mutations (both since 2026-04).
 */
export const SHOPIFY_API_VERSION = '2026-10';

interface ThrottleStatus { maximumAvailable: number; currentlyAvailable: number; restoreRate: number }
interface Cost { requestedQueryCost?: number; actualQueryCost?: number; throttleStatus?: ThrottleStatus }
interface GraphqlBody<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[] | string;
  extensions?: { cost?: Cost };
}

/**
 * What each store's bucket held at the last answer (per process): the next call waits until the bucket has
 * refilled enough for its expected cost, instead of being throttled and trying again. The service's own
 * THROTTLED answer (HTTP 200) is still honoured: it waits exactly until the requested cost is back.
 */
const buckets = new Map<string, { status: ThrottleStatus; at: number }>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function waitFor(status: ThrottleStatus, at: number, needed: number): number {
  const available = Math.min(status.maximumAvailable, status.currentlyAvailable + ((Date.now() - at) / 1000) * status.restoreRate);
  if (available >= needed) return 0;
  return Math.ceil(((needed - available) / Math.max(status.restoreRate, 1)) * 1000);
}

export const shopDomainOf = (ctx: Pick<ConnectorContext, 'credentials'>) => ctx.credentials.shop_domain ?? '';
export const adminBase = (ctx: Pick<ConnectorContext, 'credentials' | 'settings'>) =>
  (ctx.settings.api_base_url ?? `https://${shopDomainOf(ctx)}`).replace(/\/$/, '');

function errorsOf(body: GraphqlBody<unknown>): { message: string; code?: string }[] {
  if (!body.errors) return [];
  if (typeof body.errors === 'string') return [{ message: body.errors }];
  return body.errors.map((e) => ({ message: e.message, code: e.extensions?.code }));
}

/**
 * One GraphQL call: cost-aware pacing, THROTTLED retried by the shared client, 401/403 as ChannelAuthError,
 * GraphQL errors as ChannelCallError. `expectedCost` is the query's requested cost when known.
 */
export async function shopifyGraphql<T>(
  ctx: ConnectorContext,
  query: string,
  variables: Record<string, unknown>,
  options: { expectedCost?: number; keepPage?: boolean } = {},
): Promise<T> {
  const key = ctx.processId;
  const last = buckets.get(key);
  if (last && options.expectedCost) {
    const wait = waitFor(last.status, last.at, options.expectedCost);
    if (wait > 0) await sleep(wait);
  }
  let res: ChannelResponse;
  try {
    res = await ctx.http.request({
      method: 'POST',
      url: `${adminBase(ctx)}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`,
      headers: { 'x-shopify-access-token': ctx.credentials.access_token ?? '', accept: 'application/json' },
      json: { query, variables },
      keepPage: options.keepPage,
      throttled: (r) => {
        if (r.status !== 200) return null;
        const body = parsed(r) as GraphqlBody<unknown> | null;
        const throttled = body && errorsOf(body).some((e) => e.code === 'THROTTLED');
        if (!throttled) return null;
        const cost = body.extensions?.cost;
        if (cost?.throttleStatus) buckets.set(key, { status: cost.throttleStatus, at: Date.now() });
        return cost?.throttleStatus ? Math.max(waitFor(cost.throttleStatus, Date.now(), cost.requestedQueryCost ?? 50), 100) : 1000;
      },
      cost: (r) => (parsed(r) as GraphqlBody<unknown> | null)?.extensions?.cost?.actualQueryCost,
    });
  } catch (err) {
    if (err instanceof ChannelCallError) throw err;
    throw new ChannelCallError(`Shopify could not be reached: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (res.status === 401 || res.status === 403) {
    const body = parsed(res) as GraphqlBody<unknown> | null;
    const reason = body ? errorsOf(body)[0]?.message : null;
    throw new ChannelAuthError(`Shopify refused the access token (${res.status}${reason ? `: ${reason}` : ''})`, res.status);
  }
  if (res.status === 402) throw new ChannelCallError('Shopify answered 402: the store is frozen (unpaid) or closed', 402);
  if (res.status === 404) throw new ChannelCallError('Shopify answered 404: no store at this address', 404);
  if (res.status >= 400) throw new ChannelCallError(`Shopify answered ${res.status}`, res.status);
  const body = parsed(res) as GraphqlBody<T> | null;
  if (!body) throw new ChannelCallError('Shopify answered something that is not JSON', res.status);
  const cost = body.extensions?.cost;
  if (cost?.throttleStatus) buckets.set(key, { status: cost.throttleStatus, at: Date.now() });
  const errors = errorsOf(body);
  if (errors.some((e) => e.code === 'THROTTLED')) throw new ChannelCallError('Shopify kept throttling the calls after every retry', 429, 'throttled');
  if (errors.length) throw new ChannelCallError(`Shopify: ${errors.map((e) => e.message).join('; ').slice(0, 500)}`, res.status, errors[0]?.code ?? 'graphql_error');
  if (!body.data) throw new ChannelCallError('Shopify answered no data', res.status);
  return body.data;
}

/** The answer's JSON, parsed once for the hooks and the caller alike (the client caches it), or null. */
function parsed(res: ChannelResponse): unknown {
  try {
    return res.json();
  } catch {
    return null;
  }
}

/** Shopify global ids: gid://shopify/Order/450789469 → 450789469. */
export const legacyId = (gid: string) => gid.slice(gid.lastIndexOf('/') + 1);
export const orderGid = (id: string) => (id.startsWith('gid://') ? id : `gid://shopify/Order/${id}`);
