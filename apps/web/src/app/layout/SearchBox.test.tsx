import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { SearchResultDto } from '@omnio/domain';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { routeFetch, type RecordedCall } from '../../shared/test/test-fetch';
import { SearchBox } from './SearchBox';

const SEARCH = '/api/1.0/search';
const SLOW = { timeout: 5000 };
const PERMISSIONS = ['read-order', 'read-product', 'read-organization'];

afterEach(() => {
  vi.unstubAllGlobals();
});

const ORDER = { id: 'o1', title: 'AC-1042', subtitle: 'shopify 5001 · Ada Lovelace', url: '/orders/edit/o1' };
const SKU = { id: 's1', title: 'TEE-RED-M', subtitle: 'Trail tee red M', url: '/product/show/p1' };
const answer = (groups: SearchResultDto['groups']): [number, { data: SearchResultDto }] => [200, { data: { groups } }];

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderSearch(respond: (call: RecordedCall) => [number, unknown], { compact = false, role = 'tenant' as const } = {}) {
  const net = routeFetch([['GET', SEARCH, respond]]);
  renderWithProviders(<><SearchBox compact={compact} light /><Where /></>, { session: fakeSession(PERMISSIONS, role) });
  return net;
}
const box = () => screen.getByRole('combobox', { name: 'Search' });
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const where = () => screen.getByTestId('where').textContent;

describe('SearchBox', { timeout: 20_000 }, () => {
  it('shows the matching screens first, then the records the server found, grouped under headers', async () => {
    const net = renderSearch((call) => answer(call.url.searchParams.get('q') === 'ord' ? [{ kind: 'orders', items: [ORDER] }] : []));
    type('ord');
    const list = await screen.findByRole('listbox');
    expect(within(list).getByText('Screens')).toBeTruthy();
    await waitFor(() => expect(within(list).getByText('AC-1042')).toBeTruthy(), SLOW);
    expect(within(list).getByText('shopify 5001 · Ada Lovelace')).toBeTruthy();
    expect(within(list).getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['Screens', 'Orders']);
    expect(within(within(list).getByRole('group', { name: 'Orders' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'AC-1042shopify 5001 · Ada Lovelace',
    ]);
    const options = within(list).getAllByRole('option').map((o) => o.textContent);
    expect(options.at(-1)).toContain('AC-1042');
    expect(options[0]).toMatch(/order/i);
    // One request, once typing paused, with the per-group limit.
    expect(net.to('GET', SEARCH)).toHaveLength(1);
    expect(Object.fromEntries(net.to('GET', SEARCH)[0]!.url.searchParams)).toEqual({ q: 'ord', limit: '5' });
  });

  it('asks once typing pauses (debounced), and only for 2 characters or more', async () => {
    const net = renderSearch(() => answer([{ kind: 'skus', items: [SKU] }]));
    type('t');
    type('te');
    type('tee');
    await waitFor(() => expect(screen.getByText('TEE-RED-M')).toBeTruthy(), SLOW);
    expect(net.to('GET', SEARCH).map((c) => c.url.searchParams.get('q'))).toEqual(['tee']);
    type('x');
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(net.to('GET', SEARCH)).toHaveLength(1);
  });

  it('keyboard: Enter opens the highlighted record, arrows move across groups, Escape closes the list', async () => {
    renderSearch(() => answer([{ kind: 'orders', items: [ORDER] }, { kind: 'skus', items: [SKU] }]));
    type('AC-1042');
    await waitFor(() => expect(screen.getByText('TEE-RED-M')).toBeTruthy(), SLOW);
    fireEvent.keyDown(box(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    await screen.findByRole('listbox');
    // The first row is highlighted (the order); one down is the SKU.
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(where()).toBe('/product/show/p1'));
    expect((box() as HTMLInputElement).value).toBe('');

    type('AC-1042');
    await waitFor(() => expect(screen.getByText('AC-1042')).toBeTruthy(), SLOW);
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(where()).toBe('/orders/edit/o1'));
  });

  it('says when it is searching, when nothing matches, and when the search failed', async () => {
    renderSearch((call) => (call.url.searchParams.get('q') === 'boom' ? [500, { message: 'Server Error' }] : answer([])));
    type('zzqx');
    expect(await screen.findByText('Searching…')).toBeTruthy();
    expect(await screen.findByText('Nothing matches “zzqx”', {}, SLOW)).toBeTruthy();
    type('boom');
    expect(await screen.findByText('Records could not be searched. Try again.', {}, SLOW)).toBeTruthy();
  });

  it('an owner searches screens only: no request for records', async () => {
    const net = renderSearch(() => answer([{ kind: 'orders', items: [ORDER] }]), { role: 'owner' as never });
    type('zzqx');
    expect(await screen.findByText('Nothing matches “zzqx”')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(net.to('GET', SEARCH)).toHaveLength(0);
  });

  it('on a phone the icon opens the overlay, which finds records and closes on opening one', async () => {
    renderSearch(() => answer([{ kind: 'orders', items: [ORDER] }]), { compact: true });
    fireEvent.click(screen.getByRole('button', { name: 'Open search' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(document.activeElement).toBe(box()));
    type('AC-1042');
    fireEvent.click(await screen.findByText('AC-1042', {}, SLOW));
    await waitFor(() => expect(where()).toBe('/orders/edit/o1'));
    await waitFor(() => expect(dialog.isConnected && screen.queryByRole('dialog')).toBeFalsy());
  });
});
