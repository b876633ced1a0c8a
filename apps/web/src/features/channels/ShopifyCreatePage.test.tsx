import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { ShopifyCreatePage } from './ShopifyCreatePage';
import { API, processItem } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SLOW = { timeout: 8000 };

function Landed() {
  const location = useLocation();
  const state = location.state as { webhookSecret?: string } | null;
  return <div data-testid="landed">{`${location.pathname} ${state?.webhookSecret ?? ''}`}</div>;
}

function renderPage(routes: FetchRoute[], language = 'en') {
  const net = routeFetch(routes);
  renderWithProviders(
    <Routes>
      <Route path="/services/shopify-create" element={<ShopifyCreatePage />} />
      <Route path="/connections/:id" element={<Landed />} />
    </Routes>,
    { session: fakeSession(['create-process', 'read-process'], 'tenant'), path: '/services/shopify-create', language },
  );
  return net;
}

const tokenForm = () => screen.getByRole('form', { name: 'Custom app access token' });
const type = (scope: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('/services/shopify-create', { timeout: 20_000 }, () => {
  it('connects with an access token: posts the credentials and default actions, then opens the connection with its secret', async () => {
    const net = renderPage([['POST', `${API}/processes`, [201, { data: { ...processItem({ id: 'p9' }), webhook_secret: 'whsec_ONCE' } }]]]);
    const form = await screen.findByRole('form', { name: 'Custom app access token' }, SLOW);
    type(form, /^Connection name/, 'Acme Shopify');
    type(form, /^Store address/, 'Acme.myshopify.com');
    type(form, /^Admin API access token/, 'shpat_abc');
    type(form, /^API secret key/, 'shpss_xyz');
    fireEvent.click(within(form).getByRole('button', { name: 'Advanced' }));
    type(form, /^Service address/, 'https://shop.example.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Connect store' }));

    expect((await screen.findByTestId('landed', {}, SLOW)).textContent).toBe('/connections/p9 whsec_ONCE');
    expect(net.to('POST', `${API}/processes`)[0]!.body).toEqual({
      name: 'Acme Shopify',
      driver: 'shopify',
      credentials: { shop_domain: 'acme.myshopify.com', access_token: 'shpat_abc', client_secret: 'shpss_xyz' },
      settings: { api_base_url: 'https://shop.example.com' },
      actions: {
        import_orders: { active: true, schedule: null },
        update_tracking: { active: true },
        sync_inventory: { active: false },
        import_products: { active: false },
      },
    });
  });

  it('puts a 422 on its fields: the store already connected, the address refused', async () => {
    const net = renderPage([
      ['POST', `${API}/processes`, [422, {
        message: 'The given data was invalid.',
        errors: { 'credentials.shop_domain': ['service already installed'], 'settings.api_base_url': ['Private addresses are not allowed'] },
      }]],
    ]);
    const form = await screen.findByRole('form', { name: 'Custom app access token' }, SLOW);
    type(form, /^Connection name/, 'Acme');
    type(form, /^Store address/, 'acme.myshopify.com');
    type(form, /^Admin API access token/, 'shpat_abc');
    fireEvent.click(within(form).getByRole('button', { name: 'Connect store' }));

    expect(await within(tokenForm()).findByText('service already installed', {}, SLOW)).toBeTruthy();
    // The address is under Advanced, which opens to show its error.
    expect(await within(tokenForm()).findByText('Private addresses are not allowed')).toBeTruthy();
    expect(within(tokenForm()).getByLabelText(/^Store address/).getAttribute('aria-invalid')).toBe('true');
    expect(net.to('POST', `${API}/processes`)[0]!.body).toMatchObject({ credentials: { shop_domain: 'acme.myshopify.com', access_token: 'shpat_abc' } });
    expect(screen.queryByTestId('landed')).toBeNull();
  });

  it('checks the form before sending, in Spanish too', async () => {
    const net = renderPage([], 'es');
    const form = await screen.findByRole('form', { name: 'Token de acceso de app personalizada' }, SLOW);
    type(form, /^Dirección de la tienda/, 'acme.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Conectar tienda' }));
    expect(await within(form).findByText('El nombre es obligatorio', {}, SLOW)).toBeTruthy();
    expect(within(form).getByText('Indique la dirección de la tienda, como acme.myshopify.com')).toBeTruthy();
    expect(net.calls).toHaveLength(0);
  });

  it('installs from Shopify: asks for the authorize page and goes there', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const net = renderPage([['POST', `${API}/channels/shopify/install`, [200, { data: { authorize_url: 'https://acme.myshopify.com/admin/oauth/authorize?x=1' } }]]]);
    const form = await screen.findByRole('form', { name: 'Install from Shopify' }, SLOW);
    type(form, /^Store address/, 'acme.myshopify.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Continue to Shopify' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://acme.myshopify.com/admin/oauth/authorize?x=1'), SLOW);
    expect(net.to('POST', `${API}/channels/shopify/install`)[0]!.body).toEqual({ shop: 'acme.myshopify.com' });
  });

  it('says when the server has no Shopify app and points to the access-token way', async () => {
    renderPage([['POST', `${API}/channels/shopify/install`, [422, { message: 'Shopify app is not configured on this server' }]]]);
    const form = await screen.findByRole('form', { name: 'Install from Shopify' }, SLOW);
    type(form, /^Store address/, 'acme.myshopify.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Continue to Shopify' }));
    const alert = await within(form).findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('Shopify app is not configured on this server');
    fireEvent.click(within(alert).getByRole('button', { name: 'Use an access token' }));
    expect(document.activeElement).toBe(within(tokenForm()).getByLabelText(/^Connection name/));
  });
});
