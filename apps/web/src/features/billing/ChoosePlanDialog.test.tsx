import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';
import type { Subscription } from './api';
import { ChoosePlanDialog } from './ChoosePlanDialog';
import { PRODUCTS, subscription } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const TENANT = fakeSession(['read-billing', 'update-billing'], 'tenant');

function open(sub: Subscription | null, answer: unknown = { data: { url: '/billing/checkout/c1', checkout_id: 'c1', subscription: null } }) {
  const calls = stubFetch([
    ['GET', '/api/1.0/billing/products-client', 200, { data: PRODUCTS }],
    ['POST', '/api/1.0/billing/subscription', 200, answer],
  ]);
  const onClose = vi.fn();
  renderWithProviders(<ChoosePlanDialog subscription={sub} onClose={onClose} />, { session: TENANT });
  return { calls, onClose };
}

async function dialog() {
  const d = await screen.findByRole('dialog', { name: 'Choose plan' }, SLOW);
  await within(d).findByRole('radio', { name: /Growth/ }, SLOW);
  return d;
}

const pick = (d: HTMLElement, plan: RegExp) => fireEvent.click(within(d).getByRole('radio', { name: plan }));
const add = (d: HTMLElement, extra: string) => fireEvent.click(within(d).getByRole('button', { name: `Add ${extra}` }));
const primary = (d: HTMLElement, name: string) => within(d).getByRole('button', { name });

describe('ChoosePlanDialog', { timeout: 20_000 }, () => {
  it('adds up a plan and two extras, one chosen twice (quantity 2), and subscribes with them', async () => {
    const { calls } = open(null);
    const d = await dialog();
    pick(d, /Growth/);
    expect(within(d).getByRole('radio', { name: /Growth/ }).getAttribute('aria-checked')).toBe('true');
    add(d, '1,000 more orders');
    add(d, '1,000 more orders');
    add(d, '10,000 more orders');
    expect((within(d).getByRole('spinbutton', { name: 'Quantity of 1,000 more orders' }) as HTMLInputElement).value).toBe('2');
    expect((within(d).getByRole('spinbutton', { name: 'Quantity of 10,000 more orders' }) as HTMLInputElement).value).toBe('1');
    // Spec 9: $49 + 2 × $15 + $99; 5,000 + 2 × 1,000 + 10,000 orders.
    expect(within(d).getByTestId('total-price').textContent).toBe('$178.00');
    expect(within(d).getByTestId('total-orders').textContent).toBe('17,000 orders');

    fireEvent.change(within(d).getByRole('spinbutton', { name: 'Quantity of 1,000 more orders' }), { target: { value: '3' } });
    expect(within(d).getByTestId('total-price').textContent).toBe('$193.00');
    fireEvent.click(within(d).getByRole('button', { name: 'Remove 10,000 more orders' }));
    expect(within(d).getByTestId('total-price').textContent).toBe('$94.00');
    expect(within(d).getByTestId('total-orders').textContent).toBe('8,000 orders');

    fireEvent.click(primary(d, 'Subscribe'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      type: 'subscribe', price_id: 'price-growth', extras: [{ price_id: 'price-x1k', quantity: 3 }], returnUrl: '/billing', cancelUrl: '/billing',
    });
  });

  it('refuses a quantity below 1', async () => {
    open(null);
    const d = await dialog();
    add(d, '1,000 more orders');
    fireEvent.change(within(d).getByRole('spinbutton', { name: 'Quantity of 1,000 more orders' }), { target: { value: '0' } });
    expect(within(d).getByText('At least 1')).toBeTruthy();
    expect((primary(d, 'Subscribe') as HTMLButtonElement).disabled).toBe(true);
  });

  it('labels the button by the spec 4 action of an active subscription', async () => {
    open(subscription());
    const d = await dialog();
    // The current plan without extras: nothing to do.
    expect(within(d).getByRole('radio', { name: /Growth/ }).getAttribute('aria-checked')).toBe('true');
    expect((primary(d, 'Nothing to change') as HTMLButtonElement).disabled).toBe(true);
    add(d, '1,000 more orders');
    expect((primary(d, 'Upgrade') as HTMLButtonElement).disabled).toBe(false);
    // An upgrade adds to the current extras: the totals show the plan after it.
    expect(within(d).getByTestId('total-price').textContent).toBe('$64.00');
    pick(d, /Scale/);
    expect((primary(d, 'Change plan') as HTMLButtonElement).disabled).toBe(false);
  });

  it('hides the extras when cancelled and resumes only the same plan', async () => {
    const { calls } = open(subscription({ status: 'canceled', canceled_at: '2026-11-10T00:00:00.000Z', allowed_actions: ['resume'] }), {
      data: { url: '/billing', subscription: null },
    });
    const d = await dialog();
    expect(within(d).queryByText('Extras')).toBeNull();
    expect(within(d).queryByRole('button', { name: /^Add / })).toBeNull();
    pick(d, /Starter/);
    expect((primary(d, 'Nothing to change') as HTMLButtonElement).disabled).toBe(true);
    expect(within(d).getByText(/only be resumed on the same plan/)).toBeTruthy();
    pick(d, /Growth/);
    fireEvent.click(primary(d, 'Resume'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ type: 'resume', price_id: 'price-growth', extras: [] });
  });

  it('speaks Spanish', async () => {
    stubFetch([['GET', '/api/1.0/billing/products-client', 200, { data: PRODUCTS }]]);
    renderWithProviders(<ChoosePlanDialog subscription={null} onClose={() => undefined} />, { session: TENANT, language: 'es' });
    const d = await screen.findByRole('dialog', { name: 'Elegir plan' }, SLOW);
    await within(d).findByRole('radio', { name: /Growth/ }, SLOW);
    fireEvent.click(within(d).getByRole('button', { name: 'Añadir 1,000 more orders' }));
    expect(within(d).getByText('Totales')).toBeTruthy();
    expect(within(d).getByTestId('total-orders').textContent).toMatch(/^2\.?000 pedidos$/);
    expect(within(d).getByRole('button', { name: 'Suscribirse' })).toBeTruthy();
  });

  it('shows the server’s message when the products do not load', async () => {
    stubFetch([['GET', '/api/1.0/billing/products-client', 503, { message: 'Billing is down' }]]);
    renderWithProviders(<ChoosePlanDialog subscription={null} onClose={() => undefined} />, { session: TENANT });
    expect(await screen.findByText('Billing is down', {}, SLOW)).toBeTruthy();
  });

  it('shows the refusal of the server and stays open', async () => {
    const { onClose } = open(null);
    stubFetch([
      ['GET', '/api/1.0/billing/products-client', 200, { data: PRODUCTS }],
      ['POST', '/api/1.0/billing/subscription', 409, { message: 'The subscription cannot subscribe', code: 'INVALID_TRANSITION' }],
    ]);
    const d = await dialog();
    fireEvent.click(primary(d, 'Subscribe'));
    expect(await within(d).findByText(/The subscription cannot subscribe/, {}, SLOW)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
