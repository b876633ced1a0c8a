import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';
import { AdminBillingPage } from './AdminBillingPage';
import { PRODUCTS } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const OWNER = fakeSession(['create-company'], 'owner');
const inactive = { ...PRODUCTS[2]!, active: false };

describe('AdminBillingPage', { timeout: 20_000 }, () => {
  it('lists plans and extras apart, with active chips and prices', async () => {
    stubFetch([['GET', '/api/1.0/billing/products', 200, { data: [PRODUCTS[0], PRODUCTS[1], inactive, PRODUCTS[3], PRODUCTS[4]] }]]);
    renderWithProviders(<AdminBillingPage />, { session: OWNER });
    const plans = await screen.findByRole('list', { name: 'Plans' }, SLOW);
    const extras = screen.getByRole('list', { name: 'Extras' });
    expect(within(plans).getAllByRole('listitem')).toHaveLength(3);
    expect(within(extras).getAllByRole('listitem')).toHaveLength(2);
    expect(within(plans).getByText('Inactive')).toBeTruthy();
    expect(within(plans).getByRole('button', { name: 'Edit price $49.00 · Monthly of Growth' })).toBeTruthy();
  });

  it('adds a price typed in dollars as exact cents', async () => {
    const calls = stubFetch([
      ['GET', '/api/1.0/billing/products', 200, { data: PRODUCTS }],
      ['PUT', '/api/1.0/billing/price', 200, { data: { id: 'p-new' } }],
    ]);
    renderWithProviders(<AdminBillingPage />, { session: OWNER });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a price to Growth' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'New price for Growth' });
    const amount = within(dialog).getByLabelText(/^Amount a month/);
    fireEvent.change(amount, { target: { value: '49.5x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter an amount in dollars, like 49 or 49.99')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(amount, { target: { value: '10.05' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      product_id: 'prod-growth', active: true, data: { unit_amount: 1005, nickname: 'Monthly', currency: 'usd' },
    }));
    expect(await screen.findByText('Price saved', {}, SLOW)).toBeTruthy();
  });

  it('shows the refusal to change the amount of a price in use', async () => {
    stubFetch([
      ['GET', '/api/1.0/billing/products', 200, { data: PRODUCTS }],
      ['PUT', '/api/1.0/billing/price', 409, { message: 'A subscription uses this price: make a new price', code: 'CONFLICT' }],
    ]);
    renderWithProviders(<AdminBillingPage />, { session: OWNER });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit price $49.00 · Monthly of Growth' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Edit price of Growth' });
    expect((within(dialog).getByLabelText(/^Amount a month/) as HTMLInputElement).value).toBe('49.00');
    fireEvent.change(within(dialog).getByLabelText(/^Amount a month/), { target: { value: '59' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/make a new price/, {}, SLOW)).toBeTruthy();
  });

  it('creates a product with marketing features and its orders feature', async () => {
    const calls = stubFetch([
      ['GET', '/api/1.0/billing/products', 200, { data: [] }],
      ['PUT', '/api/1.0/billing/product', 200, { data: PRODUCTS[0] }],
    ]);
    renderWithProviders(<AdminBillingPage />, { session: OWNER });
    expect(await screen.findByText(/No products yet/, {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New product' }));
    const dialog = await screen.findByRole('dialog', { name: 'New product' });
    fireEvent.change(within(dialog).getByLabelText(/^Type/), { target: { value: 'addon' } });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: '5,000 more orders' } });
    fireEvent.change(within(dialog).getByLabelText(/^Orders a month/), { target: { value: '5000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add feature' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add feature' }));
    fireEvent.change(await within(dialog).findByLabelText('Feature 1'), { target: { value: 'Five thousand more orders' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      type: 'addon', name: '5,000 more orders', active: true, sort: 0,
      data: { description: '', marketing_features: [{ name: 'Five thousand more orders' }], features: { orders: 5000 } },
    }), SLOW);
  });

  it('syncs with the provider and says what moved', async () => {
    stubFetch([
      ['GET', '/api/1.0/billing/products', 200, { data: PRODUCTS }],
      ['GET', '/api/1.0/billing/sync', 200, { data: { pushed: 0, pulled: 0 } }],
    ]);
    renderWithProviders(<AdminBillingPage />, { session: OWNER });
    fireEvent.click(await screen.findByRole('button', { name: 'Sync with provider' }, SLOW));
    expect(await screen.findByText('Synced: 0 sent to the provider, 0 brought in', {}, SLOW)).toBeTruthy();
  });
});
