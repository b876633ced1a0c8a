import { setTimeout as delay } from 'node:timers/promises';
import type { ConnectorContext } from '../connector';
import { ChannelAuthError, ChannelCallError } from '../connector';
import type { ChannelRequest, ChannelResponse } from '../http-client';

/**
 * BigCommerce's REST APIs have no dated versions: the path names the API generation. Orders and their
 * shipments are V2 only; catalog, inventory (multi-location adjustments) and webhooks are V3. Pinned to the
 * docs revision the connector was built from (bigcommerce.md sources, bigcommerce/docs @24f580c, 2026-04-01).
 */
export const BIGCOMMERCE_API_VERSION = 'orders-v2+catalog-inventory-hooks-v3@2026-04-01';

/** A 429 or a reset longer than this is not waited for: the run fails and the next one goes on. */
const MAX_WAIT_MS = 60_000;
/** Tries of one call when BigCommerce throttles (429) or fails (5xx, network) a call that is safe to send again. */
const MAX_TRIES = 6;

/**
 * Each store's rate-limit window as its headers said (per process, in milliseconds), counted down locally as
 * calls leave: when no request is left the next call waits X-Rate-Limit-Time-Reset-Ms instead of being refused
 * with 429, also when several calls are in flight at once. The quota is per store and shared by every app
 * (bigcommerce.md section 7), so another app may still exhaust it: a 429 is then waited out the same way.
 */
interface RateWindow { left: number; resetAt: number; quota: number | null; windowMs: number | null }
const windows = new Map<string, RateWindow>();

/** Takes one request from the process's window, waiting for the next window when none is left. */
async function takeRequest(processId: string): Promise<void> {
  for (;;) {
    const w = windows.get(processId);
    if (!w) return;
    const now = Date.now();
    if (now >= w.resetAt) {
      // A new window began: as many requests as the quota (the next answer corrects the guess).
      if (w.quota === null || w.windowMs === null) {
        windows.delete(processId);
        return;
      }
      w.left = w.quota;
      w.resetAt = now + w.windowMs;
    }
    if (w.left > 0) {
      w.left -= 1;
      return;
    }
    const wait = w.resetAt - now;
    if (wait > MAX_WAIT_MS) throw new ChannelCallError(`BigCommerce's rate limit resets in ${Math.ceil(wait / 1000)} s: the run stops here and the next one goes on`, 429, 'throttled');
    await delay(wait);
  }
}

export const storeHashOf = (ctx: Pick<ConnectorContext, 'credentials'>) => (ctx.credentials.store_hash ?? '').trim().toLowerCase();

/** `settings.api_base_url ?? BIGCOMMERCE_API_BASE` + `/stores/{store_hash}` */
export const storeBase = (ctx: Pick<ConnectorContext, 'credentials' | 'settings' | 'config'>) =>
  `${(ctx.settings.api_base_url ?? ctx.config.bigcommerceApiBase).replace(/\/$/, '')}/stores/${encodeURIComponent(storeHashOf(ctx))}`;

