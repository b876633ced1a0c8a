import { expect, test, type Page } from '@playwright/test';
import { apiOf, signIn, waitForShell, type Api } from './helpers';

/**
 * Issue 24's browser scenario: the header search finds records. An order made through the API is found by
 * its number under the Orders group and opened with Enter; a SKU by its code; on a phone the overlay finds
 * the order too. Screenshots of the open search at 1280 px and 390 px go to /tmp for a look.
 */

// Unique codes per run: the server keeps its database for the whole suite.
const RUN = Date.now().toString(36).toUpperCase();
const SKU = `E2E-SRCH-${RUN}`;
const SHOTS = process.env.SEARCH_SCREENSHOTS ?? '/tmp';

/** A product with one SKU (`SKU` + suffix) and an order of it; each test makes its own. */
async function makeOrder(api: Api, suffix = ''): Promise<{ id: string; number: string }> {
  const sku = `${SKU}${suffix}`;
  await api.post('/products', {
    name: `E2E search parka ${RUN}${suffix}`,
    skus: [{ sku, name: `E2E search parka ${RUN}${suffix}`, type: 'REGULAR', prices: [{ code: 'RETAIL', value: '80.00' }] }],
  });
  const created = await api.post<{ data: { id: string; number: string } }>('/orders', {
    external_id: `E2E-SRCH-${RUN}${suffix}`, channel: 'manual',
    customer: { first_name: 'Sasha', last_name: 'Seeker', email: `sasha.${RUN.toLowerCase()}@example.com` },
    shipping_address: { first_name: 'Sasha', last_name: 'Seeker', address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
    lines: [{ sku, quantity: 1, price: '80.00' }], ship_method: 'standard',
  });
  return created.data;
}

/** The header search's list, and one of its named groups. */
const listbox = (page: Page) => page.getByRole('listbox');
const groupOf = (page: Page, name: string) => listbox(page).getByRole('group', { name, exact: true });

test('the header search finds an order by number (Enter opens it) and a SKU by code', async ({ page, request }) => {
  await signIn(page, 'tenant');
  await waitForShell(page);
  const order = await makeOrder(await apiOf(page, request));

  const search = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
  await search.fill(order.number);
  const orders = groupOf(page, 'Orders');
  await expect(orders.getByRole('option', { name: new RegExp(`^${order.number}(?!\\d)`) })).toBeVisible();
  await expect(orders.getByRole('option').first()).toContainText(`manual E2E-SRCH-${RUN} · Sasha Seeker`);
  await page.screenshot({ path: `${SHOTS}/search-1280.png` });
  await search.press('Enter');
  await expect(page).toHaveURL(`/orders/edit/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(order.number) })).toBeVisible();

  // A SKU by its code (lower case works too); the arrows reach it and Enter opens its product.
  await search.fill(SKU.toLowerCase());
  const skus = groupOf(page, 'SKUs');
  await expect(skus.getByRole('option', { name: new RegExp(`^${SKU}`) })).toBeVisible();
  await expect(groupOf(page, 'Products')).toHaveCount(0);
  await search.press('Escape');
  await expect(listbox(page)).toBeHidden();
  await search.press('ArrowDown');
  await expect(skus.getByRole('option', { name: new RegExp(`^${SKU}`) })).toHaveAttribute('class', /Mui-focused/);
  await search.press('Enter');
  await expect(page).toHaveURL(/\/product\/show\/[0-9a-f-]{36}$/);

  // Nothing matches: says so.
  await search.fill(`NOPE-${RUN}`);
  await expect(page.getByText(`Nothing matches “NOPE-${RUN}”`)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the search overlay finds the order and opens it', async ({ page, request }) => {
    await signIn(page, 'tenant');
    await waitForShell(page);
    const order = await makeOrder(await apiOf(page, request), '-P');
    await page.getByRole('button', { name: 'Open search' }).click();
    const search = page.getByRole('combobox', { name: 'Search' });
    await expect(search).toBeFocused();
    await search.fill(order.number);
    const option = groupOf(page, 'Orders').getByRole('option', { name: new RegExp(`^${order.number}(?!\\d)`) });
    await expect(option).toBeVisible();
    await expect(option).toBeInViewport();
    await page.screenshot({ path: `${SHOTS}/search-390.png` });
    await option.click();
    await expect(page).toHaveURL(`/orders/edit/${order.id}`);
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
