import { expect, test } from '@playwright/test';
import { apiOf, signIn, waitForShell } from './helpers';

/**
 * Issue 24: /settings lists the settings screens, the company's own profile first; /tenant_company edits the
 * company's details and the prefix of its order numbers, which the next order carries. The prefix is put back
 * at the end: the specs share one server and others read Acme's order numbers.
 */

const RUN = Date.now().toString(36).toUpperCase();

test('the settings hub opens the company profile, whose order prefix numbers the next order', async ({ page, request }) => {
  await signIn(page, 'tenant');
  const api = await apiOf(page, request);
  try {
    await page.goto('/settings');
    await waitForShell(page);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Billing' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Company' }).click();
    await expect(page).toHaveURL('/tenant_company');

    const prefix = page.getByLabel('Order number prefix');
    await expect(prefix).toBeVisible();
    await page.screenshot({ path: '/tmp/company-settings-1280.png', fullPage: true });
    await prefix.fill('A1-');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('The order prefix is two letters and a hyphen, like AC-')).toBeVisible();

    await prefix.fill('ao-');
    await expect(page.getByText(/numbered AO-1001/)).toBeVisible();
    await page.getByLabel('Phone').fill('+1 512 555 0199');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Company Acme Outfitters saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Order number prefix')).toHaveValue('AO-');
    await expect(page.getByLabel('Phone')).toHaveValue('+1 512 555 0199');

    const order = await api.post<{ data: { number: string } }>('/orders', {
      external_id: `PFX-${RUN}`, channel: 'manual',
      customer: { first_name: 'Ada', email: `pfx.${RUN.toLowerCase()}@example.com` },
      shipping_address: { first_name: 'Ada', address1: '1 Main St', city: 'Austin', zip: '78701', country: 'US' },
      lines: [{ sku: `NO-SUCH-${RUN}`, quantity: 1 }], ship_method: 'standard',
    });
    expect(order.data.number).toMatch(/^AO-\d+$/);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByLabel('Order number prefix')).toBeVisible();
    const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
    expect(widths.doc, 'the page scrolls sideways').toBeLessThanOrEqual(widths.view);
    await page.screenshot({ path: '/tmp/company-settings-390.png', fullPage: true });
  } finally {
    await api.put('/company', { order_prefix: 'AC-', phone: null });
  }
});
