import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, apiWith, bearerFor, fillLogin, waitForShell, type Api } from './helpers';

/**
 * Issue 23's dashboard, on a company of its own (the specs share one server, and the demo company has orders):
 * with no orders every card shows its empty state; after three orders through the API the sales card shows their
 * count and revenue, a range and a comparison change the figures (and survive a reload), and the orders figure
 * opens the orders list holding the same orders. Screenshots at 1280 and 390 px: /tmp/dash-*.png. The company is
 * removed at the end.
 */

const STAMP = Date.now().toString(36);
const PASSWORD = 'Dash#Board2026';
const SKU = `E2E-DASH-${STAMP.toUpperCase()}`;
const SHOTS = process.env.DASHBOARD_SCREENSHOTS ?? '/tmp';

interface Made {
  companyId?: string;
}

async function shot(page: Page, name: string): Promise<void> {
  // Cards still reloading would show dimmed in the picture.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/dash-${name}.png`, fullPage: true });
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.doc, 'the page scrolls sideways').toBeLessThanOrEqual(widths.view);
}

async function signInAs(request: APIRequestContext, email: string): Promise<Api> {
  const login = await request.post('/oauth/token', {
    data: { grant_type: 'password', username: email, password: PASSWORD, client_id: 'omnio-web', client_secret: 'omnio-web-secret', scopes: '*' },
  });
  expect(login.status(), await login.text()).toBe(200);
  return apiWith(request, `Bearer ${((await login.json()) as { access_token: string }).access_token}`);
}

