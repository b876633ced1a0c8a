import { expect, test, type APIRequestContext } from '@playwright/test';
import { bearerFor, signIn, waitForShell } from './helpers';

/**
 * Issue 5's supplier scenario: the buyer sends one PO to Northwind and one to another supplier (through
 * the API); Northwind's user signs in, sees only its own PO, confirms fewer units on one line, cannot open
 * the other supplier's PO, and is denied tenant screens and routes. Screenshots go to /tmp.
 */

const RUN = Date.now().toString(36).toUpperCase();
const SKU_A = `E2E-SP-A-${RUN}`;
const SKU_B = `E2E-SP-B-${RUN}`;
const SHOTS = process.env.PO_SCREENSHOTS ?? '/tmp';

interface Api {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  status(method: 'GET' | 'POST', path: string, body?: unknown): Promise<number>;
}

async function apiAs(request: APIRequestContext, who: 'tenant' | 'supplier'): Promise<Api> {
  const headers = { Authorization: await bearerFor(request, who) };
  const check = async <T>(r: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(r.ok(), `${r.url()} answered ${r.status()}: ${await r.text()}`).toBeTruthy();
    return (await r.json()) as T;
  };
  return {
    get: async (path) => check(await request.get(`/api/1.0${path}`, { headers })),
    post: async (path, body) => check(await request.post(`/api/1.0${path}`, { headers, data: body ?? {} })),
    status: async (method, path, body) =>
      (method === 'GET' ? await request.get(`/api/1.0${path}`, { headers }) : await request.post(`/api/1.0${path}`, { headers, data: body ?? {} })).status(),
  };
}

interface Po {
  id: string;
  number: string;
  status: string;
}

/** Two SKUs, a second supplier, and one sent PO for each supplier. */
async function sendTwoPos(api: Api): Promise<{ mine: Po; theirs: Po }> {
  const me = await api.get<{ data: { company: { id: string } } }>('/users/information?include=company');
  const ilocs = await api.get<{ data: { id: string; code: string }[] }>(`/tenants/${me.data.company.id}/ilocs?per_page=100`);
  const austin = ilocs.data.find((i) => i.code === 'AUS-MAIN')!;
  await api.post('/products', {
    name: `E2E portal ${RUN}`,
    skus: [
      { sku: SKU_A, name: `Portal tee ${RUN}`, type: 'REGULAR' },
      { sku: SKU_B, name: `Portal cap ${RUN}`, type: 'REGULAR' },
    ],
  });
  const suppliers = await api.get<{ data: { id: string; name: string }[] }>('/suppliers?search=name:Northwind');
  const northwind = suppliers.data.find((s) => s.name === 'Northwind Supply')!;
  const other = await api.post<{ data: { id: string } }>('/suppliers', { name: `Contoso ${RUN}`, email: `sales.${RUN.toLowerCase()}@contoso.test` });
  const make = async (supplierId: string, lines: { sku: string; quantity: number; unit_cost: string }[]) => {
    const po = await api.post<{ data: Po }>('/purchase-orders', {
      supplier_id: supplierId, iloc_id: austin.id, estimated_delivery: '2031-03-01', notes_to_warehouse: `Warehouse only ${RUN}`,
      notes_to_supplier: `Label every box ${RUN}`, lines,
    });
    await api.post(`/purchase-orders/${po.data.id}/confirm`);
    return (await api.post<{ data: Po }>(`/purchase-orders/${po.data.id}/submit`)).data;
  };
  const mine = await make(northwind.id, [
    { sku: SKU_A, quantity: 40, unit_cost: '5.00' },
    { sku: SKU_B, quantity: 10, unit_cost: '2.00' },
  ]);
  const theirs = await make(other.data.id, [{ sku: SKU_A, quantity: 7, unit_cost: '5.50' }]);
  return { mine, theirs };
}

test('supplier portal: only its own PO, acknowledges quantities, nothing of the tenant', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { mine, theirs } = await sendTwoPos(await apiAs(request, 'tenant'));
  expect(mine.status).toBe('sent');

  // 1. The supplier lands on its purchase orders: its own, not the other supplier's.
  await signIn(page, 'supplier');
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: 'My purchase orders', level: 1 })).toBeVisible();
  await page.getByLabel('Search number or supplier').fill(mine.number);
  await expect(page.getByRole('link', { name: mine.number })).toBeVisible();
  await page.getByLabel('Search number or supplier').fill(theirs.number);
  await expect(page.getByText('No purchase orders match these filters')).toBeVisible();
  await page.getByLabel('Search number or supplier').fill('');
  await expect(page.getByRole('link', { name: mine.number })).toBeVisible();
  await expect(page.getByRole('link', { name: theirs.number })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/supplier-portal-list-1280.png`, fullPage: true });

  // 2. Its PO: notes to the supplier, never the warehouse's.
  await page.getByRole('link', { name: mine.number }).click();
  await expect(page).toHaveURL(`/supplier-purchase-orders/${mine.id}`);
  await expect(page.getByRole('heading', { name: `Purchase order ${mine.number}`, level: 1 })).toBeVisible();
  await expect(page.getByText(`Label every box ${RUN}`)).toBeVisible();
  await expect(page.getByText(`Warehouse only ${RUN}`)).toHaveCount(0);

  // 3. Confirms 8 of the 10 caps: partially confirmed.
  const ack = page.getByRole('form', { name: 'Confirm quantities and dates' });
  const cap = ack.getByRole('group', { name: `Line ${SKU_B}` });
  await cap.getByLabel('Confirmed quantity').fill('8');
  await cap.getByLabel('Ship date').fill('2031-02-20');
  await page.screenshot({ path: `${SHOTS}/supplier-portal-po-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/supplier-portal-po-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await ack.getByRole('button', { name: 'Send confirmation' }).click();
  await expect(page.getByText(`Confirmation of ${mine.number} sent: Partially confirmed`)).toBeVisible();
  await expect(page.locator('main [data-status="partially_confirmed"]').first()).toBeVisible();
  const lines = page.getByRole('table', { name: 'Lines' });
  await expect(lines.getByRole('row').filter({ hasText: SKU_B })).toContainText('8');
  await expect(page.getByRole('toolbar', { name: 'Purchase order actions' }).getByRole('button', { name: 'Create ASN' })).toBeVisible();

  // 4. The other supplier's PO does not exist for it, on screen and on the server.
  await page.goto(`/supplier-purchase-orders/${theirs.id}`);
  await expect(page.getByText('This purchase order does not exist.')).toBeVisible();
  const supplierApi = await apiAs(request, 'supplier');
  expect(await supplierApi.status('GET', `/purchase-orders/${theirs.id}`)).toBe(404);
  expect(await supplierApi.status('POST', `/purchase-orders/${mine.id}/cancel`)).toBe(403);

  // 5. Tenant screens and routes are denied.
  await page.goto('/orders');
  await expect(page).toHaveURL('/denied');
  expect(await supplierApi.status('GET', '/orders')).toBe(403);
  expect(await supplierApi.status('GET', '/suppliers')).toBe(403);
});
