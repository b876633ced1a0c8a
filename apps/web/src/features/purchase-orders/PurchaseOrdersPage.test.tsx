import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { PurchaseOrdersPage } from './PurchaseOrdersPage';
import { ALL_PO_PERMISSIONS, PO_ID, SUPPLIER_ID, SUPPLIER_PERMISSIONS, summary, suppliersPage } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Grids take their time in happy-dom when the whole suite runs in parallel.
const SLOW = { timeout: 8000 };
const LIST = '/api/1.0/purchase-orders';
const COUNTS = '/api/1.0/purchase-orders/counts';
const counts = { all: 3, draft: 1, open: 0, sent: 2, partially_confirmed: 0, confirmed: 0, completed: 0, cancelled: 0, error: 0 };

function renderList(routes: FetchRoute[], { permissions = ALL_PO_PERMISSIONS, portal = false } = {}) {
  const net = routeFetch([
    ['GET', COUNTS, [200, { data: counts }]],
    ['GET', '/api/1.0/suppliers', [200, suppliersPage]],
    ...routes,
  ]);
  renderWithProviders(<PurchaseOrdersPage portal={portal} />, {
    session: fakeSession(permissions, portal ? 'supplier' : 'tenant'),
    path: portal ? '/supplier-purchase-orders' : '/purchase-orders',
  });
  return net;
}

describe('purchase orders list', { timeout: 20_000 }, () => {
  it('lists POs with links to their page, counts per status tab, and the create buttons', async () => {
    renderList([['GET', LIST, [200, page([summary()])]]]);
    const link = await screen.findByRole('link', { name: 'PO-1001' }, SLOW);
    expect(link.getAttribute('href')).toBe(`/purchase-order/show/${PO_ID}`);
    expect(await screen.findByRole('tab', { name: /Sent\s*2/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New purchase order' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'By SKUs' })).toBeTruthy();
  });

  it('a status tab and the supplier filter become the search; the counts ignore the status', async () => {
    const net = renderList([['GET', LIST, [200, page([summary()])]]]);
    await screen.findByRole('link', { name: 'PO-1001' }, SLOW);
    fireEvent.click(screen.getByRole('tab', { name: /Sent/ }));
    await waitFor(() => expect(net.to('GET', LIST).at(-1)?.url.searchParams.get('search')).toBe('status:sent'));
    await screen.findByRole('option', { name: 'Northwind Supply' });
    fireEvent.change(screen.getByLabelText('Supplier'), { target: { value: SUPPLIER_ID } });
    await waitFor(() => expect(net.to('GET', LIST).at(-1)?.url.searchParams.get('search')).toBe(`status:sent;supplier_id:${SUPPLIER_ID}`));
    await waitFor(() => expect(net.to('GET', COUNTS).at(-1)?.url.searchParams.get('search')).toBe(`supplier_id:${SUPPLIER_ID}`));
  });

  it('without create permission there is no create button', async () => {
    renderList([['GET', LIST, [200, page([])]]], { permissions: ['read-purchase-order'] });
    expect(await screen.findByText('No purchase orders yet', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New purchase order' })).toBeNull();
  });

  it('the supplier portal lists through the same endpoint, links to its own page, asks for no counts or suppliers', async () => {
    const net = renderList([['GET', LIST, [200, page([summary({ status: 'sent' })])]]], { permissions: SUPPLIER_PERMISSIONS, portal: true });
    expect((await screen.findByRole('link', { name: 'PO-1001' }, SLOW)).getAttribute('href')).toBe(`/supplier-purchase-orders/${PO_ID}`);
    expect(screen.getByRole('heading', { name: 'My purchase orders' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New purchase order' })).toBeNull();
    expect(net.to('GET', COUNTS)).toHaveLength(0);
    expect(net.to('GET', '/api/1.0/suppliers')).toHaveLength(0);
  });

  it('a failed load says so and retries', async () => {
    const net = renderList([['GET', LIST, (_c, nth) => (nth === 0 ? [500, { message: 'Server Error' }] : [200, page([summary()])])]]);
    expect(await screen.findByText('Could not load the purchase orders: Server Error', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'PO-1001' }, SLOW)).toBeTruthy();
    expect(net.to('GET', LIST).length).toBeGreaterThanOrEqual(2);
  });
});
