import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { USERS, apiAs, fillLogin, waitForShell, type Api } from './helpers';

/**
 * Billing end to end (issue 7, docs/api-billing.md, manual provider): a new company's user sees the
 * unsubscribed banner and is sent to /billing?rp=true by a requiresSubscription route; subscribes to Growth
 * with two extras in the 1000 px 'choose plan' dialog, sees the totals, confirms the checkout, becomes active
 * (live toast, banner gone); cancels (extras hidden in the dialog, Resume only for the same plan) and resumes.
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-b';
mkdirSync(SHOTS_DIR, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  // A real wait, not an absence check: drawers, dialogs and toasts finish their transitions before the picture.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

interface Product {
  id: string;
  type: 'base_plan' | 'addon';
  name: string;
  prices: { id: string }[];
}

/** The demo catalogue (docs/api-billing.md, Demo data): created through the owner's API if the seed lacks it. */
const CATALOGUE = [
  { type: 'base_plan', name: 'Starter', cents: 1900, orders: 1000, sort: 10 },
  { type: 'base_plan', name: 'Growth', cents: 4900, orders: 5000, sort: 20 },
  { type: 'base_plan', name: 'Scale', cents: 19900, orders: 50000, sort: 30 },
  { type: 'addon', name: '1,000 more orders', cents: 1500, orders: 1000, sort: 10 },
  { type: 'addon', name: '10,000 more orders', cents: 9900, orders: 10000, sort: 20 },
] as const;


async function ensureCatalogue(api: Api): Promise<void> {
  const existing = (await api.get<{ data: Product[] }>('/billing/products')).data;
  for (const item of CATALOGUE) {
    let product = existing.find((p) => p.type === item.type && p.name === item.name);
    if (!product) {
      product = (await api.put<{ data: Product }>('/billing/product', {
        type: item.type, name: item.name, active: true, sort: item.sort,
        data: { description: `${item.name} plan`, marketing_features: [{ name: `${item.orders} orders a month` }], features: { orders: item.orders } },
      })).data;
    }
    if (!product.prices?.length) {
      await api.put('/billing/price', { product_id: product.id, active: true, data: { unit_amount: item.cents, nickname: 'Monthly', currency: 'usd' } });
    }
  }
}

