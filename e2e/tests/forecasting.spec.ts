import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiOf, signIn, waitForShell, type Api } from './helpers';

/**
 * Issue 23's buyer scenario: two SKUs from a supplier with a 14-day lead time, sold today (orders through
 * the API); a forecast is run from /forecasting-create, the buyer sets a suggestion's quantity, it becomes a
 * purchase order, and the PO shows in the list. The API can only make today's orders and a run's history
 * ends yesterday, so the forecast has no demand to go on: the quantity is the buyer's. Everything the test
 * made is removed at the end (the specs share one server). Screenshots at 1280 and 390 px: /tmp/forecast-*.png.
 */

const RUN = Date.now().toString(36).toUpperCase();
const SKU_A = `E2E-FC-A-${RUN}`;
const SKU_B = `E2E-FC-B-${RUN}`;
const SUPPLIER = `E2E Forecast Supply ${RUN}`;
const SHOTS = process.env.FORECAST_SCREENSHOTS ?? '/tmp';

interface Made {
  productId?: string;
  supplierId?: string;
  orderIds: string[];
  poIds: string[];
}

async function seed(api: Api, made: Made): Promise<void> {
  const me = await api.get<{ data: { company: { id: string } } }>('/users/information?include=company');
  const ilocs = await api.get<{ data: { id: string; code: string }[] }>(`/tenants/${me.data.company.id}/ilocs?per_page=100`);
  const austin = ilocs.data.find((i) => i.code === 'AUS-MAIN');
  expect(austin, 'the seeded iloc AUS-MAIN').toBeTruthy();
  const product = await api.post<{ data: { id: string } }>('/products', {
    name: `E2E forecast mug ${RUN}`,
    skus: [
      { sku: SKU_A, name: `E2E forecast mug A ${RUN}`, type: 'REGULAR', prices: [{ code: 'RETAIL', value: '9.00' }] },
      { sku: SKU_B, name: `E2E forecast mug B ${RUN}`, type: 'REGULAR', prices: [{ code: 'RETAIL', value: '9.00' }] },
    ],
  });
  made.productId = product.data.id;
  await api.post('/inventory/adjustments', {
    adjustments: [
      { sku: SKU_A, iloc_id: austin!.id, bucket: 'good', delta: 2, reason: 'received' },
      { sku: SKU_B, iloc_id: austin!.id, bucket: 'good', delta: 40, reason: 'received' },
    ],
  });
  const supplier = await api.post<{ data: { id: string } }>('/suppliers', { name: SUPPLIER, lead_time_days: 14, currency: 'USD' });
  made.supplierId = supplier.data.id;
  await api.put(`/suppliers/${supplier.data.id}/skus`, {
    items: [
      { sku: SKU_A, supplier_sku: `FC-A-${RUN}`, cost: '3.10', min_quantity: 12 },
      { sku: SKU_B, supplier_sku: `FC-B-${RUN}`, cost: '3.10' },
    ],
  });
  const lines = [[{ sku: SKU_A, quantity: 5, price: '9.00' }], [{ sku: SKU_A, quantity: 3, price: '9.00' }, { sku: SKU_B, quantity: 1, price: '9.00' }]];
  for (const [i, orderLines] of lines.entries()) {
    const order = await api.post<{ data: { id: string } }>('/orders', {
      external_id: `E2E-FC-${RUN}-${i}`, channel: 'manual',
      customer: { first_name: 'Grace', last_name: 'Hopper', email: `grace.fc.${RUN.toLowerCase()}@example.com` },
      shipping_address: { first_name: 'Grace', last_name: 'Hopper', address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
      lines: orderLines, ship_method: 'standard',
    });
    made.orderIds.push(order.data.id);
  }
}

/** Best effort: a step that fails (e.g. a SKU with history that may not be deleted) must not hide the test's own result. */
async function cleanUp(request: APIRequestContext, authorization: string, made: Made): Promise<void> {
  const headers = { Authorization: authorization };
  for (const id of made.poIds) await request.delete(`/api/1.0/purchase-orders/${id}`, { headers });
  for (const id of made.orderIds) await request.post(`/api/1.0/orders/${id}/cancel`, { headers });
  if (made.supplierId) await request.delete(`/api/1.0/suppliers/${made.supplierId}`, { headers });
  if (made.productId) await request.delete(`/api/1.0/products/${made.productId}`, { headers });
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/forecast-${name}.png`, fullPage: true });
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.doc, 'the page scrolls sideways').toBeLessThanOrEqual(widths.view);
}

test('forecasting: run a forecast for two SKUs, see the results, and turn a suggestion into a purchase order', async ({ page, request }) => {
  test.setTimeout(240_000);
  await signIn(page, 'tenant');
  const api = await apiOf(page, request);
  const authorization = `Bearer ${await page.evaluate(() => window.localStorage.getItem('access_token'))}`;
  const made: Made = { orderIds: [], poIds: [] };
  try {
    await seed(api, made);

    // 1. The form: both SKUs, 4 weeks, 95 %.
    await page.goto('/forecasting-create');
    await waitForShell(page);
    await expect(page.getByRole('heading', { name: 'Forecasting', level: 1 })).toBeVisible();
    const skus = page.getByRole('combobox', { name: 'SKUs' });
    for (const sku of [SKU_A, SKU_B]) {
      await skus.fill(sku);
      await page.getByRole('option', { name: sku, exact: true }).click();
    }
    await page.getByRole('spinbutton', { name: /Horizon \(weeks\)/ }).fill('4');
    await shot(page, 'form-1280');
    await page.getByRole('button', { name: 'Run forecast' }).click();
    await expect(page).toHaveURL(/\/forecasting-create\?run=[0-9a-f-]{36}$/);

    // 2. The results: the summary, both SKUs, and a suggestion for the one short of stock.
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary).toBeVisible({ timeout: 90_000 });
    await expect(summary.getByText('SKUs forecast')).toBeVisible();
    const table = page.getByRole('region', { name: 'Reorder suggestions' });
    const rowA = table.getByRole('row').filter({ hasText: SKU_A });
    await expect(rowA).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: SKU_B })).toBeVisible();
    await expect(rowA.getByRole('gridcell').filter({ hasText: SUPPLIER })).toBeVisible();
    const quantity = rowA.locator('[data-field="quantity"]');
    await expect(quantity).toHaveText(/^\d[\d,]*$/);
    await expect(rowA.locator('[data-field="lead_time_days"]')).toHaveText('14');

    // 3. The chart of SKU A.
    await rowA.getByRole('button', { name: SKU_A }).click();
    const chart = page.getByRole('region', { name: `Demand for ${SKU_A}` });
    await expect(chart.getByRole('img', { name: new RegExp(`${SKU_A}: \\d+ units sold in the last \\d+ days`) })).toBeVisible();
    await shot(page, 'results-1280');

    // 4. The buyer sets the quantity from the keyboard (Enter, type, Enter); the row becomes a PO received at Austin.
    await quantity.click();
    await page.keyboard.press('Enter');
    await quantity.getByRole('spinbutton').fill('24');
    await page.keyboard.press('Enter');
    await expect(quantity).toHaveText('24');
    await rowA.getByRole('checkbox', { name: 'Select row' }).check();
    await table.getByRole('button', { name: 'Create purchase orders (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create purchase orders' });
    await dialog.getByLabel(/^Receiving iLoc/).selectOption({ label: 'Austin Main Warehouse (AUS-MAIN)' });
    await shot(page, 'po-dialog-1280');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const link = page.getByRole('link', { name: /^PO-/ });
    await expect(link).toBeVisible();
    const number = (await link.textContent())!.trim();
    made.poIds.push((await link.getAttribute('href'))!.split('/').pop()!);
    await expect(page.getByText(`${SUPPLIER} · 1 line · 24 units`)).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page);
    await shot(page, 'results-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // 5. The PO is in the list, a draft from the supplier.
    await page.getByRole('link', { name: 'All purchase orders' }).click();
    await expect(page).toHaveURL('/purchase-orders');
    await expect(page.getByRole('link', { name: number, exact: true })).toBeVisible();

    // 6. The past run reopens from the list; the form at 390 px does not scroll sideways.
    await page.goto('/forecasting-create');
    await waitForShell(page);
    const runs = page.getByRole('region', { name: 'Past forecasts' });
    await runs.getByRole('button').first().click();
    await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page);
    await shot(page, 'form-390');
  } finally {
    await cleanUp(request, authorization, made);
  }
});
