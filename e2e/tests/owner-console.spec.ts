import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn, waitForShell } from './helpers';

/**
 * The owner's console (issue 7 "Done means"): the owner creates a company and a user for it in the UI,
 * grants that user read-only Inventory (every other section denied), logs in as the user and sees only
 * what the grant allows. Also the warehouses screens: a warehouse with a connection whose password is
 * write-only. Screenshots at desktop and phone width.
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-c';
mkdirSync(SHOTS_DIR, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  // A real wait, not an absence check: drawers, dialogs and toasts finish their transitions before the picture.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Sections of the permissions editor that have levels (spec 6), as the dialog labels them. */
const LEVEL_SECTIONS = [
  'Inventory', 'Supply Chain', 'Automation', 'Relations', 'Settings', 'Default', 'Shipment', 'Products', 'Categories', 'Purchase Orders',
  'Returns', 'Asn', 'Connections', 'Fulfillment Locations (Ilocs)', 'Customers', 'Suppliers', 'Execute Process',
];

test('the owner creates a company and a user, grants read-only Inventory, logs in as the user who sees only that', async ({ page }) => {
  const id = stamp();
  const companyName = `Initech ${id}`;
  const userName = `Rita Readonly ${id}`;
  const email = `rita-${id}@initech.test`;

  await signIn(page, 'owner');

  // A company, created in the UI.
  await page.goto('/admin/companies/create');
  await waitForShell(page);
  await page.getByLabel(/^Name/).fill(companyName);
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByRole('heading', { name: companyName, level: 1 })).toBeVisible();

  // A tenant user of that company, created in the UI.
  await page.goto('/admin/users');
  await waitForShell(page);
  await page.getByRole('button', { name: 'New user' }).click();
  const create = page.getByRole('dialog', { name: 'New user' });
  await create.getByLabel(/^Name/).fill(userName);
  await create.getByLabel(/^Email/).fill(email);
  await create.getByLabel(/^Password/).fill('Readonly#2026');
  await create.getByLabel(/^Company/).fill(companyName);
  await page.getByRole('option', { name: companyName }).click();
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create).toHaveCount(0);

  // Its permissions: Inventory read only, every other section denied.
  await page.getByLabel('Search by name or email').fill(email);
  const row = page.getByRole('row', { name: new RegExp(userName) });
  await expect(row).toHaveCount(1);
  await row.getByRole('menuitem', { name: 'more' }).click();
  await page.getByRole('menuitem', { name: 'Assign permissions' }).click();
  const perms = page.getByRole('dialog', { name: `Permissions of ${userName}` });
  await expect(perms.getByLabel('Level of Inventory')).toBeVisible();
  for (const section of LEVEL_SECTIONS) await perms.getByLabel(`Level of ${section}`).selectOption('deny');
  await perms.getByLabel('Level of Inventory').selectOption('read');
  await expect(perms.getByText('Also grants read-product')).toBeVisible();
  await expect(perms.getByLabel('Level of Inventory')).toHaveValue('read');
  await expect(perms.getByLabel('Level of Products')).toHaveValue('read');
  await expect(perms.getByLabel('Level of Default')).toHaveValue('deny');
  await shot(page, 'owner-permissions');
  await perms.getByRole('button', { name: 'Save' }).click();
  await expect(perms).toHaveCount(0);
  await expect(page.getByText(`Permissions of ${userName} saved`)).toBeVisible({ timeout: 15_000 });

  // Log in as that user, from the users list.
  await row.getByRole('menuitem', { name: 'more' }).click();
  await page.getByRole('menuitem', { name: 'Log in as this user' }).click();
  await page.getByRole('dialog', { name: 'Log in as another user' }).getByRole('button', { name: 'Log in as this user' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await waitForShell(page);

  // The menu offers Inventory and nothing of orders.
  const nav = page.getByRole('navigation');
  await nav.getByRole('button', { name: 'Products' }).click();
  await expect(nav.getByRole('link', { name: 'Inventory' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Orders' })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Orders' })).toHaveCount(0);
  await shot(page, 'readonly-menu');

  // Stock is readable, with no way to change it.
  const stock = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/1.0/inventory' && r.request().method() === 'GET');
  await nav.getByRole('link', { name: 'Inventory' }).click();
  await expect(page).toHaveURL(/\/inventory$/);
  expect((await stock).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  // The new company has no stock yet: the list answers and shows its empty state, not an error.
  await expect(page.getByText('No stock recorded yet')).toBeVisible();
  await expect(page.getByText(/Could not load/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Adjust/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Import/i })).toHaveCount(0);
  await shot(page, 'readonly-inventory');

  // Orders are out of reach, even by address.
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/denied$/);
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 800 }] as const) {
  test.describe(`warehouses at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('a warehouse with a connection: created, listed, its password write-only, cleared, deleted', async ({ page }) => {
      const id = stamp();
      const name = `Reno DC ${id}`;
      const code = `RNO-${id}`.toUpperCase();
      await signIn(page, 'owner');
      await page.goto('/admin/warehouses');
      await waitForShell(page);
      await expect(page.getByRole('heading', { name: 'Warehouses', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'New warehouse' }).click();
      await expect(page).toHaveURL(/\/admin\/warehouses\/create$/);

      await page.getByLabel(/^Name/).fill(name);
      await page.getByLabel(/^Code/).fill('bad code');
      await page.getByLabel(/^Provider/).selectOption('shelfpoint');
      await page.getByLabel(/^Driver/).selectOption('mysql');
      await expect(page.getByLabel(/^Port/)).toHaveValue('3306');
      await page.getByLabel(/^Port/).fill('70000');
      await page.getByRole('button', { name: 'Create warehouse' }).click();
      await expect(page.getByText('The port must be between 1 and 65535')).toBeVisible();
      await expect(page.getByText('The code may contain only letters, digits, hyphen, underscore and period')).toBeVisible();
      await page.getByLabel(/^Code/).fill(code);
      // Port 1 on loopback: nothing listens there, so 'test connection' has a known answer.
      await page.getByLabel(/^Port/).fill('1');
      await page.getByLabel(/^Host/).fill('127.0.0.1');
      await page.getByLabel(/^Database/).fill('wms');
      await page.getByLabel(/^Username/).fill('omnio');
      await page.getByLabel(/^Password/).fill('S3cret-DB-pass');
      await page.getByLabel(/^City/).fill('Reno');
      await page.getByLabel('Companies served').fill('Acme');
      await page.getByRole('option', { name: 'Acme Outfitters' }).click();
      await shot(page, 'warehouse-create');
      await page.getByRole('button', { name: 'Create warehouse' }).click();
      await expect(page).toHaveURL(/\/admin\/warehouses$/);

      await page.getByLabel('Search by name or code').fill(code);
      const entry = page.getByRole('link', { name }).or(page.getByRole('link', { name: new RegExp(name) })).first();
      await expect(entry).toBeVisible();
      await shot(page, 'warehouses-list');
      await entry.click();
      await expect(page).toHaveURL(/\/admin\/warehouses\/[0-9a-f-]+\/edit$/);

      // The stored password is never sent back: the field is empty and says one is stored.
      await expect(page.getByLabel(/^Password/)).toHaveValue('');
      await expect(page.getByText('A password is stored — leave empty to keep it')).toBeVisible();
      await expect(page.getByText('S3cret-DB-pass')).toHaveCount(0);
      await shot(page, 'warehouse-edit');

      await page.getByRole('button', { name: 'Test connection' }).click();
      await expect(page.getByText(/^Connection failed: Could not connect to 127\.0\.0\.1:1\b/)).toBeVisible();

      await page.getByLabel('Remove the stored password').check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(`Warehouse ${name} saved`)).toBeVisible();
      await expect(page.getByText('No password stored')).toBeVisible();

      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete' }).click();
      await expect(page).toHaveURL(/\/admin\/warehouses$/);
      await expect(page.getByText(`Warehouse ${name} deleted`)).toBeVisible();
    });
  });
}
