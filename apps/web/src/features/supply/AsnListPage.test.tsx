import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch } from '../../shared/test/test-fetch';
import { AsnListPage } from './AsnListPage';
import { PO_ID, SHIPMENT_ID, shipment } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };

describe('AsnListPage', { timeout: 30_000 }, () => {
  it('lists shipments linked to receiving and to their PO, marks a discrepancy, and filters on the server', async () => {
    const late = shipment({ id: 'x2', asn_number: 'ASN-2', status: 'processing', has_discrepancy: true });
    const net = routeFetch([['GET', '/api/1.0/supply-shipments', [200, page([shipment(), late])]]]);
    renderWithProviders(<AsnListPage />, { session: fakeSession(['read-asn'], 'tenant') });
    expect((await screen.findByRole('link', { name: 'ASN-1' }, SLOW)).getAttribute('href')).toBe(`/asn/process/${SHIPMENT_ID}`);
    expect(screen.getAllByRole('link', { name: 'PO-1001' })[0]!.getAttribute('href')).toBe(`/purchase-order/show/${PO_ID}`);
    const row = screen.getByRole('link', { name: 'ASN-2' }).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Discrepancy')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'in_transit' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'transfer' } });
    await waitFor(() => expect(net.to('GET', '/api/1.0/supply-shipments').at(-1)!.url.searchParams.get('search')).toBe('status:in_transit;kind:transfer'));
  });

  it('says when there are none, in Spanish, and shows a load error', async () => {
    routeFetch([['GET', '/api/1.0/supply-shipments', [200, page([])]]]);
    const view = renderWithProviders(<AsnListPage />, { session: fakeSession(['read-asn'], 'tenant'), language: 'es' });
    expect(await screen.findByText('Aún no hay envíos: cree uno desde una orden de compra o una transferencia', {}, SLOW)).toBeTruthy();
    view.unmount();
    vi.unstubAllGlobals();
    routeFetch([['GET', '/api/1.0/supply-shipments', [500, { message: 'Server Error' }]]]);
    renderWithProviders(<AsnListPage />, { session: fakeSession(['read-asn'], 'tenant') });
    expect(await screen.findByText('Could not load: Server Error', {}, SLOW)).toBeTruthy();
  });
});
