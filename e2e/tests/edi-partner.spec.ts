import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiOf, signIn, waitForShell } from './helpers';

/**
 * A seller sets up an EDI trading partner (a real SFTP mailbox on 127.0.0.1, the fake run as its own process) from
 * the Integrations screen, the partner's 850 becomes an order with a 997 back, the seller ships it, and the 856 is
 * in the partner's document log and its mailbox. Screenshots at 1280 px and 375 px.
 */

const RUN = Date.now().toString(36).toUpperCase();
const SKU = `E2E-EDI-${RUN}`;
const PO = `PO${RUN}`;
const SHOTS = process.env.CHANNEL_SCREENSHOTS ?? '/tmp/shots';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const INBOUND = `/in/${RUN.toLowerCase()}`;
const OUTBOUND = `/out/${RUN.toLowerCase()}`;

let fake: ChildProcess;
let mailbox = { port: 0, control: 0, username: '', password: '' };

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  fake = spawn(process.execPath, [
    '--import', 'tsx', 'apps/server/src/test/fakes/sftp/sftp-fake.cli.ts', '--port', '0', '--user', `retail${RUN.toLowerCase()}`, '--password', 'mailbox-e2e',
    '--dirs', `${INBOUND},${OUTBOUND}`,
  ], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: fake.stdout! });
  mailbox = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the SFTP fake did not start')), 60_000);
    lines.on('line', (line) => {
      try {
        const ready = JSON.parse(line) as { ready?: boolean; port: number; control_port: number; username: string; password: string };
        if (ready.ready) {
          clearTimeout(timer);
          resolve({ port: ready.port, control: ready.control_port, username: ready.username, password: ready.password });
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

const control = (path: string) => `http://127.0.0.1:${mailbox.control}${path}`;

async function sentFiles(request: APIRequestContext): Promise<{ name: string; content: string }[]> {
  const res = await request.get(control(`/files?dir=${encodeURIComponent(OUTBOUND)}`));
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as { name: string; content: string }[];
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/channels-edi-${name}.png` });
}

async function atPhoneWidth(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, `${name}-375`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} does not scroll sideways on a phone`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

function purchaseOrder(): string {
  const body = [
    `BEG*00*DS*${PO}**20260115~`, 'REF*IA*VEND0042~', 'TD5**2*UPSN*U*UPS GROUND~', 'N1*ST*JOHN SMITH~', 'N3*123 MAIN ST*APT 4~',
    'N4*SPRINGFIELD*IL*62701*US~', `PO1*1*2*EA*19.99*PE*UP*012345678905*VN*${SKU}~`, 'PID*F****E2E WIDGET~', 'CTT*1*2~',
  ];
  return [
    'ISA*00*          *00*          *ZZ*RETAILCO       *ZZ*ACMESUPPLY     *260115*0930*U*00401*000000101*0*P*>~',
    'GS*PO*RETAILCO*ACMESUPPLY*20260115*0930*101*X*004010~', 'ST*850*0001~', ...body, `SE*${body.length + 2}*0001~`, 'GE*1*101~', 'IEA*1*000000101~',
  ].join('\n') + '\n';
}

test('set up an EDI partner, its 850 becomes an order, ship it, and the 856 is in the document log', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, 'tenant');
  const api = await apiOf(page, request);
  const me = await api.get<{ data: { company: { id: string } } }>('/users/information?include=company');
  const ilocs = await api.get<{ data: { id: string; code: string }[] }>(`/tenants/${me.data.company.id}/ilocs?per_page=100`);
  const austin = ilocs.data.find((i) => i.code === 'AUS-MAIN')!.id;
  await api.post('/products', { name: `E2E EDI widget ${RUN}`, skus: [{ sku: SKU, name: `E2E EDI widget ${RUN}`, prices: [{ code: 'RETAIL', value: '19.99' }] }] });
  await api.post('/inventory/adjustments', { adjustments: [{ sku: SKU, iloc_id: austin, bucket: 'good', delta: 20, reason: 'received' }] });

  // 1. The catalogue offers an X12 partner; its set-up screen.
  await page.goto('/integrations');
  await waitForShell(page);
  await page.getByRole('link', { name: 'Connect EDI trading partner (X12)' }).click();
  await expect(page).toHaveURL('/services/edi-create');
  await expect(page.getByRole('heading', { level: 1, name: 'Connect an EDI trading partner' })).toBeVisible();
  await page.getByLabel(/^Partner name\W*$/).fill(`E2E RetailCo ${RUN}`);
  await page.getByLabel(/^Host\W*$/).fill('127.0.0.1');
  await page.getByLabel(/^Port\W*$/).fill(String(mailbox.port));
  await page.getByLabel(/^User name\W*$/).fill(mailbox.username);
  await page.getByLabel(/^Password\W*$/).fill(mailbox.password);
  await page.getByLabel(/^Inbound folder\W*$/).fill(INBOUND);
  await page.getByLabel(/^Outbound folder\W*$/).fill(OUTBOUND);
  await page.getByLabel(/^Our ISA id\W*$/).fill('ACMESUPPLY');
  await page.getByLabel(/^Partner ISA id\W*$/).fill('RETAILCO');
  await page.getByLabel(/^GS1 company prefix\W*$/).fill('0614141');
  // Polled by hand in this test (the screen's default is every 15 minutes): no schedule left behind for other tests.
  await page.getByRole('group', { name: /^Import orders/ }).getByLabel(/^Schedule/).selectOption({ label: 'Only when asked' });
  await shot(page, 'create-1280');
  await atPhoneWidth(page, 'create');
  await page.getByRole('button', { name: 'Create partner' }).click();

  // 2. The partner's page: test the mailbox.
  await expect(page).toHaveURL(/\/connections\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const processId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: `E2E RetailCo ${RUN}` })).toBeVisible();
  await expect(page.getByText('No documents exchanged yet')).toBeVisible();

  // 3. The partner drops an 850; Import orders takes it, answers a 997 and an 855.
  const dropped = await request.post(control('/files'), { data: { path: `${INBOUND}/po-${RUN}.edi`, content: purchaseOrder() } });
  expect(dropped.ok()).toBeTruthy();
  await page.getByRole('button', { name: 'Run Import orders now' }).click();
  await page.mouse.move(0, 0);
  await expect(page.getByText('Import orders finished').first()).toBeVisible({ timeout: 60_000 });
  const log = page.getByRole('grid', { name: 'EDI documents' });
  await expect(log.getByText('850 Purchase order')).toBeVisible({ timeout: 30_000 });
  await expect(log.getByText('997 Functional ack')).toBeVisible();
  const orders = await api.get<{ data: { id: string; number: string; external_id: string }[] }>('/orders?search=channel:edi-x12&per_page=100');
  const order = orders.data.find((o) => o.external_id === PO)!;
  expect(order).toBeTruthy();
  expect((await sentFiles(request)).some((f) => f.content.includes(`AK1*PO*101`))).toBe(true);

  // 4. Ship it.
  await page.goto(`/shipments/create/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Ship order ${order.number}` })).toBeVisible();
  await page.getByLabel(`Units of ${SKU} Box 1`).fill('2');
  for (const [label, value] of [['Length Box 1', '30'], ['Width Box 1', '20'], ['Height Box 1', '10'], ['Weight Box 1', '1.5']] as const) {
    await page.getByLabel(label).fill(value);
  }
  await page.getByLabel('Tracking number').fill(`1Z${RUN}`);
  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(page).toHaveURL(`/orders/edit/${order.id}`);

  // 5. The 856 reaches the mailbox and the document log.
  const asnSent = async () => (await sentFiles(request)).some((f) => f.content.includes(`PRF*${PO}`) && f.content.includes('MAN*GM*0000614141'));
  try {
    await expect.poll(asnSent, { timeout: 60_000 }).toBe(true);
  } catch (err) {
    const runs = await api.get<{ data: unknown[] }>(`/processes/${processId}/runs`);
    throw new Error(`No 856 in the mailbox. Runs: ${JSON.stringify(runs.data)}`, { cause: err });
  }
  await page.goto(`/connections/${processId}`);
  await expect(page.getByRole('heading', { level: 1, name: `E2E RetailCo ${RUN}` })).toBeVisible();
  const asn = page.getByRole('button', { name: /^Open 856 Ship notice/ });
  await expect(asn).toBeVisible({ timeout: 30_000 });
  await page.getByRole('grid', { name: 'EDI documents' }).scrollIntoViewIfNeeded();
  await shot(page, 'log-1280');
  await expect(page.getByRole('region', { name: 'Partner profile' }).getByText('ZZ/RETAILCO')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rotate webhook secret' })).toHaveCount(0);
  const schedules = await api.get<{ data: { name: string }[] }>('/schedules');
  expect(schedules.data.filter((s) => s.name.startsWith(`E2E RetailCo ${RUN}`))).toEqual([]);
  await asn.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('BSN').first()).toBeVisible();
  await expect(dialog.getByText(PO).first()).toBeVisible();
  await shot(page, 'asn-readable-1280');
  await dialog.getByRole('tab', { name: 'Raw' }).click();
  await expect(dialog.getByText(/BSN\*00\*/).first()).toBeVisible();
  await shot(page, 'asn-raw-1280');
  await atPhoneWidth(page, 'asn-raw');
  await page.keyboard.press('Escape');
  await atPhoneWidth(page, 'log');
});
