import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setTokens } from '../../shared/session/storage';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { FeedHistoryPage } from './FeedHistoryPage';
import { API, processItem, runDetail, runItem } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SLOW = { timeout: 8000 };
// The Reports tab is the notifications feature's screen, handed in by app/composed (tested there).
const NoReports = () => null;

function renderPage(routes: FetchRoute[], { path = '/feed-history', language = 'en' } = {}) {
  const net = routeFetch([
    ['GET', `${API}/processes`, [200, page([processItem(), processItem({ id: 'p2', name: 'Acme EU' })])]],
    ...routes,
  ]);
  renderWithProviders(<FeedHistoryPage ReportsFeed={NoReports} />, { session: fakeSession(['read-company', 'read-process'], 'tenant'), path, language });
  return net;
}

describe('/feed-history', { timeout: 20_000 }, () => {
  it('lists every process’s runs and filters them by process, action and status', async () => {
    const net = renderPage([
      ['GET', `${API}/feed-history`, [200, page([runItem(), runItem({ id: 'r2', process_id: 'p2', process_name: 'Acme EU', action: 'sync_inventory', status: 'FAILED', failure: 'Shopify answered 401' })])]],
    ]);
    const table = await screen.findByRole('table', { name: 'Feed history' }, SLOW);
    const rows = within(table).getAllByTestId('run-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('Acme EU')).toBeTruthy();
    expect(within(rows[1]!).getByText('Failed')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Connection'), { target: { value: 'p2' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'sync_inventory' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'FAILED' } });
    await waitFor(() => {
      const last = net.to('GET', `${API}/feed-history`).at(-1)!.url.searchParams;
      expect([last.get('process_id'), last.get('action'), last.get('status'), last.get('page')]).toEqual(['p2', 'sync_inventory', 'FAILED', '1']);
    }, SLOW);
  });

  it('opens a run: item errors, the failure, the call log and the kept pages to download', async () => {
    setTokens({ access_token: 'tok-1', token_type: 'Bearer', refresh_token: 'ref-1', expires_in: 3600 });
    const detail = runDetail({ failure: null });
    const net = renderPage([
      ['GET', `${API}/feed-history`, [200, page([runItem()])]],
      ['GET', `${API}/processes/p1/runs/r1`, [200, { data: detail }]],
      ['GET', `${API}/processes/p1/runs/r1/pages/1`, [200, '{"orders":[]}']],
    ]);
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      created.push(b as Blob);
      return 'blob:page';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });

    fireEvent.click(await screen.findByRole('button', { name: /^Details of Import orders/ }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Import orders · Acme Shopify' }, SLOW);
    const errors = within(dialog).getByRole('table', { name: 'Item errors' });
    const cells = within(errors).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['5001', 'sku_not_found', 'SKU TEE-RED-M is not in the catalogue']);

    const calls = within(dialog).getByRole('table', { name: 'Call log' });
    expect(within(calls).getAllByRole('row')).toHaveLength(3);
    expect(within(calls).getByText('Throttled')).toBeTruthy();
    expect(within(calls).getByText('312 ms')).toBeTruthy();
    expect(within(calls).getByText('42')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Download page 1' }));
    await waitFor(() => expect(clicked).toEqual(['run-r1-page-1.json']), SLOW);
    const download = net.to('GET', `${API}/processes/p1/runs/r1/pages/1`)[0]!;
    expect(download.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(await created[0]!.text()).toBe('{"orders":[]}');
  });

  it('on a phone the runs are a list of cards, still opening their detail', async () => {
    const happy = (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM;
    happy.setViewport({ width: 390, height: 844 });
    try {
      renderPage([
        ['GET', `${API}/feed-history`, [200, page([runItem()])]],
        ['GET', `${API}/processes/p1/runs/r1`, [200, { data: runDetail() }]],
      ]);
      const list = await screen.findByRole('list', { name: 'Feed history' }, SLOW);
      expect(screen.queryByRole('table', { name: 'Feed history' })).toBeNull();
      expect(within(list).getByText('3 received · 2 created · 0 updated · 0 duplicates · 1 failed')).toBeTruthy();
      fireEvent.click(within(list).getByRole('button', { name: /^Details of Import orders/ }));
      expect(await screen.findByRole('table', { name: 'Item errors' }, SLOW)).toBeTruthy();
    } finally {
      happy.setViewport({ width: 1024, height: 768 });
    }
  });

  it('shows why a run stopped', async () => {
    renderPage([
      ['GET', `${API}/feed-history`, [200, page([runItem({ status: 'FAILED' })])]],
      ['GET', `${API}/processes/p1/runs/r1`, [200, { data: runDetail({ status: 'FAILED', failure: 'Shopify answered 401: invalid access token', errors: [], pages: [] }) }]],
    ]);
    fireEvent.click(await screen.findByRole('button', { name: /^Details of Import orders/ }, SLOW));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect((await within(dialog).findByTestId('run-failure', {}, SLOW)).textContent).toContain('Shopify answered 401: invalid access token');
    expect(within(dialog).getByText('No item failed.')).toBeTruthy();
    expect(within(dialog).getByText('No pages kept.')).toBeTruthy();
  });
});
