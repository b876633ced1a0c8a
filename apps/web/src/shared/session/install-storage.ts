/**
 * A Shopify install that began in Shopify's admin (its app URL is /install-integration?shop&hmac&timestamp&host)
 * is kept in sessionStorage while the seller signs in, so /create-integration can finish it.
 */
export const SHOPIFY_INSTALL_KEY = 'omnio.shopifyInstall';
export const CREATE_INTEGRATION_PATH = '/create-integration';
/** After this, a kept install is stale: the seller starts again from Shopify. */
export const SHOPIFY_INSTALL_TTL_MS = 60 * 60 * 1000;

interface KeptInstall {
  query: Record<string, string>;
  saved_at: number;
}

export function queryOf(search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of search.entries()) out[key] = value;
  return out;
}

export function keepShopifyInstall(query: Record<string, string>, now = Date.now()): void {
  try {
    window.sessionStorage.setItem(SHOPIFY_INSTALL_KEY, JSON.stringify({ query, saved_at: now } satisfies KeptInstall));
  } catch {
    /* storage unavailable: the query still travels in the redirect */
  }
}

export function keptShopifyInstall(now = Date.now()): Record<string, string> | null {
  try {
    const raw = window.sessionStorage.getItem(SHOPIFY_INSTALL_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<KeptInstall>;
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.query !== 'object' || parsed.query === null) return null;
    if (typeof parsed.saved_at !== 'number' || now - parsed.saved_at > SHOPIFY_INSTALL_TTL_MS) return null;
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(parsed.query)) if (typeof v === 'string') query[k] = v;
    return typeof query.shop === 'string' && query.shop ? query : null;
  } catch {
    return null;
  }
}

export function forgetShopifyInstall(): void {
  try {
    window.sessionStorage.removeItem(SHOPIFY_INSTALL_KEY);
  } catch {
    /* nothing kept */
  }
}

/** Spec 2 post-login landing: a Shopify install flow goes to create-integration. */
export function pendingInstallRedirect(): string | null {
  return keptShopifyInstall() ? CREATE_INTEGRATION_PATH : null;
}
