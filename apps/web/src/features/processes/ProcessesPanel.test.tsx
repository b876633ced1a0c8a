import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { INBOUND_WEBHOOK_KINDS } from '@omnio/domain';
import type { InboundWebhookItem, ProcessItem } from './api';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { ProcessesPanel } from './ProcessesPanel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const URL_ = '/api/1.0/processes';
const SLOW = { timeout: 8000 };
const ALL = ['read-process', 'create-process', 'update-process', 'delete-process'];
const urls = Object.fromEntries(INBOUND_WEBHOOK_KINDS.map((k) => [k, `http://omnio.test/api/1.0/processes/p1/gateway/webhook/${k}`])) as ProcessItem['webhook_urls'];
const proc: ProcessItem = {
  id: 'p1', name: 'Acme Shopify', driver: 'shopify', status: 'active', webhook_urls: urls,
  credentials: {}, settings: {}, actions: {}, supported_actions: [], allowed_actions: [], last_run: null, recent_errors: 0,
  secret_rotated_at: '2026-11-01T00:00:00Z', created_at: '2026-11-01T00:00:00Z', updated_at: '2026-11-01T00:00:00Z',
};
const failed: InboundWebhookItem = {
  id: 'w1', process_id: 'p1', context: 'orders', resource: 'import-orders', status: 'failed', attempts: 1,
  error: 'Order SHOP-1: sku_not_found', result: null, job_id: 'j1', received_at: '2026-11-02T00:00:00Z', processed_at: '2026-11-02T00:00:01Z',
};

function renderPanel(routes: FetchRoute[], permissions = ALL) {
  const net = routeFetch(routes);
  renderWithProviders(<ProcessesPanel />, { session: fakeSession(permissions, 'tenant'), path: '/advanced?tab=inbound' });
  return net;
}

describe('processes panel', { timeout: 20_000 }, () => {
  it('shows the empty state and creates a process, showing its secret once', async () => {
    const net = renderPanel([
      ['GET', URL_, [200, page([])]],
      ['POST', URL_, [201, { data: { ...proc, name: 'Woo', driver: 'woocommerce', webhook_secret: 'whsec_SECRET' } }]],
    ]);
    expect(await screen.findByText('No processes yet', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New process' }));
    const dialog = await screen.findByRole('dialog', { name: 'New process' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Woo' } });
    fireEvent.change(within(dialog).getByLabelText(/^Channel/), { target: { value: 'woocommerce' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create process' }));
    const shown = await screen.findByRole('dialog', { name: 'Process "Woo" created' }, SLOW);
    expect((within(shown).getByLabelText('Webhook secret') as HTMLInputElement).value).toBe('whsec_SECRET');
    expect(net.to('POST', URL_)[0]?.body).toEqual({ name: 'Woo', driver: 'woocommerce' });
  });

  it('offers only the catalogue: an inactive service is absent, a paused one cannot be chosen', async () => {
    const entry = (key: string, status: 'ACTIVE' | 'PAUSE') => ({
      key, name: key, category: 'sales_channel', description: '', logo_url: null, status, installable: status === 'ACTIVE',
    });
    const net = renderPanel([
      ['GET', URL_, [200, page([])]],
      ['GET', '/api/1.0/services/catalog', [200, page([entry('shopify', 'PAUSE'), entry('woocommerce', 'ACTIVE'), entry('custom', 'ACTIVE')])]],
      ['POST', URL_, [201, { data: { ...proc, name: 'Woo', driver: 'woocommerce', webhook_secret: 'whsec_SECRET' } }]],
    ]);
    expect(await screen.findByText('No processes yet', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New process' }));
    const dialog = await screen.findByRole('dialog', { name: 'New process' });
    const paused = await within(dialog).findByRole('option', { name: 'Shopify (paused: no new installs)' }, SLOW);
    expect((paused as HTMLOptionElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('option', { name: 'Amazon' })).toBeNull();
    // The paused default gives way to the first installable driver.
    expect((within(dialog).getByLabelText(/^Channel/) as HTMLSelectElement).value).toBe('woocommerce');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Woo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create process' }));
    await screen.findByRole('dialog', { name: 'Process "Woo" created' }, SLOW);
    expect(net.to('POST', URL_)[0]?.body).toEqual({ name: 'Woo', driver: 'woocommerce' });
  });

  it('expands a process: its URLs, what it received, and a replay of a failed delivery', async () => {
    const net = renderPanel([
      ['GET', URL_, [200, page([proc])]],
      ['GET', `${URL_}/p1/inbound-webhooks`, [200, page([failed])]],
      ['POST', `${URL_}/p1/inbound-webhooks/w1/replay`, [202, { data: { id: 'w1', status: 'received', job_id: 'j2' } }]],
    ]);
    fireEvent.click(await screen.findByRole('button', { name: /Acme Shopify/ }, SLOW));
    expect(await screen.findByText(urls['orders/import-orders'], {}, SLOW)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Received webhooks' }, SLOW);
    expect(within(table).getByText('Failed')).toBeTruthy();
    expect(within(table).getByText('Order SHOP-1: sku_not_found')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: /^Replay orders\/import-orders/ }));
    expect(await screen.findByText('Replay queued', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', `${URL_}/p1/inbound-webhooks/w1/replay`)).toHaveLength(1);
  });

  it('rotates the secret after confirming and shows the new one', async () => {
    renderPanel([
      ['GET', URL_, [200, page([proc])]],
      ['GET', `${URL_}/p1/inbound-webhooks`, [200, page([])]],
      ['POST', `${URL_}/p1/rotate-secret`, [200, { data: { ...proc, webhook_secret: 'whsec_NEW' } }]],
    ]);
    fireEvent.click(await screen.findByRole('button', { name: /Acme Shopify/ }, SLOW));
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate secret' }, SLOW));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the webhook secret?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', { name: 'New webhook secret' }, SLOW);
    expect((within(shown).getByLabelText('Webhook secret') as HTMLInputElement).value).toBe('whsec_NEW');
  });

  it('a reader sees no buttons that change anything, and a load failure says so', async () => {
    renderPanel([['GET', URL_, [500, { message: 'Server Error' }]]], ['read-process']);
    expect(await screen.findByText(/Could not load the processes/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New process' })).toBeNull();
  });
});
