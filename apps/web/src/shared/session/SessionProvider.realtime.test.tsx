import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchRealtime } from '../realtime/realtime';
import { SessionProvider } from './SessionProvider';
import { useSession } from './useSession';

function ShowPreferences() {
  const { user } = useSession();
  return <p>prefs:{JSON.stringify(user?.preferences ?? null)}</p>;
}

describe('SessionProvider and user-preference-updated (spec 7)', () => {
  afterEach(() => window.localStorage.clear());

  it('replaces the signed-in user\'s preferences with the ones the event carries, in memory and in storage', () => {
    window.localStorage.setItem('user', JSON.stringify({ id: 'u1', name: 'U', email: 'u@omnio.test', preferences: { redirect: '/orders' } }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <SessionProvider>
            <ShowPreferences />
          </SessionProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText('prefs:{"redirect":"/orders"}')).toBeTruthy();
    act(() => dispatchRealtime('user-preference-updated', { preferences: { redirect: '/inventory', tour: false } }));
    expect(screen.getByText('prefs:{"redirect":"/inventory","tour":false}')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('preferences')!)).toEqual({ redirect: '/inventory', tour: false });
    // Malformed payloads change nothing.
    act(() => dispatchRealtime('user-preference-updated', { preferences: ['x'] }));
    expect(screen.getByText('prefs:{"redirect":"/inventory","tour":false}')).toBeTruthy();
  });
});
