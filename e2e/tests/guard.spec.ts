import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('a tenant opening /admin/companies lands on /denied', async ({ page }) => {
  await signIn(page, 'tenant');
  await page.goto('/admin/companies');
  await expect(page).toHaveURL('/denied');
  await expect(page.getByRole('heading', { name: 'You do not have permission for this action' })).toBeVisible();
  await expect(page.getByText(/contact the administrator/)).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Page not Found' })).toBeVisible();
  await expect(page.getByText('The page you were looking for does not exist')).toBeVisible();
});

test('the bare root sends a visitor to login and a signed-in owner to the admin dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL('/session/login');
  await signIn(page, 'owner');
  await page.goto('/');
  await expect(page).toHaveURL('/admin/dashboard');
  await page.goto('/admin');
  await expect(page).toHaveURL('/admin/companies');
});
