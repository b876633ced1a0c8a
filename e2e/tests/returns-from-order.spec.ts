import { expect, test, type Page } from '@playwright/test';
import { apiOf, signIn, waitForShell, type Api } from './helpers';

/**
 * Issue 24: a return started from the order's page and from the Returns list, of units closed by "Mark as
 * shipped" (no shipment). Screenshots of the start-a-return screen at 1280 px and 390 px go to /tmp.
 */

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
const SKU = `E2E-RET-${RUN}`;
const SHOTS = process.env.RETURNS_SCREENSHOTS ?? '/tmp';

interface Returnable { line_id: string; shipped: number; returned: number; returnable: number }
interface Ret { id: string; number: string; status: string; shipment_id: string | null; unit_count: number }

/** A SKU with stock at Austin Main (once), then an open order of 3 units of it. */
async function openOrder(api: Api, tag: string): Promise<{ id: string; number: string }> {
  const me = await api.get<{ data: { company: { id: string } } }>('/users/information?include=company');
  const ilocs = await api.get<{ data: { id: string; code: string }[] }>(`/tenants/${me.data.company.id}/ilocs?per_page=100`);
  const austin = ilocs.data.find((i) => i.code === 'AUS-MAIN')!.id;
  const known = await api.get<{ data: unknown[] }>(`/inventory?search=sku:${SKU}`);
  if (!known.data.length) {
    await api.post('/products', { name: `E2E return tee ${RUN}`, skus: [{ sku: SKU, name: `E2E return tee ${RUN}`, prices: [{ code: 'RETAIL', value: '20.00' }] }] });
  }
  await api.post('/inventory/adjustments', { adjustments: [{ sku: SKU, iloc_id: austin, bucket: 'good', delta: 3, reason: 'received' }] });
  const order = await api.post<{ data: { id: string; number: string; status: string } }>('/orders', {
    external_id: `E2E-RET-${RUN}-${tag}`, channel: 'manual',
    customer: { first_name: 'Ada', last_name: 'Lovelace', email: `ada.ret.${RUN.toLowerCase()}@example.com` },
    shipping_address: { first_name: 'Ada', last_name: 'Lovelace', address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
    lines: [{ sku: SKU, quantity: 3, price: '20.00' }], ship_method: 'standard',
  });
  expect(order.data.status).toBe('open');
  return order.data;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/returns-from-order-${name}.png` });
}

async function noSideways(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} does not scroll sideways`).toBeLessThanOrEqual(0);
}

test('start a return of 1 unit from the page of an order marked as shipped; land on it, open', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, 'tenant');
  const api = await apiOf(page, request);
  const order = await openOrder(api, 'A');

  // Mark as shipped on the order's page: no shipment, the lines count their units as shipped.
  await page.goto(`/orders/edit/${order.id}`);
  await waitForShell(page);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Start a return/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Mark as shipped' }).click();
  const confirm = page.getByRole('dialog', { name: `Mark order ${order.number} as shipped?` });
  await confirm.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(confirm).toBeHidden();

  // Keyboard: focus the link and press Enter.
  const start = page.getByRole('link', { name: `Start a return of order ${order.number}` });
  await start.scrollIntoViewIfNeeded();
  await shot(page, 'order-1280');
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/returns?order=${order.id}&from=order`);
  await expect(page.getByRole('heading', { level: 1, name: `Start a return for order ${order.number}` })).toBeVisible();
  await expect(page.getByText('Shipped 3 · Returnable 3')).toBeVisible();

  const qty = page.getByLabel(`Units to return ${SKU}`);
  await qty.fill('4');
  await page.getByRole('button', { name: 'Create return' }).click();
  await expect(page.getByText('At most 3 units')).toBeVisible();
  await qty.fill('1');
  await expect(page.getByText('At most 3 units')).toBeHidden();
  await page.getByLabel(`Reason ${SKU}`).selectOption('defective');
  await page.getByLabel('Notes').fill('Seam came apart');
  await shot(page, '1280');
  await noSideways(page, 'the start-a-return screen at 1280 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, '390');
  await noSideways(page, 'the start-a-return screen at 390 px');
  await page.getByRole('button', { name: 'Create return' }).scrollIntoViewIfNeeded();
  await shot(page, '390-submit');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Create return' }).focus();
  await page.keyboard.press('Enter');

  // The return, open, in the Returns list searched for it.
  const rma = `RMA-${order.number}-1`;
  await expect(page).toHaveURL(`/returns?search=${rma}`);
  await expect(page.getByText(`Return ${rma} created`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: rma });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Open').first()).toBeVisible();
  await expect(row.getByRole('button', { name: `Approve ${rma}` })).toBeVisible();

  const made = await api.get<{ data: Ret[] }>(`/returns?search=order_id:${order.id}`);
  expect(made.data).toEqual([expect.objectContaining({ number: rma, status: 'open', shipment_id: null, unit_count: 1 })]);
  const left = await api.get<{ data: Returnable[] }>(`/orders/${order.id}/returnable`);
  expect(left.data).toEqual([expect.objectContaining({ shipped: 3, returned: 0, returnable: 2 })]);
});

test('start a return from the Returns list by order number', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, 'tenant');
  const api = await apiOf(page, request);
  const order = await openOrder(api, 'B');
  const unshipped = await openOrder(api, 'C');
  await api.post(`/orders/${order.id}/mark-shipped`);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/returns');
  await waitForShell(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  await shot(page, 'list-390');
  await noSideways(page, 'the Returns list at 390 px');
  // The actions fold into one menu button per row, inside the screen, not cut off at the grid's edge.
  const more = page.getByRole('button', { name: /^Actions of RMA-/ }).first();
  await expect(more).toBeVisible();
  const box = await more.boundingBox();
  expect((box?.x ?? 999) + (box?.width ?? 0), 'the actions button is on screen').toBeLessThanOrEqual(390);
  await more.click();
  await expect(page.getByRole('menuitem', { name: 'Approve' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'New return' }).click();
  const dialog = page.getByRole('dialog', { name: 'New return' });
  const field = dialog.getByLabel('Order number');
  await field.fill(`NOPE-${RUN}`);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText(`No order is numbered NOPE-${RUN}`)).toBeVisible();
  await field.fill(unshipped.number);
  await field.press('Enter');
  await expect(dialog.getByText(`Nothing on order ${unshipped.number} can be returned`, { exact: false })).toBeVisible();
  await shot(page, 'new-return-1280');
  await field.fill(order.number.toLowerCase());
  await field.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: `Start a return for order ${order.number}` })).toBeVisible();
  await expect(page).toHaveURL(`/returns?order=${order.id}`);
  await page.getByLabel(`Units to return ${SKU}`).fill('1');
  await page.getByLabel('Reason for the whole return').selectOption('no_longer_needed');
  await page.getByRole('button', { name: 'Create return' }).click();

  const rma = `RMA-${order.number}-1`;
  await expect(page).toHaveURL(`/returns?search=${rma}`);
  const row = page.getByRole('row').filter({ hasText: rma });
  await expect(row.getByText('Open').first()).toBeVisible();
  const made = await api.get<{ data: Ret[] }>(`/returns?search=order_id:${order.id}`);
  expect(made.data).toEqual([expect.objectContaining({ number: rma, status: 'open', shipment_id: null, unit_count: 1 })]);
});
