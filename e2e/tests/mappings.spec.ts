import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiOf, signIn, waitForShell } from './helpers';

/**
 * A seller builds a partner mapper: creates it with a relation, previews a sample file, keeps the sample, then
 * changes a relation and sees, field by field, what the change does to the sample before it reaches an order.
 * Screenshots at 1280 px and 375 px.
 */

const RUN = Date.now().toString(36).toUpperCase();
const SHOTS = process.env.CHANNEL_SCREENSHOTS ?? '/tmp/shots';
const SAMPLE = JSON.stringify({ orders: [{ number: `PO-${RUN}`, ship: { city: 'austin' }, items: [{ code: 'TEE-RED-M', qty: '2' }] }] });

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/mappings-${name}.png` });
}

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

test('a mapper previews a sample, and saving a change shows what it changed in the sample', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, 'tenant');
  const api = await apiOf(page, request);
  const name = `E2E partner orders ${RUN}`;
  const made = await api.post<{ data: { id: string } }>('/mappers', {
    name, type: 'ORDER', file_type: 'json',
    definition: { root: 'orders', relations: [{ source: 'number', target: 'external_id' }, { source: 'ship.city', target: 'shipping_address.city' }] },
  });

  await page.goto('/mappings');
  await waitForShell(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Mappings' })).toBeVisible();
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(`/mappings/${made.data.id}`);

  // Preview a pasted sample, then keep it.
  await page.getByLabel(/^File name/).fill('po.json');
  await page.getByLabel(/^File content/).fill(SAMPLE);
  await page.getByRole('button', { name: 'Preview' }).click();
  const output = page.getByLabel('Output');
  await expect(output).toContainText(`PO-${RUN}`);
  await expect(output).toContainText('austin');
  await page.getByRole('button', { name: 'Keep as sample' }).click();
  await expect(page.getByText('Sample po.json kept')).toBeVisible();
  await shot(page, 'editor-1280');

  // Change the city relation: the save shows the sample's field before and after.
  await page.getByRole('group', { name: 'Relation 2' }).getByLabel(/^Transform/).selectOption('upper');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const diff = page.getByRole('dialog', { name: 'What this change did to the samples' });
  await expect(diff).toBeVisible();
  await expect(diff.getByRole('cell', { name: '"austin"', exact: true })).toBeVisible();
  await expect(diff.getByRole('cell', { name: '"AUSTIN"', exact: true })).toBeVisible();
  await expect(diff.getByRole('cell', { name: /shipping_address\.city/ })).toBeVisible();
  await shot(page, 'diff-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, 'diff-375');
  await diff.getByRole('button', { name: 'Close' }).click();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the editor does not scroll sideways on a phone').toBeLessThanOrEqual(0);
  await shot(page, 'editor-375');
  await page.goto('/mappings');
  await expect(page.getByRole('link', { name })).toBeVisible();
  await shot(page, 'list-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'list-1280');
});
