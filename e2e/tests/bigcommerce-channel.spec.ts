import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiOf, signIn, waitForShell } from './helpers';

/**
 * A seller connects a BigCommerce store (a local fake of its V2 orders and V3 catalog/inventory APIs, run as its
 * own process) from the Integrations screen with a store-level API account, tests it, imports the orders awaiting
 * fulfilment, ships one, and the V2 shipment with its tracking number reaches the store. Screenshots at 1280 px and 375 px.
 */

const RUN = Date.now().toString(36).toUpperCase();
const SKU = `E2E-BC-${RUN}`;
const DRIVER = 'bigcommerce';
const SHOTS = process.env.CHANNEL_SCREENSHOTS ?? '/tmp/shots';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

let fake: ChildProcess;
let fakeUrl = '';
let creds = { storeHash: '', accessToken: '' };

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  fake = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/fakes/bigcommerce/bigcommerce-fake.cli.ts', '--port', '0'], {
    cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: fake.stdout! });
  fakeUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the BigCommerce fake did not start')), 60_000);
    lines.on('line', (line) => {
      try {
        const { url, storeHash, accessToken } = JSON.parse(line) as { url?: string; storeHash?: string; accessToken?: string };
        if (url) {
          creds = { storeHash: storeHash ?? 'abc123fake', accessToken: accessToken ?? 'bc_fake_access_token' };
          clearTimeout(timer);
          resolve(url);
        }
      } catch {
        // not the ready line
      }
    });
  });
});

test.afterAll(() => {
  fake?.kill('SIGTERM');
});

async function fakeCall<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = method === 'GET' ? await request.get(`${fakeUrl}/__fake${path}`) : await request.post(`${fakeUrl}/__fake${path}`, { data: body ?? {} });
  expect(res.ok(), `fake ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

async function shot(page: Page, name: string): Promise<void> {
  // A real wait, not an absence check: transitions and a resize's re-layout finish before the picture.
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/channels-${DRIVER}-${name}.png` });
}

