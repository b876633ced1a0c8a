import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { setTimeout as delay } from 'node:timers/promises';
import type { ChannelCallLog } from '@omnio/domain';
import { guardedLookup, PrivateTargetError, privateTargetProblem } from '../webhooks/webhook-targets';
import { ChannelCallError } from './connector';

/**
 * The one outbound HTTP client of every channel connector. It owns what must be the same for all of them:
 * the SSRF guard (a tenant types the shop's address), retries that respect the service's rate limits,
 * a call log without secrets, and bounded, decompressed answers. Connectors only decide what a status means.
 */

export interface ChannelRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** A JSON body (sets content-type) — or `body` for a raw one. */
  json?: unknown;
  body?: string | Buffer;
  timeoutMs?: number;
  /** Keep the response body as a page of the run (the framework stores it for the seller to download). */
  keepPage?: boolean;
  /** Inspect a 2xx answer: a number means "throttled, wait this many ms and send again" (Shopify's THROTTLED comes as HTTP 200). */
  throttled?: (res: ChannelResponse) => number | null;
  /** Overrides the client's retry count for this request (e.g. 0 for a non-idempotent call). */
  retries?: number;
  /** What the service charged for this call (GraphQL cost), recorded in the call log. */
  cost?: (res: ChannelResponse) => number | string | undefined;
}

export interface ChannelResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  text: string;
  /** The address as requested (not redacted: the caller may need its query, e.g. to page on). */
  url: string;
  durationMs: number;
  /** Parsed once and cached: the throttled/cost hooks and the connector share one parse of a large page. */
  json<T = unknown>(): T;
}

export interface ChannelHttpOptions {
  /** CHANNEL_ALLOW_PRIVATE_TARGETS: permits http: and loopback/private hosts (tests, fake services, on-premise). */
  allowPrivateTargets: boolean;
  /** Default 4. */
  maxRetries?: number;
  /** Default 500, doubled per retry with full jitter, capped by maxDelayMs. */
  baseDelayMs?: number;
  /** Default 30_000. */
  maxDelayMs?: number;
  /**
   * Default 120_000. A Retry-After (or throttled wait) longer than this is not waited for: the response goes
   * back to the caller, because a run stalled for many minutes is worse than one that fails and is retried later.
   */
  maxRetryAfterMs?: number;
  /** Default 30_000; covers the whole request including reading the body. */
  timeoutMs?: number;
  /** Default 50 MB (after decompression) → ChannelCallError. */
  maxResponseBytes?: number;
  onCall?: (log: ChannelCallLog) => void;
  onPage?: (page: { url: string; status: number; contentType: string; body: string }) => void;
  /** Injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  /** Default 'Omnio/1.0 (+channel connector)'. */
  userAgent?: string;
}

const DEFAULTS = {
  maxRetries: 4,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
  timeoutMs: 30_000,
  maxResponseBytes: 50 * 1024 * 1024,
  userAgent: 'Omnio/1.0 (+channel connector)',
};

export const CHANNEL_PRIVATE_TARGET_MESSAGE = 'The address points to a loopback or private network, which channel connectors may not call';
const HTTPS_ONLY_MESSAGE = 'The address must use https://';

/**
 * Below Node's own server keep-alive timeout (5 s) and most proxies', so an idle pooled socket is dropped by us
 * before the service closes it under a request we are sending (which would fail a call that is not retried).
 */
const FREE_SOCKET_TIMEOUT_MS = 4_000;

/**
 * Process-wide pools so consecutive runs against the same shop reuse warm TLS connections. Guarded and open
 * pools are kept apart: a socket opened without the guard must never be handed to a guarded request.
 */
function agentPair(guarded: boolean) {
  const options = {
    keepAlive: true,
    maxSockets: 32,
    maxFreeSockets: 32,
    timeout: FREE_SOCKET_TIMEOUT_MS,
    scheduling: 'lifo' as const,
    ...(guarded ? { lookup: guardedLookup } : {}),
  };
  return { 'http:': new http.Agent(options), 'https:': new https.Agent(options) };
}
const agents = { guarded: agentPair(true), open: agentPair(false) };

/**
 * Only failures where sending again can help: the connection dropped, was refused or timed out, or DNS was
 * briefly unavailable. A wrong host name (ENOTFOUND) or a bad certificate fails the same way every time.
 */
const RETRYABLE_CODES = new Set([
  'ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH',
  'ENETDOWN', 'EHOSTDOWN', 'ERR_STREAM_PREMATURE_CLOSE',
]);
const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);

