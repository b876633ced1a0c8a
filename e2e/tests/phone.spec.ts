import { expect, test } from '@playwright/test';
import { signIn, waitForShell } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a phone the menu opens in a drawer and closes after navigating', async ({ page }) => {
  await signIn(page, 'tenant');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await waitForShell(page);
  await expect(nav).toBeHidden();

  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole('button', { name: 'Orders' }).click();
  await nav.getByRole('link', { name: 'Returns' }).click();
  await expect(page).toHaveURL('/returns');
  await expect(nav).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
});

test('on a phone the search opens as an overlay', async ({ page }) => {
  await signIn(page, 'tenant');
  await waitForShell(page);
  await page.getByRole('button', { name: 'Open search' }).click();
  const search = page.getByRole('combobox', { name: 'Search' });
  await expect(search).toBeFocused();
  await search.fill('Inven');
  await page.getByRole('option', { name: 'Inventory' }).click();
  await expect(page).toHaveURL('/inventory');
});