/** A new company with a tenant user and an active plan (orders need one), and no orders. */
async function newCompany(request: APIRequestContext, made: Made): Promise<{ email: string; api: Api }> {
  const owner = await apiAs(request, 'owner');
  const company = (await owner.post<{ data: { id: string } }>('/companies', { name: `Dashboard Test ${STAMP}` })).data;
  made.companyId = company.id;
  const email = `dash-${STAMP}@dashco.test`;
  await owner.post('/users', { name: 'Dana Dash', email, password: PASSWORD, role: 'tenant', company_id: company.id });
  const api = await signInAs(request, email);
  const products = (await api.get<{ data: { type: string; prices: { id: string }[] }[] }>('/billing/products-client')).data;
  const plan = products.find((p) => p.type === 'base_plan' && p.prices.length > 0);
  expect(plan, 'a base plan to subscribe to').toBeTruthy();
  const answer = (await api.post<{ data: { checkout_id: string | null } }>('/billing/subscription', {
    type: 'subscribe', price_id: plan!.prices[0]!.id, extras: [], returnUrl: '/billing', cancelUrl: '/billing',
  })).data;
  if (answer.checkout_id) await api.post(`/billing/checkout/${answer.checkout_id}/confirm`);
  return { email, api };
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const figure = (page: Page, key: string) => card(page, 'Sales').locator(`[data-figure="${key}"]`);

async function choose(page: Page, combobox: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('dashboard: empty states, then sales that match their orders list, by range and comparison', async ({ page, request }) => {
  test.setTimeout(180_000);
  const made: Made = {};
  try {
    const { email, api } = await newCompany(request, made);

    // 1. No orders: each card says so.
    await page.goto('/session/login');
    await fillLogin(page, email, PASSWORD);
    await expect(page).toHaveURL('/dashboard');
    await waitForShell(page);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(card(page, 'Sales by day').getByText('No sales in this period.')).toBeVisible();
    await expect(card(page, 'Orders by status').getByText('Nothing in this period.')).toBeVisible();
    await expect(card(page, 'Top SKUs').getByText('No SKU sold in this period.')).toBeVisible();
    await expect(card(page, 'Low stock').getByText('Nothing below its reorder point.')).toBeVisible();
    await expect(card(page, 'Late shipments').getByText('No late shipments.')).toBeVisible();
    await expect(figure(page, 'orders')).toContainText(/Orders\s*0/);
    await shot(page, 'empty-1280');

    // 2. Three orders today, through the API.
    await api.post('/products', {
      name: `E2E dashboard mug ${STAMP}`,
      skus: [{ sku: SKU, name: `E2E dashboard mug ${STAMP}`, type: 'REGULAR', prices: [{ code: 'RETAIL', value: '10.00' }] }],
    });
    let revenue = 0;
    let currency = '';
    for (const [i, quantity] of [2, 1, 3].entries()) {
      const order = (await api.post<{ data: { id: string; total: string; currency: string; status: string } }>('/orders', {
        external_id: `E2E-DASH-${STAMP}-${i}`, channel: 'manual',
        customer: { first_name: 'Dana', last_name: 'Dash', email: `buyer.${STAMP}@example.com` },
        shipping_address: { first_name: 'Dana', last_name: 'Dash', address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
        lines: [{ sku: SKU, quantity, price: '10.00' }], ship_method: 'standard',
      })).data;
      expect(['draft', 'cancelled']).not.toContain(order.status);
      revenue += Number(order.total);
      currency = order.currency;
    }
    const money = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'code' }).format(revenue);

    // 3. The sales card counts them, today and over the default last 30 days.
    await page.reload();
    await waitForShell(page);
    await expect(figure(page, 'orders')).toContainText(/Orders\s*3/);
    await expect(figure(page, 'revenue')).toContainText(money);
    await expect(figure(page, 'units')).toContainText(/Units\s*6/);
    await expect(card(page, 'Orders by country').getByRole('row').filter({ hasText: 'US' })).toContainText('3');

    // The card's CSV, downloaded with the signed-in user's token.
    const download = page.waitForEvent('download');
    await card(page, 'Orders by status').getByRole('button', { name: 'Export Orders by status as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.split('\n').find((line) => line.startsWith('open'))).toContain('3');

    // 4. A range without them shows none; today shows them again, and the choice is in the address.
    await choose(page, 'Date range', 'Yesterday');
    await expect(page).toHaveURL(/range=yesterday/);
    await expect(figure(page, 'orders')).toContainText(/Orders\s*0/);
    await choose(page, 'Date range', 'Today');
    await expect(figure(page, 'orders')).toContainText(/Orders\s*3/);

    // 5. The comparison: yesterday had nothing, a year ago had nothing, and none shows no change line.
    await expect(figure(page, 'orders')).toContainText('No figure for previous period');
    await choose(page, 'Compare with', 'Previous year');
    await expect(figure(page, 'orders')).toContainText('No figure for previous year');
    await choose(page, 'Compare with', 'No comparison');
    await expect(figure(page, 'orders')).not.toContainText('No figure');
    await expect(page).toHaveURL(/range=today&compare=none/);
    await page.reload();
    await waitForShell(page);
    await expect(page.getByRole('combobox', { name: 'Date range' })).toHaveText('Today');
    await expect(page.getByRole('combobox', { name: 'Compare with' })).toHaveText('No comparison');
    await expect(figure(page, 'orders')).toContainText(/Orders\s*3/);
    await choose(page, 'Compare with', 'Previous period');
    await expect(figure(page, 'orders')).toContainText(/Orders\s*3/);
    await shot(page, 'data-1280');

    // 6. The phone: one column, nothing sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(figure(page, 'orders')).toBeVisible();
    await noSidewaysScroll(page);
    await shot(page, 'data-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // 7. The orders figure, from the keyboard, opens the orders list with the same orders.
    await figure(page, 'orders').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/orders\?filters=/);
    await waitForShell(page);
    await expect(page.getByRole('tab', { name: /^All/ })).toContainText('3');
    await expect(page.getByRole('grid', { name: 'Orders' }).getByRole('row')).toHaveCount(4);
    await expect(page.getByRole('group', { name: 'Active filters' }).getByText('Filtered by the link you followed')).toBeVisible();
    await shot(page, 'orders-list-1280');
  } finally {
    // Best effort: the company and all it holds go; a step that fails must not hide the test's own result.
    if (made.companyId) {
      const headers = { Authorization: await bearerFor(request, 'owner') };
      await request.delete(`/api/1.0/companies/${made.companyId}`, { headers });
    }
  }
});
