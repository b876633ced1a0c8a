import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { bearerFor, signIn, waitForShell } from './helpers';

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS_DIR, { recursive: true });
const RUN = Date.now().toString(36).toUpperCase();

/** A supplier created, then changed, through the API: two entries in the activity log. */
async function supplierWithHistory(request: APIRequestContext, name: string): Promise<string> {
  const headers = { authorization: await bearerFor(request, 'tenant') };
  const created = await request.post('/api/1.0/suppliers', { headers, data: { name, email: 'first@supplier.test' } });
  expect(created.status(), await created.text()).toBe(201);
  const { data } = (await created.json()) as { data: { id: string } };
  const changed = await request.put(`/api/1.0/suppliers/${data.id}`, { headers, data: { email: 'second@supplier.test' } });
  expect(changed.status(), await changed.text()).toBe(200);
  return data.id;
}

test('the activity log shows a change with its before and after, filters it, and opens the object', async ({ page, request }) => {
  const name = `Activity Supply ${RUN}`;
  const id = await supplierWithHistory(request, name);
  await signIn(page, 'tenant');
  await page.goto('/activity');
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  const grid = page.getByRole('grid');
  const updated = grid.getByRole('row').filter({ hasText: 'email: first@supplier.test → second@supplier.test' });
  await expect(updated).toBeVisible();
  await expect(updated).toContainText('Tom Tenant');
  await expect(updated).toContainText('Updated');
  await page.screenshot({ path: path.join(SHOTS_DIR, 'activity-all-1280.png'), fullPage: true });

  await page.getByLabel('Action', { exact: true }).selectOption('created');
  await expect(grid.getByRole('row').filter({ hasText: 'second@supplier.test' })).toHaveCount(0);
  const created = grid.getByRole('row').filter({ hasText: name });
  await expect(created).toContainText('Created');
  await page.screenshot({ path: path.join(SHOTS_DIR, 'activity-1280.png'), fullPage: true });

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(created.getByRole('link', { name })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS_DIR, 'activity-375.png'), fullPage: true });
  await created.getByRole('link', { name }).click();
  await expect(page).toHaveURL(`/supplier/${id}`);
});

test('the owner has no activity screen', async ({ page }) => {
  await signIn(page, 'owner');
  await page.goto('/activity');
  await waitForShell(page);
  await expect(page.getByText('The activity log belongs to each company')).toBeVisible();
  await expect(page.getByRole('grid')).toHaveCount(0);
});
