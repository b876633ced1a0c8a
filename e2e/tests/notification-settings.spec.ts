import { expect, test } from '@playwright/test';
import { apiAs, expectNoSidewaysScroll, mailReader, signIn, waitForShell } from './helpers';

/**
 * Issue 24, /user-notifications: Tom turns the bell off and e-mail on for finished reports; his next export
 * arrives by mail (in the built-in sink) and not in the bell. The settings are shared with the other specs on
 * this server, so they are put back at the end whatever happens. Screenshots: test-results/notification-settings-*.png.
 */
test('report notifications by e-mail instead of the bell, chosen at /user-notifications', async ({ page, request }) => {
  const api = await apiAs(request, 'tenant');
  const me = (await api.get<{ data: { id: string } }>('/users/information')).data.id;
  const restore = () => api.put(`/notification-settings/${me}`, { settings: [{ kind: 'report.ready', bell: true, email: false }] });
  try {
    await signIn(page, 'tenant');
    await waitForShell(page);
    await page.goto('/user-notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible();
    const bell = page.getByRole('switch', { name: 'Report ready in the bell' });
    const email = page.getByRole('switch', { name: 'Report ready by e-mail' });
    await expect(bell).toBeChecked();
    await expect(email).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await bell.uncheck();
    await email.check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();
    await page.screenshot({ path: 'test-results/notification-settings-1280.png', fullPage: true });

    // Saved on the server: a reload shows them.
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Report ready in the bell' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Report ready by e-mail' })).toBeChecked();

    const reportsBefore = (await api.get<{ total: number }>(`/notifications/${me}/user?search=type:report.ready`)).total;
    const mails = mailReader<{ to: string[]; subject: string; text: string }>(request);
    const mailsBefore = (await mails()).filter((m) => m.to.includes('tenant@acme.test') && m.subject === 'Omnio: Orders report ready').length;
    await page.goto('/feed-history?tab=reports');
    await page.getByRole('button', { name: 'Start export' }).click();
    await expect.poll(async () => (await mails()).filter((m) => m.to.includes('tenant@acme.test') && m.subject === 'Omnio: Orders report ready').length, { timeout: 30_000 })
      .toBe(mailsBefore + 1);
    expect((await api.get<{ total: number }>(`/notifications/${me}/user?search=type:report.ready`)).total).toBe(reportsBefore);

    // On a phone: the switches stay on screen, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/user-notifications');
    await expect(page.getByRole('switch', { name: 'Background work failed by e-mail' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/notification-settings-390.png', fullPage: true });
  } finally {
    await restore();
  }
});
