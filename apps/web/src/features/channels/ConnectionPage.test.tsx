import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router';
import type { ChannelProcessItem } from '@omnio/domain';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch, type FetchRoute } from '../../shared/test/test-fetch';
import { ConnectionPage } from './ConnectionPage';
import { API, catalogEntry, ILOC_A, ILOC_B, processItem, runItem } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 8000 };
const P = `${API}/processes/p1`;

/** Arrives at the connection page the way the create form does, with the secret in the navigation state. */
function ArriveWithSecret() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/connections/p1', { state: { webhookSecret: 'whsec_ONCE' } });
  }, [navigate]);
  return null;
}

function renderPage(routes: FetchRoute[], { path = '/connections/p1', language = 'en' } = {}) {
  const net = routeFetch([
    ['GET', `${API}/services/catalog`, [200, page([catalogEntry('shopify', 'Shopify')])]],
    ['GET', `${API}/tenants/c1/ilocs`, [200, page([{ id: ILOC_A, name: 'Madrid', code: 'MAD' }, { id: ILOC_B, name: 'Lisbon', code: 'LIS' }])]],
    ...routes,
  ]);
  renderWithProviders(
    <Routes>
      <Route path="/start" element={<ArriveWithSecret />} />
      <Route path="/connections/:id" element={<ConnectionPage />} />
      <Route path="/connections" element={<div data-testid="list">list</div>} />
    </Routes>,
    { session: fakeSession(['read-process', 'update-process', 'delete-process'], 'tenant'), path, language },
  );
  return net;
}

const withProcess = (p: ChannelProcessItem): FetchRoute[] => [
  ['GET', P, [200, { data: p }]],
  ['GET', `${P}/runs`, [200, page([])]],
];

const panel = (name: string) => screen.findByRole('region', { name }, SLOW);