test('a new company subscribes to Growth with two extras, cancels and resumes', async ({ page, request }) => {
  const api = await apiAs(request, 'owner');
  await ensureCatalogue(api);
  const stamp = Date.now();
  const company = (await api.post<{ data: { id: string } }>('/companies', { name: `Billing Test ${stamp}` })).data;
  const email = `billing-${stamp}@newco.test`;
  const password = 'Billing#2026';
  await api.post('/users', { name: 'Bea Billing', email, password, role: 'tenant', company_id: company.id });

  await page.goto('/session/login');
  await fillLogin(page, email, password);
  await expect(page).toHaveURL('/dashboard');
  await waitForShell(page);

  // Spec 2: the sticky unsubscribed banner, and a requiresSubscription route sends to billing with rp=true.
  const banner = page.getByRole('alert').filter({ hasText: 'Your company has no active subscription' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Subscribe' })).toBeVisible();
  await page.goto('/orders/create');
  await expect(page).toHaveURL('/billing?rp=true');
  await waitForShell(page);
  await expect(page.getByText('The page you opened needs an active subscription')).toBeVisible();
  await expect(page.getByText('You have no subscription')).toBeVisible();
  await expect(page.getByTestId('usage-value')).toHaveText('0 of 0 orders');
  await shot(page, 'billing-none');

  await page.getByRole('button', { name: 'Subscribe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose plan' });
  await expect(dialog.getByRole('radio', { name: /Growth/ })).toBeVisible();
  // Spec 9: the plan dialog is 1000 px wide.
  const box = await page.locator('.MuiDialog-paper').boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(1000);

  await dialog.getByRole('radio', { name: /Growth/ }).click();
  await expect(dialog.getByRole('radio', { name: /Growth/ })).toHaveAttribute('aria-checked', 'true');
  await dialog.getByRole('button', { name: 'Add 1,000 more orders' }).click();
  await dialog.getByRole('button', { name: 'Add 1,000 more orders' }).click();
  await dialog.getByRole('button', { name: 'Add 10,000 more orders' }).click();
  await expect(dialog.getByRole('spinbutton', { name: 'Quantity of 1,000 more orders' })).toHaveValue('2');
  await expect(dialog.getByRole('spinbutton', { name: 'Quantity of 10,000 more orders' })).toHaveValue('1');
  // $49 + 2 × $15 + $99 and 5,000 + 2 × 1,000 + 10,000 orders.
  await expect(dialog.getByTestId('total-price')).toHaveText('$178.00');
  await expect(dialog.getByTestId('total-orders')).toHaveText('17,000 orders');
  await shot(page, 'billing-dialog');
  await dialog.getByRole('button', { name: 'Subscribe', exact: true }).click();

  await expect(page).toHaveURL(/\/billing\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Confirm subscription' })).toBeVisible();
  await expect(page.getByTestId('checkout-price')).toHaveText('$178.00 / month');
  await expect(page.getByText('1,000 more orders × 2')).toBeVisible();
  await shot(page, 'billing-checkout');
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL('/billing');
  await expect(page.getByRole('heading', { name: 'Growth' })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByTestId('subscription-price')).toHaveText('$178.00 / month');
  await expect(page.getByTestId('subscription-orders')).toHaveText('17,000 orders');
  await expect(page.getByTestId('usage-value')).toHaveText('0 of 17,000 orders');
  // The live subscription event (spec 8: subscribed is a success toast with the server's message).
  await expect(page.getByText('Your subscription to Growth is active')).toBeVisible();
  await shot(page, 'billing-active');

  await page.goto('/dashboard');
  await waitForShell(page);
  await expect(page.getByText('Your company has no active subscription')).toHaveCount(0);
  await page.goto('/orders/create');
  await expect(page).toHaveURL('/orders/create');

  await page.goto('/billing');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel the subscription?' });
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText('Canceled', { exact: true })).toBeVisible();
  await expect(page.getByText(/Everything keeps working until/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  await shot(page, 'billing-canceled');

  // Spec 4: cancelled hides the extras; only the same plan without extras resumes.
  await page.getByRole('button', { name: 'Choose plan' }).click();
  await expect(dialog.getByRole('radio', { name: /Growth/ })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByRole('heading', { name: 'Extras' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /^Add / })).toHaveCount(0);
  await dialog.getByRole('radio', { name: /Starter/ }).click();
  await expect(dialog.getByRole('button', { name: 'Nothing to change' })).toBeDisabled();
  await dialog.getByRole('radio', { name: /Growth/ }).click();
  await shot(page, 'billing-dialog-canceled');
  await dialog.getByRole('button', { name: 'Resume' }).click();

  await expect(page).toHaveURL('/billing');
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByTestId('subscription-price')).toHaveText('$178.00 / month');
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();

  // Phone size: the page and the dialog (full screen).
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: 'Growth' })).toBeVisible();
  await shot(page, 'billing-active');
  await page.getByRole('button', { name: 'Choose plan' }).click();
  await expect(dialog.getByRole('radio', { name: /Scale/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add 1,000 more orders' }).click();
  await expect(dialog.getByRole('button', { name: 'Upgrade' })).toBeEnabled();
  await shot(page, 'billing-dialog');
});

test('the owner manages billing products at /admin/billing', async ({ page, request }) => {
  const api = await apiAs(request, 'owner');
  await ensureCatalogue(api);
  await page.goto('/session/login');
  await fillLogin(page, USERS.owner.email, USERS.owner.password);
  await expect(page).toHaveURL(USERS.owner.home);
  await page.goto('/admin/billing');
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: 'Billing products' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Plans' }).getByText('Growth', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'New product' }).click();
  const form = page.getByRole('dialog', { name: 'New product' });
  await form.getByLabel(/^Type/).selectOption('addon');
  const name = `5,000 more orders ${Date.now()}`;
  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel(/^Orders a month/).fill('5000');
  await form.getByRole('button', { name: 'Add feature' }).click();
  await form.getByLabel('Feature 1', { exact: true }).fill('Five thousand more orders a month');
  await shot(page, 'admin-product-form');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product saved')).toBeVisible();
  const extras = page.getByRole('list', { name: 'Extras' });
  await expect(extras.getByText(name)).toBeVisible();

  await page.getByRole('button', { name: `Add a price to ${name}` }).click();
  const priceForm = page.getByRole('dialog', { name: `New price for ${name}` });
  await priceForm.getByLabel(/^Amount a month/).fill('59.95');
  await shot(page, 'admin-price-form');
  await priceForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Price saved')).toBeVisible();
  await expect(page.getByRole('button', { name: `Edit price $59.95 · Monthly of ${name}` })).toBeVisible();

  await page.getByRole('button', { name: 'Sync with provider' }).click();
  await expect(page.getByText(/^Synced:/)).toBeVisible();
  await shot(page, 'admin-billing');
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'admin-billing');
});
