import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { Route, Routes, useLocation } from 'react-router';
import { http } from '../../shared/api/http';
import { dispatchRealtime } from '../../shared/realtime/realtime';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';
import { useSubscriptionState } from './subscription-state';
import { NoSubscriptionRedirect, SubscriptionEvents } from './SubscriptionEvents';
import { subscription } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const TENANT = fakeSession(['read-billing', 'update-billing'], 'tenant');

function StateProbe() {
  const state = useSubscriptionState();
  return <output data-testid="state">{`${state.loaded}/${state.present}`}</output>;
}

describe('useSubscriptionState', { timeout: 20_000 }, () => {
  it('waits for the tenant’s subscription, then says whether there is one', async () => {
    const routes: Parameters<typeof stubFetch>[0] = [['GET', '/api/1.0/billing/subscription', 200, { data: null }]];
    stubFetch(routes);
    renderWithProviders(<StateProbe />, { session: TENANT });
    expect(screen.getByTestId('state').textContent).toBe('false/false');
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('true/false'), SLOW);
  });

  it('is present for a subscription, cancelled but still running included', async () => {
    stubFetch([['GET', '/api/1.0/billing/subscription', 200, { data: subscription({ status: 'canceled', canceled_at: '2026-11-10T00:00:00.000Z' }) }]]);
    renderWithProviders(<StateProbe />, { session: TENANT });
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('true/true'), SLOW);
  });

  it('does not wait for owners or users who may not read billing', () => {
    const calls = stubFetch([]);
    renderWithProviders(<><StateProbe /><StateProbe /></>, { session: fakeSession(['create-company'], 'owner') });
    expect(screen.getAllByTestId('state').map((e) => e.textContent)).toEqual(['true/true', 'true/true']);
    expect(calls).toHaveLength(0);
  });
});

describe('SubscriptionEvents', { timeout: 20_000 }, () => {
  it('toasts the server’s message and reloads the subscription', async () => {
    const calls = stubFetch([['GET', '/api/1.0/billing/subscription', 200, { data: null }]]);
    renderWithProviders(<><SubscriptionEvents /><StateProbe /></>, { session: TENANT });
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('true/false'), SLOW);
    const before = calls.length;
    dispatchRealtime('subscription-event', { type: 'subscribed', message: 'Your Growth subscription is active', subscription: subscription() });
    expect(await screen.findByText('Your Growth subscription is active', {}, SLOW)).toBeTruthy();
    // A success toast (spec 8: subscribed is success).
    expect(screen.getByText('Your Growth subscription is active').closest('.MuiAlert-filledSuccess')).not.toBeNull();
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });

  it('ignores events it does not know', async () => {
    stubFetch([]);
    renderWithProviders(<SubscriptionEvents />, { session: TENANT });
    dispatchRealtime('subscription-event', { type: 'mystery', message: 'Should not show' });
    // No sleep: a known event sent after it is shown, so the unknown one, handled first, would be by then.
    dispatchRealtime('subscription-event', { type: 'subscribed', message: 'Your Growth subscription is active', subscription: subscription() });
    expect(await screen.findByText('Your Growth subscription is active', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('Should not show')).toBeNull();
  });
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function OrdersScreen() {
  const probe = useQuery({ queryKey: ['orders-probe'], queryFn: () => http.get('/orders'), retry: false });
  return <><Where /><p data-testid="probe">{probe.status}</p></>;
}

describe('NoSubscriptionRedirect', { timeout: 20_000 }, () => {
  it('sends a 402 NO_ACTIVE_SUBSCRIPTION to /billing?rp=true', async () => {
    stubFetch([['GET', '/api/1.0/orders', 402, { message: 'No active subscription', code: 'NO_ACTIVE_SUBSCRIPTION' }]]);
    renderWithProviders(
      <>
        <NoSubscriptionRedirect />
        <Routes>
          <Route path="/orders" element={<OrdersScreen />} />
          <Route path="/billing" element={<Where />} />
        </Routes>
      </>,
      { session: TENANT, path: '/orders' },
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/billing?rp=true'), SLOW);
  });

  it('leaves other 402s (the plan limit) to the screen', async () => {
    stubFetch([['GET', '/api/1.0/orders', 402, { message: 'Your plan allows…', code: 'PLAN_LIMIT_REACHED' }]]);
    renderWithProviders(
      <>
        <NoSubscriptionRedirect />
        <Routes>
          <Route path="/orders" element={<OrdersScreen />} />
          <Route path="/billing" element={<Where />} />
        </Routes>
      </>,
      { session: TENANT, path: '/orders' },
    );
    // No sleep: the screen's query has settled as failed, which is when the 402 would have been redirected.
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('error'), SLOW);
    expect(screen.getByTestId('where').textContent).toBe('/orders');
  });
});
