import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn, waitForShell } from './helpers';

/**
 * Issue 5's transfer scenario: 10 units at AUS-MAIN through the API; in the browser a transfer of 6 to
 * SE-RENO is created, confirmed (reserved at the source), shipped in one shipment and received; the
 * transfer completes and /inventory shows 6 at Reno and 4 left at Austin. Screenshots go to /tmp.
 */

const RUN = Date.now().toString(36).toUpperCase();
const SKU = `E2E-TR-${RUN}`;
const SHOTS = process.env.SUPPLY_SCREENSHOTS ?? '/tmp';

async function stockAtAustin(page: Page, request: APIRequestContext): Promise<void> {
  const token = await page.evaluate(() => window.localStorage.getItem('access_token'));
  const headers = { Authorization: `Bearer ${token}` };
  const ok = async <T>(res: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBeTruthy();
    return (await res.json()) as T;
  };
  const me = await ok<{ data: { company: { id: string } } }>(await request.get('/api/1.0/users/information?include=company', { headers }));
  const ilocs = await ok<{ data: { id: string; code: string }[] }>(await request.get(`/api/1.0/tenants/${me.data.company.id}/ilocs?per_page=100`, { headers }));
  const austin = ilocs.data.find((i) => i.code === 'AUS-MAIN')!;
  await ok(await request.post('/api/1.0/products', { headers, data: { name: `E2E transfer ${RUN}`, skus: [{ sku: SKU, name: `E2E transfer ${RUN}`, type: 'REGULAR' }] } }));
  await ok(await request.post('/api/1.0/inventory/adjustments', {
    headers, data: { adjustments: [{ sku: SKU, iloc_id: austin.id, bucket: 'good', delta: 10, reason: 'received' }] },
  }));
}

async function shot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/transfer-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/transfer-${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('transfer: create between two ilocs, confirm, ship, receive; completed with the stock at the destination', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, 'tenant');
  await stockAtAustin(page, request);

  // 1. Create it in the form; the same iloc twice is refused at once.
  await page.goto('/create-transfers');
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: 'New transfer', level: 1 })).toBeVisible();
  await page.getByLabel(/^From location/).selectOption({ label: 'Austin Main Warehouse (AUS-MAIN)' });
  await page.getByLabel(/^To location/).selectOption({ label: 'Austin Main Warehouse (AUS-MAIN)' });
  await expect(page.getByText('The destination must differ from the source')).toBeVisible();
  await page.getByLabel(/^To location/).selectOption({ label: 'Shipedge Reno (SE-RENO)' });
  await page.getByRole('combobox', { name: 'SKU 1' }).fill(SKU);
  await page.getByRole('option', { name: new RegExp(SKU) }).click();
  await page.getByLabel(/^Quantity 1/).fill('6');
  await expect(page.getByText('Available at the source: 10')).toBeVisible();
  await shot(page, 'create');
  await page.getByRole('button', { name: 'Create transfer' }).click();

  // 2. The draft: confirm reserves the units at the source.
  await expect(page.getByRole('heading', { name: /^Transfer TR-/, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/transfer\/show\/[0-9a-f-]{36}$/);
  const transferUrl = page.url();
  const number = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Transfer ', '');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible();
  const line = page.getByTestId(`transfer-line-${SKU}`);
  const figure = (label: string) => line.getByRole('definition').nth(['Quantity', 'Reserved', 'Shipped', 'Received'].indexOf(label));
  await expect(figure('Reserved')).toHaveText('6');
  await page.getByRole('link', { name: 'Create shipment' }).click();

  // 3. Its shipment: everything reserved, saved, then shipped.
  await expect(page.getByRole('heading', { name: /^New shipment for transfer TR-/, level: 1 })).toBeVisible();
  await expect(page.getByLabel(`To ship ${SKU}`)).toHaveValue('6');
  await page.getByLabel(/^ASN number/).fill(`TR-ASN-${RUN}`);
  await page.getByRole('button', { name: 'Save ASN' }).click();
  await expect(page.getByRole('heading', { name: `ASN TR-ASN-${RUN}`, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  await page.getByRole('link', { name: 'Open receiving' }).click();

  // 4. Receive it all: complete.
  await expect(page.getByRole('heading', { name: `Receive TR-ASN-${RUN}`, level: 1 })).toBeVisible();
  await expect(page.getByLabel(`Good ${SKU}`)).toHaveValue('6');
  await page.getByRole('button', { name: 'Receive and close' }).click();
  await expect(page.getByText('Everything expected arrived.')).toBeVisible();

  // 5. The transfer is completed; the stock moved.
  await page.goto(transferUrl);
  await waitForShell(page);
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(figure('Shipped')).toHaveText('6');
  await expect(figure('Received')).toHaveText('6');
  await shot(page, 'completed');

  // 6. The list: under the Completed tab, linked to the transfer.
  await page.goto('/transfers');
  await waitForShell(page);
  await page.getByRole('tab', { name: 'Completed' }).click();
  await page.getByLabel('Search transfer number or SKU').fill(SKU);
  await expect(page.getByRole('row').filter({ hasText: number }).getByRole('link', { name: number })).toHaveAttribute('href', new URL(transferUrl).pathname);
  await shot(page, 'list');

  await page.goto('/inventory');
  await waitForShell(page);
  await page.getByLabel('Search SKU or name').fill(SKU);
  const grid = page.getByRole('grid', { name: 'Inventory by SKU and location' });
  const row = (iloc: string) => grid.getByRole('row').filter({ hasText: SKU }).filter({ hasText: iloc });
  await expect(row('Shipedge Reno').getByRole('gridcell', { name: '6', exact: true })).toHaveCount(2);
  await expect(row('Austin Main Warehouse').getByRole('gridcell', { name: '4', exact: true })).toHaveCount(2);
});
