import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { API, processItem } from '../../features/channels/test-fixtures';
import { FeedHistoryScreen } from './FeedHistoryScreen';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SLOW = { timeout: 8000 };

function renderPage(routes: FetchRoute[], { path = '/feed-history', language = 'en' } = {}) {
  const net = routeFetch([
    ['GET', `${API}/processes`, [200, page([processItem(), processItem({ id: 'p2', name: 'Acme EU' })])]],
    ...routes,
  ]);
  renderWithProviders(<FeedHistoryScreen />, { session: fakeSession(['read-company', 'read-process'], 'tenant'), path, language });
  return net;
}

describe('/feed-history composed with the notifications reports', { timeout: 20_000 }, () => {
  it('empty, then the Reports tab keeps the exported reports', async () => {
    renderPage([
      ['GET', `${API}/feed-history`, [200, page([])]],
      ['GET', `${API}/notifications/me/user`, [200, page([])]],
    ], { language: 'es' });
    expect(await screen.findByText('Todavía no hay ejecuciones.', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Informes' }));
    expect(await screen.findByText(/Todavía no hay informes/, {}, SLOW)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Historial de informes']);
    expect(screen.queryByText('Todavía no hay ejecuciones.')).toBeNull();
  });
});
