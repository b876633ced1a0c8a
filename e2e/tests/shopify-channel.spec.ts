import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiOf, signIn, waitForShell } from './helpers';

/**
 * A seller connects a Shopify store (a local fake of Shopify's Admin API, run as its own process) from the
 * Integrations screen, imports its orders, sees them in Orders and in the feed history, ships one, and the
 * fulfilment with the tracking number arrives at the store. Screenshots at 1280 px and 375 px go to /tmp.
 */

const RUN = Date.now().toString(36).toUpperCase();
const SKU = `E2E-SHOP-${RUN}`;
const SHOTS = process.env.CHANNEL_SCREENSHOTS ?? '/tmp';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

let fake: ChildProcess;
let fakeUrl = '';

test.beforeAll(async () => {
  fake = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/fakes/shopify/shopify-fake.cli.ts', '--port', '0', '--shop', `e2e-${RUN.toLowerCase()}.myshopify.com`], {
    cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: fake.stdout! });
  fakeUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the Shopify fake did not start')), 60_000);
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
  await page.screenshot({ path: `${SHOTS}/channels-${name}.png` });
}

test('connect a Shopify store, import its orders, ship one, and the tracking reaches the store', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, 'tenant');
  const api = await apiOf(page, request);
  const me = await api.get<{ data: { company: { id: string } } }>('/users/information?include=company');
  const ilocs = await api.get<{ data: { id: string; code: string }[] }>(`/tenants/${me.data.company.id}/ilocs?per_page=100`);
  const austin = ilocs.data.find((i) => i.code === 'AUS-MAIN')!.id;
  await api.post('/products', { name: `E2E Shopify tee ${RUN}`, skus: [{ sku: SKU, name: `E2E Shopify tee ${RUN}`, prices: [{ code: 'RETAIL', value: '25.00' }] }] });
  await api.post('/inventory/adjustments', { adjustments: [{ sku: SKU, iloc_id: austin, bucket: 'good', delta: 20, reason: 'received' }] });
  const seeded: { order: { id: number; name: string } }[] = [];
  for (let i = 0; i < 2; i++) {
    seeded.push(await fakeCall(request, 'POST', '/orders', { lineItems: [{ sku: SKU, quantity: 2, price: '25.00' }], email: `buyer${i}.${RUN.toLowerCase()}@example.com` }));
  }
  const shop = (await fakeCall<{ shopDomain: string }>(request, 'GET', '/health')).shopDomain;
  const state = await fakeCall<{ accessToken?: string; clientSecret?: string; state?: { accessToken?: string; clientSecret?: string } }>(request, 'GET', '/state');
  const token = state.accessToken ?? state.state?.accessToken ?? 'shpat_fake_token';

  // 1. The catalogue offers Shopify; its set-up screen connects by a custom app's token.
  await page.goto('/integrations');
  await waitForShell(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await shot(page, 'integrations-1280');
  await page.getByRole('link', { name: 'Connect Shopify' }).click();
  await expect(page).toHaveURL('/services/shopify-create');
  const form = page.getByRole('region', { name: 'Custom app access token' }).or(page.locator('form').filter({ hasText: 'Custom app access token' })).first();
  await form.getByLabel('Connection name').fill(`E2E store ${RUN}`);
  await form.getByLabel('Store address').fill(shop);
  await form.getByLabel(/Admin API access token/).fill(token);
  await form.getByText('Advanced').click();
  await form.getByLabel(/Service address/).fill(fakeUrl);
  await shot(page, 'shopify-create-1280');
  await form.getByRole('button', { name: 'Connect store' }).click();
  await expect(page).toHaveURL(/\/connections\/[0-9a-f-]{36}$/);
  const processId = page.url().split('/').pop()!;
  const created = page.getByRole('dialog', { name: 'Store connected' });
  // The process's own webhook secret is shown once, then never again.
  await expect(created.getByLabel('Webhook secret')).toHaveValue(/^whsec_/);
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();

  // 2. Run the import from the process page; the run appears in its feed history.
  await expect(page.getByRole('heading', { level: 1, name: `E2E store ${RUN}` })).toBeVisible();
  await page.getByRole('button', { name: 'Run Import orders now' }).click();
  await expect(page.getByText('Import orders finished').first()).toBeVisible({ timeout: 60_000 });
  const runs = await api.get<{ data: { status: string; counts: { created: number } }[] }>(`/processes/${processId}/runs`);
  expect(runs.data[0]).toMatchObject({ status: 'COMPLETED', counts: expect.objectContaining({ created: 2 }) });
  await expect(page.getByRole('row').filter({ hasText: 'Import orders' }).filter({ hasText: 'Completed' }).first()).toBeVisible();
  await shot(page, 'connection-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, 'connection-375');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the connection page does not scroll sideways on a phone').toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // 3. The orders are in Orders, and the run is in the company's feed history.
  const orders = await api.get<{ data: { id: string; number: string; channel: string; external_id: string; status: string }[] }>(`/orders?search=channel:shopify&per_page=100`);
  const ours = orders.data.filter((o) => seeded.some((s) => String(s.order.id) === o.external_id));
  expect(ours).toHaveLength(2);
  await page.goto('/orders');
  await expect(page.getByText(ours[0]!.number).first()).toBeVisible();
  await page.goto('/feed-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Feed history' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `E2E store ${RUN}` }).first()).toBeVisible();
  await shot(page, 'feed-history-1280');

  // 4. Ship one order: the tracking goes back to the store as a fulfilment.
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
    const { fulfillments } = await fakeCall<{ fulfillments: { trackingInfo: { number: string | null }[] }[] }>(request, 'GET', '/fulfillments');
    return fulfillments.some((f) => f.trackingInfo.some((t) => t.number === `1Z${RUN}`));
  }, { timeout: 30_000 }).toBe(true);
});