async function atPhoneWidth(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, `${name}-375`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} does not scroll sideways on a phone`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('connect a BigCommerce store, import its orders, ship one, and the tracking reaches the store', async ({ page, request }) => {
  test.setTimeout(150_000);
  await signIn(page, 'tenant');
  const api = await apiOf(page, request);
  const me = await api.get<{ data: { company: { id: string } } }>('/users/information?include=company');
  const ilocs = await api.get<{ data: { id: string; code: string }[] }>(`/tenants/${me.data.company.id}/ilocs?per_page=100`);
  const austin = ilocs.data.find((i) => i.code === 'AUS-MAIN')!.id;
  await api.post('/products', { name: `E2E BigCommerce hat ${RUN}`, skus: [{ sku: SKU, name: `E2E BigCommerce hat ${RUN}`, prices: [{ code: 'RETAIL', value: '18.00' }] }] });
  await api.post('/inventory/adjustments', { adjustments: [{ sku: SKU, iloc_id: austin, bucket: 'good', delta: 20, reason: 'received' }] });
  await fakeCall(request, 'POST', '/products', { name: `Hat ${RUN}`, variants: [{ sku: SKU, price: 18 }] });
  const { orders: seeded } = await fakeCall<{ orders: { id: number }[] }>(request, 'POST', '/orders', {
    orders: [0, 1].map((i) => ({ lines: [{ sku: SKU, quantity: 2, price: 18 }], email: `buyer${i}.${RUN.toLowerCase()}@example.com` })),
  });
  // Awaiting Payment (7) is not imported by default (Awaiting Fulfillment and Awaiting Shipment).
  const { orders: [unpaid] } = await fakeCall<{ orders: { id: number }[] }>(request, 'POST', '/orders', { lines: [{ sku: SKU, quantity: 1 }], status_id: 7 });

  // 1. The catalogue offers BigCommerce; its set-up screen with the fake as the service address.
  await page.goto('/integrations');
  await waitForShell(page);
  await page.getByRole('link', { name: 'Connect BigCommerce' }).click();
  await expect(page).toHaveURL('/services/bigcommerce-create');
  await expect(page.getByRole('heading', { level: 1, name: 'Connect a BigCommerce store' })).toBeVisible();
  const store = page.getByRole('region', { name: 'Store API account' });
  await store.getByLabel('Connection name').fill(`E2E BigCommerce ${RUN}`);
  await store.getByLabel('Store hash').fill(creds.storeHash);
  await store.getByLabel('Access token').fill(creds.accessToken);
  await store.getByRole('button', { name: 'Advanced' }).click();
  await store.getByLabel(/Service address/).fill(fakeUrl);
  const imports = page.getByRole('group', { name: 'Import orders' });
  await expect(imports.getByLabel('Awaiting Fulfillment')).toBeChecked();
  await expect(imports.getByLabel('Awaiting Payment')).not.toBeChecked();
  await shot(page, 'create-1280');
  await page.getByRole('region', { name: 'Actions' }).screenshot({ path: `${SHOTS}/channels-${DRIVER}-create-actions-1280.png` });
  await atPhoneWidth(page, 'create');
  await page.getByRole('button', { name: 'Connect store' }).click();

  // 2. Test it from the set-up screen, then open the connection.
  const done = page.getByRole('region', { name: `E2E BigCommerce ${RUN} is connected` });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Test connection' }).click();
  await expect(done.getByText('Connection works')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'connected-1280');
  await done.getByRole('link', { name: 'Open the connection' }).click();
  await expect(page).toHaveURL(/\/connections\/[0-9a-f-]{36}$/);
  const processId = page.url().split('/').pop()!;
  const created = page.getByRole('dialog', { name: 'Store connected' });
  await expect(created.getByLabel('Webhook secret')).toHaveValue(/^whsec_/);
  await created.getByRole('button', { name: 'Done' }).click();

  // 3. Import now.
  await expect(page.getByRole('heading', { level: 1, name: `E2E BigCommerce ${RUN}` })).toBeVisible();
  await page.getByRole('button', { name: 'Run Import orders now' }).click();
  // The "started" toast opens where the pointer is; a hovered toast stays, and the next one waits behind it.
  await page.mouse.move(0, 0);
  await expect(page.getByText('Import orders finished').first()).toBeVisible({ timeout: 60_000 });
  const runs = await api.get<{ data: { status: string; counts: { created: number } }[] }>(`/processes/${processId}/runs`);
  expect(runs.data[0]).toMatchObject({ status: 'COMPLETED', counts: expect.objectContaining({ created: 2 }) });
  await shot(page, 'connection-1280');
  await atPhoneWidth(page, 'connection');

  // 4. The orders are in Orders (not the one awaiting payment).
  const orders = await api.get<{ data: { id: string; number: string; external_id: string }[] }>('/orders?search=channel:bigcommerce&per_page=100');
  const ours = orders.data.filter((o) => seeded.some((s) => String(s.id) === o.external_id));
  expect(ours).toHaveLength(2);
  expect(orders.data.some((o) => o.external_id === String(unpaid!.id))).toBe(false);
  await page.goto('/orders');
  await expect(page.getByText(ours[0]!.number).first()).toBeVisible({ timeout: 30_000 });

  // 5. Ship one: a V2 shipment with the tracking number reaches the store.
  const order = ours[0]!;
  await page.goto(`/shipments/create/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Ship order ${order.number}` })).toBeVisible();
  await page.getByLabel(`Units of ${SKU} Box 1`).fill('2');
  for (const [label, value] of [['Length Box 1', '30'], ['Width Box 1', '20'], ['Height Box 1', '10'], ['Weight Box 1', '1.5']] as const) {
    await page.getByLabel(label).fill(value);
  }
  await page.getByLabel('Tracking number').fill(`1Z${RUN}`);
  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(page).toHaveURL(`/orders/edit/${order.id}`);
  await expect.poll(async () => {
    const { shipments } = await fakeCall<{ shipments: { order_id: number; tracking_number: string }[] }>(request, 'GET', '/shipments');
    return shipments.some((s) => String(s.order_id) === order.external_id && s.tracking_number === `1Z${RUN}`);
  }, { timeout: 30_000 }).toBe(true);
});
