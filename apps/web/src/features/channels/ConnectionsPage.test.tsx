import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { landingPath } from '../../shared/routing/guard';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { ConnectionsPage } from './ConnectionsPage';
import { keepShopifyInstall, pendingInstallRedirect } from '../../shared/session/install-storage';
import { API, catalogEntry, processItem } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const SLOW = { timeout: 8000 };

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderPage(routes: FetchRoute[]) {
  const net = routeFetch([['GET', `${API}/services/catalog`, [200, page([catalogEntry('shopify', 'Shopify')])]], ...routes]);
  renderWithProviders(
    <Routes>
      <Route path="/connections" element={<ConnectionsPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { session: fakeSession(['process', 'read-process'], 'tenant'), path: '/connections' },
  );
  return net;
}

describe('/connections', { timeout: 20_000 }, () => {
  it('lists the connections with status, last run and recent errors; a row opens the connection', async () => {
    renderPage([
      ['GET', `${API}/processes`, [200, page([
        processItem({
          recent_errors: 3,
          last_run: { id: 'r1', action: 'import_orders', status: 'COMPLETED', finished_at: '2026-11-02T10:01:00Z', counts: { received: 3, created: 2, updated: 0, duplicates: 0, failed: 1 } },
        }),
        processItem({ id: 'p2', name: 'Acme EU', status: 'disabled' }),
      ])]],
    ]);
    const grid = await screen.findByRole('grid', {}, SLOW);
    expect(await within(grid).findByText('Acme Shopify', {}, SLOW)).toBeTruthy();
    expect(within(grid).getByText('Import orders')).toBeTruthy();
    expect(within(grid).getByText('3 received · 2 created · 0 updated · 0 duplicates · 1 failed')).toBeTruthy();
    expect(within(grid).getByLabelText('3 errors in the last 24 hours')).toBeTruthy();
    expect(within(grid).getByText('Disabled')).toBeTruthy();
    expect(within(grid).getByText('Not run yet')).toBeTruthy();
    expect(within(grid).getByRole('link', { name: 'Acme EU' }).getAttribute('href')).toBe('/connections/p2');
    fireEvent.click(within(grid).getByText('Disabled'));
    expect((await screen.findByTestId('where', {}, SLOW)).textContent).toBe('/connections/p2');
  });

  it('with no connections, points to the integrations', async () => {
    renderPage([['GET', `${API}/processes`, [200, page([])]]]);
    expect(await screen.findByText('No connections yet. Connect a store from Integrations.', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse integrations' }).getAttribute('href')).toBe('/integrations');
  });

  it('a load failure says so', async () => {
    renderPage([['GET', `${API}/processes`, [500, { message: 'Server Error' }]]]);
    expect(await screen.findByText(/Could not load the connections/, {}, SLOW)).toBeTruthy();
  });
});

describe('post-login landing of a Shopify install', () => {
  it('goes to create-integration when this tab kept an install and the tenant may create processes', () => {
    keepShopifyInstall({ shop: 'acme.myshopify.com' });
    const redirect = pendingInstallRedirect();
    expect(landingPath({ user: { roles: ['tenant'], permissionsFront: ['create-process'] }, redirectQuery: redirect })).toEqual({ kind: 'go', to: '/create-integration' });
    // Without the permission the guard refuses it and the usual landing applies.
    expect(landingPath({ user: { roles: ['tenant'], permissionsFront: [] }, redirectQuery: redirect })).toEqual({ kind: 'go', to: '/dashboard' });
  });
});
