import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { USERS, apiAs, signIn, waitForShell } from './helpers';

/** Hebrew's strings, from the translations the app loads (src/locales/he). */
const heBundle = <T,>(ns: string): T => JSON.parse(readFileSync(new URL(`../../apps/web/src/locales/he/${ns}.json`, import.meta.url), 'utf8')) as T;
const HE = heBundle<{ layout: { customizer: string; changeLanguage: string }; customizer: { title: string; darkMode: string } }>('common');
const HE_PO = heBundle<{ portal: { title: string }; list: { gridLabel: string } }>('purchaseOrders');

/**
 * Screenshots of the main screens at desktop and phone width, for a human to look at. Before each picture
 * the test asserts what it must show (its heading and key rows), so a blank, half-loaded or wrong screen
 * fails here instead of being saved as if it were the screen.
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS_DIR, { recursive: true });

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

// Unique per run: the server keeps its database for the whole suite.
const RUN = Date.now().toString(36).toUpperCase();
/** The customer of the order the orders list must show. */
const CUSTOMER = `Shot${RUN} Lovelace`;

async function shot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  // No sleep: the caller has asserted the content; fonts are awaited, and `animations: 'disabled'` runs
  // drawers, menus and page transitions to their end, so the picture is never taken mid-animation.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
}


/** The number of the purchase order sent to Northwind for the supplier's list. */
let poNumber = '';

