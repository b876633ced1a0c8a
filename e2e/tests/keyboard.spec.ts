import { expect, test } from '@playwright/test';
import { signIn, waitForShell } from './helpers';

test('the shell is usable from the keyboard', async ({ page }) => {
  await signIn(page, 'tenant');
  await waitForShell(page);

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  const account = page.getByRole('button', { name: /Account menu/ });
  await account.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'My profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'User activity' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(account).toBeFocused();

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const group = nav.getByRole('button', { name: 'Supply Chain' });
  await group.focus();
  await page.keyboard.press('Enter');
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'Purchase orders' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/purchase-orders');
  await expect(nav.getByRole('link', { name: 'Purchase orders' })).toHaveAttribute('aria-current', 'page');
});
