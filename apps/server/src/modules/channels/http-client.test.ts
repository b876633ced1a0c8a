import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChannelCallLog } from '@omnio/domain';
import { ChannelCallError } from './connector';
import { ChannelHttp, channelTargetProblem, parseRetryAfter, redactUrl, type ChannelHttpOptions } from './http-client';

/**
 * The shared channel client against a real local server (node:http on 127.0.0.1, allowed by the operator
 * switch), with sleep injected so retries are asserted by the waits they asked for, not by real time.
 */

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, hit: number) => void;
const handlers = new Map<string, Handler>();
const hits = new Map<string, number>();
const seen: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const hit = (hits.get(path) ?? 0) + 1;
    hits.set(path, hit);
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ path, headers: req.headers, body });
      const handler = handlers.get(path);
      if (!handler) {
        res.writeHead(404).end();
        return;
      }
      handler(req, res, hit);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  handlers.clear();
  hits.clear();
  seen.length = 0;
  vi.restoreAllMocks();
});

function client(options: Partial<ChannelHttpOptions> = {}) {
  const waits: number[] = [];
  const calls: ChannelCallLog[] = [];
  const pages: { url: string; status: number; contentType: string; body: string }[] = [];
  const http = new ChannelHttp({
    allowPrivateTargets: true,
    sleep: async (ms) => {
      waits.push(ms);
    },
    onCall: (log) => calls.push(log),
    onPage: (page) => pages.push(page),
    ...options,
  });
  return { http, waits, calls, pages };
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

describe('retries', () => {
  it('retries a 503 with backoff, then answers the success', async () => {
    handlers.set('/flaky', (_req, res, hit) => (hit < 3 ? res.writeHead(503).end('busy') : json(res, 200, { ok: true })));
    const { http, waits, calls } = client();
    const res = await http.request({ method: 'GET', url: `${base}/flaky` });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(waits).toHaveLength(2);
    // Full jitter under a doubling ceiling: 500 ms, then 1000 ms.
    expect(waits[0]).toBeGreaterThanOrEqual(0);
    expect(waits[0]).toBeLessThan(500);
    expect(waits[1]).toBeLessThan(1000);
    expect(calls.map((c) => [c.status, c.attempt])).toEqual([[503, 1], [503, 2], [200, 3]]);
    expect(http.callCount).toBe(3);
  });

  it('honours a fractional Retry-After on 429', async () => {
    handlers.set('/limited', (_req, res, hit) => (hit === 1 ? res.writeHead(429, { 'retry-after': '2.0' }).end() : json(res, 200, {})));
    const { http, waits } = client();
    const res = await http.request({ method: 'GET', url: `${base}/limited` });
    expect(res.status).toBe(200);
    expect(waits).toEqual([2000]);
  });

  it('honours Retry-After given as an HTTP date', async () => {
    const when = new Date(Date.now() + 10_000).toUTCString();
    handlers.set('/dated', (_req, res, hit) => (hit === 1 ? res.writeHead(503, { 'retry-after': when }).end() : json(res, 200, {})));
    const { http, waits } = client();
    await http.request({ method: 'GET', url: `${base}/dated` });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(8000);
    expect(waits[0]).toBeLessThanOrEqual(10_000);
    expect(parseRetryAfter('garbage')).toBeNull();
    expect(parseRetryAfter('0.25')).toBe(250);
  });

  it('hands back a Retry-After too long to wait for instead of stalling the run', async () => {
    handlers.set('/later', (_req, res) => res.writeHead(429, { 'retry-after': '3600' }).end());
    const { http, waits, calls } = client();
    const res = await http.request({ method: 'GET', url: `${base}/later` });
    expect(res.status).toBe(429);
    expect(waits).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('retries a 2xx the throttled hook calls throttled, recording the cost', async () => {
    const throttledBody = { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }], extensions: { cost: { requestedQueryCost: 50 } } };
    handlers.set('/graphql', (_req, res, hit) => (hit < 3 ? json(res, 200, throttledBody) : json(res, 200, { data: { ok: 1 }, extensions: { cost: { requestedQueryCost: 50, actualQueryCost: 12 } } })));
    type Body = { errors?: { extensions: { code: string } }[]; extensions: { cost: { requestedQueryCost: number; actualQueryCost?: number } } };
    const { http, waits, calls } = client();
    const res = await http.request({
      method: 'POST',
      url: `${base}/graphql`,
      json: { query: '{ shop { name } }' },
      throttled: (r) => (r.json<Body>().errors?.some((e) => e.extensions.code === 'THROTTLED') ? 750 : null),
      cost: (r) => r.json<Body>().extensions.cost.actualQueryCost,
    });
    expect(res.json()).toMatchObject({ data: { ok: 1 } });
    expect(waits).toEqual([750, 750]);
    expect(calls.map((c) => c.error ?? null)).toEqual(['Throttled by the service', 'Throttled by the service', null]);
    expect(calls[2]!.cost).toBe(12);
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual({ query: '{ shop { name } }' });
  });

  it('answers a 401 at once, without retrying', async () => {
    handlers.set('/auth', (_req, res) => json(res, 401, { errors: '[API] Invalid API key or access token' }));
    const { http, waits, calls } = client();
    const res = await http.request({ method: 'GET', url: `${base}/auth` });
    expect(res.status).toBe(401);
    expect(waits).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('answers the last retryable status to the caller once retries are spent', async () => {
    handlers.set('/down', (_req, res) => res.writeHead(502).end('<html>bad gateway</html>'));
    const { http, waits, calls } = client({ maxRetries: 2 });
    const res = await http.request({ method: 'GET', url: `${base}/down`, cost: (r) => r.json<{ n: number }>().n });
    expect(res.status).toBe(502);
    expect(waits).toHaveLength(2);
    expect(calls).toHaveLength(3);
    // A cost hook that cannot read a gateway's HTML page does not turn the answer into an error.
    expect(calls.every((c) => c.cost === undefined)).toBe(true);
    expect(() => res.json()).toThrow(/not JSON \(HTTP 502/);
  });

  it('never retries when retries is 0', async () => {
    handlers.set('/once', (_req, res) => res.writeHead(503).end());
    const { http, waits, calls } = client();
    const res = await http.request({ method: 'POST', url: `${base}/once`, json: {}, retries: 0 });
    expect(res.status).toBe(503);
    expect(waits).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('retries a dropped connection, then throws ChannelCallError naming the call', async () => {
    handlers.set('/drop', (req) => req.socket.destroy());
    const { http, waits, calls } = client({ maxRetries: 2 });
    const err = await http.request({ method: 'GET', url: `${base}/drop?access_token=shpat_secret` }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChannelCallError);
    const message = (err as ChannelCallError).message;
    expect(message).toContain(`GET ${base}/drop?access_token=***`);
    expect(message).toMatch(/socket hang up|ECONNRESET/);
    expect(message).not.toContain('shpat_secret');
    expect(waits).toHaveLength(2);
    expect(calls.map((c) => c.status)).toEqual([null, null, null]);
    expect(calls.every((c) => typeof c.error === 'string' && c.error.length > 0)).toBe(true);
  });

  it('retries a refused connection', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { http: c, calls } = client({ maxRetries: 1 });
    await expect(c.request({ method: 'GET', url: `http://127.0.0.1:${port}/x` })).rejects.toThrow(/ECONNREFUSED/);
    expect(calls).toHaveLength(2);
  });

  it('times out a service that does not answer', async () => {
    handlers.set('/slow', () => undefined);
    const { http, waits, calls } = client({ maxRetries: 1 });
    const err = await http.request({ method: 'GET', url: `${base}/slow`, timeoutMs: 100 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChannelCallError);
    expect((err as Error).message).toMatch(/No complete answer within 0.1 s \(after 2 attempts\)/);
    expect(waits).toHaveLength(1);
    expect(calls.map((c) => c.status)).toEqual([null, null]);
  });

  it('times out a body that trickles in past the deadline', async () => {
    handlers.set('/trickle', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('a');
      const timer = setInterval(() => res.write('a'), 20);
      res.on('close', () => clearInterval(timer));
    });
    const { http } = client({ maxRetries: 0, timeoutMs: 150 });
    await expect(http.request({ method: 'GET', url: `${base}/trickle` })).rejects.toThrow(/No complete answer within/);
  });
});

describe('answers', () => {
  it('decompresses gzip, raw and wrapped deflate, and brotli', async () => {
    const body = JSON.stringify({ orders: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `#${1000 + i}` })) });
    const encoded: Record<string, Buffer> = {
      gzip: zlib.gzipSync(body),
      deflate: zlib.deflateSync(body),
      'deflate-raw': zlib.deflateRawSync(body),
      br: zlib.brotliCompressSync(body),
    };
    for (const [name, data] of Object.entries(encoded)) {
      handlers.set(`/${name}`, (_req, res) => res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': name.replace('-raw', '') }).end(data));
    }
    const { http } = client();
    for (const name of Object.keys(encoded)) {
      const res = await http.request({ method: 'GET', url: `${base}/${name}` });
      expect(res.text, name).toBe(body);
    }
    expect(seen[0]!.headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(seen[0]!.headers['user-agent']).toBe('Omnio/1.0 (+channel connector)');
  });

  it('refuses an answer larger than the limit, also once decompressed, without retrying', async () => {
    handlers.set('/big', (_req, res) => res.writeHead(200).end('x'.repeat(5000)));
    handlers.set('/bomb', (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync('x'.repeat(100_000))));
    const { http, calls } = client({ maxResponseBytes: 1000 });
    await expect(http.request({ method: 'GET', url: `${base}/big` })).rejects.toThrow(/larger than 1000 bytes/);
    await expect(http.request({ method: 'GET', url: `${base}/bomb` })).rejects.toThrow(/larger than 1000 bytes/);
    expect(calls).toHaveLength(2);
  });

  it('reuses one kept-alive connection for consecutive calls', async () => {
    let opened = 0;
    const count = () => (opened += 1);
    server.on('connection', count);
    handlers.set('/page', (_req, res) => json(res, 200, { orders: [] }));
    const { http } = client();
    for (let i = 0; i < 5; i++) await http.request({ method: 'GET', url: `${base}/page` });
    server.off('connection', count);
    expect(opened).toBeLessThanOrEqual(1);
  });

  it('does not follow redirects', async () => {
    handlers.set('/moved', (_req, res) => res.writeHead(301, { location: `${base}/elsewhere` }).end());
    const { http } = client();
    const res = await http.request({ method: 'GET', url: `${base}/moved` });
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`${base}/elsewhere`);
    expect(hits.get('/elsewhere')).toBeUndefined();
  });

  it('keeps the final page once when asked', async () => {
    handlers.set('/orders.json', (_req, res, hit) => (hit === 1 ? res.writeHead(500).end('oops') : json(res, 200, { orders: [] })));
    const { http, pages } = client();
    await http.request({ method: 'GET', url: `${base}/orders.json?status=any&access_token=t0k3n`, keepPage: true });
    expect(pages).toEqual([{ url: `${base}/orders.json?status=any&access_token=***`, status: 200, contentType: 'application/json', body: '{"orders":[]}' }]);
    await http.request({ method: 'GET', url: `${base}/orders.json` });
    expect(pages).toHaveLength(1);
  });

  it('sends a raw body and the caller’s headers', async () => {
    handlers.set('/raw', (_req, res) => res.writeHead(204).end());
    const { http } = client();
    const res = await http.request({ method: 'PUT', url: `${base}/raw`, body: '<xml/>', headers: { 'Content-Type': 'application/xml', 'X-Shopify-Access-Token': 'shpat_x' } });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(seen[0]).toMatchObject({ body: '<xml/>', headers: { 'content-type': 'application/xml', 'x-shopify-access-token': 'shpat_x', 'content-length': '6' } });
  });
});

describe('call log', () => {
  it('records every attempt without tokens, headers or bodies', async () => {
    handlers.set('/oauth', (_req, res, hit) => (hit === 1 ? res.writeHead(503).end('secret-body') : json(res, 200, { access_token: 'shpat_from_body' })));
    const { http, calls } = client();
    await http.request({
      method: 'POST',
      url: `${base.replace('http://', 'http://user:pw@')}/oauth?code=abc123&hmac=deadbeef&shop=acme.myshopify.com&state=nonce42`,
      headers: { 'x-shopify-access-token': 'shpat_header' },
      json: { client_secret: 'cs_secret' },
    });
    expect(calls).toHaveLength(2);
    for (const [i, call] of calls.entries()) {
      expect(call.url).toBe(`${base}/oauth?code=***&hmac=***&shop=acme.myshopify.com&state=***`);
      expect(call.method).toBe('POST');
      expect(call.attempt).toBe(i + 1);
      expect(new Date(call.at).toISOString()).toBe(call.at);
      expect(call.duration_ms).toBeGreaterThanOrEqual(0);
    }
    const logged = JSON.stringify(calls);
    for (const secret of ['abc123', 'deadbeef', 'nonce42', 'pw', 'shpat_header', 'cs_secret', 'shpat_from_body', 'secret-body']) expect(logged).not.toContain(secret);
  });
});

describe('redactUrl', () => {
  it('hides secret parameters and userinfo, keeps the rest as written', () => {
    expect(redactUrl('https://u:p@shop.example.com/admin/orders.json?access_token=abc&limit=250&page_info=eyJ%3D&code=1&hmac=ff&X-Api-Key=k#frag'))
      .toBe('https://shop.example.com/admin/orders.json?access_token=***&limit=250&page_info=eyJ%3D&code=***&hmac=***&X-Api-Key=***');
    expect(redactUrl('https://a.example/p?client%5Fsecret=s&state=x&signature=y&password=z&flag'))
      .toBe('https://a.example/p?client%5Fsecret=***&state=***&signature=***&password=***&flag');
    expect(redactUrl('not a url?token=1')).toBe('not a url?***');
  });
});

describe('private targets', () => {
  it('refuses http, private IP literals and localhost names before connecting', async () => {
    const { http, calls } = client({ allowPrivateTargets: false });
    for (const url of [`${base}/x`, 'https://10.0.0.1/admin', 'https://127.0.0.1/x', 'https://[::1]/x', 'https://localhost/x', 'https://169.254.169.254/latest']) {
      const err = await http.request({ method: 'GET', url }).catch((e: unknown) => e);
      expect(err, url).toBeInstanceOf(ChannelCallError);
      expect((err as Error).message, url).toMatch(/must use https|loopback or private network/);
    }
    expect(calls).toHaveLength(0);
    expect(hits.size).toBe(0);
  });

  it('refuses a name that resolves to a private address at connect time, without retrying', async () => {
    const realLookup = dns.lookup;
    // Any public-looking name that answers 127.0.0.1: the DNS-rebinding case the guarded lookup exists for.
    vi.spyOn(dns, 'lookup').mockImplementation(((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
      if (hostname === 'shop.rebind.test') return callback(null, [{ address: '127.0.0.1', family: 4 }]);
      return (realLookup as unknown as (...args: unknown[]) => void)(hostname, options, callback);
    }) as unknown as typeof dns.lookup);
    const { http, calls, waits } = client({ allowPrivateTargets: false });
    const err = await http.request({ method: 'GET', url: 'https://shop.rebind.test/admin/api/graphql.json' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChannelCallError);
    expect((err as ChannelCallError).code).toBe('private_target');
    expect((err as Error).message).toMatch(/^GET https:\/\/shop\.rebind\.test\/admin\/api\/graphql\.json: .*loopback or private network.*\(127\.0\.0\.1\)$/);
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('checks addresses before they are saved', () => {
    expect(channelTargetProblem('https://acme.myshopify.com', false)).toBeNull();
    expect(channelTargetProblem('http://acme.myshopify.com', false)).toMatch(/https/);
    expect(channelTargetProblem('https://10.0.0.1', false)).toMatch(/private network/);
    expect(channelTargetProblem('https://localhost:8443', false)).toMatch(/private network/);
    expect(channelTargetProblem('http://127.0.0.1:4000', true)).toBeNull();
    expect(channelTargetProblem('ftp://acme.example', true)).toMatch(/https/);
    expect(channelTargetProblem('https://user:pw@acme.example', true)).toMatch(/user name or password/);
    expect(channelTargetProblem('not a url', true)).toMatch(/not a valid URL/);
  });
});
