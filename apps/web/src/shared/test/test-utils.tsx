import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { SessionContext, type SessionValue } from '../session/session-context';
import { ToastProvider } from '../ui/ToastProvider';

/** A signed-in session holding the given permissions; no network behind it. */
export function fakeSession(permissions: string[], role: SessionValue['role'] = 'owner'): SessionValue {
  const user = {
    id: 'me', name: 'Me', email: 'me@omnio.test', language: 'en', roles: [role ?? 'owner'], permissions: [],
    permissionsFront: permissions, company: { id: 'c1', name: 'Acme Outfitters' }, preferences: {},
  };
  return {
    user, role, permissionsFront: permissions, company: user.company,
    can: (permission) => permissions.includes(permission),
    reloadUser: vi.fn(() => Promise.resolve(user)),
    login: vi.fn(() => Promise.resolve(user)),
    loginWithTokens: vi.fn(() => Promise.resolve(user)),
    logout: vi.fn(() => Promise.resolve()),
  };
}

/** Real i18n, query cache, toasts and router; only the network (global fetch) is ever faked. */
export function renderWithProviders(ui: ReactElement, { language = 'en', session = fakeSession([]), path = '/' } = {}) {
  void i18n.changeLanguage(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={session}>
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </ToastProvider>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

type Route = [method: string, path: string, status: number, body: unknown];

/** Stubs fetch with fixed answers by method and path (query ignored); records the calls. */
export function stubFetch(routes: Route[]) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const route = routes.find(([m, p]) => m === method && p === url.pathname);
    const [, , status, body] = route ?? [method, url.pathname, 404, { message: 'Not found' }];
    return Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
