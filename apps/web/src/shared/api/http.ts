import { clearStorage, getTokens, setTokens, type TokenSet } from '../session/storage';
import { HttpError } from './http-error';

export { HttpError, isHttpError } from './http-error';

export const API_BASE = '/api/1.0';
export const OAUTH_CLIENT = { client_id: 'omnio-web', client_secret: 'omnio-web-secret' } as const;

export type QueryParams = Record<string, string | number | boolean | undefined>;

interface RequestOptions {
  params?: QueryParams;
  body?: unknown;
  /** Attach the bearer token (authenticated /api/1.0 calls). */
  auth: boolean;
}

type AuthLostHandler = () => void;

// Default reaction when the session cannot be recovered; the SessionProvider replaces it with a
// router navigation so the SPA does not reload.
let onAuthLost: AuthLostHandler = () => window.location.assign('/session/login');

export function setAuthLostHandler(handler: AuthLostHandler): void {
  onAuthLost = handler;
}

function buildUrl(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(method: string, url: string, options: RequestOptions): Promise<{ response: Response; token: string | null }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const tokens = options.auth ? getTokens() : null;
  if (tokens) headers.Authorization = `${tokens.tokenType} ${tokens.accessToken}`;
  const response = await fetch(buildUrl(url, options.params), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { response, token: tokens?.accessToken ?? null };
}

async function toResult<T>(response: Response): Promise<T> {
  const body = await parseBody(response);
  if (!response.ok) throw new HttpError(response.status, body);
  return body as T;
}

// One refresh for every request that hit a 401 at the same time: the server revokes a refresh token
// once used, so parallel refreshes would log the user out.
let refreshing: Promise<boolean> | null = null;

async function refreshTokens(): Promise<boolean> {
  const refreshToken = getTokens()?.refreshToken;
  if (!refreshToken) return false;
  try {
    const tokens = await oauthToken({ grant_type: 'refresh_token', refresh_token: refreshToken });
    setTokens(tokens);
    return true;
  } catch {
    return false;
  }
}

export function refreshOnce(): Promise<boolean> {
  refreshing ??= refreshTokens().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function authLost(): void {
  clearStorage();
  onAuthLost();
}

async function authenticated<T>(method: string, path: string, params?: QueryParams, body?: unknown): Promise<T> {
  const url = `${API_BASE}${path}`;
  const first = await send(method, url, { auth: true, params, body });
  if (first.response.status !== 401) return toResult<T>(first.response);

  // Another request may already have refreshed while this one was in flight: then just retry.
  const current = getTokens()?.accessToken ?? null;
  const renewed = current !== null && current !== first.token ? true : await refreshOnce();
  if (!renewed) {
    authLost();
    return toResult<T>(first.response);
  }
  const retry = await send(method, url, { auth: true, params, body });
  return toResult<T>(retry.response);
}

export const http = {
  get: <T>(path: string, opts?: { params?: QueryParams }): Promise<T> => authenticated<T>('GET', path, opts?.params),
  post: <T>(path: string, body?: unknown): Promise<T> => authenticated<T>('POST', path, undefined, body),
  put: <T>(path: string, body?: unknown): Promise<T> => authenticated<T>('PUT', path, undefined, body),
  patch: <T>(path: string, body?: unknown): Promise<T> => authenticated<T>('PATCH', path, undefined, body),
  delete: <T = void>(path: string): Promise<T> => authenticated<T>('DELETE', path),
};

export type PasswordGrant = { grant_type: 'password'; username: string; password: string };
export type RefreshGrant = { grant_type: 'refresh_token'; refresh_token: string };

/** POST /oauth/token (no /api prefix). Throws HttpError whose body carries the OAuth `error` code. */
export async function oauthToken(grant: PasswordGrant | RefreshGrant): Promise<TokenSet> {
  const { response } = await send('POST', '/oauth/token', {
    auth: false,
    body: { ...grant, ...OAUTH_CLIENT, scopes: '*' },
  });
  return toResult<TokenSet>(response);
}

/** Public endpoints under /api (signup, password reset, invitations): full path, no token. */
export async function publicPost<T>(path: string, body?: unknown): Promise<T> {
  const { response } = await send('POST', path, { auth: false, body });
  return toResult<T>(response);
}

export async function publicGet<T>(path: string, opts?: { params?: QueryParams }): Promise<T> {
  const { response } = await send('GET', path, { auth: false, params: opts?.params });
  return toResult<T>(response);
}

/** POST /api/1.0/logout without the refresh-and-retry dance: a dead session needs no revoking. */
export async function revokeSession(refreshToken: string | null): Promise<void> {
  const { response } = await send('POST', `${API_BASE}/logout`, {
    auth: true,
    body: refreshToken ? { refresh_token: refreshToken } : {},
  });
  if (!response.ok && response.status !== 401) throw new HttpError(response.status, await parseBody(response));
}
