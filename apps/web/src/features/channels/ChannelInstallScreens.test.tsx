import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { BigCommerceConnectorScreen, BigCommerceLoadScreen, WooCommerceReturnScreen } from './ChannelInstallScreens';
import { API, processItem } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SLOW = { timeout: 8000 };

function Landed() {
  return <div data-testid="landed">{useLocation().pathname}</div>;
}

function renderAt(path: string, routes: FetchRoute[], language = 'en') {
  const net = routeFetch(routes);
  renderWithProviders(
    <Routes>
      <Route path="/services/woocommerce21-create/:id" element={<WooCommerceReturnScreen />} />
      <Route path="/services/bigcommerce-connector" element={<BigCommerceConnectorScreen />} />
      <Route path="/services/bigcommerce" element={<BigCommerceLoadScreen />} />
      <Route path="/connections/:id" element={<Landed />} />
    </Routes>,
    { session: fakeSession(['create-process', 'read-process'], 'tenant'), path, language },
  );
  return net;
}

const woo = (credentials: Record<string, boolean>) => ['GET', `${API}/processes/p9`, [200, { data: processItem({ id: 'p9', name: 'Acme Woo', driver: 'woocommerce', credentials }) }]] as FetchRoute;

describe('WooCommerce key-generation return', { timeout: 20_000 }, () => {
  it('success=1 with the keys set: says they arrived, tests the connection, links to it', async () => {
    const net = renderAt('/services/woocommerce21-create/p9?success=1&user_id=p9', [
      woo({ store_url: true, consumer_key: true, consumer_secret: true, webhook_secret: false }),
      ['POST', `${API}/processes/p9/test`, [422, { message: 'The store refused the keys (401)' }]],
    ]);
    expect(await screen.findByText('The keys arrived', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Consumer key: Set')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('The store refused the keys (401)', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', `${API}/processes/p9/test`)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Open the connection' }).getAttribute('href')).toBe('/connections/p9');
  });

  it('success=0: the store refused; asking again goes back to the store', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderAt('/services/woocommerce21-create/p9?success=0&user_id=p9', [
      woo({ store_url: true, consumer_key: false, consumer_secret: false }),
      ['POST', `${API}/channels/woocommerce/authorize`, [200, { data: { authorize_url: 'https://shop.example.com/wc-auth/v1/authorize?x' } }]],
    ], 'es');
    expect(await screen.findByText('La tienda lo rechazó', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pedírselo de nuevo a la tienda' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://shop.example.com/wc-auth/v1/authorize?x'), SLOW);
  });

  it('an unknown process is a not-found state', async () => {
    renderAt('/services/woocommerce21-create/p9?success=1', [['GET', `${API}/processes/p9`, [404, { message: 'Not found' }]]]);
    expect(await screen.findByText('This connection does not exist or was deleted.', {}, SLOW)).toBeTruthy();
  });
});

describe('BigCommerce callbacks', { timeout: 20_000 }, () => {
  it('install: posts code, scope and context once, then opens the connection', async () => {
    const net = renderAt('/services/bigcommerce-connector?code=c1&scope=store_v2_orders&context=stores/abc', [
      ['POST', `${API}/channels/bigcommerce/install`, [200, { data: { process_id: 'p7' } }]],
    ]);
    expect((await screen.findByTestId('landed', {}, SLOW)).textContent).toBe('/connections/p7');
    expect(net.to('POST', `${API}/channels/bigcommerce/install`).map((c) => c.body)).toEqual([{ code: 'c1', scope: 'store_v2_orders', context: 'stores/abc' }]);
  });

  it('install refused: shows the reason with a retry', async () => {
    const net = renderAt('/services/bigcommerce-connector?code=c1&scope=s&context=stores/abc', [
      ['POST', `${API}/channels/bigcommerce/install`, (_c, nth) => (nth === 0 ? [422, { message: 'The code was already used' }] : [200, { data: { process_id: 'p7' } }])],
    ]);
    expect(await screen.findByText('The code was already used', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('landed', {}, SLOW)).textContent).toBe('/connections/p7');
    expect(net.to('POST', `${API}/channels/bigcommerce/install`)).toHaveLength(2);
  });

  it('install without its query says so and sends nothing', async () => {
    const net = renderAt('/services/bigcommerce-connector', []);
    expect(await screen.findByRole('alert', {}, SLOW)).toBeTruthy();
    expect(net.calls).toHaveLength(0);
  });

  it('load: posts the signed payload and opens the connection', async () => {
    const net = renderAt('/services/bigcommerce?signed_payload_jwt=a.b.c', [
      ['POST', `${API}/channels/bigcommerce/load`, [200, { data: { process_id: 'p8' } }]],
    ]);
    expect((await screen.findByTestId('landed', {}, SLOW)).textContent).toBe('/connections/p8');
    expect(net.to('POST', `${API}/channels/bigcommerce/load`)[0]!.body).toEqual({ signed_payload_jwt: 'a.b.c' });
  });
});
