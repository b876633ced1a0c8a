import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn, waitForShell } from './helpers';

/**
 * Customers (issue 4): create a customer whose shipping address lacks a zip, see it incomplete, complete
 * the address, see it complete; create a customer group and assign it.
 */

// Unique names per run: the server keeps its database for the whole suite.
const RUN = Date.now().toString(36);
const FIRST = `Ada${RUN}`;
const NAME = `${FIRST} Lovelace`;
const GROUP = `VIP ${RUN}`;
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS_DIR, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  // A real wait, not an absence check: drawers, dialogs and toasts finish their transitions before the picture.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

test('customers: incomplete address marked, completed; a group created and assigned', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'tenant');

  // 1. A customer with a shipping address that has no zip.
  await page.goto('/customers');
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New customer' }).click();
  const create = page.getByRole('dialog', { name: 'New customer' });
  await create.getByLabel('First name').fill(FIRST);
  await create.getByLabel('Last name').fill('Lovelace');
  await create.getByLabel('Email').fill(`ada.${RUN}@example.com`);
  await create.getByLabel('Address', { exact: true }).fill('1 Main St');
  await create.getByLabel('City').fill('Austin');
  await create.getByLabel(/^Country/).fill('us');
  await create.getByRole('button', { name: 'Save' }).click();

  // 2. It opens, marked incomplete with the zip missing.
  await expect(page).toHaveURL(/\/customer\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
  await expect(page.getByText('Shipping information is incomplete. Missing: zip.')).toBeVisible();
  await shot(page, 'customer-incomplete');
  const customerUrl = page.url();
  await page.getByRole('main').getByRole('link', { name: 'Customers', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search name, email or company' }).fill(FIRST);
  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(row.getByText('Incomplete')).toBeVisible();

  // 3. Complete the address: incomplete no more.
  await row.getByRole('link', { name: NAME }).click();
  await expect(page).toHaveURL(customerUrl);
  await page.getByRole('button', { name: 'Edit address 1' }).click();
  const address = page.getByRole('dialog', { name: 'Edit address' });
  await address.getByLabel('Zip or postal code').fill('78701');
  await address.getByRole('button', { name: 'Save' }).click();
  await expect(address).toBeHidden();
  await expect(page.getByText('Shipping information is complete.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Customers', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search name, email or company' }).fill(FIRST);
  await expect(page.getByRole('row', { name: new RegExp(NAME) }).getByText('Complete', { exact: true })).toBeVisible();

  // 4. A customer group, assigned from the customer's edit dialog.
  await page.getByRole('main').getByRole('link', { name: 'Customer groups' }).click();
  await expect(page.getByRole('heading', { name: 'Customer groups', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New group' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'New group' });
  await groupDialog.getByLabel(/^Name/).fill(GROUP);
  await groupDialog.getByLabel('Description').fill('Best customers');
  await groupDialog.getByRole('button', { name: 'Save' }).click();
  await expect(groupDialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(GROUP) })).toBeVisible();
  await shot(page, 'customer-groups');

  await page.goto(customerUrl);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${NAME}` });
  await edit.getByLabel('Group').selectOption({ label: GROUP });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('region', { name: 'Details' }).getByText(GROUP)).toBeVisible();
  await shot(page, 'customer-show');

  // The group's member count leads to its customers.
  await page.getByRole('main').getByRole('link', { name: 'Customers', exact: true }).click();
  await page.getByRole('main').getByRole('link', { name: 'Customer groups' }).click();
  await page.getByRole('link', { name: `${GROUP}: 1 Customers` }).click();
  await expect(page).toHaveURL(/\/customers\?group=/);
  await expect(page.getByRole('row', { name: new RegExp(NAME) })).toBeVisible();
  await shot(page, 'customers');
});

test.describe('customers on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the list, a customer and the groups fit a 375 px screen', async ({ page }) => {
    await signIn(page, 'tenant');
    await page.goto('/customers');
    await waitForShell(page);
    await page.getByRole('button', { name: 'New customer' }).click();
    const create = page.getByRole('dialog', { name: 'New customer' });
    await create.getByLabel('First name').fill(`Phone${RUN}`);
    await create.getByLabel('Company').fill('Tiny Screens Ltd');
    await create.getByLabel('Address', { exact: true }).fill('5 Narrow Rd');
    await shot(page, 'customer-create');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: `Phone${RUN}`, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add contact' }).click();
    const contact = page.getByRole('dialog', { name: 'New contact' });
    await contact.getByLabel(/^Name/).fill('Grace Hopper');
    await contact.getByLabel('Email').fill('grace@example.com');
    await contact.getByRole('button', { name: 'Save' }).click();
    await expect(contact).toBeHidden();
    await expect(page.getByRole('article', { name: 'Grace Hopper' })).toBeVisible();
    await shot(page, 'customer-show');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.goto('/customers');
    await waitForShell(page);
    await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`Phone${RUN}`) })).toBeVisible();
    await shot(page, 'customers');
    await page.goto('/customer-groups');
    await waitForShell(page);
    await expect(page.getByRole('heading', { name: 'Customer groups', level: 1 })).toBeVisible();
    await shot(page, 'customer-groups');
  });
});
