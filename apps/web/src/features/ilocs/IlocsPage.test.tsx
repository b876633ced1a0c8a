import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IlocsPage } from './IlocsPage';
import type { Iloc } from './api';
import { fakeSession, renderWithProviders, stubFetch } from '../../shared/test/test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const iloc: Iloc = {
  id: 'i1', tenant_id: 'c1', name: 'Austin DC', code: 'AUS', type: 'warehouse', company: null, menu: false, status: 'ACTIVE',
  archived: false, archived_at: null, address1: null, city: 'Austin', region: 'TX', postal_code: null, country: 'US', priority: 100, created_at: '', updated_at: '',
};
const page = (rows: Iloc[]) => ({ data: rows, current_page: 1, per_page: 25, total: rows.length, last_page: 1 });
const ALL = ['read-iloc', 'create-iloc', 'update-iloc', 'delete-iloc'];
// The data grid takes a while to lay out its rows in happy-dom.
const SLOW = { timeout: 5000 };

describe('IlocsPage', () => {
  it('opens the create dialog from ?create=true when the user may create', async () => {
    stubFetch([['GET', '/api/1.0/tenants/c1/ilocs', 200, page([])]]);
    renderWithProviders(<IlocsPage />, { session: fakeSession(ALL, 'tenant'), path: '/iLocs?create=true' });
    expect(await screen.findByRole('dialog', { name: 'New fulfillment location' })).toBeTruthy();
  });

  it('hides every change without the iloc permissions', async () => {
    stubFetch([['GET', '/api/1.0/tenants/c1/ilocs', 200, page([iloc])]]);
    renderWithProviders(<IlocsPage />, { session: fakeSession(['read-iloc'], 'tenant'), path: '/iLocs?create=true' });
    expect(await screen.findByText('Austin DC', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New iLoc' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
  });

  it("shows the server's reason when an iloc with active rules cannot be deleted", async () => {
    stubFetch([
      ['GET', '/api/1.0/tenants/c1/ilocs', 200, page([iloc])],
      ['DELETE', '/api/1.0/tenants/c1/ilocs/i1', 409, { message: 'The iloc cannot be removed while active rules use it', code: 'CONFLICT' }],
    ]);
    renderWithProviders(<IlocsPage />, { session: fakeSession(ALL, 'tenant') });

    // The grid's row menu button is labelled by MUI X itself.
    fireEvent.click(await screen.findByRole('menuitem', { name: 'more' }, SLOW));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(screen.getByText('Could not delete the iLoc: The iloc cannot be removed while active rules use it')).toBeTruthy(),
    );
  });
});
