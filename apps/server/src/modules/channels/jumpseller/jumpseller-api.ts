import { setTimeout as delay } from 'node:timers/promises';
import { ChannelAuthError, ChannelCallError, type ConnectorContext } from '../connector';

/**
 * Calls to Jumpseller's REST API v1 (shared/channels/jumpseller.md): HTTP Basic `login:auth_token` (the query
 * form is deprecated), `.json` paths, and the store's two rate-limit buckets (20/s and 800/min, per IP and
 * per store) announced on every answer. The shared client already retries a 429; this module also paces the
 * calls so a bucket announced empty is waited out before the next call, instead of spending it on 429s.
 */

export const JUMPSELLER_API_VERSION = 'v1';
export const JUMPSELLER_DEFAULT_BASE = 'https://api.jumpseller.com/v1';

/**
 * How long an empty bucket is waited for. Jumpseller announces no reset time: a second's bucket is full again
 * after a second, a minute's after at most a minute. Mutable only so tests need not wait a real minute.
 */
export const jumpsellerPacing = { secondMs: 1000, minuteMs: 60_000, rateLimitRounds: 3 };

/** Per store (base + login), not per run: an import and a stock push of the same store share its buckets. */
const notBefore = new Map<string, number>();

const baseOf = (ctx: Pick<ConnectorContext, 'settings'>) => (ctx.settings.api_base_url ?? JUMPSELLER_DEFAULT_BASE).replace(/\/+$/, '');
const storeKey = (ctx: ConnectorContext) => `${baseOf(ctx)}|${ctx.credentials.login ?? ''}`;

function remembered(key: string, headers: Record<string, string>): void {
  const perSecond = headers['jumpseller-persecondratelimit-remaining'];
  const perMinute = headers['jumpseller-perminuteratelimit-remaining'];
  let wait = 0;
  if (perSecond !== undefined && Number(perSecond) <= 0) wait = jumpsellerPacing.secondMs;
  if (perMinute !== undefined && Number(perMinute) <= 0) wait = Math.max(wait, jumpsellerPacing.minuteMs);
  if (wait) notBefore.set(key, Math.max(notBefore.get(key) ?? 0, Date.now() + wait));
}

async function waitTurn(key: string): Promise<void> {
  const until = notBefore.get(key);
  if (!until) return;
  const ms = until - Date.now();
  if (ms > 0) await delay(ms);
  else notBefore.delete(key);
}

export interface JsCallOptions {
  query?: Record<string, string | number | (string | number)[] | undefined>;
  json?: unknown;
  keepPage?: boolean;
  /** Statuses answered to the caller instead of thrown (404 for "no such order"). */
  accept?: number[];
}

export interface JsAnswer<T> { status: number; body: T }

function queryString(query: JsCallOptions['query']): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) parts.push(`${encodeURIComponent(name).replace(/%5B%5D$/, '[]')}=${encodeURIComponent(String(v))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function reason(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: unknown; error?: unknown };
    const detail = body.message ?? body.error ?? body.errors;
    if (detail !== undefined) return typeof detail === 'string' ? detail : JSON.stringify(detail);
  } catch {
    // not JSON: the status says enough
  }
  return text.slice(0, 200);
}

/** One call; 401/403 → ChannelAuthError, other refusals → ChannelCallError with Jumpseller's reason. */
export async function jumpsellerCall<T>(ctx: ConnectorContext, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: JsCallOptions = {}): Promise<JsAnswer<T>> {
  const { login, auth_token: token } = ctx.credentials;
  if (!login || !token) throw new ChannelAuthError('The Jumpseller login and auth token are required', null);
  const key = storeKey(ctx);
  const url = `${baseOf(ctx)}${path}${queryString(options.query)}`;
  const authorization = `Basic ${Buffer.from(`${login}:${token}`).toString('base64')}`;
  for (let round = 0; ; round++) {
    await waitTurn(key);
    const res = await ctx.http.request({
      method, url, headers: { authorization, accept: 'application/json' }, json: options.json, keepPage: options.keepPage,
      // A POST that reached the store may have been applied: it is not sent again blindly (a 429 is, below).
      ...(method === 'POST' ? { retries: 0 } : {}),
    });
    remembered(key, res.headers);
    const banned = res.headers['jumpseller-bannedbyratelimit-reset'];
    if (banned) throw new ChannelCallError(`Jumpseller has blocked this store's API calls for too many requests until ${banned}`, res.status, 'rate_limited');
    const limited = res.status === 429
      || (res.status === 403 && (res.headers['jumpseller-persecondratelimit-remaining'] === '0' || res.headers['jumpseller-perminuteratelimit-remaining'] === '0'));
    if (limited) {
      // The client's own retries did not outlast the bucket: wait for it to refill, a bounded number of times.
      if (round >= jumpsellerPacing.rateLimitRounds) throw new ChannelCallError(`Jumpseller kept answering 429 Too Many Requests for ${method} ${path}`, 429, 'rate_limited');
      const minute = res.headers['jumpseller-perminuteratelimit-remaining'] === '0';
      await delay(minute ? jumpsellerPacing.minuteMs : jumpsellerPacing.secondMs);
      continue;
    }
    if (res.status === 401 || res.status === 403) {
      throw new ChannelAuthError(`Jumpseller refused the login and auth token (${res.status}: ${reason(res.text)})`, res.status);
    }
    if (options.accept?.includes(res.status)) return { status: res.status, body: (res.text ? res.json<T>() : undefined) as T };
    if (res.status < 200 || res.status >= 300) {
      throw new ChannelCallError(`Jumpseller answered ${res.status} to ${method} ${path}: ${reason(res.text)}`, res.status, res.status === 404 ? 'not_found' : 'channel_error');
    }
    return { status: res.status, body: (res.text ? res.json<T>() : undefined) as T };
  }
}
