import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const USERS = {
  owner: { email: 'admin@omnio.test', password: 'Omnio#Admin1', home: '/admin/dashboard' },
  tenant: { email: 'tenant@acme.test', password: 'Omnio#Tenant1', home: '/dashboard' },
  supplier: { email: 'supplier@acme.test', password: 'Omnio#Supplier1', home: '/supplier-purchase-orders' },
  globex: { email: 'tenant@globex.test', password: 'Omnio#Tenant2', home: '/dashboard' },
} as const;
export type DemoUser = keyof typeof USERS;

/** Fills the login form of the current page (already on /session/login). */
export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signIn(page: Page, who: DemoUser): Promise<void> {
  const user = USERS[who];
  await page.goto('/session/login');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(user.home);
}

/** The 2-second first-load spinner covers the shell; wait for it to go before clicking. */
export async function waitForShell(page: Page): Promise<void> {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByTestId('boot-overlay')).toHaveCount(0, { timeout: 10_000 });
}

/**
 * The mail the server's built-in sink caught (GET /api/dev/mail), which only the signed-in owner may read.
 * Returns a reader to poll with: it signs in once.
 */
export function mailReader<T>(request: APIRequestContext): () => Promise<T[]> {
  let authorization: string | undefined;
  return async () => {
    if (!authorization) {
      const login = await request.post('/oauth/token', {
        data: { grant_type: 'password', username: USERS.owner.email, password: USERS.owner.password, client_id: 'omnio-web', client_secret: 'omnio-web-secret' },
      });
      expect(login.ok(), await login.text()).toBe(true);
      authorization = `Bearer ${((await login.json()) as { access_token: string }).access_token}`;
    }
    const response = await request.get('/api/dev/mail', { headers: { authorization } });
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { data: T[] }).data;
  };
}
