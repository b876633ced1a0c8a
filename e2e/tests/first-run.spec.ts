import { expect, test, type Page } from '@playwright/test';
import { expectNoSidewaysScroll, fillLogin, USERS } from './helpers';

/**
 * What a newcomer meets on a fresh start (issue 24): the second server of playwright.config.ts starts on an
 * empty embedded database with SEED_DEMO at its default, so the demo business is seeded as `npm start` seeds
 * it. The first sign-in lands on a dashboard whose cards hold figures, and the lists hold records: orders of
 * the last year, SKUs, stock, purchase orders, an ASN in transit, returns. Screenshots: /tmp/first-run-*.png.
 */

const PORT = Number(process.env.E2E_PORT ?? 4173) + 100;
test.use({ baseURL: `http://127.0.0.1:${PORT}` });
const SHOTS = process.env.FIRST_RUN_SCREENSHOTS ?? '/tmp';

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** A list screen's grid holds at least `min` data rows (the header row aside). */
async function listHasRows(page: Page, path: string, min: number): Promise<void> {
  await page.goto(path);
  const grid = page.getByRole('grid').first();
  await expect.poll(async () => (await grid.getByRole('row').count()) - 1, { message: `${path} shows rows`, timeout: 30_000 }).toBeGreaterThanOrEqual(min);
}

test.describe('first run with the demo business', () => {
  // A year of orders behind every list: the first reads of a fresh embedded database take a few seconds each.
  test.setTimeout(180_000);

  test('the first sign-in shows a dashboard with figures', async ({ page }) => {
    await page.goto('/session/login');
    await fillLogin(page, USERS.tenant.email, USERS.tenant.password);
    await expect(page).toHaveURL(USERS.tenant.home);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    // Every card has something: no empty state on any of them.
    await expect(card(page, 'Sales by day')).toBeVisible();
    await expect(card(page, 'Sales by day').getByText('No sales in this period.')).toHaveCount(0);
    await expect(card(page, 'Orders by status').getByText('Nothing in this period.')).toHaveCount(0);
    await expect(card(page, 'Top SKUs').getByRole('row').nth(3)).toBeVisible();
    await expect(card(page, 'Orders by channel').getByRole('row', { name: /^shopify \d/i })).toBeVisible();
    await expect(card(page, 'Orders by country').getByRole('row', { name: /^US \d/ })).toBeVisible();
    await expect(card(page, 'Low stock').getByText('Nothing below its reorder point.')).toHaveCount(0);
    await expect(card(page, 'Late shipments').getByText('No late shipments.')).toHaveCount(0);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

    // The welcome tour starts a second after the shell, steps through the shell's parts, and is remembered.
    const tour = page.getByRole('dialog', { name: 'Welcome tour' });
    await expect(tour).toBeVisible();
    await expect(tour.getByRole('heading', { name: 'Your workspace' })).toBeVisible();
    await expect(tour).toContainText('Step 1 of 6');
    await page.screenshot({ path: `${SHOTS}/first-run-tour-1280.png` });
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(tour.getByRole('heading', { name: 'Find anything' })).toBeVisible();
    await tour.getByRole('button', { name: 'Back' }).click();
    await expect(tour).toContainText('Step 1 of 6');
    for (let i = 0; i < 5; i++) await tour.getByRole('button', { name: 'Next' }).click();
    await expect(tour.getByRole('heading', { name: 'Your account' })).toBeVisible();
    const saved = page.waitForResponse((r) => r.url().includes('/preferences/update-or-create') && r.status() === 200);
    await tour.getByRole('button', { name: 'Done' }).click();
    await saved;
    await expect(tour).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(tour).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/first-run-dashboard-1280.png`, fullPage: true });
  });

  test('the lists hold the demo business: orders, SKUs, stock, purchase orders, returns, an ASN in transit', async ({ page }) => {
    await page.goto('/session/login');
    await fillLogin(page, USERS.tenant.email, USERS.tenant.password);
    await expect(page).toHaveURL(USERS.tenant.home);

    // The orders of a year: the All tab counts thousands, the grid is full.
    await page.goto('/orders');
    await expect(page.getByRole('tab', { name: /^All/ })).toContainText(/\d,?\d{3}/);
    await expect.poll(async () => (await page.getByRole('grid', { name: 'Orders' }).getByRole('row').count()) - 1).toBeGreaterThanOrEqual(10);
    await page.screenshot({ path: `${SHOTS}/first-run-orders-1280.png` });

    await listHasRows(page, '/skus', 10);
    await listHasRows(page, '/inventory', 10);
    await listHasRows(page, '/purchase-orders', 4);
    await listHasRows(page, '/returns', 5);
    await page.goto('/asn');
    await expect(page.getByText(/ASN-\d+-1/).first()).toBeVisible();
  });

  test('on a phone the dashboard fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/session/login');
    await fillLogin(page, USERS.tenant.email, USERS.tenant.password);
    await expect(page).toHaveURL(USERS.tenant.home);
    await expect(card(page, 'Top SKUs').getByRole('row').nth(3)).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/first-run-dashboard-390.png`, fullPage: true });
  });
});