/** A failed attempt, with the ChannelCallError code it ends in if it is the last one. */
class AttemptError extends Error {
  constructor(message: string, readonly code: string, readonly retryable: boolean, readonly status: number | null = null, options?: { cause?: unknown }) {
    super(message, options);
  }
}

function attemptError(err: unknown): AttemptError {
  if (err instanceof AttemptError) return err;
  // Found by the guarded lookup at connect time (a name that resolves privately): the same answer every time.
  if (err instanceof PrivateTargetError) return new AttemptError(privateTargetMessage(err), 'private_target', false, null, { cause: err });
  const e = err as Error & { code?: string };
  // Node answers an AggregateError with an empty message when every address of a name refused.
  const message = e.message || e.code || e.name || 'Network error';
  return new AttemptError(message, 'network_error', e.code !== undefined && RETRYABLE_CODES.has(e.code), null, { cause: err });
}

function privateTargetMessage(err: PrivateTargetError): string {
  // The webhook module's message names webhooks; keep the address it found, which is what an operator needs.
  const address = /\(([^)]*)\)$/.exec(err.message)?.[1];
  return address ? `${CHANNEL_PRIVATE_TARGET_MESSAGE} (${address})` : CHANNEL_PRIVATE_TARGET_MESSAGE;
}

const SECRET_PARAM = /token|key|secret|password|signature|hmac|code|state/i;

