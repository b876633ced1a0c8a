import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiOf, signIn, waitForShell } from './helpers';

/**
 * A seller connects CartRover (a local fake of its merchant Orders API v1, run as its own process) from the
 * Integrations screen with an API user and key, tests it, imports the new orders, ships one, and the shipment
 * with its tracking number reaches CartRover. Screenshots at 1280 px and 375 px.
 */

const RUN = Date.now().toString(36).toUpperCase();
const SKU = `E2E-CR-${RUN}`;
const DRIVER = 'cartrover';
const SHOTS = process.env.CHANNEL_SCREENSHOTS ?? '/tmp/shots';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

let fake: ChildProcess;
let fakeUrl = '';
let creds = { apiUser: '', apiKey: '' };

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  fake = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/fakes/cartrover/cartrover-fake.cli.ts', '--port', '0', '--user', `e2e-${RUN.toLowerCase()}`], {
    cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: fake.stdout! });
  fakeUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the CartRover fake did not start')), 60_000);
    lines.on('line', (line) => {
      try {
        const { url, apiUser, apiKey } = JSON.parse(line) as { url?: string; apiUser?: string; apiKey?: string };
        if (url) {
          creds = { apiUser: apiUser ?? 'cr_merchant_user', apiKey: apiKey ?? 'cr_merchant_key_fake' };
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

test('connect CartRover, import its orders, ship one, and the tracking reaches CartRover', async ({ page, request }) => {
  test.setTimeout(150_000);
  await signIn(page, 'tenant');
  const api = await apiOf(page, request);
  const me = await api.get<{ data: { company: { id: string } } }>('/users/information?include=company');
  const ilocs = await api.get<{ data: { id: string; code: string }[] }>(`/tenants/${me.data.company.id}/ilocs?per_page=100`);
  const austin = ilocs.data.find((i) => i.code === 'AUS-MAIN')!.id;
  await api.post('/products', { name: `E2E CartRover cap ${RUN}`, skus: [{ sku: SKU, name: `E2E CartRover cap ${RUN}`, prices: [{ code: 'RETAIL', value: '15.00' }] }] });
  await api.post('/inventory/adjustments', { adjustments: [{ sku: SKU, iloc_id: austin, bucket: 'good', delta: 20, reason: 'received' }] });
  await fakeCall(request, 'POST', '/products', [{ sku: SKU, qty: 0 }]);
  const seeded = await fakeCall<{ cust_ref: string }[]>(request, 'POST', '/orders', [0, 1].map((i) => ({
    cust_ref: `CR-${RUN}-${i}`, cust_po_no: `PO-${RUN}-${i}`,
    items: [{ item: SKU, quantity: 2, price: 15 }],
    ship_first_name: 'Ana', ship_last_name: `Buyer${i}`, ship_address_1: '1 Main St', ship_city: 'Austin', ship_state: 'TX', ship_zip: '78701', ship_country: 'US',
    ship_email: `buyer${i}.${RUN.toLowerCase()}@example.com`,
  })));

  // 1. The catalogue offers CartRover; its set-up screen with the fake as the service address.
  await page.goto('/integrations');
  await waitForShell(page);
  await page.getByRole('link', { name: 'Connect CartRover' }).click();
  await expect(page).toHaveURL('/services/cart-rover');
  await expect(page.getByRole('heading', { level: 1, name: 'Connect CartRover' })).toBeVisible();
  const store = page.getByRole('region', { name: 'Merchant API credentials' });
  await store.getByLabel('Connection name').fill(`E2E CartRover ${RUN}`);
  await store.getByLabel('API user').fill(creds.apiUser);
  await store.getByLabel('API key').fill(creds.apiKey);
  await store.getByRole('button', { name: 'Advanced' }).click();
  await store.getByLabel(/Service address/).fill(fakeUrl);
  await shot(page, 'create-1280');
  await page.getByRole('region', { name: 'Actions' }).screenshot({ path: `${SHOTS}/channels-${DRIVER}-create-actions-1280.png` });
  await atPhoneWidth(page, 'create');
  await page.getByRole('button', { name: 'Connect store' }).click();

  // 2. Test it from the set-up screen, then open the connection.
  const done = page.getByRole('region', { name: `E2E CartRover ${RUN} is connected` });
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
  await expect(page.getByRole('heading', { level: 1, name: `E2E CartRover ${RUN}` })).toBeVisible();
  await page.getByRole('button', { name: 'Run Import orders now' }).click();
  // The "started" toast opens where the pointer is; a hovered toast stays, and the next one waits behind it.
  await page.mouse.move(0, 0);
  await expect(page.getByText('Import orders finished').first()).toBeVisible({ timeout: 60_000 });
  const runs = await api.get<{ data: { status: string; counts: { created: number } }[] }>(`/processes/${processId}/runs`);
  expect(runs.data[0]).toMatchObject({ status: 'COMPLETED', counts: expect.objectContaining({ created: 2 }) });
  await shot(page, 'connection-1280');
  await atPhoneWidth(page, 'connection');

  // 4. The orders are in Orders.
  const orders = await api.get<{ data: { id: string; number: string; external_id: string }[] }>('/orders?search=channel:cartrover&per_page=100');
  const ours = orders.data.filter((o) => seeded.some((s) => s.cust_ref === o.external_id));
  expect(ours).toHaveLength(2);
  await page.goto('/orders');
  await expect(page.getByText(ours[0]!.number).first()).toBeVisible({ timeout: 30_000 });

  // 5. Ship one: CartRover receives the shipped status with the tracking number.
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
    const received = await fakeCall<{ cust_ref: string; shipments: { tracking_no: string }[] }[]>(request, 'GET', '/shipments');
    return received.some((r) => r.cust_ref === order.external_id && r.shipments.some((s) => s.tracking_no === `1Z${RUN}`));
  }, { timeout: 30_000 }).toBe(true);
});
