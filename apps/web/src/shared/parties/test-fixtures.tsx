import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { fakeSession, renderWithProviders } from '../test/test-utils';

/** Test support for the party screens (customers, suppliers): the fake network and what their samples share. */
export { page, routeFetch, type FetchRoute as Route, type RecordedCall as Call } from '../test/test-fetch';

/** The timestamps every party answer carries. */
export const STAMPS = { created_at: '2026-01-01T10:00:00Z', updated_at: '2026-01-02T10:00:00Z' };

/** The first screen of a test may wait for lazy chunks and the first query. */
export const SLOW = { timeout: 8000 };

interface PartyScreenRoutes {
  /** The screen's route pattern and the address it opens at. */
  route: string;
  at: string;
  /** Where the screen may navigate to (the list, or a new party's page), shown as this text. */
  elsewhere: readonly [route: string, text: string];
}

/** Renders a party screen signed in as a tenant user with `permissions`, in `language`. */
export function renderPartyScreen(screen: ReactElement, { route, at, elsewhere }: PartyScreenRoutes, permissions: string[], language = 'en') {
  return renderWithProviders(
    <Routes>
      <Route path={route} element={screen} />
      <Route path={elsewhere[0]} element={<p>{elsewhere[1]}</p>} />
    </Routes>,
    { session: fakeSession(permissions, 'tenant'), path: at, language },
  );
}