// Rows for the lists to show, whether this file runs alone or after the rest of the suite: an order (its SKU
// is unknown, so it waits in Error) and a purchase order sent to the demo supplier Northwind.
test.beforeAll(async ({ request }) => {
  const api = await apiAs(request, 'tenant');
  await api.post('/orders', {
    external_id: `SHOT-${RUN}`, channel: 'manual', ship_method: 'standard',
    customer: { first_name: `Shot${RUN}`, last_name: 'Lovelace', email: `shot.${RUN.toLowerCase()}@example.com` },
    shipping_address: { first_name: `Shot${RUN}`, last_name: 'Lovelace', address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
    lines: [{ sku: `SHOT-NO-SUCH-${RUN}`, quantity: 1, price: '19.90' }],
  });
  const me = await api.get<{ data: { company: { id: string } } }>('/users/information?include=company');
  const ilocs = await api.get<{ data: { id: string; code: string }[] }>(`/tenants/${me.data.company.id}/ilocs?per_page=100`);
  const austin = ilocs.data.find((i) => i.code === 'AUS-MAIN');
  expect(austin, 'the seeded iloc AUS-MAIN').toBeTruthy();
  const sku = `SHOT-PO-${RUN}`;
  await api.post('/products', { name: `Shot tee ${RUN}`, skus: [{ sku, name: `Shot tee ${RUN}`, type: 'REGULAR' }] });
  const suppliers = await api.get<{ data: { id: string; name: string }[] }>('/suppliers?search=name:Northwind');
  const northwind = suppliers.data.find((s) => s.name === 'Northwind Supply');
  expect(northwind, 'the seeded supplier Northwind Supply').toBeTruthy();
  const po = await api.post<{ data: { id: string } }>('/purchase-orders', {
    supplier_id: northwind!.id, iloc_id: austin!.id, estimated_delivery: '2031-03-01', lines: [{ sku, quantity: 12, unit_cost: '5.00' }],
  });
  await api.post(`/purchase-orders/${po.data.id}/confirm`);
  poNumber = (await api.post<{ data: { number: string } }>(`/purchase-orders/${po.data.id}/submit`)).data.number;
  expect(poNumber).toBeTruthy();
});

for (const viewport of VIEWPORTS) {
  test.describe(`screens at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('public screens', async ({ page }) => {
      await page.goto('/session/login');
      await expect(page.getByRole('heading', { name: 'Sign in to Omnio' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await shot(page, 'login');
      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: 'Create your Omnio account' })).toBeVisible();
      await page.getByLabel(/^Password/).first().fill('abc');
      // The live rule list answers the typed password.
      const rules = page.locator('#password-rules');
      await expect(rules).toContainText('Contain a lower-case letter (met)');
      await expect(rules).toContainText('Have at least 8 characters (not met)');
      await shot(page, 'signup');
      await page.goto('/session/forgot-password');
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
      await shot(page, 'forgot-password');
      await page.goto('/session/reset-password/abcdefghijklmnop?email=someone%40acme.test');
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
      await expect(page.getByText('The new password applies to someone@acme.test.')).toBeVisible();
      await shot(page, 'reset-password');
      await page.goto('/nowhere');
      await expect(page.getByRole('heading', { name: 'Page not Found' })).toBeVisible();
      await expect(page.getByText('The page you were looking for does not exist')).toBeVisible();
      await shot(page, 'not-found');
    });

    test('owner screens', async ({ page }) => {
      await signIn(page, 'owner');
      await waitForShell(page);
      await expect(page.getByRole('heading', { name: 'Platform dashboard', level: 1 })).toBeVisible();
      await expect(page.getByTestId('card-companies')).toContainText('Companies');
      await expect(page.getByTestId('card-users')).toContainText('Users');
      await shot(page, 'owner-dashboard');
      await page.goto('/admin/general');
      await waitForShell(page);
      await expect(page.getByRole('heading', { name: 'General settings', level: 1 })).toBeVisible();
      await expect(page.getByRole('textbox', { name: /Application name/ })).toBeVisible();
      await shot(page, 'owner-general-settings');
    });

    test('tenant screens', async ({ page }) => {
      await signIn(page, 'tenant');
      await waitForShell(page);
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Sales', exact: true })).toBeVisible();
      await shot(page, 'tenant-dashboard');
      await page.goto('/orders');
      await waitForShell(page);
      await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
      // Newest first: the order made for this file is on the first page.
      await expect(page.getByRole('grid', { name: 'Orders' }).getByText(CUSTOMER)).toBeVisible();
      await shot(page, 'tenant-orders');
      await page.getByRole('button', { name: /Account menu/ }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByText(USERS.tenant.email)).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'My profile' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
      await shot(page, 'tenant-user-menu');
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await page.getByRole('button', { name: 'Customize appearance' }).click();
      await expect(page.getByRole('heading', { name: 'Appearance' })).toBeVisible();
      await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeVisible();
      await shot(page, 'tenant-customizer');
      await page.keyboard.press('Escape');
      if (viewport.width < 600) {
        await page.getByRole('button', { name: 'Open navigation menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByText('Orders').first()).toBeVisible();
        await shot(page, 'tenant-drawer');
        await page.keyboard.press('Escape');
      }
      await page.goto('/admin/companies');
      await expect(page.getByRole('heading', { name: 'You do not have permission for this action' })).toBeVisible();
      await expect(page.getByText('Error 403')).toBeVisible();
      await shot(page, 'denied');
    });

    test('supplier screens, right-to-left and dark', async ({ page }) => {
      await signIn(page, 'supplier');
      await waitForShell(page);
      const heading = page.getByRole('heading', { name: 'My purchase orders', level: 1 });
      const poLink = page.getByRole('region', { name: 'Purchase orders' }).getByRole('link', { name: poNumber, exact: true });
      await expect(heading).toBeVisible();
      await expect(poLink).toBeVisible();
      await shot(page, 'supplier-purchase-orders');
      await page.getByRole('button', { name: /Change language/ }).click();
      await page.getByRole('menuitem', { name: /עברית/ }).click();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      // The same list, mirrored and in Hebrew's own words (src/locales/he).
      await expect(page.getByRole('heading', { name: HE_PO.portal.title, level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: HE_PO.list.gridLabel }).getByRole('link', { name: poNumber, exact: true })).toBeVisible();
      await shot(page, 'supplier-rtl');
      await page.getByRole('button', { name: HE.layout.customizer }).click();
      await page.getByRole('switch', { name: HE.customizer.darkMode }).check();
      await expect(page.getByRole('switch', { name: HE.customizer.darkMode })).toBeChecked();
      await expect(page.getByRole('heading', { name: HE.customizer.title })).toBeVisible();
      await shot(page, 'supplier-rtl-dark-customizer');
      await page.getByRole('switch', { name: HE.customizer.darkMode }).uncheck();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: new RegExp(HE.layout.changeLanguage) }).click();
      await page.getByRole('menuitem', { name: /English/ }).click();
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    });
  });
}
