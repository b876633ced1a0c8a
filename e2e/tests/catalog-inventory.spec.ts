import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signIn, waitForShell } from './helpers';

/**
 * Issue 3's browser scenario: create a product with two SKUs, adjust stock at two ilocs, see it on
 * /inventory, export CSV, import a CSV with one bad row and read the report.
 */

// Unique codes per run: the server keeps its database for the whole suite.
const RUN = Date.now().toString(36).toUpperCase();
const SKU_M = `E2E-${RUN}-M`;
const SKU_L = `E2E-${RUN}-L`;
const PRODUCT = `E2E tee ${RUN}`;

async function adjust(page: Page, sku: string, iloc: string, quantity: string): Promise<void> {
  await page.getByRole('button', { name: 'Adjust stock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adjust stock' });
  await dialog.getByRole('combobox', { name: /^SKU/ }).fill(sku);
  await dialog.getByLabel(/^Location/).selectOption({ label: iloc });
  await dialog.getByRole('radio', { name: 'Add or remove' }).check();
  await dialog.getByLabel(/^Quantity to add or remove/).fill(quantity);
  await dialog.getByLabel('Reason').selectOption('received');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  // The dialog closes only once the server has applied the adjustment.
  await expect(dialog).toBeHidden();
}

test('catalog and inventory: product with two SKUs, stock at two ilocs, CSV export and import report', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'tenant');

  // 1. A product with two SKUs.
  await page.goto('/product/create');
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: 'New product', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(PRODUCT);
  await page.getByRole('combobox', { name: 'Brand' }).fill(`Brand ${RUN}`);
  const first = page.getByRole('group', { name: /^SKU 1/ });
  await first.getByRole('textbox', { name: 'SKU', exact: true }).fill(SKU_M);
  await first.getByRole('textbox', { name: 'SKU name' }).fill('E2E tee medium');
  await first.getByLabel('Retail price').fill('19.90');
  await first.getByLabel('Weight').fill('0.25');
  await page.getByRole('button', { name: 'Add SKU' }).click();
  const second = page.getByRole('group', { name: /^SKU 2/ });
  await expect(second.getByRole('textbox', { name: 'SKU', exact: true })).toBeFocused();
  await second.getByRole('textbox', { name: 'SKU', exact: true }).fill(SKU_L);
  await second.getByRole('textbox', { name: 'SKU name' }).fill('E2E tee large');
  await second.getByLabel('Retail price').fill('21.50');
  await page.getByRole('button', { name: 'Create product' }).click();

  await expect(page).toHaveURL(/\/product\/show\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: PRODUCT, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: SKU_M, level: 3 })).toBeVisible();
  await expect(page.getByRole('heading', { name: SKU_L, level: 3 })).toBeVisible();

  // 2. Stock at two ilocs.
  await page.goto('/inventory');
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  await adjust(page, SKU_M, 'Austin Main Warehouse (AUS-MAIN)', '10');
  await adjust(page, SKU_M, 'Shipedge Reno (SE-RENO)', '4');
  await adjust(page, SKU_L, 'Austin Main Warehouse (AUS-MAIN)', '7');

  // 3. On /inventory: one row per SKU × iloc.
  await page.getByLabel('Search SKU or name').fill(`E2E-${RUN}`);
  const grid = page.getByRole('grid', { name: 'Inventory by SKU and location' });
  const row = (sku: string, iloc: string) => grid.getByRole('row').filter({ hasText: sku }).filter({ hasText: iloc });
  await expect(row(SKU_M, 'Austin Main Warehouse')).toBeVisible();
  await expect(row(SKU_M, 'Austin Main Warehouse').getByRole('gridcell', { name: '10' }).first()).toBeVisible();
  await expect(row(SKU_M, 'Shipedge Reno').getByRole('gridcell', { name: '4' }).first()).toBeVisible();
  await expect(row(SKU_L, 'Austin Main Warehouse').getByRole('gridcell', { name: '7' }).first()).toBeVisible();

  // 4. Export CSV (the current filters), downloaded with the bearer token.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Inventory rows (current filters)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^inventory-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const [header = '', ...lines] = csv.trim().split(/\r?\n/);
  const columns = header.split(',');
  const good = (sku: string, ilocCode: string) => {
    const cells = lines.map((l) => l.split(',')).find((c) => c[columns.indexOf('sku')] === sku && c[columns.indexOf('iloc_code')] === ilocCode);
    return cells?.[columns.indexOf('qty_good')];
  };
  expect(good(SKU_M, 'AUS-MAIN')).toBe('10');
  expect(good(SKU_M, 'SE-RENO')).toBe('4');
  expect(good(SKU_L, 'AUS-MAIN')).toBe('7');

  // 5. Import counts with one bad row: the good row lands, the bad one is reported with its line.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page.getByRole('menuitem', { name: 'Inventory counts…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import inventory counts' });
  await dialog.getByTestId('csv-file-input').setInputFiles({
    name: 'counts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,iloc_code,bucket,quantity,reason\n${SKU_L},SE-RENO,good,12,cycle_count\nNO-SUCH-${RUN},AUS-MAIN,good,5,cycle_count\n`),
  });
  await expect(dialog.getByText('counts.csv')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('1 row could not be imported; the other rows were.')).toBeVisible();
  const report = dialog.getByRole('table', { name: 'Rows not imported' });
  const bad = report.getByRole('row').filter({ hasText: `NO-SUCH-${RUN}` });
  await expect(bad.getByRole('cell').first()).toHaveText('3');
  await expect(bad).toContainText(/Unknown SKU/i);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row(SKU_L, 'Shipedge Reno').getByRole('gridcell', { name: '12' }).first()).toBeVisible();
});
