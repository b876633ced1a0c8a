import { expect, test } from '@playwright/test';
import { signIn, waitForShell } from './helpers';

test('switching to Spanish changes the layout strings, and back', async ({ page }) => {
  await signIn(page, 'tenant');
  await waitForShell(page);
  await page.getByRole('button', { name: /Change language/ }).click();
  await page.getByRole('menuitem', { name: /Español/ }).click();

  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Pedidos' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // The choice is stored on the user: it survives a reload.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();

  await page.getByRole('button', { name: /Cambiar idioma/ }).click();
  await page.getByRole('menuitem', { name: /English/ }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Orders' })).toBeVisible();
});

test('Hebrew switches the layout to right-to-left', async ({ page }) => {
  await signIn(page, 'supplier');
  await waitForShell(page);
  await page.getByRole('button', { name: /Change language/ }).click();
  await page.getByRole('menuitem', { name: /עברית/ }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: /Change language/ }).click();
  await page.getByRole('menuitem', { name: /English/ }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});
