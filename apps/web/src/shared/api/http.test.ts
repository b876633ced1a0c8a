import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens, getTokens } from '../session/storage';
import { HttpError, http, oauthToken, publicPost, setAuthLostHandler } from './http';

interface Call {
  url: string;
  method: string;
  auth: string | null;
  body: unknown;
}

/** A fake server at the fetch boundary: each handler answers one URL, in order of arrival. */
function fakeFetch(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call = {
      url: String(input),
      method: init?.method ?? 'GET',
      auth: headers.get('Authorization'),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fresh = { access_token: 'new-access', refresh_token: 'new-refresh', token_type: 'Bearer', expires_in: 3600 };

describe('http', () => {
  const authLost = vi.fn();

  beforeEach(() => {
    setTokens({ access_token: 'old-access', refresh_token: 'old-refresh', token_type: 'Bearer', expires_in: 3600 });
    authLost.mockReset();
    setAuthLostHandler(authLost);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('prefixes /api/1.0, sends the token and the query parameters', async () => {
    const calls = fakeFetch(() => json(200, { data: { id: 'u1' } }));
    const body = await http.get<{ data: { id: string } }>('/users/information', { params: { include: 'roles', page: 2, skip: undefined } });
    expect(body.data.id).toBe('u1');
    expect(calls[0]).toMatchObject({ url: '/api/1.0/users/information?include=roles&page=2', method: 'GET', auth: 'Bearer old-access' });
  });

  it('returns undefined on 204', async () => {
    fakeFetch(() => new Response(null, { status: 204 }));
    await expect(http.delete('/companies/1')).resolves.toBeUndefined();
  });

  it('throws HttpError with the 422 field errors', async () => {
    fakeFetch(() => json(422, { message: 'The given data was invalid.', errors: { name: ['The name is required'] } }));
    const error = await http.post('/companies', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 422, message: 'The given data was invalid.', fieldErrors: { name: ['The name is required'] } });
  });

  it('falls back to "Request failed, status {status}" without a server message', async () => {
    fakeFetch(() => new Response('oops', { status: 502 }));
    await expect(http.get('/x')).rejects.toMatchObject({ status: 502, message: 'Request failed, status 502' });
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    const calls = fakeFetch((call) => {
      if (call.url === '/oauth/token') return json(200, fresh);
      return call.auth === 'Bearer new-access' ? json(200, { ok: true }) : json(401, { message: 'Unauthenticated.' });
    });
    await expect(http.get('/orders')).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.url)).toEqual(['/api/1.0/orders', '/oauth/token', '/api/1.0/orders']);
    expect(calls[1]?.body).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'old-refresh',
      client_id: 'omnio-web',
      client_secret: 'omnio-web-secret',
      scopes: '*',
    });
    expect(getTokens()?.accessToken).toBe('new-access');
    expect(authLost).not.toHaveBeenCalled();
  });

  it('shares one refresh between parallel requests', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = fakeFetch(async (call) => {
      if (call.url === '/oauth/token') {
        await gate;
        return json(200, fresh);
      }
      return call.auth === 'Bearer new-access' ? json(200, { url: call.url }) : json(401, {});
    });
    const all = Promise.all([http.get('/a'), http.get('/b'), http.get('/c')]);
    await vi.waitFor(() => expect(calls.filter((c) => c.url === '/oauth/token')).toHaveLength(1));
    release();
    await expect(all).resolves.toEqual([{ url: '/api/1.0/a' }, { url: '/api/1.0/b' }, { url: '/api/1.0/c' }]);
    expect(calls.filter((c) => c.url === '/oauth/token')).toHaveLength(1);
  });

  it('retries without refreshing when another request already renewed the token', async () => {
    const calls = fakeFetch((call) => {
      if (call.auth === 'Bearer old-access') {
        // The token changes while this request is in flight.
        setTokens(fresh);
        return json(401, {});
      }
      return json(200, { ok: true });
    });
    await expect(http.get('/orders')).resolves.toEqual({ ok: true });
    expect(calls.some((c) => c.url === '/oauth/token')).toBe(false);
  });

  it('logs out (clears storage, calls the handler) when the refresh fails', async () => {
    fakeFetch((call) => (call.url === '/oauth/token' ? json(400, { error: 'invalid_grant' }) : json(401, {})));
    localStorage.setItem('user', '{"id":"u1"}');
    await expect(http.get('/orders')).rejects.toMatchObject({ status: 401 });
    expect(authLost).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('retries only once when the retried request is refused again', async () => {
    const calls = fakeFetch((call) => (call.url === '/oauth/token' ? json(200, fresh) : json(401, {})));
    await expect(http.get('/orders')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toEqual(['/api/1.0/orders', '/oauth/token', '/api/1.0/orders']);
  });

  it('does not send the token to public endpoints', async () => {
    const calls = fakeFetch(() => json(200, { message: 'ok' }));
    await publicPost('/api/password/email', { email: 'a@b.co' });
    await oauthToken({ grant_type: 'password', username: 'a@b.co', password: 'x' });
    expect(calls.map((c) => c.auth)).toEqual([null, null]);
    expect(calls[0]?.url).toBe('/api/password/email');
    expect(calls[1]?.body).toMatchObject({ grant_type: 'password', username: 'a@b.co', client_id: 'omnio-web', scopes: '*' });
  });

  it('stores expires_at as now plus expires_in seconds', () => {
    setTokens(fresh, 1_000_000);
    expect(localStorage.getItem('expires_at')).toBe(String(1_000_000 + 3_600_000));
  });
});
