import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch } from '../../shared/test/test-fetch';
import { ReturnsPage } from './ReturnsPage';
import { ret } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };

describe('ReturnsPage', { timeout: 30_000 }, () => {
  it('lists returns with the actions the server allows; approve asks first; the status filter searches the server', async () => {
    const open = ret({ id: 'r2', number: 'RMA-AC-1002-1', status: 'open', refund_status: 'open', allowed_actions: ['approve', 'reject'] });
    const net = routeFetch([
      ['GET', '/api/1.0/returns', [200, page([ret({ allowed_actions: ['receive', 'refund'] }), open], 2)]],
      ['POST', '/api/1.0/returns/r2/approve', [200, { data: { ...open, status: 'approved' } }]],
    ]);
    renderWithProviders(<ReturnsPage />, { session: fakeSession(['read-returns', 'update-returns'], 'tenant') });
    expect(await screen.findByText('RMA-AC-1002-1', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Returns' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'RMA-AC-1001-1' }).getAttribute('href')).toBe('/shipments/return/s1');
    expect(screen.getByRole('button', { name: 'Receive RMA-AC-1001-1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve RMA-AC-1001-1' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Approve RMA-AC-1002-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve return RMA-AC-1002-1?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(net.to('POST', '/api/1.0/returns/r2/approve')).toHaveLength(1));

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'approved' } });
    await waitFor(() => expect(net.to('GET', '/api/1.0/returns').at(-1)!.url.searchParams.get('search')).toBe('status:approved'));
  });

  it('says when there are none, in Spanish', async () => {
    routeFetch([['GET', '/api/1.0/returns', [200, page([])]]]);
    renderWithProviders(<ReturnsPage />, { session: fakeSession(['read-returns'], 'tenant'), language: 'es' });
    expect(await screen.findByText('Aún no hay devoluciones', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Devoluciones' })).toBeTruthy();
  });

  it('shows the load error with a retry', async () => {
    routeFetch([['GET', '/api/1.0/returns', [500, { message: 'Server Error' }]]]);
    renderWithProviders(<ReturnsPage />, { session: fakeSession(['read-returns'], 'tenant') });
    expect(await screen.findByText('Could not load: Server Error', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
