/**
 * Everything the session keeps in localStorage (spec 9 stored keys). Kept free of React so the HTTP
 * client can read tokens without importing UI code.
 */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  tokenType: 'token_type',
  expiresAt: 'expires_at',
  user: 'user',
  preferences: 'preferences',
  locale: 'locale',
} as const;

export interface TokenSet {
  access_token: string;
  token_type: string;
  refresh_token: string;
  expires_in: number;
}

export interface StoredTokens {
  accessToken: string;
  tokenType: string;
  refreshToken: string | null;
  expiresAt: number | null;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (private mode, blocked cookies); the app then behaves signed out.
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* see read() */
  }
}

export function setTokens(tokens: TokenSet, now: number = Date.now()): void {
  write(STORAGE_KEYS.accessToken, tokens.access_token);
  write(STORAGE_KEYS.refreshToken, tokens.refresh_token);
  write(STORAGE_KEYS.tokenType, tokens.token_type || 'Bearer');
  write(STORAGE_KEYS.expiresAt, String(now + tokens.expires_in * 1000));
}

export function getTokens(): StoredTokens | null {
  const accessToken = read(STORAGE_KEYS.accessToken);
  if (!accessToken) return null;
  const expiresAt = Number(read(STORAGE_KEYS.expiresAt));
  return {
    accessToken,
    tokenType: read(STORAGE_KEYS.tokenType) || 'Bearer',
    refreshToken: read(STORAGE_KEYS.refreshToken),
    expiresAt: Number.isFinite(expiresAt) && expiresAt > 0 ? expiresAt : null,
  };
}

export function hasAccessToken(): boolean {
  return read(STORAGE_KEYS.accessToken) !== null;
}

export function readJson<T>(key: string): T | null {
  const raw = read(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  write(key, JSON.stringify(value));
}

export function readString(key: string): string | null {
  return read(key);
}

export function writeString(key: string, value: string): void {
  write(key, value);
}

/** Spec 4 logout: clear ALL storage, not only our keys, so nothing of the session survives. */
export function clearStorage(): void {
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    /* see read() */
  }
}