function header(res: ChannelResponse, name: string): number | null {
  const v = res.headers[name];
  if (v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

function remember(processId: string, res: ChannelResponse): void {
  const left = header(res, 'x-rate-limit-requests-left');
  const reset = header(res, 'x-rate-limit-time-reset-ms');
  if (left === null || reset === null) return;
  const resetAt = Date.now() + reset;
  const quota = header(res, 'x-rate-limit-requests-quota');
  const windowMs = header(res, 'x-rate-limit-time-window-ms');
  const w = windows.get(processId);
  // A later window than the one known: the store's figures as they are. The same window: the smaller count wins
  // (calls still in flight were counted here when they left, and there by the store when they arrived).
  if (!w || resetAt > w.resetAt + 50) windows.set(processId, { left, resetAt, quota, windowMs });
  else Object.assign(w, { left: Math.min(w.left, left), resetAt, quota: quota ?? w.quota, windowMs: windowMs ?? w.windowMs });
}

/** The service's own words for a refusal: V2 answers `[{status, message}]`, V3 `{title, errors}`. */
export function reasonOf(res: ChannelResponse): string | null {
  try {
    const body = res.json<unknown>();
    if (Array.isArray(body)) return body.map((e: { message?: string }) => e.message).filter(Boolean).join('; ') || null;
    if (body && typeof body === 'object') {
      const b = body as { title?: string; errors?: Record<string, string> | string[]; error?: string };
      const details = b.errors ? Object.entries(b.errors).map(([k, v]) => (Array.isArray(b.errors) ? String(v) : `${k}: ${String(v)}`)) : [];
      return [b.title ?? b.error, ...details].filter(Boolean).join('; ').slice(0, 500) || null;
    }
  } catch {
    // not JSON (a proxy's error page): the status alone says it
  }
  return null;
}

export interface BcCall {
  method: ChannelRequest['method'];
  /** Below the store: `/v2/orders?…`, `/v3/catalog/…` */
  path: string;
  json?: unknown;
  keepPage?: boolean;
  /** Statuses the caller reads itself (e.g. 404 for an order that is gone, 422 for a refused adjustment). */
  accept?: number[];
}

/**
 * One call to the store: waits out an exhausted rate-limit window before sending, answers 429 by waiting the
 * Time-Reset-Ms it names (never the client's generic backoff, which would storm an exhausted window), sends a
 * GET/PUT again after a 5xx or a dropped connection (a POST only after a 429, which BigCommerce did not apply),
 * and turns 401/403 into ChannelAuthError. 204 (an empty page) answers with an empty text.
 */
export async function bcRequest(ctx: ConnectorContext, call: BcCall): Promise<ChannelResponse> {
  const idempotent = call.method !== 'POST';
  const base = ctx.config.channelRetryBaseMs;
  for (let attempt = 1; ; attempt++) {
    await takeRequest(ctx.processId);
    let res: ChannelResponse;
    try {
      res = await ctx.http.request({
        method: call.method, url: `${storeBase(ctx)}${call.path}`, json: call.json, keepPage: call.keepPage,
        headers: { 'x-auth-token': ctx.credentials.access_token ?? '', accept: 'application/json' },
        // Retries are this function's: BigCommerce's wait is in its own headers, which the shared client does not read.
        retries: 0,
      });
    } catch (err) {
      const retryable = err instanceof ChannelCallError && (err.code === 'network_error' || err.code === 'timeout');
      if (idempotent && retryable && attempt < 3) {
        await delay(base * 2 ** (attempt - 1));
        continue;
      }
      if (err instanceof ChannelCallError) throw err;
      throw new ChannelCallError(`BigCommerce could not be reached: ${err instanceof Error ? err.message : String(err)}`);
    }
    remember(ctx.processId, res);
    if (res.status === 429 && attempt < MAX_TRIES) {
      // Without the headers the platform is shedding load (bigcommerce.md section 7): back off and try again.
      const reset = header(res, 'x-rate-limit-time-reset-ms') ?? base * 2 ** attempt;
      if (reset > MAX_WAIT_MS) throw new ChannelCallError(`BigCommerce throttled the call for ${Math.ceil(reset / 1000)} s`, 429, 'throttled');
      const w = windows.get(ctx.processId);
      windows.set(ctx.processId, { left: 0, resetAt: Date.now() + reset, quota: w?.quota ?? null, windowMs: w?.windowMs ?? null });
      continue;
    }
    if (res.status >= 500 && idempotent && attempt < 4) {
      await delay(base * 2 ** (attempt - 1));
      continue;
    }
    if (call.accept?.includes(res.status)) return res;
    if (res.status === 401) {
      const reason = reasonOf(res);
      throw new ChannelAuthError(`BigCommerce refused the access token (401${reason ? `: ${reason}` : ''})`, 401);
    }
    if (res.status === 403) {
      // The token is valid but its API account lacks the scope of this call (scopes are fixed when it is created).
      const reason = reasonOf(res);
      throw new ChannelAuthError(`BigCommerce refused the access token for ${call.method} ${call.path.split('?')[0]} (403${reason ? `: ${reason}` : ''}): the API account lacks the scope it needs`, 403);
    }
    if (res.status === 429) throw new ChannelCallError('BigCommerce kept throttling the calls after every wait', 429, 'throttled');
    if (res.status === 404 && call.path === '/v2/store') throw new ChannelCallError('BigCommerce answered 404: no store with this store hash', 404);
    if (res.status >= 400) {
      const reason = reasonOf(res);
      throw new ChannelCallError(`BigCommerce answered ${res.status} to ${call.method} ${call.path.split('?')[0]}${reason ? `: ${reason}` : ''}`, res.status);
    }
    return res;
  }
}

/** A JSON answer, or `empty` for 204 / an empty body (BigCommerce's empty page is 204 with no body, not `[]`). */
export function bodyOf<T>(res: ChannelResponse, empty: T): T {
  if (res.status === 204 || res.text.trim() === '') return empty;
  return res.json<T>();
}

/** Tests: forget what the stores' headers said. */
export function resetRateWindows(): void {
  windows.clear();
}
