import { expect, test, type WebSocket } from '@playwright/test';
import { bearerFor, signIn, waitForShell } from './helpers';

// Spec 7: the signed-in app keeps a socket open; user-preference-updated from another device applies at once;
// spec 4: logout closes the real-time connection.
test('preferences saved on another device apply without reloading, and logout closes the socket', async ({ page, request }) => {
  const sockets: WebSocket[] = [];
  page.on('websocket', (ws) => {
    if (ws.url().includes('/socket.io/')) sockets.push(ws);
  });
  await signIn(page, 'tenant');
  await waitForShell(page);
  await expect.poll(() => sockets.filter((ws) => !ws.isClosed()).length).toBe(1);
  const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  // "Another device": its own sign-in, saving the dark theme through the API.
  const saved = await request.post('/api/1.0/preferences/update-or-create', {
    headers: { authorization: await bearerFor(request, 'tenant') },
    data: { type: 'preferences', data: { preferences: { theme: { color: 'indigo', dark: true, rtl: false, collapsed: false, animation: 'fadeIn', sidebarImage: 0 } }, version: 1 } },
  });
  expect(saved.status()).toBe(200);

  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(lightBackground);
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('preferences') ?? '{}').theme?.dark)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('dark-live.png') });

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/session\/login/);
  await expect.poll(() => sockets.every((ws) => ws.isClosed())).toBe(true);
});
