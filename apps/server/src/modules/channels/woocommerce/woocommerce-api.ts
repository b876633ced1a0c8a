import { createHmac, randomBytes } from 'node:crypto';
import { ChannelAuthError, ChannelCallError, type ConnectorContext } from '../connector';
import type { ChannelRequest, ChannelResponse } from '../http-client';

/**
 * WooCommerce REST API v3 (`/wp-json/wc/v3`), pinned: the only current version of the core REST API (v1/v2
 * are legacy). Every store is its own WordPress site, so the address is the seller's `store_url`
 * (or `settings.api_base_url`, which replaces it: a fake, a proxy).
 */
export const WOOCOMMERCE_API_VERSION = 'wc/v3';

export const storeBase = (ctx: Pick<ConnectorContext, 'credentials' | 'settings'>) =>
  (ctx.settings.api_base_url ?? ctx.credentials.store_url ?? '').trim().replace(/\/+$/, '');

const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * OAuth 1.0a one-legged signing (woocommerce.md section 1): WooCommerce accepts Basic auth only over TLS, so a
 * store served over plain http is called with `oauth_*` query parameters signed HMAC-SHA256 with
 * `consumer_secret&`. The body is not signed. Answers the URL to request.
 */
export function signOauth1(method: string, url: string, consumerKey: string, consumerSecret: string, now = Date.now()): string {
  const u = new URL(url);
  const params: Record<string, string> = {};
  for (const [k, v] of u.searchParams) params[k] = v;
  Object.assign(params, {
    oauth_consumer_key: consumerKey,
    oauth_nonce: randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA256',
    oauth_timestamp: String(Math.floor(now / 1000)),
  });
  const normalized = Object.keys(params).sort().map((k) => `${rfc3986(k)}=${rfc3986(params[k]!)}`).join('&');
  const baseUrl = `${u.protocol}//${u.host}${u.pathname}`;
  const signature = createHmac('sha256', `${consumerSecret}&`).update(`${method.toUpperCase()}&${rfc3986(baseUrl)}&${rfc3986(normalized)}`).digest('base64');
  const query = Object.keys(params).sort().map((k) => `${rfc3986(k)}=${rfc3986(params[k]!)}`).concat(`oauth_signature=${rfc3986(signature)}`).join('&');
  return `${baseUrl}?${query}`;
}

/** Plain-http stores are signed (OAuth 1.0a); https ones use Basic auth (query-string keys when the host strips the Authorization header). */
export function authMode(ctx: Pick<ConnectorContext, 'credentials'>): 'basic' | 'oauth1' {
  return (ctx.credentials.store_url ?? '').trim().toLowerCase().startsWith('http://') ? 'oauth1' : 'basic';
}

/** Connections whose host dropped the Authorization header: asked with query-string keys from then on (kept per server process). */
const queryAuthStores = new Set<string>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Signed requests are retried here, each attempt with a fresh nonce (the store refuses a nonce seen before). */
const OAUTH_RETRIES = 4;
const MAX_RETRY_AFTER_MS = 120_000;

export interface WooError { code?: string; message?: string; data?: { status?: number } }

const bodyOf = (res: ChannelResponse): WooError | null => {
  try {
    const parsed = res.json<unknown>();
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as WooError) : null;
  } catch {
    return null;
  }
};

export function wooReason(res: ChannelResponse): string {
  const body = bodyOf(res);
  return body?.message ? `${body.message}${body.code ? ` (${body.code})` : ''}` : `HTTP ${res.status}`;
}

/**
 * One call to the store's REST API: auth per the store's scheme, the shared client's retries (429 with
 * Retry-After, 5xx), 401/403 as ChannelAuthError, any other refusal as ChannelCallError with WooCommerce's message.
 * `path` is relative to `/wp-json/wc/v3/`; `query` values are added in order.
 */
export async function wooRequest(
  ctx: ConnectorContext,
  method: ChannelRequest['method'],
  path: string,
  options: { query?: Record<string, string | number | undefined>; json?: unknown; keepPage?: boolean; allow?: number[]; retries?: number } = {},
): Promise<ChannelResponse> {
  const key = ctx.credentials.consumer_key ?? '';
  const secret = ctx.credentials.consumer_secret ?? '';
  const url = new URL(`${storeBase(ctx)}/wp-json/${WOOCOMMERCE_API_VERSION}/${path}`);
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const base = { method, headers: { accept: 'application/json' } as Record<string, string>, json: options.json, keepPage: options.keepPage };
  let res: ChannelResponse;
  if (authMode(ctx) === 'oauth1') {
    // The shared client would resend the same signed URL; each attempt here is signed again instead.
    for (let attempt = 0; ; attempt++) {
      res = await ctx.http.request({ ...base, url: signOauth1(method, url.toString(), key, secret), retries: 0 });
      const retryable = res.status === 429 || res.status === 500 || res.status === 502 || res.status === 503 || res.status === 504;
      if (!retryable || attempt >= (options.retries ?? OAUTH_RETRIES)) break;
      const after = Number(res.headers['retry-after']);
      const wait = Number.isFinite(after) && after >= 0 ? after * 1000 : Math.random() * 500 * 2 ** attempt;
      if (wait > MAX_RETRY_AFTER_MS) break;
      await sleep(wait);
    }
  } else {
    const withKeys = new URL(url);
    withKeys.searchParams.set('consumer_key', key);
    withKeys.searchParams.set('consumer_secret', secret);
    const basic = { ...base.headers, authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}` };
    const store = `${ctx.processId} ${storeBase(ctx)}`;
    res = queryAuthStores.has(store)
      ? await ctx.http.request({ ...base, url: withKeys.toString(), retries: options.retries })
      : await ctx.http.request({ ...base, url: url.toString(), headers: basic, retries: options.retries });
    // Hosts running PHP as CGI/FastCGI drop the Authorization header and WooCommerce says the key is missing:
    // the documented fallback is the keys in the query string (over TLS only; the call log redacts them).
    if (res.status === 401 && !queryAuthStores.has(store) && /missing|cannot_view|cannot list/i.test(wooReason(res))) {
      res = await ctx.http.request({ ...base, url: withKeys.toString(), retries: options.retries });
      if (res.status !== 401) queryAuthStores.add(store);
    }
  }
  if (res.status >= 200 && res.status < 300) return res;
  if (options.allow?.includes(res.status)) return res;
  if (res.status === 401 || res.status === 403) throw new ChannelAuthError(`WooCommerce refused the API keys (${res.status}): ${wooReason(res)}`, res.status);
  throw new ChannelCallError(`WooCommerce answered ${res.status} to ${method} ${path}: ${wooReason(res)}`, res.status, bodyOf(res)?.code ?? 'channel_error');
}

/** A WooCommerce date without zone: `_gmt` fields are UTC, without the `Z`. */
export function gmtIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const ms = Date.parse(/Z$|[+-]\d{2}:?\d{2}$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
