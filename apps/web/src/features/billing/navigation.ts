import type { NavigateFunction } from 'react-router';

/**
 * The server answers where the browser goes next (docs/api-billing.md): a path of this app (the checkout
 * page, /billing) stays in the single-page app; anything else (a provider's checkout or portal) is a full
 * page load.
 */
export function goTo(url: string, navigate: NavigateFunction): void {
  if (url.startsWith('/') && !url.startsWith('//')) {
    void navigate(url);
    return;
  }
  const here = window.location.origin;
  if (url.startsWith(`${here}/`)) {
    void navigate(url.slice(here.length));
    return;
  }
  window.location.assign(url);
}
