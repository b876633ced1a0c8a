import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bearerFor, signIn, waitForShell } from './helpers';

/**
 * From an /inventory row: adjust the stock, read the movement in the row's history, and read every term
 * of the channel availability. At desktop and phone width, with screenshots for a human to look at.
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS_DIR, { recursive: true });
const RUN = Date.now().toString(36).toUpperCase();

/** A fresh SKU through the API (the catalog screens have their own test). */
async function createSku(request: APIRequestContext, code: string): Promise<void> {
  const created = await request.post('/api/1.0/skus', { headers: { authorization: await bearerFor(request, 'tenant') }, data: { sku: code, name: `History tee ${RUN}` } });
  expect(created.status(), await created.text()).toBe(201);
}

async function openInventoryRow(page: Page, sku: string) {
  await page.goto('/inventory');
  await waitForShell(page);
  await page.getByLabel('Search SKU or name').fill(sku);
  const grid = page.getByRole('grid', { name: 'Inventory by SKU and location' });
  const row = grid.getByRole('row').filter({ hasText: sku }).filter({ hasText: 'Austin Main Warehouse' });
  await expect(row).toBeVisible();
  // The search is debounced: until the filtered page replaces the first one, a click on the row can land on a row
  // being swapped out (seen in CI: the Adjust dialog never opened). Wait until every data row is the SKU's.
  await expect(grid.getByRole('row').filter({ has: page.getByRole('gridcell') }).filter({ hasNotText: sku })).toHaveCount(0);
  return row;
}

async function rowAction(page: Page, row: ReturnType<Page['getByRole']>, action: string): Promise<void> {
  await row.getByRole('menuitem', { name: 'more' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function shot(page: Page, name: string): Promise<void> {
  // Let the drawer or dialog finish sliding in.
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${page.viewportSize()?.width ?? 0}.png`) });
}

test('adjust a SKU, read the movement in its history, and the terms of its channel availability', async ({ page }) => {
  const sku = `HIST-${RUN}`;
  await createSku(page.request, sku);
  await signIn(page, 'tenant');
  const row = await openInventoryRow(page, sku);

  // 1. Adjust from the row: ten received, with a note.
  await row.getByRole('menuitem', { name: 'Adjust' }).click();
  const adjust = page.getByRole('dialog', { name: `Adjust ${sku} at Austin Main Warehouse` });
  await adjust.getByLabel('Reason').selectOption('received');
  await adjust.getByLabel(/^Quantity to add or remove/).fill('10');
  await adjust.getByLabel('Note').fill(`PO ${RUN}`);
  await adjust.getByRole('button', { name: 'Apply' }).click();
  await expect(adjust).toBeHidden();
  await expect(row.getByRole('gridcell', { name: '10' }).first()).toBeVisible();

  // 2. The row's history: the movement, who made it, why, and the balance after.
  await rowAction(page, row, 'History');
  const history = page.getByRole('dialog', { name: `Stock history of ${sku}` });
  const movement = history.getByRole('list', { name: 'Stock movements, newest first' }).getByRole('listitem').first();
  await expect(movement).toContainText('Received');
  await expect(movement).toContainText('Good +10');
  await expect(movement).toContainText(`by Tom Tenant · PO ${RUN}`);
  await expect(movement).toContainText('Balance after: Good 10 · Available 10');
  await expect(history.getByLabel('Location')).toHaveValue(/[0-9a-f-]{36}/);
  await shot(page, 'inventory-history');
  // Escape closes it, as any dialog.
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // 3. Channel availability: every term, recomputed as the seller changes the rules.
  await rowAction(page, row, 'Channel availability');
  const explain = page.getByRole('dialog', { name: `Channel availability of ${sku}` });
  const terms = explain.getByRole('table', { name: 'How the published quantity is calculated' });
  await expect(terms.getByRole('row', { name: /Austin Main Warehouse: on hand 10 − reserved 0/ })).toContainText('10');
  await expect(explain.getByTestId('published-quantity')).toHaveText('10');
  await explain.getByRole('textbox', { name: 'Reserve (%)' }).fill('10');
  await explain.getByRole('textbox', { name: 'Max listed' }).fill('8');
  await expect(terms.getByRole('row', { name: /Hold back 10 % \(rounded down\)/ })).toContainText('9');
  await expect(terms.getByRole('row', { name: /Cap at max listed 8/ })).toContainText('8');
  await expect(explain.getByTestId('published-quantity')).toHaveText('8');
  await explain.getByRole('checkbox', { name: 'Shipedge Reno' }).check();
  await expect(terms.getByRole('row', { name: /Shipedge Reno: on hand 0 − reserved 0/ })).toBeVisible();
  await shot(page, 'inventory-availability');
  await explain.getByRole('button', { name: 'Close' }).click();
  await expect(explain).toBeHidden();
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the history and the availability explanation fit the screen', async ({ page }) => {
    const sku = `HISTP-${RUN}`;
    await createSku(page.request, sku);
    await signIn(page, 'tenant');
    const row = await openInventoryRow(page, sku);
    await rowAction(page, row, 'Adjust');
    const adjust = page.getByRole('dialog', { name: `Adjust ${sku} at Austin Main Warehouse` });
    await adjust.getByLabel(/^Quantity to add or remove/).fill('12');
    await adjust.getByRole('button', { name: 'Apply' }).click();
    await expect(adjust).toBeHidden();

    await rowAction(page, row, 'History');
    const history = page.getByRole('dialog', { name: `Stock history of ${sku}` });
    await expect(history.getByRole('listitem').first()).toContainText('Good +12');
    const width = async () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(375);
    await shot(page, 'inventory-history');
    await history.getByRole('button', { name: 'Close' }).click();
    await expect(history).toBeHidden();

    await rowAction(page, row, 'Channel availability');
    const explain = page.getByRole('dialog', { name: `Channel availability of ${sku}` });
    await expect(explain.getByTestId('published-quantity')).toHaveText('12');
    await explain.getByRole('textbox', { name: 'Reserve (%)' }).fill('25');
    await expect(explain.getByTestId('published-quantity')).toHaveText('9');
    expect(await width()).toBeLessThanOrEqual(375);
    await shot(page, 'inventory-availability');
  });
});
