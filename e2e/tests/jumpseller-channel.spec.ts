import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiOf, signIn, waitForShell } from './helpers';

/**
 * A seller connects a Jumpseller store (a local fake of its REST API v1, run as its own process) from the
 * Integrations screen with the store's login and auth token, tests it, imports the paid orders, ships one, and a
 * fulfilment with the tracking number reaches the store. Screenshots at 1280 px and 375 px.
 */

const RUN = Date.now().toString(36).toUpperCase();
const SKU = `E2E-JS-${RUN}`;
const DRIVER = 'jumpseller';
const SHOTS = process.env.CHANNEL_SCREENSHOTS ?? '/tmp/shots';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

let fake: ChildProcess;
let fakeUrl = '';
let creds = { login: '', authToken: '' };

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  fake = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/fakes/jumpseller/jumpseller-fake.cli.ts', '--port', '0', '--login', `e2e-${RUN.toLowerCase()}`], {
    cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: fake.stdout! });
  fakeUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the Jumpseller fake did not start')), 60_000);
    lines.on('line', (line) => {
      try {
        const { url, login, authToken } = JSON.parse(line) as { url?: string; login?: string; authToken?: string };
        if (url) {
          creds = { login: login ?? 'fake-login-key', authToken: authToken ?? '' };
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
  // The API is under /v1 (the ready line's url); the control API is at the root.
  const control = `${new URL(fakeUrl).origin}/__fake${path}`;
  const res = method === 'GET' ? await request.get(control) : await request.post(control, { data: body ?? {} });
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

test('connect a Jumpseller store, import its orders, ship one, and the tracking reaches the store', async ({ page, request }) => {
  test.setTimeout(150_000);
  await signIn(page, 'tenant');
  const api = await apiOf(page, request);
  const me = await api.get<{ data: { company: { id: string } } }>('/users/information?include=company');
  const ilocs = await api.get<{ data: { id: string; code: string }[] }>(`/tenants/${me.data.company.id}/ilocs?per_page=100`);
  const austin = ilocs.data.find((i) => i.code === 'AUS-MAIN')!.id;
  await api.post('/products', { name: `E2E Jumpseller scarf ${RUN}`, skus: [{ sku: SKU, name: `E2E Jumpseller scarf ${RUN}`, prices: [{ code: 'RETAIL', value: '22.00' }] }] });
  await api.post('/inventory/adjustments', { adjustments: [{ sku: SKU, iloc_id: austin, bucket: 'good', delta: 20, reason: 'received' }] });
  await fakeCall(request, 'POST', '/products', { products: [{ name: `Scarf ${RUN}`, sku: SKU }] });
  const { orders: seeded } = await fakeCall<{ orders: { id: number }[] }>(request, 'POST', '/orders', {
    orders: [0, 1].map((i) => ({ status: 'paid', products: [{ sku: SKU, qty: 2, price: 22 }], email: `buyer${i}.${RUN.toLowerCase()}@example.com` })),
  });
  // An abandoned cart is not imported by default (paid only).
  const { orders: [abandoned] } = await fakeCall<{ orders: { id: number }[] }>(request, 'POST', '/orders', { status: 'abandoned', products: [{ sku: SKU, qty: 1, price: 22 }] });

  // 1. The catalogue offers Jumpseller; its set-up screen with the fake as the service address.
  await page.goto('/integrations');
  await waitForShell(page);
  await page.getByRole('link', { name: 'Connect Jumpseller' }).click();
  await expect(page).toHaveURL('/services/jumpseller-create');
  await expect(page.getByRole('heading', { level: 1, name: 'Connect a Jumpseller store' })).toBeVisible();
  const store = page.getByRole('region', { name: 'Store API access' });
  await store.getByLabel('Connection name').fill(`E2E Jumpseller ${RUN}`);
  await store.getByLabel('Login').fill(creds.login);
  await store.getByLabel('Auth token').fill(creds.authToken);
  await store.getByRole('button', { name: 'Advanced' }).click();
  await store.getByLabel(/Service address/).fill(fakeUrl);
  const imports = page.getByRole('group', { name: 'Import orders' });
  await expect(imports.getByLabel('Paid')).toBeChecked();
  await expect(imports.getByLabel('Abandoned')).not.toBeChecked();
  await shot(page, 'create-1280');
  await page.getByRole('region', { name: 'Actions' }).screenshot({ path: `${SHOTS}/channels-${DRIVER}-create-actions-1280.png` });
  await atPhoneWidth(page, 'create');
  await page.getByRole('button', { name: 'Connect store' }).click();

  // 2. Test it from the set-up screen, then open the connection.
  const done = page.getByRole('region', { name: `E2E Jumpseller ${RUN} is connected` });
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
  await expect(page.getByRole('heading', { level: 1, name: `E2E Jumpseller ${RUN}` })).toBeVisible();
  await page.getByRole('button', { name: 'Run Import orders now' }).click();
  // The "started" toast opens where the pointer is; a hovered toast stays, and the next one waits behind it.
  await page.mouse.move(0, 0);
  await expect(page.getByText('Import orders finished').first()).toBeVisible({ timeout: 60_000 });
  const runs = await api.get<{ data: { status: string; counts: { created: number } }[] }>(`/processes/${processId}/runs`);
  expect(runs.data[0]).toMatchObject({ status: 'COMPLETED', counts: expect.objectContaining({ created: 2 }) });
  await shot(page, 'connection-1280');
  await atPhoneWidth(page, 'connection');

  // 4. The orders are in Orders (not the abandoned one).
  const orders = await api.get<{ data: { id: string; number: string; external_id: string }[] }>('/orders?search=channel:jumpseller&per_page=100');
  const ours = orders.data.filter((o) => seeded.some((s) => String(s.id) === o.external_id));
  expect(ours).toHaveLength(2);
  expect(orders.data.some((o) => o.external_id === String(abandoned!.id))).toBe(false);
  await page.goto('/orders');
  await expect(page.getByText(ours[0]!.number).first()).toBeVisible({ timeout: 30_000 });

  // 5. Ship one: a fulfilment with the tracking number reaches the store.
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
    const { fulfillments } = await fakeCall<{ fulfillments: { order_id: number; tracking_number: string | null }[] }>(request, 'GET', '/fulfillments');
    return fulfillments.some((f) => String(f.order_id) === order.external_id && f.tracking_number === `1Z${RUN}`);
  }, { timeout: 30_000 }).toBe(true);
});
