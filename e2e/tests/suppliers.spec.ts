import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn, waitForShell } from './helpers';

/**
 * Suppliers (issue 5): create a supplier with an address in the UI, give it a cost for a SKU, see both on
 * its page (and after a reload, so they were saved); the same page works on a 375 px phone. A packing
 * template with a box is created too. Screenshots at 1280 px and 375 px go to /tmp.
 */

// Unique names per run: the server keeps its database for the whole suite.
const RUN = Date.now().toString(36).toUpperCase();
const SUPPLIER = `Contoso Parts ${RUN}`;
const SKU = `E2E-SUP-${RUN}`;
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-suppliers';
mkdirSync(SHOTS_DIR, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  // A real wait, not an absence check: drawers, dialogs and toasts finish their transitions before the picture.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

/** A catalog SKU to price, made through the API as the signed-in user. */
async function makeSku(page: Page, request: APIRequestContext): Promise<void> {
  const token = await page.evaluate(() => window.localStorage.getItem('access_token'));
  const res = await request.post('/api/1.0/products', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `E2E supplier tee ${RUN}`, skus: [{ sku: SKU, name: `E2E supplier tee ${RUN}`, type: 'REGULAR' }] },
  });
  expect(res.ok(), `POST /products answered ${res.status()}: ${await res.text()}`).toBeTruthy();
}

test('suppliers: create with an address, price a SKU, see both on its page; a packing template', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, 'tenant');
  await makeSku(page, request);

  // 1. A supplier with terms and an address, from the list's create dialog.
  await page.goto('/suppliers');
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: 'Suppliers', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Northwind Supply' })).toBeVisible();
  await shot(page, 'suppliers-list');
  await page.getByRole('button', { name: 'New supplier' }).click();
  const create = page.getByRole('dialog', { name: 'New supplier' });
  await create.getByLabel(/^Name/).fill(SUPPLIER);
  await create.getByLabel('Email').fill(`sales.${RUN.toLowerCase()}@contoso.test`);
  await create.getByLabel('Payment terms').fill('Net 45');
  await create.getByLabel('Lead time (days)').fill('21');
  await create.getByLabel('Address', { exact: true }).fill('1 Dock Rd');
  await create.getByLabel('City').fill('Austin');
  await create.getByLabel('Zip or postal code').fill('78701');
  await create.getByLabel(/^Country/).fill('us');
  await create.getByRole('button', { name: 'Save' }).click();

  // 2. Its page: terms and the address.
  await expect(page).toHaveURL(/\/supplier\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: SUPPLIER, level: 1 })).toBeVisible();
  const details = page.getByRole('region', { name: 'Terms and details' });
  await expect(details.getByText('Net 45')).toBeVisible();
  await expect(details.getByText('21 days')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Address 1' }).getByText('1 Dock Rd')).toBeVisible();
  await expect(page.getByText('No SKU costs yet')).toBeVisible();

  // 3. A SKU cost: an unknown code is refused under its row, then the real one (typed in lower case) is saved.
  await page.getByRole('button', { name: 'Add SKU' }).click();
  await page.getByRole('textbox', { name: 'SKU', exact: true }).fill(`${SKU}-NOPE`);
  await page.getByRole('textbox', { name: 'Supplier SKU (New)' }).fill('CP-100');
  await page.getByRole('textbox', { name: 'Cost (New)' }).fill('4.75');
  await page.getByRole('textbox', { name: 'Min. quantity (New)' }).fill('12');
  await page.getByRole('button', { name: 'Save SKU costs' }).click();
  await expect(page.getByText('SKU not found')).toBeVisible();
  await page.getByRole('textbox', { name: 'SKU', exact: true }).fill(SKU.toLowerCase());
  await page.getByRole('button', { name: 'Save SKU costs' }).click();
  await expect(page.getByText('1 SKU cost saved')).toBeVisible();
  await expect(page.getByRole('textbox', { name: `Cost ${SKU}` })).toHaveValue('4.7500');
  await expect(page.getByRole('textbox', { name: `Supplier SKU ${SKU}` })).toHaveValue('CP-100');

  // 4. Saved for real: a reload shows it, and the supplier counts one SKU.
  await page.reload();
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: SUPPLIER, level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: `Cost ${SKU}` })).toHaveValue('4.7500');
  await expect(page.getByRole('region', { name: 'Terms and details' }).getByText('1', { exact: true })).toBeVisible();
  await shot(page, 'supplier-show');
  const supplierUrl = page.url();

  // 5. On a phone: the page fits the width, the SKU table scrolls inside its box, and the cost is reachable.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(supplierUrl);
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: SUPPLIER, level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: `Cost ${SKU}` })).toHaveValue('4.7500');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page does not scroll sideways').toBeLessThanOrEqual(1);
  await page.getByRole('textbox', { name: `Cost ${SKU}` }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('textbox', { name: `Cost ${SKU}` })).toBeInViewport();
  await shot(page, 'supplier-show');
  await page.goto('/suppliers');
  await waitForShell(page);
  await page.getByRole('searchbox', { name: 'Search name or email' }).fill(RUN);
  await expect(page.getByRole('link', { name: SUPPLIER })).toBeVisible();
  await shot(page, 'suppliers-list');

  // 6. A packing template with one box (back at desktop width).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/packing-templates');
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: 'Packing templates', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New packing template' }).click();
  const tpl = page.getByRole('dialog', { name: 'New packing template' });
  await tpl.getByLabel(/^Name/).fill(`Carton ${RUN}`);
  await tpl.getByRole('button', { name: 'Add box' }).click();
  const box = tpl.getByRole('group', { name: 'Box 1' });
  await box.getByLabel('Length').fill('40');
  await box.getByLabel('Width').fill('30');
  await box.getByLabel('Height').fill('20');
  await box.getByLabel('Weight').fill('12.5');
  await box.getByLabel('Units per box').fill('24');
  await shot(page, 'packing-template-dialog');
  await tpl.getByRole('button', { name: 'Save' }).click();
  await expect(tpl).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(`Carton ${RUN}`) }).getByText('40×30×20 · 24')).toBeVisible();
  await shot(page, 'packing-templates');
});
