import { expect, test } from '@playwright/test';
import { bearerFor, mailReader, waitForShell } from './helpers';

interface Mail {
  to: string | string[];
  text: string;
  html: string;
}

test('a new company signs up and lands on its dashboard', async ({ page }) => {
  await page.goto('/session/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL('/signup');
  await page.getByRole('textbox', { name: 'Company name' }).fill('Initech Supplies');
  await page.getByRole('textbox', { name: 'Your name' }).fill('Peter Gibbons');
  await page.getByRole('textbox', { name: 'Work email' }).fill('peter@initech.test');
  await page.getByLabel(/^Password/).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The password must be at least 8 characters')).toBeVisible();

  await page.getByLabel(/^Password/).fill('Initech#2024');
  await page.getByLabel(/^Confirm password/).fill('Initech#2024');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/dashboard');
  await waitForShell(page);
  await expect(page.getByText('Initech Supplies').first()).toBeVisible();

  // A new company's first user gets the welcome tour; Escape skips it, and a skipped tour stays skipped.
  const tour = page.getByRole('dialog', { name: 'Welcome tour' });
  await expect(tour).toContainText('Step 1 of 6');
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour).toContainText('Step 2 of 6');
  const saved = page.waitForResponse((r) => r.url().includes('/preferences/update-or-create') && r.status() === 200);
  await page.keyboard.press('Escape');
  await saved;
  await expect(tour).toBeHidden();
  await page.reload();
  await waitForShell(page);
  await page.waitForTimeout(1500);
  await expect(tour).toBeHidden();

  // The account menu offers it again.
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Take the tour' }).click();
  await expect(tour).toContainText('Step 1 of 6');
  await tour.getByRole('button', { name: 'Skip tour' }).click();
  await expect(tour).toBeHidden();
});

test('an invited user accepts the invitation from the mailed link', async ({ page, request }) => {
  const invite = await request.post('/api/1.0/invitations', {
    headers: { Authorization: await bearerFor(request, 'tenant') },
    data: { email: 'milton@acme.test', name: 'Milton', role: 'tenant' },
  });
  expect(invite.status()).toBe(201);

  const readMail = mailReader<Mail>(request);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await readMail()).find((m) => JSON.stringify(m.to).includes('milton@acme.test'));
      link = `${mail?.text ?? ''} ${mail?.html ?? ''}`.match(/https?:\/\/[^\s"'<>]+\/validate\?token=[^\s"'<>]+/)?.[0];
      return link;
    })
    .toBeTruthy();

  await page.goto((link ?? '').replace(/&amp;/g, '&'));
  await expect(page.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
  await expect(page.getByText('You were invited to join Acme Outfitters')).toBeVisible();
  await page.getByRole('textbox', { name: 'Your name' }).fill('Milton Waddams');
  await page.getByLabel(/^Password/).fill('Stapler#Red1');
  await page.getByLabel(/^Confirm password/).fill('Stapler#Red1');
  await page.getByRole('button', { name: /Join Acme Outfitters/ }).click();
  await expect(page).toHaveURL('/dashboard');
});
