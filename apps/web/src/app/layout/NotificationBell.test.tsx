import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationDto } from '@omnio/domain';
import { dispatchRealtime } from '../../shared/realtime/realtime';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { routeFetch } from '../../shared/test/test-fetch';
import { NotificationBell } from './NotificationBell';

const LIST = '/api/1.0/notifications/me/user';
const SLOW = { timeout: 8000 };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const note = (i: number, over: Partial<NotificationDto['data']> = {}, readAt: string | null = null): NotificationDto => ({
  id: `n${i}`, type: 'orders.import', read_at: readAt, created_at: '2026-11-21T09:05:00.000Z', updated_at: '2026-11-21T09:05:00.000Z',
  notifiable_id: 'me', notifiable_type: 'user',
  data: { id: `n${i}`, title: `Import ${i} finished`, description: `${i} orders created, 0 failed.`, status: 'COMPLETED', target: 'orders', ...over },
});
const page = (rows: NotificationDto[], unread: number) => ({ data: rows, current_page: 1, per_page: 5, total: rows.length, last_page: 1, unread });

function renderBell(rows: NotificationDto[], unread: number) {
  const net = routeFetch([['GET', LIST, [200, page(rows, unread)]], ['PUT', /mark-as-read/, [200, { data: rows[0] }]]]);
  renderWithProviders(<NotificationBell />, { session: fakeSession([], 'tenant') });
  return net;
}
const bell = () => screen.getByTestId('notification-bell');

describe('NotificationBell', { timeout: 20_000 }, () => {
  it("shows the unread count, '5+' above 4, and asks for the latest 5", async () => {
    const net = renderBell([1, 2, 3, 4, 5].map((i) => note(i)), 7);
    await waitFor(() => expect(within(bell()).getByText('5+')).toBeTruthy(), SLOW);
    expect(bell().getAttribute('aria-label')).toBe('Notifications (7 unread notifications)');
    expect(net.to('GET', LIST)[0]!.url.searchParams.get('per_page')).toBe('5');
  });

  it('opens a menu with the latest and a link to all; opening one marks it read', async () => {
    const net = renderBell([note(1), note(2, { status: 'WARNING' }, '2026-11-21T10:00:00Z')], 1);
    await waitFor(() => expect(within(bell()).getByText('1')).toBeTruthy(), SLOW);
    fireEvent.click(bell());
    const menu = await screen.findByRole('menu', { name: 'Latest notifications' });
    expect(within(menu).getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      expect.stringContaining('Import 1 finished'), expect.stringContaining('Import 2 finished'), 'See all notifications',
    ]);
    expect(within(menu).getByRole('img', { name: 'Warning' })).toBeTruthy();
    expect(within(menu).getAllByText(/Nov 21, 2026, \d+:05/)).toHaveLength(2);
    fireEvent.click(within(menu).getByText('Import 1 finished'));
    await waitFor(() => expect(net.to('PUT', '/api/1.0/notifications/mark-as-read/n1')).toHaveLength(1));
  });

  it('a live notification goes on top of the list of 5, raises the count, and pops up for 3 s', async () => {
    renderBell([1, 2, 3].map((i) => note(i)), 3);
    await waitFor(() => expect(within(bell()).getByText('3')).toBeTruthy(), SLOW);
    vi.useFakeTimers();
    act(() => dispatchRealtime('notification-event', note(9, { title: 'Orders import finished', description: '2 orders created, 1 failed.', status: 'WARNING' })));
    expect(within(bell()).getByText('4')).toBeTruthy();
    const popup = screen.getByTestId('notification-popup');
    expect(within(popup).getByText('Orders import finished')).toBeTruthy();
    expect(within(popup).getByText('2 orders created, 1 failed.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.queryByTestId('notification-popup')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('notification-popup')).toBeNull();
    vi.useRealTimers();

    fireEvent.click(bell());
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items[0]!.textContent).toContain('Orders import finished');
    expect(items).toHaveLength(5); // 4 notifications + "see all"

    // Two more: the list keeps 5, the badge passes to '5+'.
    act(() => {
      dispatchRealtime('notification-event', note(10));
      dispatchRealtime('notification-event', note(11));
    });
    await waitFor(() => expect(within(bell()).getByText('5+')).toBeTruthy());
    const after = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(after).toHaveLength(6);
    expect(after[0]!.textContent).toContain('Import 11 finished');
  });

  it('a failed load shows the spec 8 toast, but not on 401', async () => {
    routeFetch([['GET', LIST, [500, { message: 'Server Error' }]]]);
    renderWithProviders(<NotificationBell />, { session: fakeSession([], 'tenant') });
    expect(await screen.findByText('Fall to load notifications list', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Notification')).toBeTruthy();
  });
});
