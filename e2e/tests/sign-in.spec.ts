import { expect, test } from '@playwright/test';
import { USERS, fillLogin, signIn, waitForShell } from './helpers';

test.describe('signing in', () => {
  test('the owner lands on the admin dashboard', async ({ page }) => {
    await signIn(page, 'owner');
    await waitForShell(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Companies' })).toBeVisible();
  });

  test('a tenant lands on /dashboard and sees the company', async ({ page }) => {
    await signIn(page, 'tenant');
    await waitForShell(page);
    await expect(page.getByText('Acme Outfitters').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('a supplier lands on the supplier purchase orders', async ({ page }) => {
    await signIn(page, 'supplier');
    await waitForShell(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Purchase orders' })).toBeVisible();
  });

  test('a wrong password says the username or password is incorrect', async ({ page }) => {
    await page.goto('/session/login');
    await fillLogin(page, USERS.tenant.email, 'Not-the-password1!');
    await expect(page.getByRole('alert')).toHaveText('The username or password is incorrect');
    await expect(page).toHaveURL('/session/login');
  });

  test('signed out, /orders goes to login and back to /orders after signing in', async ({ page }) => {
    await page.goto('/orders');
    await expect(page).toHaveURL('/session/login?redirect=/orders');
    await fillLogin(page, USERS.tenant.email, USERS.tenant.password);
    await expect(page).toHaveURL('/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  });

  test('signing out clears the session', async ({ page }) => {
    await signIn(page, 'tenant');
    await waitForShell(page);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/session/login');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/session/login');
  });
});
