import { expect, test } from '@playwright/test';
import { signIn, waitForShell } from './helpers';

/** /advanced → Schedules: create from a preset and a custom expression, pause, delete; desktop and phone. */
test('a tenant schedules a task, pauses it and deletes it', async ({ page }, info) => {
  await signIn(page, 'tenant');
  await page.goto('/advanced?tab=schedules');
  await waitForShell(page);
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('No schedules yet.')).toBeVisible();
  await page.screenshot({ path: info.outputPath('schedules-empty-1280.png'), fullPage: true });

  await panel.getByRole('button', { name: 'New schedule' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New schedule' });
  await dialog.getByLabel(/^Name/).fill('Weekday cleanup');
  await dialog.getByLabel(/^Task/).selectOption({ label: 'Clean up finished background tasks' });
  await dialog.getByLabel(/^Preset/).selectOption('weekdays');
  await dialog.getByLabel(/^Time zone/).fill('Europe/Madrid');
  await page.screenshot({ path: info.outputPath('schedules-dialog-1280.png') });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Schedule saved')).toBeVisible();
  await expect(panel.getByText('Weekday cleanup')).toBeVisible();
  await expect(panel.getByRole('cell', { name: 'Monday to Friday at midnight' })).toBeVisible();

  await panel.getByRole('button', { name: 'New schedule' }).click();
  await dialog.getByLabel(/^Name/).fill('Morning run');
  await dialog.getByLabel(/^Task/).selectOption({ label: 'Clean up finished background tasks' });
  await dialog.getByLabel('A cron expression').check();
  await dialog.getByLabel(/^Cron expression/).fill('30 25 * * *');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Hour must be between 0 and 23')).toBeVisible();
  await dialog.getByLabel(/^Cron expression/).fill('30 6 * * 1-5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('cell', { name: 'Custom: 30 6 * * 1-5' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('schedules-list-1280.png'), fullPage: true });

  await panel.getByRole('switch', { name: 'Active: Morning run' }).click();
  await expect(panel.getByRole('switch', { name: 'Active: Morning run' })).not.toBeChecked();
  await expect(panel.getByText('Paused')).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: info.outputPath('schedules-list-375.png'), fullPage: true });
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);

  await panel.getByRole('button', { name: 'Delete Morning run' }).click();
  await page.getByRole('dialog', { name: 'Delete this schedule?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Schedule deleted')).toBeVisible();
  await expect(panel.getByText('Morning run')).toHaveCount(0);
});
