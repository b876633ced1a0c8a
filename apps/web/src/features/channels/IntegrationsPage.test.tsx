import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { IntegrationsPage } from './IntegrationsPage';
import { API, catalogEntry, processItem } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const TENANT = ['read-users-company', 'read-process', 'create-process'];

function renderPage(routes: FetchRoute[], permissions = TENANT, language = 'en') {
  const net = routeFetch(routes);
  renderWithProviders(<IntegrationsPage />, { session: fakeSession(permissions, 'tenant'), path: '/integrations', language });
  return net;
}

const CATALOG: FetchRoute = ['GET', `${API}/services/catalog`, [200, page([
  catalogEntry('shopify', 'Shopify'),
  catalogEntry('woocommerce', 'WooCommerce'),
  catalogEntry('amazon', 'Amazon', { category: 'marketplace' }),
  catalogEntry('ebay', 'eBay', { category: 'marketplace', status: 'PAUSE', installable: false }),
])]];

describe('/integrations', { timeout: 20_000 }, () => {
  it('marks installed services and offers Connect only where a connector exists', async () => {
    const net = renderPage([
      CATALOG,
      ['GET', `${API}/processes`, [200, page([processItem({ id: 'p1' }), processItem({ id: 'p2', name: 'Acme EU' })])]],
    ]);
    const shopify = await screen.findByRole('article', { name: 'Shopify' }, SLOW);
    const connect = within(shopify).getByRole('link', { name: 'Connect Shopify' });
    expect(connect.getAttribute('href')).toBe('/services/shopify-create');
    expect(await within(shopify).findByText('2 connected', {}, SLOW)).toBeTruthy();
    expect(within(shopify).getByRole('link', { name: '2 connected' }).getAttribute('href')).toBe('/connections');

    const woo = screen.getByRole('article', { name: 'WooCommerce' });
    expect(within(woo).getByRole('link', { name: 'Connect WooCommerce' }).getAttribute('href')).toBe('/services/woocommerce-create');
    expect(within(woo).queryByText(/connected/)).toBeNull();

    const amazon = screen.getByRole('article', { name: 'Amazon' });
    expect(within(amazon).queryByRole('link', { name: /Connect/ })).toBeNull();
    expect(within(amazon).queryByRole('button', { name: /Connect/ })).toBeNull();
    expect(within(amazon).getByText('Connector not available yet')).toBeTruthy();

    const ebay = screen.getByRole('article', { name: 'eBay' });
    expect(within(ebay).getByText('Paused')).toBeTruthy();
    expect(within(ebay).queryByRole('link', { name: /Connect/ })).toBeNull();
    expect(net.to('GET', `${API}/services/catalog`)[0]!.url.searchParams.get('per_page')).toBe('100');
  });

  it('a user who may not create processes sees the catalogue without Connect', async () => {
    renderPage([CATALOG, ['GET', `${API}/processes`, [200, page([])]]], ['read-users-company', 'read-process']);
    const shopify = await screen.findByRole('article', { name: 'Shopify' }, SLOW);
    expect(within(shopify).queryByRole('link', { name: /Connect/ })).toBeNull();
  });

  it('shows a load failure with a retry, and speaks Spanish', async () => {
    renderPage([['GET', `${API}/services/catalog`, [500, { message: 'Server Error' }]], ['GET', `${API}/processes`, [200, page([])]]], TENANT, 'es');
    expect(await screen.findByText(/No se pudieron cargar las integraciones/, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('says when the catalogue is empty', async () => {
    renderPage([['GET', `${API}/services/catalog`, [200, page([])]], ['GET', `${API}/processes`, [200, page([])]]]);
    expect(await screen.findByText('No integrations are offered yet.', {}, SLOW)).toBeTruthy();
  });
});
