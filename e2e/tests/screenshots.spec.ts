import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn, waitForShell } from './helpers';

/** Screenshots of the main screens at desktop and phone width, for a human to look at. */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS_DIR, { recursive: true });

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

async function shot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  // Let drawers, menus and page transitions finish: a picture mid-animation misleads the reviewer.
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
}

for (const viewport of VIEWPORTS) {
  test.describe(`screens at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('public screens', async ({ page }) => {
      await page.goto('/session/login');
      await expect(page.getByRole('heading', { name: 'Sign in to Omnio' })).toBeVisible();
      await shot(page, 'login');
      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: 'Create your Omnio account' })).toBeVisible();
      await page.getByLabel(/^Password/).first().fill('abc');
      await shot(page, 'signup');
      await page.goto('/session/forgot-password');
      await shot(page, 'forgot-password');
      await page.goto('/session/reset-password/abcdefghijklmnop?email=someone%40acme.test');
      await shot(page, 'reset-password');
      await page.goto('/nowhere');
      await expect(page.getByRole('heading', { name: 'Page not Found' })).toBeVisible();
      await shot(page, 'not-found');
    });

    test('owner screens', async ({ page }) => {
      await signIn(page, 'owner');
      await waitForShell(page);
      await shot(page, 'owner-dashboard');
      await page.goto('/admin/general');
      await waitForShell(page);
      await shot(page, 'owner-placeholder');
    });

    test('tenant screens', async ({ page }) => {
      await signIn(page, 'tenant');
      await waitForShell(page);
      await shot(page, 'tenant-dashboard');
      await page.goto('/orders');
      await waitForShell(page);
      await shot(page, 'tenant-orders');
      await page.getByRole('button', { name: /Account menu/ }).click();
      await shot(page, 'tenant-user-menu');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Customize appearance' }).click();
      await expect(page.getByRole('heading', { name: 'Appearance' })).toBeVisible();
      await shot(page, 'tenant-customizer');
      await page.keyboard.press('Escape');
      if (viewport.width < 600) {
        await page.getByRole('button', { name: 'Open navigation menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
        await shot(page, 'tenant-drawer');
        await page.keyboard.press('Escape');
      }
      await page.goto('/admin/companies');
      await expect(page.getByRole('heading', { name: 'You do not have permission for this action' })).toBeVisible();
      await shot(page, 'denied');
    });

    test('supplier screens, right-to-left and dark', async ({ page }) => {
      await signIn(page, 'supplier');
      await waitForShell(page);
      await shot(page, 'supplier-purchase-orders');
      await page.getByRole('button', { name: /Change language/ }).click();
      await page.getByRole('menuitem', { name: /עברית/ }).click();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await shot(page, 'supplier-rtl');
      await page.getByRole('button', { name: 'Customize appearance' }).click();
      await page.getByRole('switch', { name: 'Dark mode' }).check();
      await shot(page, 'supplier-rtl-dark-customizer');
      await page.getByRole('switch', { name: 'Dark mode' }).uncheck();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /Change language/ }).click();
      await page.getByRole('menuitem', { name: /English/ }).click();
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    });
  });
}
