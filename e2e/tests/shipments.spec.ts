import { expect, test, type Page } from '@playwright/test';
import { apiOf, signIn, waitForShell, type Api } from './helpers';

/**
 * Shipments and returns in the browser: an order seeded through the API is shipped in two boxes (a
 * package fills the measures), closes, then one unit comes back damaged and shows as qty_hurt in the
 * inventory. Screenshots at 1280 px and 375 px go to /tmp for a look.
 */

const RUN = Date.now().toString(36).toUpperCase();
const SKU = `E2E-SHP-${RUN}`;
const SHOTS = process.env.SHIPMENTS_SCREENSHOTS ?? '/tmp';


/** The API as the signed-in user: the page's own access token. */

interface InventoryRow { iloc_id: string; qty_good: number; qty_hurt: number; qty_reserved: number }

/** A SKU with 10 good units at Austin Main, a package, and an open order of 3 units: answers the order and the iloc. */
async function seed(api: Api): Promise<{ orderId: string; number: string; austin: string }> {
  const me = await api.get<{ data: { company: { id: string } } }>('/users/information?include=company');
  const ilocs = await api.get<{ data: { id: string; code: string }[] }>(`/tenants/${me.data.company.id}/ilocs?per_page=100`);
  const austin = ilocs.data.find((i) => i.code === 'AUS-MAIN')!.id;
  await api.post('/products', { name: `E2E ship tee ${RUN}`, skus: [{ sku: SKU, name: `E2E ship tee ${RUN}`, prices: [{ code: 'RETAIL', value: '20.00' }] }] });
  await api.post('/inventory/adjustments', { adjustments: [{ sku: SKU, iloc_id: austin, bucket: 'good', delta: 10, reason: 'received' }] });
  await api.post('/packages', { name: `E2E box ${RUN}`, type: 'box', box_weight: '0.4', outer_length: '30', outer_width: '20', outer_height: '12' });
  const order = await api.post<{ data: { id: string; number: string; status: string } }>('/orders', {
    external_id: `E2E-SHIP-${RUN}`, channel: 'manual',
    customer: { first_name: 'Ada', last_name: 'Lovelace', email: `ada.ship.${RUN.toLowerCase()}@example.com` },
    shipping_address: { first_name: 'Ada', last_name: 'Lovelace', address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
    lines: [{ sku: SKU, quantity: 3, price: '20.00' }], ship_method: 'standard',
  });
  expect(order.data.status).toBe('open');
  return { orderId: order.data.id, number: order.data.number, austin };
}

async function stock(api: Api, austin: string): Promise<InventoryRow> {
  const rows = await api.get<{ data: InventoryRow[] }>(`/inventory?search=sku:${SKU}`);
  return rows.data.find((r) => r.iloc_id === austin)!;
}

/** What the viewport shows, after a resize settles (a full-page capture re-lays the page out and misdraws it). */
async function shot(page: Page, name: string): Promise<void> {
  // A real wait, not an absence check (see above).
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/shipments-${name}.png` });
}

test('ship an order in two boxes, return one unit as damaged, see it in the inventory', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, 'tenant');
  const api = await apiOf(page, request);
  const { orderId, number, austin } = await seed(api);
  expect(await stock(api, austin)).toMatchObject({ qty_good: 10, qty_reserved: 3 });

  // 1. Ship: box 1 from the package with 2 units, box 2 with 1 unit.
  await page.goto(`/shipments/create/${orderId}`);
  await waitForShell(page);
  await expect(page.getByRole('heading', { level: 1, name: `Ship order ${number}` })).toBeVisible();
  await expect(page.getByText('Austin Main Warehouse (3 units allocated)')).toBeVisible();
  const packages = page.getByRole('combobox', { name: 'Package' });
  await packages.first().selectOption({ label: `E2E box ${RUN}` });
  await expect(page.getByLabel('Length Box 1')).toHaveValue('30');
  await page.getByLabel(`Units of ${SKU} Box 1`).fill('2');
  await expect(page.getByText('Assigned 3, but 2 in boxes')).toBeVisible();
  // Keyboard only: focus and Enter.
  await page.getByRole('button', { name: 'Add box' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: 'Box 2' })).toBeVisible();
  await packages.nth(1).selectOption({ label: `E2E box ${RUN}` });
  await page.getByLabel(`Units of ${SKU} Box 2`).fill('1');
  await expect(page.getByText('Assigned 3, but 2 in boxes')).toBeHidden();
  await page.getByLabel('Tracking number').fill(`1Z${RUN}`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'create-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, 'create-375');
  await page.getByLabel('Length Box 2').scrollIntoViewIfNeeded();
  await shot(page, 'create-375-boxes');
  await page.getByRole('button', { name: 'Ship', exact: true }).scrollIntoViewIfNeeded();
  await shot(page, 'create-375-submit');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the shipment form does not scroll sideways on a phone').toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Ship', exact: true }).focus();
  await page.keyboard.press('Enter');

  // 2. Back on the order: stock left through the ledger, the order is shipped and closed.
  await expect(page).toHaveURL(`/orders/edit/${orderId}`);
  await expect(page.getByText(`Shipment ${number}-S1 shipped`)).toBeVisible();
  expect(await stock(api, austin)).toMatchObject({ qty_good: 7, qty_reserved: 0 });
  const order = await api.get<{ data: { status: string; fulfillment_status: string } }>(`/orders/${orderId}`);
  expect(order.data).toMatchObject({ status: 'closed', fulfillment_status: 'shipped' });
  const shipments = await api.get<{ data: { id: string; number: string; box_count: number }[] }>(`/shipments?search=order_id:${orderId}`);
  expect(shipments.data).toEqual([expect.objectContaining({ number: `${number}-S1`, box_count: 2 })]);
  const shipmentId = shipments.data[0]!.id;

  // 3. Return one unit as damaged: create, approve, receive into Damaged at Austin.
  await page.goto(`/shipments/return/${shipmentId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Returns of shipment ${number}-S1` })).toBeVisible();
  await page.getByLabel(`Units to return ${SKU}`).fill('1');
  await page.getByLabel(`Reason ${SKU}`).selectOption('damaged');
  await page.getByRole('button', { name: 'Create return' }).click();
  const rma = `RMA-${number}-1`;
  const row = page.getByRole('region', { name: rma });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Approve ${rma}` }).click();
  const confirm = page.getByRole('dialog', { name: `Approve return ${rma}?` });
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(confirm).toBeHidden();
  await row.getByRole('button', { name: `Receive ${rma}` }).click();
  const receive = page.getByRole('dialog', { name: `Receive return ${rma}` });
  await expect(receive.getByText('1 still to receive')).toBeVisible();
  await expect(receive.getByLabel(/^Receive at/)).toHaveValue(austin);
  await receive.getByLabel(`Damaged ${SKU}`).fill('1');
  await shot(page, 'receive-1280');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(receive).toBeHidden();
  await expect(row.getByText('Complete')).toBeVisible();
  await shot(page, 'return-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, 'return-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  // 4. The damaged unit is in the inventory's qty_hurt at Austin (the column shows on wide screens).
  expect(await stock(api, austin)).toMatchObject({ qty_good: 7, qty_hurt: 1 });
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto('/inventory');
  await waitForShell(page);
  await page.getByLabel('Search SKU or name').fill(SKU);
  const stockRow = page.getByRole('row').filter({ hasText: SKU }).filter({ hasText: 'Austin Main Warehouse' });
  await expect(stockRow.locator('[data-field="qty_hurt"]')).toHaveText('1');
  await expect(stockRow.locator('[data-field="qty_good"]')).toHaveText('7');

  // 5. The returns list shows it with its refund still to pay.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/returns');
  await waitForShell(page);
  await page.getByLabel('Search return or order number').fill(rma);
  const list = page.getByRole('grid');
  await expect(list.getByRole('link', { name: rma })).toBeVisible();
  await expect(list.getByRole('button', { name: `Refund ${rma}` })).toBeVisible();
  await shot(page, 'returns-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(list.getByRole('link', { name: rma })).toBeVisible();
  await shot(page, 'returns-375');
});
