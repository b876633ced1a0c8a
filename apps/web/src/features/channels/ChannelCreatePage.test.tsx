import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { ChannelCreatePage } from './ChannelCreatePage';
import type { SetupDriver } from './channel-drivers';
import { API, ILOC_A, processItem } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SLOW = { timeout: 8000 };
const ILOCS: FetchRoute = ['GET', `${API}/tenants/c1/ilocs`, [200, page([{ id: ILOC_A, name: 'Austin main', code: 'AUS-MAIN' }])]];

function Landed() {
  const location = useLocation();
  const state = location.state as { webhookSecret?: string } | null;
  return <div data-testid="landed">{`${location.pathname} ${state?.webhookSecret ?? ''}`}</div>;
}

function renderPage(driver: SetupDriver, routes: FetchRoute[], language = 'en') {
  const net = routeFetch([ILOCS, ...routes]);
  renderWithProviders(
    <Routes>
      <Route path="/setup" element={<ChannelCreatePage driver={driver} />} />
      <Route path="/connections/:id" element={<Landed />} />
    </Routes>,
    { session: fakeSession(['create-process', 'read-process'], 'tenant'), path: '/setup', language },
  );
  return net;
}

const type = (scope: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const created = (over: object = {}) => [201, { data: { ...processItem({ id: 'p9', name: 'Acme Woo', driver: 'woocommerce', ...over }), webhook_secret: 'whsec_ONCE' } }] as const;
const section = (name: string) => screen.getByRole('region', { name });

describe('ChannelCreatePage', { timeout: 20_000 }, () => {
  it('WooCommerce: posts keys, sub-options and schedules, then tests the new connection and opens it', async () => {
    const net = renderPage('woocommerce', [
      ['POST', `${API}/processes`, [...created()]],
      ['POST', `${API}/processes/p9/test`, [200, { data: { ok: true, shop: { name: 'Acme Woo', domain: 'shop.example.com' } } }]],
    ]);
    const store = await screen.findByRole('region', { name: 'Store and REST API keys' }, SLOW);
    type(store, /^Connection name/, 'Acme Woo');
    type(store, /^Store URL/, 'https://shop.example.com/');
    type(store, /^Consumer key/, 'ck_1');
    type(store, /^Consumer secret/, 'cs_1');
    fireEvent.click(within(store).getByRole('button', { name: 'Advanced' }));
    type(store, /^Service address/, 'http://127.0.0.1:9999');

    const imports = screen.getByRole('group', { name: 'Import orders' });
    // processing is ticked by default; on-hold added.
    expect((within(imports).getByLabelText('Processing') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(imports).getByLabelText('On hold'));
    fireEvent.change(within(imports).getByLabelText(/^Schedule/), { target: { value: 'daily' } });
    type(imports, /^Orders from/, '2026-01-01');
    const stock = screen.getByRole('group', { name: 'Sync inventory' });
    type(stock, /^Reserve/, '10');
    fireEvent.click(within(screen.getByRole('group', { name: 'Update tracking' })).getByLabelText('Email the customer when tracking is sent'));

    fireEvent.click(screen.getByRole('button', { name: 'Connect store' }));
    const done = await screen.findByRole('region', { name: 'Acme Woo is connected' }, SLOW);
    expect(net.to('POST', `${API}/processes`)[0]!.body).toEqual({
      name: 'Acme Woo',
      driver: 'woocommerce',
      credentials: { store_url: 'https://shop.example.com', consumer_key: 'ck_1', consumer_secret: 'cs_1' },
      settings: { api_base_url: 'http://127.0.0.1:9999' },
      actions: {
        import_orders: { active: true, schedule: 'daily', options: { initial_date: '2026-01-01', orders_status: ['processing', 'on-hold'] } },
        update_tracking: { active: true, schedule: null, options: { notify_customer: true } },
        sync_inventory: { active: false, schedule: null, options: { reserve_percentage: 10 } },
        import_products: { active: false, schedule: null, options: { create_sku_if_not_exists: false } },
      },
    });

    fireEvent.click(within(done).getByRole('button', { name: 'Test connection' }));
    expect(await within(done).findByText('Connection works', {}, SLOW)).toBeTruthy();
    expect(within(done).getByText('Store: Acme Woo (shop.example.com)')).toBeTruthy();
    fireEvent.click(within(done).getByRole('link', { name: 'Open the connection' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/connections/p9 whsec_ONCE');
  });

  it('WooCommerce: "Generate keys in your store" needs only the URL, creates the process and goes to the store', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const net = renderPage('woocommerce', [
      ['POST', `${API}/processes`, [...created()]],
      ['POST', `${API}/channels/woocommerce/authorize`, [200, { data: { authorize_url: 'https://shop.example.com/wc-auth/v1/authorize?app_name=Omnio' } }]],
    ]);
    const store = await screen.findByRole('region', { name: 'Store and REST API keys' }, SLOW);
    type(store, /^Connection name/, 'Acme Woo');
    type(store, /^Store URL/, 'https://shop.example.com');
    fireEvent.click(within(store).getByRole('button', { name: 'Generate keys in your store' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://shop.example.com/wc-auth/v1/authorize?app_name=Omnio'), SLOW);
    expect(net.to('POST', `${API}/processes`)[0]!.body).toMatchObject({ driver: 'woocommerce', credentials: { store_url: 'https://shop.example.com' } });
    expect(net.to('POST', `${API}/channels/woocommerce/authorize`)[0]!.body).toEqual({ process_id: 'p9' });
  });

  it('checks required fields before sending, in Spanish', async () => {
    const net = renderPage('jumpseller', [], 'es');
    const store = await screen.findByRole('region', { name: 'Acceso a la API de la tienda' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Conectar tienda' }));
    expect(await within(store).findByText('El nombre es obligatorio', {}, SLOW)).toBeTruthy();
    expect(within(store).getAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(net.to('POST', `${API}/processes`)).toHaveLength(0);
  });

  it('BigCommerce: status ids with their names, the location id, and a 422 put on its field', async () => {
    const net = renderPage('bigcommerce', [
      ['POST', `${API}/processes`, [422, { message: 'The given data was invalid.', errors: { 'credentials.access_token': ['The store refused this token'] } }]],
    ]);
    const store = await screen.findByRole('region', { name: 'Store API account' }, SLOW);
    type(store, /^Connection name/, 'Acme BC');
    type(store, /^Store hash/, 'abc123');
    type(store, /^Access token/, 'tok');
    const imports = screen.getByRole('group', { name: 'Import orders' });
    // The connector's default ticked: Awaiting Fulfillment and Awaiting Shipment; the seller adds Partially Shipped.
    expect((within(imports).getByLabelText('Awaiting Fulfillment') as HTMLInputElement).checked).toBe(true);
    expect((within(imports).getByLabelText('Awaiting Shipment') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(imports).getByLabelText('Partially Shipped'));
    type(screen.getByRole('group', { name: 'Sync inventory' }), /^Store location/, '2');
    fireEvent.click(screen.getByRole('button', { name: 'Connect store' }));
    expect(await within(store).findByText('The store refused this token', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', `${API}/processes`)[0]!.body).toMatchObject({
      driver: 'bigcommerce',
      credentials: { store_hash: 'abc123', access_token: 'tok' },
      actions: { import_orders: { options: { orders_status: ['11', '9', '3'] } }, sync_inventory: { options: { location_id: '2' } } },
    });
  });

  it('CartRover: only its three actions and no status filter', async () => {
    renderPage('cartrover', []);
    await screen.findByRole('region', { name: 'Merchant API credentials' }, SLOW);
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-labelledby') && within(g).getByRole('heading').textContent))
      .toEqual(['Import orders', 'Update tracking', 'Sync inventory']);
    expect(screen.queryByText('Order statuses to import')).toBeNull();
    expect(section('Actions')).toBeTruthy();
  });
});
