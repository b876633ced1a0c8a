import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';
import { BillingPage } from './BillingPage';
import { subscription } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const TENANT = fakeSession(['read-billing', 'update-billing'], 'tenant');
const LIMITS = { data: { period: '2026-11', subscription_status: 'active', orders_limit: 7000, orders_used: 6998, orders_remaining: 2 } };
const extras = [{ product_id: 'prod-x1k', price_id: 'price-x1k', provider_id: null, name: '1,000 more orders', quantity: 2, unit_amount: 1500, orders: 1000 }];

describe('BillingPage', { timeout: 20_000 }, () => {
  it('shows the subscription with extras, totals and usage, and offers only the allowed actions', async () => {
    stubFetch([
      ['GET', '/api/1.0/billing/subscription', 200, { data: subscription({ extras, totals: { price_cents: 7900, price: '79.00', orders: 7000 } }) }],
      ['GET', '/api/1.0/billing/limits', 200, LIMITS],
    ]);
    renderWithProviders(<BillingPage />, { session: TENANT, path: '/billing' });
    expect(await screen.findByRole('heading', { name: 'Growth' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('1,000 more orders × 2')).toBeTruthy();
    expect(screen.getByTestId('subscription-price').textContent).toBe('$79.00 / month');
    expect(screen.getByTestId('subscription-orders').textContent).toBe('7,000 orders');
    expect((await screen.findByTestId('usage-value', {}, SLOW)).textContent).toBe('6,998 of 7,000 orders');
    expect(screen.getByText('2 orders left this month')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose plan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
  });

  it('cancels after confirming, and a cancelled one shows when it ends and offers Resume', async () => {
    const routes: Parameters<typeof stubFetch>[0] = [
      ['GET', '/api/1.0/billing/subscription', 200, { data: subscription() }],
      ['GET', '/api/1.0/billing/limits', 200, LIMITS],
      ['POST', '/api/1.0/billing/subscription', 200, { data: { url: '/billing', subscription: null } }],
    ];
    const calls = stubFetch(routes);
    renderWithProviders(<BillingPage />, { session: TENANT, path: '/billing' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }, SLOW));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel the subscription?' });
    // What the server answers once the cancel is applied (the page reloads it after the change).
    routes[0] = ['GET', '/api/1.0/billing/subscription', 200, { data: subscription({ status: 'canceled', canceled_at: '2026-11-10T12:00:00.000Z', allowed_actions: ['resume'] }) }];
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ type: 'cancel', extras: [] }));
    expect(await screen.findByRole('button', { name: 'Resume' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Canceled')).toBeTruthy();
    expect(screen.getByText(/Canceled on .*Everything keeps working until/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('with no subscription offers Subscribe and explains rp=true', async () => {
    stubFetch([
      ['GET', '/api/1.0/billing/subscription', 200, { data: null }],
      ['GET', '/api/1.0/billing/limits', 200, { data: { period: '2026-11', subscription_status: 'none', orders_limit: 0, orders_used: 0, orders_remaining: 0 } }],
    ]);
    renderWithProviders(<BillingPage />, { session: TENANT, path: '/billing?rp=true' });
    expect(await screen.findByText('You have no subscription', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/needs an active subscription/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
  });

  it('shows "Error getting subscription" when the server gives no message', async () => {
    stubFetch([['GET', '/api/1.0/billing/subscription', 500, {}]]);
    renderWithProviders(<BillingPage />, { session: TENANT, path: '/billing' });
    expect(await screen.findByText('Error getting subscription', {}, SLOW)).toBeTruthy();
  });

  it('shows the server’s message when the subscription does not load', async () => {
    stubFetch([['GET', '/api/1.0/billing/subscription', 503, { message: 'Billing is resting' }]]);
    renderWithProviders(<BillingPage />, { session: TENANT, path: '/billing' });
    expect(await screen.findByText('Billing is resting', {}, SLOW)).toBeTruthy();
  });

  it('shows the free account answer of the portal as information', async () => {
    stubFetch([
      ['GET', '/api/1.0/billing/subscription', 200, { data: subscription() }],
      ['GET', '/api/1.0/billing/limits', 200, LIMITS],
      ['POST', '/api/1.0/billing/portal', 409, { message: 'Your account is free', code: 'NO_PORTAL' }],
    ]);
    renderWithProviders(<BillingPage />, { session: TENANT, path: '/billing' });
    fireEvent.click(await screen.findByRole('button', { name: 'Manage payment' }, SLOW));
    expect(await screen.findByText('Your account is free', {}, SLOW)).toBeTruthy();
  });

  it('shows no change buttons to a user who may only read billing', async () => {
    stubFetch([
      ['GET', '/api/1.0/billing/subscription', 200, { data: subscription() }],
      ['GET', '/api/1.0/billing/limits', 200, LIMITS],
    ]);
    renderWithProviders(<BillingPage />, { session: fakeSession(['read-billing'], 'tenant'), path: '/billing' });
    expect(await screen.findByRole('heading', { name: 'Growth' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });
});
