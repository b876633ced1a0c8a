import { expect, test, type Page } from '@playwright/test';
import { apiAs, apiOf, signIn, waitForShell, type Api } from './helpers';

/**
 * Issue 5's receiving scenario: a PO for Northwind with two SKUs is confirmed and submitted through the
 * API; in the browser the ASN is created and shipped, then received with one line short, and the
 * discrepancy shows on the line and in the status; /inventory holds the units that came in.
 * Screenshots at 1280 px and 375 px go to /tmp for a look.
 */

const RUN = Date.now().toString(36).toUpperCase();
const SKU_A = `E2E-ASN-A-${RUN}`;
const SKU_B = `E2E-ASN-B-${RUN}`;
const ASN = `ASN-${RUN}`;
const SHOTS = process.env.SUPPLY_SCREENSHOTS ?? '/tmp';


/** The API as the signed-in user: the page's own access token. */

/** Two SKUs, and a PO for Northwind at AUS-MAIN with 10 + 5 units, confirmed and submitted (e-mailed). */
async function submittedPo(api: Api, prefix = 'E2E-ASN'): Promise<{ id: string; number: string }> {
  const a = `${prefix}-A-${RUN}`;
  const b = `${prefix}-B-${RUN}`;
  const me = await api.get<{ data: { company: { id: string } } }>('/users/information?include=company');
  const ilocs = await api.get<{ data: { id: string; code: string }[] }>(`/tenants/${me.data.company.id}/ilocs?per_page=100`);
  const austin = ilocs.data.find((i) => i.code === 'AUS-MAIN')!;
  const suppliers = await api.get<{ data: { id: string; name: string }[] }>('/suppliers?search=name:Northwind');
  const northwind = suppliers.data.find((s) => s.name === 'Northwind Supply')!;
  await api.post('/products', {
    name: `${prefix} ${RUN}`,
    skus: [
      { sku: a, name: `${prefix} A ${RUN}`, type: 'REGULAR' },
      { sku: b, name: `${prefix} B ${RUN}`, type: 'REGULAR' },
    ],
  });
  const po = await api.post<{ data: { id: string; number: string } }>('/purchase-orders', {
    supplier_id: northwind.id, iloc_id: austin.id, lines: [{ sku: a, quantity: 10, unit_cost: '2.00' }, { sku: b, quantity: 5, unit_cost: '3.00' }],
  });
  await api.post(`/purchase-orders/${po.data.id}/confirm`);
  await api.post(`/purchase-orders/${po.data.id}/submit`);
  return po.data;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/asn-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/asn-${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('ASN: create and ship it for a submitted PO, receive one line short, see the discrepancy and the stock', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, 'tenant');
  const po = await submittedPo(await apiOf(page, request));

  // 1. Create the ASN for the PO: everything left to ship, no boxes.
  await page.goto(`/purchase-order/shipments/${po.id}/new`);
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: `New ASN for ${po.number}`, level: 1 })).toBeVisible();
  await expect(page.getByLabel(`To ship ${SKU_A}`)).toHaveValue('10');
  await expect(page.getByLabel(`To ship ${SKU_B}`)).toHaveValue('5');
  await page.getByLabel(/^ASN number/).fill(ASN);
  await page.getByLabel('Carrier').fill('UPS');
  await page.getByLabel('Tracking number').fill(`1Z${RUN}`);
  await shot(page, 'create');
  await page.getByRole('button', { name: 'Save ASN' }).click();

  // 2. The saved draft offers Ship; shipping puts it in transit.
  await expect(page.getByRole('heading', { name: `ASN ${ASN}`, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/purchase-order/shipments/${po.id}/[0-9a-f-]{36}$`));
  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(page.getByText('In transit').first()).toBeVisible();
  await page.getByRole('link', { name: 'Open receiving' }).click();

  // 3. Receive: A arrives 2 short, B complete; close the receipt.
  await expect(page.getByRole('heading', { name: `Receive ${ASN}`, level: 1 })).toBeVisible();
  await expect(page.getByLabel(`Good ${SKU_A}`)).toHaveValue('10');
  await page.getByLabel(`Good ${SKU_A}`).fill('7');
  await page.getByLabel(`Hold ${SKU_A}`).fill('1');
  await shot(page, 'receive');
  await page.getByRole('button', { name: 'Receive and close' }).click();

  // 4. The discrepancy: on the line in words, in the banner, and as the status.
  const outcome = page.getByRole('region', { name: 'What arrived' });
  await expect(outcome.getByTestId(`outcome-${SKU_A}`)).toContainText('Short by 2');
  await expect(outcome.getByTestId(`outcome-${SKU_B}`)).toContainText('As expected');
  await expect(outcome.getByText(/differ from what was expected on 1 line/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Shipment details' }).getByText('Discrepancy', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' }).getByText(/Received → Discrepancy/)).toBeVisible();
  await shot(page, 'discrepancy');

  // 5. The ASN list marks it; /inventory holds what came in as good.
  await page.goto('/asn');
  await waitForShell(page);
  await page.getByLabel('Search ASN, BOL, tracking, PO or transfer').fill(ASN);
  const asnRow = page.getByRole('row').filter({ hasText: ASN });
  await expect(asnRow.getByText('Discrepancy')).toBeVisible();
  await expect(asnRow.getByRole('link', { name: po.number })).toBeVisible();
  await shot(page, 'list');

  await page.goto('/inventory');
  await waitForShell(page);
  await page.getByLabel('Search SKU or name').fill(`E2E-ASN-A-${RUN}`);
  const grid = page.getByRole('grid', { name: 'Inventory by SKU and location' });
  const row = grid.getByRole('row').filter({ hasText: SKU_A }).filter({ hasText: 'Austin Main Warehouse' });
  // Available and good: 7 (the held unit is not sellable).
  await expect(row.getByRole('gridcell', { name: '7', exact: true })).toHaveCount(2);
});


test('ASN: the supplier creates one for its own PO and goes back to that PO', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tenant = await apiAs(request, 'tenant');
  const po = await submittedPo(tenant, 'SUP');
  await signIn(page, 'supplier');
  await page.goto(`/supplier-purchase-orders/${po.id}/shipments/new`);
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: `New ASN for ${po.number}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Packing template' })).toHaveCount(0);
  await page.getByLabel(`To ship SUP-A-${RUN}`).fill('4');
  await page.getByLabel(/^ASN number/).fill(`NW-${RUN}`);
  // One box holding everything; until B is boxed the form says the counts differ.
  await page.getByRole('button', { name: 'Add box' }).click();
  const box = page.getByRole('group', { name: 'Box 1' });
  for (const [label, value] of [['Length', '40'], ['Width', '30'], ['Height', '20'], ['Weight', '3.5']] as const) await box.getByLabel(`${label} Box 1`).fill(value);
  await box.getByLabel(`Units of SUP-A-${RUN} Box 1`).fill('4');
  await expect(page.getByText('To ship 5, but 0 in boxes')).toBeVisible();
  await box.getByLabel(`Units of SUP-B-${RUN} Box 1`).fill('5');
  await expect(page.getByText('To ship 5, but 0 in boxes')).toHaveCount(0);
  await shot(page, 'supplier');
  await page.getByRole('button', { name: 'Save ASN' }).click();
  await expect(page).toHaveURL(`/supplier-purchase-orders/${po.id}`);

  // The tenant sees the supplier's draft: 4 of A and all 5 of B.
  const list = await tenant.get<{ data: { id: string; asn_number: string; status: string; qty_expected: number }[] }>(`/purchase-orders/${po.id}/shipments`);
  expect(list.data.map((s) => [s.asn_number, s.status, s.qty_expected])).toEqual([[`NW-${RUN}`, 'draft', 9]]);
  const saved = await tenant.get<{ data: { boxes: { length: string; weight: string; contents: { line_no: number; quantity: number }[] }[] } }>(`/supply-shipments/${list.data[0]!.id}`);
  expect(saved.data.boxes).toEqual([expect.objectContaining({ length: '40.000', weight: '3.500', contents: [{ line_no: 1, quantity: 4 }, { line_no: 2, quantity: 5 }] })]);
});
