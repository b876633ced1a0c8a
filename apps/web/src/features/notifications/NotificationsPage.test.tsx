import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { NotificationDto } from '@omnio/domain';
import { setAuthLostHandler } from '../../shared/api/http';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { NotificationsPage } from './NotificationsPage';
import { FeedHistoryPage } from './FeedHistoryPage';

const LIST = '/api/1.0/notifications/me/user';
const SLOW = { timeout: 8000 };

afterEach(() => vi.unstubAllGlobals());

const note = (id: string, data: Partial<NotificationDto['data']>, readAt: string | null = null): NotificationDto => ({
  id, type: 'orders.import', read_at: readAt, created_at: '2026-03-04T15:07:00.000Z', updated_at: '2026-03-04T15:07:00.000Z',
  notifiable_id: 'me', notifiable_type: 'user', data: { id, title: `Title ${id}`, description: '', status: 'COMPLETED', ...data },
});
const page = (rows: NotificationDto[], unread = rows.filter((r) => !r.read_at).length) => ({ data: rows, current_page: 1, per_page: 25, total: rows.length, last_page: 1, unread });

const ROWS = [
  note('a', { status: 'WARNING', description: '1 order created, 1 failed.', target: 'orders' }),
  note('b', { status: 'COMPLETED' }, '2026-03-04T16:00:00Z'),
  note('c', { status: 'PENDING' }),
  note('d', { status: 'FAILED', target: 'feed_history', mediable: { id: 'm1', url: '/api/1.0/reports/m1/file', file_name: 'orders-report.csv' } }),
];

function renderPage(routes: FetchRoute[], language = 'en') {
  const net = routeFetch(routes);
  renderWithProviders(
    <Routes>
      <Route path="/notifications" element={<NotificationsPage />} />
      <Route path="/orders" element={<div>Orders screen</div>} />
    </Routes>,
    { session: fakeSession([], 'tenant'), path: '/notifications', language },
  );
  return net;
}