/** Redacts secrets from a URL for logs: query parameters whose name contains token, key, secret, password, signature, hmac, code, or state → '***'; userinfo removed. */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Unparseable: keep only the part before the query, which is what cannot carry a parameter.
    const [head = ''] = url.split(/[?#]/, 1);
    return head.replace(/\/\/[^/@]*@/, '//') + (/[?#]/.test(url) ? '?***' : '');
  }
  const query = parsed.search.slice(1);
  let search = '';
  if (query) {
    // Rewritten by hand rather than via URLSearchParams, so the parameters kept stay byte-for-byte as sent.
    search = '?' + query.split('&').map((part) => {
      const eq = part.indexOf('=');
      const rawName = eq < 0 ? part : part.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the name as written
      }
      return SECRET_PARAM.test(name) ? `${rawName}=***` : part;
    }).join('&');
  }
  // The fragment never reaches the service and OAuth flows put tokens there: drop it.
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}${search}`;
}

/** The request-time rule, shared with the save-time check so both refuse the same addresses. */
function targetProblem(url: URL, allowPrivate: boolean): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return HTTPS_ONLY_MESSAGE;
  if (allowPrivate) return null;
  if (url.protocol === 'http:') return HTTPS_ONLY_MESSAGE;
  // IP literals and localhost names never reach the guarded lookup, so they are judged as written.
  if (privateTargetProblem(url.href) !== null) return CHANNEL_PRIVATE_TARGET_MESSAGE;
  return null;
}

/** Checks an address before it is saved (settings.api_base_url): returns a message or null. http: and private/loopback hosts are refused unless allowPrivate. */
export function channelTargetProblem(url: string, allowPrivate: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The address is not a valid URL';
  }
  // Settings are shown back to users and logged; a password belongs in the encrypted credentials.
  if (parsed.username || parsed.password) return 'The address must not contain a user name or password';
  return targetProblem(parsed, allowPrivate);
}

/** Retry-After in seconds (Shopify sends "2.0") or as an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.ceil(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

type Inflater = (input: Buffer, options: zlib.ZlibOptions, callback: (err: Error | null, out: Buffer) => void) => void;
const inflaters: Record<'gunzip' | 'inflate' | 'inflateRaw' | 'brotliDecompress', Inflater> = {
  gunzip: zlib.gunzip,
  inflate: zlib.inflate,
  inflateRaw: zlib.inflateRaw,
  brotliDecompress: zlib.brotliDecompress,
};

/** Async (thread pool), so decompressing a large page does not block other runs on the event loop. */
function inflate(kind: keyof typeof inflaters, input: Buffer, maxOutputLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    inflaters[kind](input, { maxOutputLength }, (err, out) => (err ? reject(err) : resolve(out)));
  });
}

/** Undoes content-encoding; the size cap applies to the decompressed bytes, so a small bomb cannot fill memory. */
async function decode(body: Buffer, encoding: string | undefined, max: number): Promise<Buffer> {
  if (!encoding || body.length === 0) return body;
  // Encodings are listed in the order applied: undo them from the last.
  const list = encoding.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s && s !== 'identity').reverse();
  let out = body;
  for (const enc of list) {
    try {
      if (enc === 'gzip' || enc === 'x-gzip') out = await inflate('gunzip', out, max);
      else if (enc === 'br') out = await inflate('brotliDecompress', out, max);
      else if (enc === 'deflate') {
        // "deflate" should be zlib-wrapped, but some servers send a raw stream: the zlib header tells them apart.
        const wrapped = out.length >= 2 && (out[0]! & 0x0f) === 8 && ((out[0]! << 8) | out[1]!) % 31 === 0;
        out = await inflate(wrapped ? 'inflate' : 'inflateRaw', out, max);
      } else {
        throw new AttemptError(`The service answered with an unsupported content-encoding (${enc})`, 'bad_encoding', false);
      }
    } catch (err) {
      if (err instanceof AttemptError) throw err;
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(max);
      throw new AttemptError(`The answer could not be decompressed (${enc})`, 'bad_encoding', false, null, { cause: err });
    }
  }
  return out;
}

function tooLarge(max: number): AttemptError {
  const limit = max >= 1024 * 1024 ? `${Math.round(max / 1024 / 1024)} MB` : `${max} bytes`;
  return new AttemptError(`The answer is larger than ${limit}`, 'response_too_large', false);
}

interface RawAnswer { status: number; headers: Record<string, string>; body: Buffer }

function makeResponse(raw: RawAnswer, url: string, durationMs: number): ChannelResponse {
  const text = raw.body.toString('utf8');
  let parsed: { value: unknown } | undefined;
  return {
    status: raw.status,
    headers: raw.headers,
    text,
    url,
    durationMs,
    json<T = unknown>(): T {
      if (!parsed) {
        try {
          // A BOM is legal in a text body but not in JSON.parse's input.
          parsed = { value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
        } catch {
          const type = raw.headers['content-type'];
          throw new ChannelCallError(`The service answered something that is not JSON (HTTP ${raw.status}${type ? `, ${type}` : ''})`, raw.status, 'invalid_json');
        }
      }
      return parsed.value as T;
    },
  };
}

export class ChannelHttp {
  private readonly opts: Required<Omit<ChannelHttpOptions, 'onCall' | 'onPage'>> & Pick<ChannelHttpOptions, 'onCall' | 'onPage'>;
  private calls = 0;

  constructor(options: ChannelHttpOptions) {
    this.opts = {
      ...DEFAULTS,
      sleep: (ms) => delay(ms),
      ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
    } as ChannelHttp['opts'];
  }

  /** Calls made so far by this client (for the run): every attempt counts, as every attempt is charged. */
  get callCount(): number {
    return this.calls;
  }

  async request(req: ChannelRequest): Promise<ChannelResponse> {
    const { method } = req;
    const safeUrl = redactUrl(req.url);
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      throw new ChannelCallError(`${method} ${safeUrl}: the address is not a valid URL`, null, 'invalid_url');
    }
    const problem = targetProblem(url, this.opts.allowPrivateTargets);
    if (problem) throw new ChannelCallError(`${method} ${safeUrl}: ${problem}`, null, problem === HTTPS_ONLY_MESSAGE ? 'invalid_url' : 'private_target');
    if (req.json !== undefined && req.body !== undefined) throw new TypeError('ChannelRequest takes json or body, not both');

    const headers: Record<string, string> = { 'user-agent': this.opts.userAgent, 'accept-encoding': 'gzip, deflate, br' };
    for (const [name, value] of Object.entries(req.headers ?? {})) headers[name.toLowerCase()] = value;
    let payload: Buffer | undefined;
    if (req.json !== undefined) {
      payload = Buffer.from(JSON.stringify(req.json));
      headers['content-type'] ??= 'application/json';
    } else if (req.body !== undefined) {
      payload = typeof req.body === 'string' ? Buffer.from(req.body) : req.body;
    }
    if (payload) headers['content-length'] = String(payload.length);

    const retries = Math.max(0, req.retries ?? this.opts.maxRetries);
    const timeoutMs = req.timeoutMs ?? this.opts.timeoutMs;
    for (let attempt = 1; ; attempt++) {
      const at = new Date().toISOString();
      const started = performance.now();
      this.calls += 1;
      let raw: RawAnswer;
      try {
        raw = await this.send(url, method, headers, payload, timeoutMs);
      } catch (err) {
        const failure = attemptError(err);
        this.log({ at, method, url: safeUrl, status: null, duration_ms: Math.round(performance.now() - started), attempt, error: failure.message });
        if (!failure.retryable || attempt > retries) {
          const after = attempt > 1 ? ` (after ${attempt} attempts)` : '';
          const error = new ChannelCallError(`${method} ${safeUrl}: ${failure.message}${after}`, failure.status, failure.code);
          error.cause = failure.cause ?? failure;
          throw error;
        }
        await this.opts.sleep(this.backoff(attempt));
        continue;
      }

      const res = makeResponse(raw, req.url, Math.round(performance.now() - started));
      let wait: number | null = null;
      let throttled = false;
      let hookError: unknown;
      try {
        ({ wait, throttled } = this.retryWait(res, req, attempt));
      } catch (err) {
        hookError = err;
      }
      let cost: number | string | undefined;
      try {
        cost = req.cost?.(res);
      } catch {
        // A 502 page is not JSON: a cost hook failing on it must not turn a retryable answer into an error.
      }
      this.log({
        at, method, url: safeUrl, status: res.status, duration_ms: res.durationMs, attempt,
        ...(throttled ? { error: 'Throttled by the service' } : {}),
        ...(cost !== undefined ? { cost } : {}),
      });
      if (hookError !== undefined) throw hookError;
      if (wait === null || attempt > retries) {
        if (req.keepPage) this.opts.onPage?.({ url: safeUrl, status: res.status, contentType: res.headers['content-type'] ?? '', body: res.text });
        return res;
      }
      await this.opts.sleep(wait);
    }
  }

  private log(entry: ChannelCallLog): void {
    this.opts.onCall?.(entry);
  }

  /** Full jitter: concurrent runs that failed together do not come back together. */
  private backoff(attempt: number): number {
    const ceiling = Math.min(this.opts.maxDelayMs, this.opts.baseDelayMs * 2 ** (attempt - 1));
    return Math.floor(Math.random() * ceiling);
  }

  /** How long to wait before sending again, or null when this answer is the caller's to judge. */
  private retryWait(res: ChannelResponse, req: ChannelRequest, attempt: number): { wait: number | null; throttled: boolean } {
    let wait: number | null = null;
    let throttled = false;
    if (res.status >= 200 && res.status < 300) {
      const asked = req.throttled?.(res);
      if (asked != null) {
        wait = Math.max(0, asked);
        throttled = true;
      }
    } else if (RETRYABLE_STATUSES.has(res.status)) {
      wait = parseRetryAfter(res.headers['retry-after']) ?? this.backoff(attempt);
    }
    if (wait !== null && wait > this.opts.maxRetryAfterMs) wait = null;
    return { wait, throttled };
  }

  private send(url: URL, method: string, headers: Record<string, string>, payload: Buffer | undefined, timeoutMs: number): Promise<RawAnswer> {
    const max = this.opts.maxResponseBytes;
    const guarded = !this.opts.allowPrivateTargets;
    const agent = (guarded ? agents.guarded : agents.open)[url.protocol as 'http:' | 'https:'];
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<RawAnswer>((resolve, reject) => {
      let settled = false;
      const finish = (err: unknown, answer?: RawAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) {
          // Destroying drops the socket instead of returning a half-read one to the pool.
          request.destroy();
          reject(err);
        } else resolve(answer!);
      };
      // No `ca`: Node's default trusts the system store plus NODE_EXTRA_CA_CERTS, which operators rely on.
      // The guarded lookup comes with the agent, so every pooled connection was checked when it was opened.
      const request = transport.request(url, { method, headers, agent }, (res) => {
        const declared = Number(res.headers['content-length']);
        if (declared > max) return finish(tooLarge(max));
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > max) return finish(tooLarge(max));
          chunks.push(chunk);
        });
        res.on('error', (err) => finish(err));
        res.on('close', () => {
          if (!res.complete) finish(Object.assign(new Error('The connection closed before the answer was complete'), { code: 'ECONNRESET' }));
        });
        res.on('end', () => {
          if (settled) return;
          decode(Buffer.concat(chunks, size), res.headers['content-encoding'], max).then(
            (body) => finish(null, { status: res.statusCode ?? 0, headers: flattenHeaders(res.headers), body }),
            (err) => finish(err),
          );
        });
      });
      const timer = setTimeout(() => {
        finish(new AttemptError(`No complete answer within ${timeoutMs / 1000} s`, 'timeout', true));
      }, timeoutMs);
      request.on('error', (err) => finish(err));
      request.end(payload);
    });
  }
}
