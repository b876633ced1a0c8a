import { expect, test } from '@playwright/test';
import { USERS, fillLogin, mailReader } from './helpers';

interface Mail {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
}

test('a forgotten password is reset through the mailed link', async ({ page, request }) => {
  const email = USERS.globex.email;
  const newPassword = 'Fresh#Start42';

  await page.goto('/session/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/session/forgot-password');
  // The URL changes before the lazily loaded screen replaces the sign-in form, whose field is also "Email".
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();

  const readMail = mailReader<Mail>(request);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await readMail()).find((m) => JSON.stringify(m.to).includes(email));
      link = `${mail?.text ?? ''} ${mail?.html ?? ''}`.match(/https?:\/\/[^\s"'<>]+\/session\/reset-password\/[^\s"'<>]+/)?.[0];
      return link;
    })
    .toBeTruthy();

  await page.goto((link ?? '').replace(/&amp;/g, '&'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();

  await expect(page).toHaveURL('/session/login');
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  await fillLogin(page, email, newPassword);
  await expect(page).toHaveURL('/dashboard');

  // The link is single-use.
  await page.evaluate(() => localStorage.clear());
  await page.goto((link ?? '').replace(/&amp;/g, '&'));
  await page.getByLabel(/^New password/).fill('Another#Pass42');
  await page.getByLabel(/^Confirm new password/).fill('Another#Pass42');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The link has expired or has already been used');
});
