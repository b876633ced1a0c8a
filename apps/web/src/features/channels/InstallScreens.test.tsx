import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { CompleteInstallScreen, CreateIntegrationScreen, InstallIntegrationScreen } from './InstallScreens';
import { keepShopifyInstall, keptShopifyInstall, pendingInstallRedirect, SHOPIFY_INSTALL_KEY, SHOPIFY_INSTALL_TTL_MS } from '../../shared/session/install-storage';
import { API } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

const SLOW = { timeout: 8000 };
const SHOPIFY_QUERY = 'shop=acme.myshopify.com&hmac=abc123&timestamp=1767225600&host=YWRtaW4uc2hvcGlmeS5jb20';

function Where() {
  const l = useLocation();
  return <div data-testid="where">{`${l.pathname}${l.search}`}</div>;
}

function renderAt(path: string, routes: FetchRoute[] = [], session = fakeSession(['create-process', 'read-process'], 'tenant'), language = 'en') {
  const net = routeFetch(routes);
  renderWithProviders(
    <Routes>
      <Route path="/install-integration" element={<InstallIntegrationScreen />} />
      <Route path="/create-integration" element={<CreateIntegrationScreen />} />
      <Route path="/complete-install" element={<CompleteInstallScreen />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { session, path, language },
  );
  return net;
}

const signedOut = () => ({ ...fakeSession([]), user: null, role: null });

describe('Shopify install flow', { timeout: 20_000 }, () => {
  it('/install-integration keeps Shopify’s query and sends a signed-out seller to sign in, then to create-integration', async () => {
    renderAt(`/install-integration?${SHOPIFY_QUERY}`, [], signedOut());
    expect((await screen.findByTestId('where', {}, SLOW)).textContent).toBe('/session/login?redirect=/create-integration');
    expect(keptShopifyInstall()).toEqual({ shop: 'acme.myshopify.com', hmac: 'abc123', timestamp: '1767225600', host: 'YWRtaW4uc2hvcGlmeS5jb20' });
    expect(JSON.parse(window.sessionStorage.getItem(SHOPIFY_INSTALL_KEY)!)).toMatchObject({ query: { shop: 'acme.myshopify.com' } });
    // What the post-login landing reads.
    expect(pendingInstallRedirect()).toBe('/create-integration');
  });

  it('/install-integration sends a signed-in tenant straight to create-integration with the query', async () => {
    renderAt(`/install-integration?${SHOPIFY_QUERY}`);
    // create-integration reads the shop from the address it was sent to.
    expect(await screen.findByRole('heading', { name: 'Connect acme.myshopify.com to Omnio' }, SLOW)).toBeTruthy();
    expect((screen.getByLabelText(/^Connection name/) as HTMLInputElement).value).toBe('acme');
  });

  it('/install-integration without a shop says so', async () => {
    renderAt('/install-integration', [], signedOut());
    expect(await screen.findByText(/does not say which store/, {}, SLOW)).toBeTruthy();
  });

  it('a kept install goes stale after an hour', () => {
    keepShopifyInstall({ shop: 'acme.myshopify.com' }, Date.now() - SHOPIFY_INSTALL_TTL_MS - 1000);
    expect(keptShopifyInstall()).toBeNull();
    expect(pendingInstallRedirect()).toBeNull();
  });

  it('/create-integration: "Connect {shop}", then the install call with the kept query and the redirect', async () => {
    keepShopifyInstall(Object.fromEntries(new URLSearchParams(SHOPIFY_QUERY)));
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const net = renderAt('/create-integration', [
      ['POST', `${API}/channels/shopify/install`, [200, { data: { authorize_url: 'https://acme.myshopify.com/admin/oauth/authorize?client_id=x' } }]],
    ]);
    expect(await screen.findByRole('heading', { name: 'Connect acme.myshopify.com to Omnio' }, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Connection name/), { target: { value: 'Acme main' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://acme.myshopify.com/admin/oauth/authorize?client_id=x'), SLOW);
    expect(net.to('POST', `${API}/channels/shopify/install`)[0]!.body).toEqual({
      shop: 'acme.myshopify.com',
      name: 'Acme main',
      query: { shop: 'acme.myshopify.com', hmac: 'abc123', timestamp: '1767225600', host: 'YWRtaW4uc2hvcGlmeS5jb20' },
    });
    expect(keptShopifyInstall()).toBeNull();
  });

  it('/create-integration: no Shopify app on the server points to the access-token way', async () => {
    renderAt(`/create-integration?${SHOPIFY_QUERY}`, [
      ['POST', `${API}/channels/shopify/install`, [422, { message: 'Shopify app is not configured on this server' }]],
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect' }, SLOW));
    expect(await screen.findByText('Shopify app is not configured on this server', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect with an access token' }).getAttribute('href')).toBe('/services/shopify-create');
  });

  it('/complete-install sends the whole query once and opens the new connection', async () => {
    const net = renderAt('/complete-install?code=c0de&shop=acme.myshopify.com&state=n0nce&hmac=h', [
      ['POST', `${API}/channels/shopify/callback`, [200, { data: { process_id: 'p42' } }]],
    ], signedOut());
    expect((await screen.findByTestId('where', {}, SLOW)).textContent).toBe('/connections/p42');
    const calls = net.to('POST', `${API}/channels/shopify/callback`);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ query: { code: 'c0de', shop: 'acme.myshopify.com', state: 'n0nce', hmac: 'h' } });
    expect(calls[0]!.headers.get('Authorization')).toBeNull();
  });

  it('/complete-install shows "Installation failed" with the reason, in Spanish too', async () => {
    renderAt('/complete-install?code=c0de&shop=acme.myshopify.com', [
      ['POST', `${API}/channels/shopify/callback`, [422, { message: 'Installation failed', errors: { state: ['The install link has expired'] } }]],
    ], signedOut(), 'es');
    expect(await screen.findByText('La instalación falló', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('The install link has expired')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a Integraciones' }).getAttribute('href')).toBe('/integrations');
  });
});
