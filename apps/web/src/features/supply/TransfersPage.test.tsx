import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch } from '../../shared/test/test-fetch';
import { TransfersPage } from './TransfersPage';
import { TRANSFER_ID, transfer } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };

describe('TransfersPage', { timeout: 30_000 }, () => {
  it('lists transfers linked to their page; a status tab searches the server; New only with create-transfer', async () => {
    const net = routeFetch([['GET', '/api/1.0/transfers', [200, page([transfer({ qty_shipped: 2 })])]]]);
    renderWithProviders(<TransfersPage />, { session: fakeSession(['read-transfer', 'create-transfer'], 'tenant') });
    expect((await screen.findByRole('link', { name: 'TR-1001' }, SLOW)).getAttribute('href')).toBe(`/transfer/show/${TRANSFER_ID}`);
    expect(screen.getByText('2 shipped · 0 received of 4')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New transfer' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Error' }));
    await waitFor(() => expect(net.to('GET', '/api/1.0/transfers').at(-1)!.url.searchParams.get('search')).toBe('status:error'));
  });

  it('is empty in Spanish, without New for a reader', async () => {
    routeFetch([['GET', '/api/1.0/transfers', [200, page([])]]]);
    renderWithProviders(<TransfersPage />, { session: fakeSession(['read-transfer'], 'tenant'), language: 'es' });
    expect(await screen.findByText('Aún no hay transferencias', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nueva transferencia' })).toBeNull();
  });
});
