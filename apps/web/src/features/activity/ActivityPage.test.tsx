import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { TActivity } from '@omnio/domain';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { ActivityPage } from './ActivityPage';
import { activityDateFilters } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
type Answer = [number, unknown];

/** Replaces global fetch by path (query kept for assertions); unknown paths are 404. */
function routeFetch(routes: Record<string, Answer | (() => Answer)>) {
  const calls: URL[] = [];
  vi.stubGlobal('fetch', vi.fn((input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    const route = routes[url.pathname];
    const [status, body] = route ? (typeof route === 'function' ? route() : route) : [404, { message: 'Not found' }];
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  }));
  return { to: (path: string) => calls.filter((c) => c.pathname === path) };
}

const page = <T,>(rows: T[]) => ({ data: rows, current_page: 1, per_page: 25, total: rows.length, last_page: 1 });
const tom = { id: 'u1', name: 'Tom Tenant', email: 'tenant@acme.test' };
const entry = (o: Partial<TActivity> = {}): TActivity => ({
  id: 'a1', created_at: '2026-03-04T09:05:00', action: 'status_changed', object_type: 'order', object_id: 'o1', object_label: 'AC-1001',
  changes: { status: ['open', 'cancelled'] }, summary: 'status: open → cancelled', ip: '203.0.113.7', user_id: 'u1', user: tom, impersonator: null, ...o,
});

function renderPage(permissions: string[], language = 'en') {
  return renderWithProviders(
    <Routes>
      <Route path="/activity" element={<ActivityPage />} />
      <Route path="/orders/edit/:id" element={<p>order page</p>} />
    </Routes>,
    { session: fakeSession(permissions, 'tenant'), path: '/activity', language },
  );
}

describe('ActivityPage', { timeout: 30_000 }, () => {
  it('shows who did what to which object, with the change, the address and a link to the object', async () => {
    routeFetch({
      '/api/1.0/activity': [200, page([
        entry(),
        entry({ id: 'a2', action: 'deleted', object_type: 'supplier', object_id: 's1', object_label: 'Northwind', changes: null, summary: null,
          impersonator: { id: 'u9', name: 'Olivia Owner', email: 'admin@omnio.test' } }),
        entry({ id: 'a3', action: 'created', object_type: 'sku', object_id: 'k1', object_label: 'TEE-1', changes: null, user_id: null, user: null, ip: null }),
      ])],
      '/api/1.0/company-users': [200, page([tom])],
    });
    renderPage(['read-users-company']);
    const link = await screen.findByRole('link', { name: 'AC-1001' }, SLOW);
    expect(link.getAttribute('href')).toBe('/orders/edit/o1');
    const grid = screen.getByRole('grid');
    expect(within(grid).getAllByText('Mar 4, 2026, 09:05')).toHaveLength(3);
    expect(within(grid).getByText('status: open → cancelled')).toBeTruthy();
    expect(within(grid).getByText('Status changed')).toBeTruthy();
    expect(within(grid).getAllByText('203.0.113.7').length).toBe(2);
    // A deleted object has no screen to open; an owner acting as the user is said so; a job is "System".
    expect(within(grid).queryByRole('link', { name: 'Northwind' })).toBeNull();
    expect(within(grid).getByText('as admin')).toBeTruthy();
    expect(within(grid).getByText('System')).toBeTruthy();
    expect(screen.getByText('Who changed what, and when.')).toBeTruthy();
  });

  it('filters on the server by user, action, object and dates, and says when nothing matches', async () => {
    const net = routeFetch({
      '/api/1.0/activity': [200, page([])],
      '/api/1.0/company-users': [200, page([tom])],
    });
    renderPage(['read-users-company']);
    expect(await screen.findByText('No activity yet.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Tom Tenant' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'u1' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'deleted' } });
    fireEvent.change(screen.getByLabelText('Object'), { target: { value: 'purchase_order' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await waitFor(() => {
      const last = net.to('/api/1.0/activity').at(-1)!;
      expect(last.searchParams.get('search')).toBe('user_id:u1;action:deleted;object_type:purchase_order');
      expect(last.searchParams.get('filters')).toBe(activityDateFilters({ from: '2026-03-01', to: '2026-03-31' }));
    });
    expect(await screen.findByText('No activity matches these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(net.to('/api/1.0/activity').at(-1)!.searchParams.get('search')).toBeNull());
  });

  it('without read-users-company: no user filter and no company users asked for; in Spanish', async () => {
    const net = routeFetch({ '/api/1.0/activity': [200, page([entry()])] });
    renderPage([], 'es');
    expect(await screen.findByText('Cambio de estado', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Lo que usted cambió, y cuándo.')).toBeTruthy();
    expect(screen.queryByLabelText('Usuario')).toBeNull();
    expect(net.to('/api/1.0/company-users')).toHaveLength(0);
  });

  it('shows a load error with a retry', async () => {
    let fail = true;
    routeFetch({ '/api/1.0/activity': () => (fail ? [500, { message: 'Server Error' }] : [200, page([entry()])]) });
    renderPage([]);
    expect(await screen.findByText(/Could not load the activity/, {}, SLOW)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'AC-1001' }, SLOW)).toBeTruthy();
  });
});

describe('activityDateFilters', () => {
  it('turns local days into a created_at range, and one bound into gte / lte', () => {
    const both = JSON.parse(activityDateFilters({ from: '2026-03-01', to: '2026-03-31' })!) as { operator: string; value: string[] }[];
    expect(both[0]!.operator).toBe('between');
    expect(new Date(both[0]!.value[0]!).getDate()).toBe(1);
    expect(new Date(both[0]!.value[1]!).getDate()).toBe(31);
    expect(JSON.parse(activityDateFilters({ from: '2026-03-01', to: '' })!)[0].operator).toBe('gte');
    expect(JSON.parse(activityDateFilters({ from: '', to: '2026-03-31' })!)[0].operator).toBe('lte');
    expect(activityDateFilters({ from: '', to: '' })).toBeUndefined();
  });
});

describe('ActivityPage for the owner', { timeout: 30_000 }, () => {
  it('explains there is no activity for the owner and asks the server nothing', async () => {
    const net = routeFetch({});
    renderWithProviders(<ActivityPage />, { session: fakeSession([], 'owner'), path: '/activity' });
    expect(await screen.findByText(/The activity log belongs to each company/, {}, SLOW)).toBeTruthy();
    expect(net.to('/api/1.0/activity')).toHaveLength(0);
  });
});
