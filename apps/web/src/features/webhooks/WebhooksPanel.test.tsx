import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookDeliveryView, WebhookView } from '@omnio/domain';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';
import { WebhooksPanel } from './WebhooksPanel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const page = <T,>(data: T[]) => ({ data, current_page: 1, per_page: 100, total: data.length, last_page: 1 });
const hook: WebhookView = {
  id: 'w1', address: 'https://erp.example.com/omnio', topic: 'order.*', status: 'disabled', active: false, consecutive_failures: 20,
  disabled_at: '2026-11-20T10:00:00.000Z', last_delivery_at: null, secret_hint: '…a1b2', created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};
const delivery: WebhookDeliveryView = {
  id: 'd1', subscription_id: 'w1', topic: 'webhook.test', status: 'delivered', attempts: 1, response_code: 204, latency_ms: 37, error: null,
  created_at: '2026-11-21T10:00:00.000Z', next_attempt_at: null, delivered_at: '2026-11-21T10:00:01.000Z',
};
const MANAGE = ['read-users-company', 'update-company'];

describe('WebhooksPanel', { timeout: 20_000 }, () => {
  it('lists webhooks with status, failures and the secret hint', async () => {
    stubFetch([['GET', '/api/1.0/webhooks', 200, page([hook])]]);
    renderWithProviders(<WebhooksPanel />, { session: fakeSession(MANAGE, 'tenant') });
    const table = await screen.findByRole('table', { name: 'Webhooks' }, SLOW);
    expect(within(table).getByText('https://erp.example.com/omnio')).toBeTruthy();
    expect(within(table).getByText('Disabled')).toBeTruthy();
    expect(within(table).getByText('20 failures in a row')).toBeTruthy();
    expect(within(table).getByText('Secret ending in …a1b2')).toBeTruthy();
    expect((within(table).getByRole('switch', { name: 'Enabled: https://erp.example.com/omnio' }) as HTMLInputElement).checked).toBe(false);
  });

  it('shows the empty state', async () => {
    stubFetch([['GET', '/api/1.0/webhooks', 200, page([])]]);
    renderWithProviders(<WebhooksPanel />, { session: fakeSession(MANAGE, 'tenant') });
    expect(await screen.findByText(/No webhooks yet/, {}, SLOW)).toBeTruthy();
  });

  it('adds a webhook and shows its signing secret once, with copy', async () => {
    const calls = stubFetch([
      ['GET', '/api/1.0/webhooks', 200, page([])],
      ['POST', '/api/1.0/webhooks', 201, { data: { ...hook, status: 'active', active: true, consecutive_failures: 0, disabled_at: null, secret: 'whsec_0123456789' } }],
    ]);
    renderWithProviders(<WebhooksPanel />, { session: fakeSession(MANAGE, 'tenant') });
    fireEvent.click(await screen.findByRole('button', { name: 'Add webhook' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    fireEvent.change(within(dialog).getByLabelText(/^Address/), { target: { value: 'https://erp.example.com/omnio' } });
    fireEvent.change(within(dialog).getByLabelText(/^Topic/), { target: { value: 'order.*' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const done = await screen.findByRole('dialog', { name: 'Webhook added' }, SLOW);
    expect((within(done).getByLabelText('Signing secret') as HTMLInputElement).value).toBe('whsec_0123456789');
    expect(within(done).getByText(/shown only once/)).toBeTruthy();
    expect(within(done).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ address: 'https://erp.example.com/omnio', topic: 'order.*' });
  });

  it('checks the address before sending, and shows the server refusal under the field in Spanish', async () => {
    const calls = stubFetch([
      ['GET', '/api/1.0/webhooks', 200, page([])],
      ['POST', '/api/1.0/webhooks', 422, {
        message: 'The address points to a loopback or private network, which webhooks may not call',
        errors: { address: ['The address points to a loopback or private network, which webhooks may not call'] },
      }],
    ]);
    renderWithProviders(<WebhooksPanel />, { session: fakeSession(MANAGE, 'tenant'), language: 'es' });
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar webhook' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar webhook' });
    fireEvent.change(within(dialog).getByLabelText(/^Dirección/), { target: { value: 'ftp://x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    expect(await within(dialog).findByText('La dirección debe empezar por https:// o http://')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^Dirección/), { target: { value: 'http://127.0.0.1/hook' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    expect(await within(dialog).findByText('La dirección apunta a una red local o privada, a la que los webhooks no pueden llamar', {}, SLOW)).toBeTruthy();
  });

  it('sends a test and shows the delivery log with response code and time taken', async () => {
    const calls = stubFetch([
      ['GET', '/api/1.0/webhooks', 200, page([{ ...hook, status: 'active', active: true, consecutive_failures: 0, disabled_at: null }])],
      ['POST', '/api/1.0/webhooks/w1/test', 202, { data: { ...delivery, status: 'pending', attempts: 0, response_code: null, latency_ms: null } }],
      ['GET', '/api/1.0/webhooks/w1/deliveries', 200, { ...page([delivery]), per_page: 25 }],
    ]);
    renderWithProviders(<WebhooksPanel />, { session: fakeSession(MANAGE, 'tenant') });
    fireEvent.click(await screen.findByRole('button', { name: 'Send test: https://erp.example.com/omnio' }, SLOW));
    expect(await screen.findByText(/Test delivery queued/, {}, SLOW)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/1.0/webhooks/w1/test')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Deliveries: https://erp.example.com/omnio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries to https://erp.example.com/omnio' });
    expect(await within(dialog).findByText('204', {}, SLOW)).toBeTruthy();
    expect(within(dialog).getByText('37 ms')).toBeTruthy();
    expect(within(dialog).getByText('Delivered')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /^Redeliver webhook.test/ })).toBeTruthy();
  });

  it('a user who may only read sees no add, test, edit or delete', async () => {
    stubFetch([['GET', '/api/1.0/webhooks', 200, page([hook])]]);
    renderWithProviders(<WebhooksPanel />, { session: fakeSession(['read-users-company'], 'tenant') });
    await screen.findByRole('table', { name: 'Webhooks' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Add webhook' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Send test/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Deliveries/ })).toBeTruthy());
  });
});