describe('/connections/:id', { timeout: 30_000 }, () => {
  it('shows only the buttons allowed_actions names', async () => {
    renderPage(withProcess(processItem({ status: 'disabled', allowed_actions: ['enable', 'edit', 'delete'] })));
    const group = await screen.findByRole('group', { name: 'Connection actions' }, SLOW);
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Enable', 'Delete']);
    expect(screen.queryByRole('button', { name: /Run .* now/ })).toBeNull();
    expect(screen.getByText(/This connection is disabled/)).toBeTruthy();
    // edit is allowed: the actions save.
    expect(within(await panel('Import orders')).getByRole('button', { name: 'Save Import orders' })).toBeTruthy();
  });

  it('a process allowing everything offers every button; one allowing nothing is read-only', async () => {
    renderPage(withProcess(processItem()));
    const group = await screen.findByRole('group', { name: 'Connection actions' }, SLOW);
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Test connection', 'Disable', 'Rotate webhook secret', 'Uninstall', 'Delete',
    ]);
    expect(screen.getAllByRole('button', { name: /^Run .* now$/ })).toHaveLength(4);
  });

  it('without edit or run nothing can be changed', async () => {
    renderPage(withProcess(processItem({ allowed_actions: [] })));
    const group = await screen.findByRole('group', { name: 'Connection actions' }, SLOW);
    expect(within(group).queryAllByRole('button')).toHaveLength(0);
    const orders = await panel('Import orders');
    expect(within(orders).queryByRole('button', { name: /Save/ })).toBeNull();
    expect(within(orders).queryByRole('button', { name: /Run/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save credentials' })).toBeNull();
  });

  it('saves one action: active, a schedule preset and its options', async () => {
    // A server that keeps what it was given, so the refetch after the save answers the saved action.
    let current = processItem();
    const net = renderPage([
      ['GET', P, () => [200, { data: current }]],
      ['GET', `${P}/runs`, [200, page([])]],
      ['PUT', P, (call) => {
        const body = call.body as { actions: { sync_inventory: NonNullable<ChannelProcessItem['actions']['sync_inventory']> } };
        current = { ...current, actions: { ...current.actions, sync_inventory: body.actions.sync_inventory } };
        return [200, { data: current }];
      }],
    ]);
    const inventory = await panel('Sync inventory');
    fireEvent.click(within(inventory).getByRole('switch', { name: 'Active' }));
    fireEvent.change(within(inventory).getByLabelText(/^Schedule/), { target: { value: 'daily' } });
    fireEvent.change(within(inventory).getByLabelText(/^Reserve/), { target: { value: '10' } });
    const ilocs = within(inventory).getByRole('combobox', { name: 'Fulfillment locations' });
    fireEvent.mouseDown(ilocs);
    fireEvent.click(await screen.findByRole('option', { name: 'Lisbon' }, SLOW));
    fireEvent.change(within(inventory).getByLabelText(/^Store location/), { target: { value: 'gid://shopify/Location/7' } });
    fireEvent.click(within(inventory).getByRole('button', { name: 'Save Sync inventory' }));

    expect(await screen.findByText('Sync inventory saved', {}, SLOW)).toBeTruthy();
    expect(net.to('PUT', P)[0]!.body).toEqual({
      actions: {
        sync_inventory: {
          active: true,
          schedule: 'daily',
          options: { reserve_percentage: 10, iloc_id: [ILOC_B], location_id: 'gid://shopify/Location/7' },
        },
      },
    });
    // The summary line follows the saved action (not only the select's option of the same text).
    await waitFor(() => expect(within(inventory).getAllByText('Daily at midnight').filter((el) => el.tagName !== 'OPTION')).toHaveLength(1), SLOW);
    expect(within(inventory).getByText('Active', { selector: '.MuiChip-label' })).toBeTruthy();
    // The form shows what was saved: still active with the reserve kept.
    expect((within(inventory).getByLabelText(/^Reserve/) as HTMLInputElement).value).toBe('10');
  });

  it('import orders: a custom cron, financial statuses and tags; a bad cron or reserve never leaves the form', async () => {
    const base = processItem({
      actions: {
        ...processItem().actions,
        import_orders: { active: true, schedule: null, options: { created_at_min: '2026-01-01' } },
      },
    });
    const net = renderPage([...withProcess(base), ['PUT', P, [200, { data: base }]]]);
    const orders = await panel('Import orders');
    fireEvent.change(within(orders).getByLabelText(/^Schedule/), { target: { value: 'custom' } });
    fireEvent.change(within(orders).getByLabelText(/^Cron expression/), { target: { value: 'every now and then' } });
    fireEvent.click(within(orders).getByRole('button', { name: 'Save Import orders' }));
    expect(await within(orders).findByText(/Use 5 fields|Choose a preset or give a valid cron expression/, {}, SLOW)).toBeTruthy();
    expect(net.to('PUT', P)).toHaveLength(0);

    fireEvent.change(within(orders).getByLabelText(/^Cron expression/), { target: { value: '*/15 * * * *' } });
    fireEvent.click(within(orders).getByRole('checkbox', { name: 'Paid' }));
    fireEvent.click(within(orders).getByRole('checkbox', { name: 'Authorized' }));
    fireEvent.change(within(orders).getByLabelText(/^Only orders tagged/), { target: { value: 'wholesale, vip ,' } });
    fireEvent.change(within(orders).getByLabelText(/^Orders from/), { target: { value: '2026-02-01' } });
    fireEvent.change(within(orders).getByLabelText(/^Order status/), { target: { value: 'open' } });
    fireEvent.click(within(orders).getByRole('button', { name: 'Save Import orders' }));
    await waitFor(() => expect(net.to('PUT', P)).toHaveLength(1), SLOW);
    expect(net.to('PUT', P)[0]!.body).toEqual({
      actions: {
        import_orders: {
          active: true,
          schedule: '*/15 * * * *',
          // created_at_min is not on the form and is kept as it was.
          options: { created_at_min: '2026-01-01', initial_date: '2026-02-01', financial_status: ['paid', 'authorized'], order_status: 'open', filter_tags: ['wholesale', 'vip'] },
        },
      },
    });

    const inventory = await panel('Sync inventory');
    fireEvent.change(within(inventory).getByLabelText(/^Reserve/), { target: { value: '120' } });
    fireEvent.click(within(inventory).getByRole('button', { name: 'Save Sync inventory' }));
    expect(await within(inventory).findByText('Between 0 and 100', {}, SLOW)).toBeTruthy();
    expect(net.to('PUT', P)).toHaveLength(1);
  });

  it('shows a server 422 on the action field it names', async () => {
    renderPage([
      ...withProcess(processItem()),
      ['PUT', P, [422, { message: 'The given data was invalid.', errors: { 'actions.sync_inventory.options.iloc_id.0': ['Unknown iloc'] } }]],
    ], { language: 'es' });
    const inventory = await panel('Sincronizar inventario');
    fireEvent.click(within(inventory).getByRole('button', { name: 'Guardar Sincronizar inventario' }));
    expect(await within(inventory).findByText('Ubicación desconocida', {}, SLOW)).toBeTruthy();
  });

  it('runs an action now: disabled while its job runs, progress shown, the runs refreshed when it ends', async () => {
    const net = renderPage([
      ['GET', P, [200, { data: processItem() }]],
      ['GET', `${P}/runs`, (_call, nth) => [200, page(nth === 0 ? [] : [runItem({ id: 'r9', action: 'import_products', status: 'COMPLETED' })])]],
      ['POST', `${P}/actions/import_products/run`, [202, { data: { job_id: 'j9', status: 'PENDING', run_id: 'r9' } }]],
      ['GET', `${API}/jobs/j9`, (_call, nth) => [200, { data: nth === 0
        ? { id: 'j9', status: 'RUNNING', progress: 40, error: null }
        : { id: 'j9', status: 'COMPLETED', progress: 100, error: null } }]],
    ]);
    const products = await panel('Import products');
    const run = within(products).getByRole('button', { name: 'Run Import products now' });
    fireEvent.click(run);
    expect(await within(products).findByText('Running… 40%', {}, SLOW)).toBeTruthy();
    expect((run as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('Import products finished', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect((run as HTMLButtonElement).disabled).toBe(false), SLOW);
    expect(net.to('POST', `${P}/actions/import_products/run`)).toHaveLength(1);
    expect(net.to('GET', `${P}/runs`).length).toBeGreaterThanOrEqual(2);
    expect(await screen.findByRole('button', { name: /^Details of Import products/ }, SLOW)).toBeTruthy();
  });

  it('a run already going (e.g. scheduled) keeps Run now disabled', async () => {
    renderPage([
      ['GET', P, [200, { data: processItem() }]],
      ['GET', `${P}/runs`, [200, page([runItem({ action: 'sync_inventory', status: 'RUNNING', finished_at: null, trigger: 'schedule' })])]],
    ]);
    const inventory = await panel('Sync inventory');
    await waitFor(() => expect((within(inventory).getByRole('button', { name: 'Run Sync inventory now' }) as HTMLButtonElement).disabled).toBe(true), SLOW);
    expect((within(await panel('Import orders')).getByRole('button', { name: 'Run Import orders now' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('tests the connection: the shop, then its locations to choose from; a refusal shows the reason', async () => {
    let refuse = false;
    renderPage([
      ...withProcess(processItem()),
      ['POST', `${P}/test`, () => refuse
        ? [422, { message: 'Shopify answered 401: invalid API key or access token' }]
        : [200, { data: { ok: true, shop: { name: 'Acme', domain: 'acme.myshopify.com', plan: 'basic' }, locations: [{ id: 'gid://shopify/Location/1', name: 'Main warehouse' }] } }]],
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Test connection' }, SLOW));
    expect(await screen.findByText('Store: Acme (acme.myshopify.com) · plan basic', {}, SLOW)).toBeTruthy();
    const inventory = await panel('Sync inventory');
    const location = within(inventory).getByLabelText(/^Store location/) as HTMLSelectElement;
    expect(location.tagName).toBe('SELECT');
    expect(within(location).getByRole('option', { name: 'Main warehouse' })).toBeTruthy();

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Shopify answered 401: invalid API key or access token', {}, SLOW)).toBeTruthy();
  });

  it('credentials say which keys are set and send only the replaced one', async () => {
    const net = renderPage([...withProcess(processItem()), ['PUT', P, [200, { data: processItem() }]]]);
    const card = await screen.findByRole('region', { name: 'Credentials' }, SLOW);
    expect(within(card).getByTestId('credential-access_token').textContent).toBe('Set');
    expect(within(card).getByTestId('credential-client_secret').textContent).toBe('Not set');
    fireEvent.change(within(card).getByLabelText(/^New Access token/), { target: { value: 'shpat_new' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save credentials' }));
    expect(await screen.findByText('Credentials saved', {}, SLOW)).toBeTruthy();
    expect(net.to('PUT', P)[0]!.body).toEqual({ credentials: { access_token: 'shpat_new' } });
  });

  it('deletes after confirming and goes back to the list', async () => {
    const net = renderPage([...withProcess(processItem()), ['DELETE', P, [204, undefined]]]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this connection?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('list', {}, SLOW)).toBeTruthy();
    expect(net.to('DELETE', P)).toHaveLength(1);
  });

  it('shows a new connection’s webhook secret once', async () => {
    renderPage(withProcess(processItem()), { path: '/start' });
    const dialog = await screen.findByRole('dialog', { name: 'Store connected' }, SLOW);
    expect((within(dialog).getByLabelText('Webhook secret') as HTMLInputElement).value).toBe('whsec_ONCE');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Store connected' })).toBeNull(), SLOW);
  });

  it('a missing connection says so', async () => {
    renderPage([['GET', P, [404, { message: 'Not found' }]]]);
    expect(await screen.findByText('This connection does not exist or was deleted.', {}, SLOW)).toBeTruthy();
  });
});
