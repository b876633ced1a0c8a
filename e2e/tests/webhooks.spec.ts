import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn, waitForShell } from './helpers';

/**
 * /advanced → Webhooks: add a webhook (its secret shown once), send a test and see it in the delivery log,
 * disable and enable it, delete it — by keyboard where it matters. Screenshots at desktop and phone width.
 * The e2e server does not allow private targets and has no outside network, so the test delivery ends in
 * 'Retrying' with the network error: the log shows it as a user would see a broken receiver.
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-e';
mkdirSync(SHOTS_DIR, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  // A real wait, not an absence check: drawers, dialogs and toasts finish their transitions before the picture.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 800 }] as const) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('a webhook: added with its secret shown once, tested, logged, disabled, deleted', async ({ page }) => {
      const address = `https://hooks.example.invalid/omnio-${viewport.width}`;
      await signIn(page, 'tenant');
      await page.goto('/advanced?tab=webhooks');
      await waitForShell(page);
      await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
      await shot(page, 'webhooks-list-before');

      await page.getByRole('button', { name: 'Add webhook' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Add webhook' });
      await dialog.getByLabel(/^Address/).fill('http://127.0.0.1:9/x');
      await dialog.getByLabel(/^Topic/).selectOption('order.*');
      await dialog.getByRole('button', { name: 'Add' }).click();
      await expect(dialog.getByText(/loopback or private network/)).toBeVisible();
      await dialog.getByLabel(/^Address/).fill(address);
      await shot(page, 'webhooks-create');
      await page.keyboard.press('Enter');
      const shown = page.getByRole('dialog', { name: 'Webhook added' });
      const secret = await shown.getByLabel('Signing secret').inputValue();
      expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
      await shot(page, 'webhooks-secret');
      await shown.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByText(secret)).toHaveCount(0);
      await expect(page.getByText(address)).toBeVisible();

      await page.getByRole('button', { name: `Send test: ${address}` }).click();
      await expect(page.getByText(/Test delivery queued/)).toBeVisible();
      await page.getByRole('button', { name: `Deliveries: ${address}` }).click();
      const log = page.getByRole('dialog', { name: `Deliveries to ${address}` });
      await expect(log.getByText('webhook.test')).toBeVisible();
      // The dispatcher tries within a second; the log polls, so the outcome appears without reloading.
      await expect(log.getByText('Retrying')).toBeVisible({ timeout: 15_000 });
      await shot(page, 'webhooks-deliveries');
      await log.getByRole('button', { name: 'Close' }).click();

      const toggle = page.getByRole('switch', { name: `Enabled: ${address}` });
      await toggle.focus();
      await page.keyboard.press('Space');
      await expect(page.getByText('Webhook disabled')).toBeVisible();
      await expect(toggle).not.toBeChecked();
      await shot(page, 'webhooks-list');

      await page.getByRole('button', { name: `Delete: ${address}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Webhook deleted')).toBeVisible();
      await expect(page.getByText(address)).toHaveCount(0);
    });
  });
}