describe('/notifications', { timeout: 20_000 }, () => {
  it('lists with the four status icons named, dates as "Mar 4, 2026, 15:07" (issue 24), read state and download link', async () => {
    renderPage([['GET', LIST, [200, page(ROWS)]]]);
    const rows = await screen.findAllByTestId('notification-row', {}, SLOW);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => within(r).getByRole('img').getAttribute('aria-label'))).toEqual(['Warning', 'Completed', 'Pending', 'Failed']);
    expect(within(rows[0]!).getByText('1 order created, 1 failed.')).toBeTruthy();
    expect(within(rows[0]!).getByText(/^Mar 4, 2026, \d+:07 · Unread$/)).toBeTruthy();
    expect(within(rows[1]!).getByText(/· Read$/)).toBeTruthy();
    expect(within(rows[3]!).getByRole('button', { name: 'Download orders-report.csv' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: /Download/ })).toBeNull();
  });

  it("words the platform's notifications in the reader's language from their figures (issue 24), the stored English otherwise", async () => {
    const imported = note('i', { status: 'WARNING', title: 'Orders import finished', description: '3 orders created, 1 failed, 2 already imported.', params: { created: 3, failed: 1, duplicates: 2, in_error: 0 } });
    const limit = { ...note('l', { status: 'WARNING', title: 'Order limit reached', description: 'Your plan allows 1,000 orders…', params: { limit: 10000 } }), type: 'billing.order-limit' };
    const authored = { ...note('r', { status: 'WARNING', title: 'Big order', description: 'Check it' }), type: 'rules.notify' };
    renderPage([['GET', LIST, [200, page([imported, limit, authored])]]], 'es');
    const rows = await screen.findAllByTestId('notification-row', {}, SLOW);
    expect(within(rows[0]!).getByText('Importación de pedidos terminada')).toBeTruthy();
    expect(within(rows[0]!).getByText('3 pedidos creados, 1 con errores, 2 ya importados.')).toBeTruthy();
    expect(within(rows[1]!).getByText('Límite de pedidos alcanzado')).toBeTruthy();
    expect(within(rows[1]!).getByText(/^Su plan permite 10\.000 pedidos al mes/)).toBeTruthy();
    expect(within(rows[2]!).getByText('Big order')).toBeTruthy();
    expect(within(rows[2]!).getByText('Check it')).toBeTruthy();
  });

  it('mark read and mark unread call the API and reload the list', async () => {
    const net = renderPage([
      ['GET', LIST, (_c, nth) => [200, page(nth === 0 ? ROWS : [{ ...ROWS[0]!, read_at: '2026-03-04T17:00:00Z' }, ...ROWS.slice(1)])]],
      ['PUT', '/api/1.0/notifications/mark-as-read/a', [200, { data: { ...ROWS[0], read_at: '2026-03-04T17:00:00Z' } }]],
      ['PUT', '/api/1.0/notifications/mark-as-unread/b', [200, { data: { ...ROWS[1], read_at: null } }]],
    ]);
    const rows = await screen.findAllByTestId('notification-row', {}, SLOW);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(net.to('PUT', '/api/1.0/notifications/mark-as-read/a')).toHaveLength(1));
    await waitFor(() => expect(net.to('GET', LIST).length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(within(screen.getAllByTestId('notification-row')[0]!).getByRole('button', { name: 'Mark as unread' })).toBeTruthy());
    fireEvent.click(within(screen.getAllByTestId('notification-row')[1]!).getByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(net.to('PUT', '/api/1.0/notifications/mark-as-unread/b')).toHaveLength(1));
  });

  it('opening a notification marks it read and goes to its target', async () => {
    const net = renderPage([['GET', LIST, [200, page(ROWS)]], ['PUT', '/api/1.0/notifications/mark-as-read/a', [200, { data: ROWS[0] }]]]);
    fireEvent.click(await screen.findByRole('button', { name: 'Title a' }, SLOW));
    expect(await screen.findByText('Orders screen')).toBeTruthy();
    expect(net.to('PUT', '/api/1.0/notifications/mark-as-read/a')).toHaveLength(1);
  });

  it("the Unread filter asks for search=read:false and says when there are none", async () => {
    const net = renderPage([['GET', LIST, (call) => [200, page(call.url.searchParams.get('search') === 'read:false' ? [] : ROWS, 3)]]]);
    await screen.findAllByTestId('notification-row', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Unread (3)' }));
    expect(await screen.findByText('No unread notifications.')).toBeTruthy();
    expect(net.to('GET', LIST).at(-1)!.url.searchParams.get('search')).toBe('read:false');
  });

  it('a failed mark says "Could not update notification"; a failed load says the spec 8 message', async () => {
    renderPage([['GET', LIST, [200, page(ROWS)]], ['PUT', /mark-as/, [500, { message: 'Server Error' }]]]);
    const rows = await screen.findAllByTestId('notification-row', {}, SLOW);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('Could not update notification')).toBeTruthy();
  });

  it('load failure: an error with retry and the toast; empty: its own message; in Spanish too', async () => {
    renderPage([['GET', LIST, [503, { message: 'down' }]]], 'es');
    expect(await screen.findByRole('button', { name: 'Reintentar' }, SLOW)).toBeTruthy();
    expect(screen.getAllByText('No se pudo cargar la lista de notificaciones').length).toBeGreaterThanOrEqual(1);
  });

  it('a lost session (401) signs out without a toast', async () => {
    const lost = vi.fn();
    setAuthLostHandler(lost);
    renderPage([['GET', LIST, [401, { message: 'Unauthenticated.' }]], ['PUT', /mark-as/, [401, { message: 'Unauthenticated.' }]]]);
    await waitFor(() => expect(lost).toHaveBeenCalled(), SLOW);
    // No sleep: the page's own error (its retry button) comes after the failed load's error handling, where a
    // toast would have been raised. The toast is the one titled "Notification".
    expect(await screen.findByRole('button', { name: 'Try again' }, SLOW)).toBeTruthy();
    expect(screen.queryByText('Notification')).toBeNull();
  });

  it('empty', async () => {
    renderPage([['GET', LIST, [200, page([])]]]);
    expect(await screen.findByText('No notifications yet.', {}, SLOW)).toBeTruthy();
  });
});

describe('/feed-history', { timeout: 20_000 }, () => {
  it('lists the finished reports with download buttons, and starts a new export', async () => {
    const net = routeFetch([
      ['GET', LIST, [200, page([ROWS[3]!])]],
      ['POST', '/api/1.0/reports/orders', [202, { data: { job_id: 'j1', status: 'PENDING' } }]],
    ]);
    renderWithProviders(<FeedHistoryPage />, { session: fakeSession(['read-order', 'read-company'], 'tenant'), path: '/feed-history' });
    const row = await screen.findByTestId('report-row', {}, SLOW);
    expect(within(row).getByText('orders-report.csv')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Download orders-report.csv' })).toBeTruthy();
    expect(net.to('GET', LIST)[0]!.url.searchParams.get('search')).toBe('type:report.ready');
    fireEvent.click(screen.getByRole('button', { name: 'Start export' }));
    expect(await screen.findByText(/The report is being prepared/)).toBeTruthy();
    expect(net.to('POST', '/api/1.0/reports/orders')[0]!.body).toEqual({});
  });

  it('empty state', async () => {
    routeFetch([['GET', LIST, [200, page([])]]]);
    renderWithProviders(<FeedHistoryPage />, { session: fakeSession(['read-company'], 'tenant'), path: '/feed-history' });
    expect(await screen.findByText(/No reports yet/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start export' })).toBeNull();
  });
});
