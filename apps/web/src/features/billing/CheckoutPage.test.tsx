import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';
import type { Checkout } from './api';
import { CheckoutPage } from './CheckoutPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const TENANT = fakeSession(['read-billing', 'update-billing'], 'tenant');
const checkout = (over: Partial<Checkout> = {}): Checkout => ({
  id: 'c1', type: 'subscribe', status: 'open', provider: 'manual',
  plan: { product_id: 'prod-growth', price_id: 'price-growth', provider_id: null, name: 'Growth', unit_amount: 4900, orders: 5000 },
  extras: [
    { product_id: 'prod-x1k', price_id: 'price-x1k', provider_id: null, name: '1,000 more orders', quantity: 2, unit_amount: 1500, orders: 1000 },
    { product_id: 'prod-x10k', price_id: 'price-x10k', provider_id: null, name: '10,000 more orders', quantity: 1, unit_amount: 9900, orders: 10000 },
  ],
  totals: { price_cents: 17800, price: '178.00', orders: 17000 },
  return_url: '/billing?done=1', cancel_url: '/billing', expires_at: '2026-11-22T10:00:00.000Z', created_at: '2026-11-21T10:00:00.000Z',
  ...over,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path = '/billing/checkout/c1') {
  renderWithProviders(
    <Routes>
      <Route path="/billing/checkout/:id" element={<CheckoutPage />} />
      <Route path="/billing" element={<Where />} />
    </Routes>,
    { session: TENANT, path },
  );
}

describe('CheckoutPage', { timeout: 20_000 }, () => {
  it('sums up the checkout and confirms it, then goes where the server says', async () => {
    const calls = stubFetch([
      ['GET', '/api/1.0/billing/checkout/c1', 200, { data: checkout() }],
      ['POST', '/api/1.0/billing/checkout/c1/confirm', 200, { data: { url: '/billing?done=1', subscription: null } }],
    ]);
    renderAt();
    expect(await screen.findByText('1,000 more orders × 2', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('checkout-price').textContent).toBe('$178.00 / month');
    expect(screen.getByText('17,000 orders')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/billing?done=1'), SLOW);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/1.0/billing/checkout/c1/confirm')).toBe(true);
  });

  it('goes back to the cancel address', async () => {
    stubFetch([['GET', '/api/1.0/billing/checkout/c1', 200, { data: checkout() }]]);
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }, SLOW));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/billing'));
  });

  it.each([
    ['expired', /This checkout expired/],
    ['completed', /already confirmed/],
  ] as const)('a %s checkout cannot be confirmed', async (status, text) => {
    stubFetch([['GET', '/api/1.0/billing/checkout/c1', 200, { data: checkout({ status }) }]]);
    renderAt();
    expect(await screen.findByText(text, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Go to billing' })).toBeTruthy();
  });

  it('says so when the checkout is not this company’s', async () => {
    stubFetch([['GET', '/api/1.0/billing/checkout/c1', 404, { message: 'Not found' }]]);
    renderAt();
    expect(await screen.findByText('This checkout does not exist.', {}, SLOW)).toBeTruthy();
  });
});
