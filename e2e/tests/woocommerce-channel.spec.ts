import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiOf, signIn, waitForShell } from './helpers';

/**
 * A seller connects a WooCommerce store (a local fake of the WooCommerce REST API v3 and its key-generation page,
 * run as its own process) from the Integrations screen: the store generates the keys, the seller approves them
 * in the store and comes back, tests the connection, imports the orders, ships one, and the order is completed
 * in the store with the tracking number in an order note. Screenshots at 1280 px and 375 px.
 */

const RUN = Date.now().toString(36).toUpperCase();
const SKU = `E2E-WOO-${RUN}`;
const DRIVER = 'woocommerce';
const SHOTS = process.env.CHANNEL_SCREENSHOTS ?? '/tmp/shots';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

let fake: ChildProcess;
let fakeUrl = '';

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  fake = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/fakes/woocommerce/woocommerce-fake.cli.ts', '--port', '0'], {
    cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: fake.stdout! });
  fakeUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the WooCommerce fake did not start')), 60_000);
    lines.on('line', (line) => {
      try {
        const { url } = JSON.parse(line) as { url?: string };
        if (url) {
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

test('connect a WooCommerce store by its key generation, import its orders, ship one, and the tracking reaches the store', async ({ page, request }) => {
  test.setTimeout(150_000);
  await signIn(page, 'tenant');
  const api = await apiOf(page, request);
  const me = await api.get<{ data: { company: { id: string } } }>('/users/information?include=company');
  const ilocs = await api.get<{ data: { id: string; code: string }[] }>(`/tenants/${me.data.company.id}/ilocs?per_page=100`);
  const austin = ilocs.data.find((i) => i.code === 'AUS-MAIN')!.id;
  await api.post('/products', { name: `E2E Woo mug ${RUN}`, skus: [{ sku: SKU, name: `E2E Woo mug ${RUN}`, prices: [{ code: 'RETAIL', value: '12.00' }] }] });
  await api.post('/inventory/adjustments', { adjustments: [{ sku: SKU, iloc_id: austin, bucket: 'good', delta: 20, reason: 'received' }] });
  const seeded: { id: number }[] = [];
  for (let i = 0; i < 2; i++) {
    seeded.push(await fakeCall(request, 'POST', '/orders', {
      lineItems: [{ sku: SKU, quantity: 2, price: '12.00' }],
      billing: { first_name: 'Ana', last_name: `Buyer${i}`, email: `buyer${i}.${RUN.toLowerCase()}@example.com` },
    }));
  }
  // An on-hold order is not imported by default (processing only).
  const onHold = await fakeCall<{ id: number }>(request, 'POST', '/orders', { status: 'on-hold', lineItems: [{ sku: SKU, quantity: 1 }] });

  // 1. The catalogue offers WooCommerce; its set-up screen.
  await page.goto('/integrations');
  await waitForShell(page);
  await page.getByRole('link', { name: 'Connect WooCommerce' }).click();
  await expect(page).toHaveURL('/services/woocommerce-create');
  await expect(page.getByRole('heading', { level: 1, name: 'Connect a WooCommerce store' })).toBeVisible();
  const store = page.getByRole('region', { name: 'Store and REST API keys' });
  await store.getByLabel('Connection name').fill(`E2E Woo ${RUN}`);
  // The fake is the store itself (plain http on 127.0.0.1: OAuth 1.0a signatures).
  await store.getByLabel('Store URL').fill(fakeUrl);
  const imports = page.getByRole('group', { name: 'Import orders' });
  await expect(imports.getByLabel('Processing')).toBeChecked();
  await expect(imports.getByLabel('On hold')).not.toBeChecked();
  await shot(page, 'create-1280');
  await page.getByRole('region', { name: 'Actions' }).screenshot({ path: `${SHOTS}/channels-${DRIVER}-create-actions-1280.png` });
  await atPhoneWidth(page, 'create');

  // 2. "Generate keys in your store": the store's approval page, then back to Omnio with the keys delivered.
  await store.getByRole('button', { name: 'Generate keys in your store' }).click();
  await expect(page).toHaveURL(new RegExp(`^${fakeUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/wc-auth/v1/authorize`));
  await page.locator('#approve').click();
  await expect(page).toHaveURL(/\/services\/woocommerce21-create\/[0-9a-f-]{36}\?success=1/);
  const processId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByText('The keys arrived')).toBeVisible();
  await expect(page.getByText('Consumer key: Set')).toBeVisible();
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText('Connection works')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'keys-returned-1280');
  await atPhoneWidth(page, 'keys-returned');
  await page.getByRole('link', { name: 'Open the connection' }).click();
  await expect(page).toHaveURL(`/connections/${processId}`);

  // 3. Import now from the connection page.
  await expect(page.getByRole('heading', { level: 1, name: `E2E Woo ${RUN}` })).toBeVisible();
  await page.getByRole('button', { name: 'Run Import orders now' }).click();
  // The "started" toast opens where the pointer is; a hovered toast stays, and the next one waits behind it.
  await page.mouse.move(0, 0);
  await expect(page.getByText('Import orders finished').first()).toBeVisible({ timeout: 60_000 });
  const runs = await api.get<{ data: { status: string; counts: { created: number } }[] }>(`/processes/${processId}/runs`);
  expect(runs.data[0]).toMatchObject({ status: 'COMPLETED', counts: expect.objectContaining({ created: 2 }) });
  await expect(page.getByRole('row').filter({ hasText: 'Import orders' }).filter({ hasText: 'Completed' }).first()).toBeVisible();
  await shot(page, 'connection-1280');
  await atPhoneWidth(page, 'connection');

  // 4. The orders are in Orders (the on-hold one is not).
  const orders = await api.get<{ data: { id: string; number: string; external_id: string }[] }>('/orders?search=channel:woocommerce&per_page=100');
  const ours = orders.data.filter((o) => seeded.some((s) => String(s.id) === o.external_id));
  expect(ours).toHaveLength(2);
  expect(orders.data.some((o) => o.external_id === String(onHold.id))).toBe(false);
  await page.goto('/orders');
  await expect(page.getByText(ours[0]!.number).first()).toBeVisible({ timeout: 30_000 });

  // 5. Ship one: the store's order is completed with the tracking number in an order note.
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
    const at = await fakeCall<{ status: string; notes: { note: string; customer_note: boolean }[] }>(request, 'GET', `/orders/${order.external_id}`);
    // A private note: "Email the customer when tracking is sent" was left off on the set-up screen.
    return at.status === 'completed' && at.notes.some((n) => n.note.includes(`1Z${RUN}`));
  }, { timeout: 30_000 }).toBe(true);
});
