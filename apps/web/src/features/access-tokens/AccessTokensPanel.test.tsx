import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccessTokenItem } from '@omnio/domain';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { AccessTokensPanel } from './AccessTokensPanel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const URL_ = '/api/1.0/access-tokens';
const SLOW = { timeout: 8000 };
const ALL = ['read-access-token', 'create-access-token', 'delete-access-token'];
const token: AccessTokenItem = {
  id: 't1', name: 'Warehouse sync', scopes: ['orders.read', 'inventories.remove'], token_hint: 'omnio_pat_AbCd',
  last_used_at: null, created_at: '2026-11-01T10:00:00.000Z', revoked_at: null,
};

function renderPanel(routes: FetchRoute[], permissions = ALL, language = 'en') {
  const net = routeFetch(routes);
  renderWithProviders(<AccessTokensPanel />, { session: fakeSession(permissions, 'tenant'), path: '/advanced', language });
  return net;
}

describe('access tokens panel', { timeout: 20_000 }, () => {
  it('lists tokens by hint and scopes, never the token', async () => {
    renderPanel([['GET', URL_, [200, page([token])]]]);
    const table = await screen.findByRole('table', { name: 'Access tokens' }, SLOW);
    expect(within(table).getByText('Warehouse sync')).toBeTruthy();
    expect(within(table).getByText('omnio_pat_AbCd…')).toBeTruthy();
    expect(within(table).getByText('Orders: Read')).toBeTruthy();
    expect(within(table).getByText('Inventories: Remove')).toBeTruthy();
    expect(within(table).getByText('Never')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    renderPanel([['GET', URL_, [200, page([])]]]);
    expect(await screen.findByText('No access tokens yet', {}, SLOW)).toBeTruthy();
  });

  it('says when the list cannot load, and retries', async () => {
    const net = renderPanel([['GET', URL_, (_c, nth) => (nth === 0 ? [500, { message: 'Server Error' }] : [200, page([token])])]]);
    expect(await screen.findByText(/Could not load the access tokens/, {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Warehouse sync', {}, SLOW)).toBeTruthy();
    expect(net.to('GET', URL_)).toHaveLength(2);
  });

  it('creates a token with the chosen scopes and shows it once', async () => {
    const net = renderPanel([
      ['GET', URL_, [200, page([])]],
      ['POST', URL_, [201, { data: { id: 't2', name: 'CI', scopes: ['orders.read', 'transfers.remove'], token: 'omnio_pat_SECRETVALUE', token_hint: 'omnio_pat_SECR', created_at: '2026-11-02T00:00:00Z' } }]],
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'New token' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'New token' });
    // Nothing chosen: refused before any request.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('The name is required')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one scope')).toBeTruthy();
    expect(net.to('POST', URL_)).toHaveLength(0);
    // Shipments have no remove level (spec 3).
    expect(within(dialog).queryByRole('checkbox', { name: 'Shipments: Remove' })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'CI' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Orders: Read' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Transfers: Remove' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new token' }, SLOW);
    expect((within(shown).getByLabelText('Token "CI"') as HTMLInputElement).value).toBe('omnio_pat_SECRETVALUE');
    expect(within(shown).getByText(/It will not be shown again/)).toBeTruthy();
    expect(net.to('POST', URL_)[0]?.body).toEqual({ name: 'CI', scopes: ['orders.read', 'transfers.remove'] });
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('omnio_pat_SECRETVALUE')).toBeNull());
  });

  it('revokes after confirming', async () => {
    const net = renderPanel([
      ['GET', URL_, [200, page([token])]],
      ['POST', `${URL_}/t1/revoke`, [200, { data: { ...token, revoked_at: '2026-11-03T00:00:00Z' } }]],
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Warehouse sync' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Token revoked', {}, SLOW)).toBeTruthy();
    expect(net.to('POST', `${URL_}/t1/revoke`)).toHaveLength(1);
  });

  it('without the permissions offers neither create nor revoke, and speaks Spanish', async () => {
    renderPanel([['GET', URL_, [200, page([token])]]], ['read-access-token'], 'es');
    expect(await screen.findByRole('table', { name: 'Tokens de acceso' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuevo token' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Revocar/ })).toBeNull();
    expect(screen.getByText('Pedidos: Leer')).toBeTruthy();
  });
});
