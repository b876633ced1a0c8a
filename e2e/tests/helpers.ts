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
 * Signs a demo user in with the password grant, as the web app does, without a browser: the value of an
 * Authorization header. For setting up data and checking it beside what the browser does.
 */
export async function bearerFor(request: APIRequestContext, who: DemoUser): Promise<string> {
  const login = await request.post('/oauth/token', {
    data: { grant_type: 'password', username: USERS[who].email, password: USERS[who].password, client_id: 'omnio-web', client_secret: 'omnio-web-secret', scopes: '*' },
  });
  expect(login.status(), `sign-in as ${who}: ${await login.text()}`).toBe(200);
  return `Bearer ${((await login.json()) as { access_token: string }).access_token}`;
}

/** The JSON API under /api/1.0 with one Authorization header; every answer must be a success. */
export interface Api {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body: unknown): Promise<T>;
}

export function apiWith(request: APIRequestContext, authorization: string): Api {
  const headers = { Authorization: authorization };
  const check = async <T>(res: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBeTruthy();
    return (await res.json()) as T;
  };
  return {
    get: async (path) => check(await request.get(`/api/1.0${path}`, { headers })),
    post: async (path, body) => check(await request.post(`/api/1.0${path}`, { headers, ...(body === undefined ? {} : { data: body }) })),
    put: async (path, body) => check(await request.put(`/api/1.0${path}`, { headers, data: body })),
  };
}

/** The API as a demo user, signed in with the password grant. */
export async function apiAs(request: APIRequestContext, who: DemoUser): Promise<Api> {
  return apiWith(request, await bearerFor(request, who));
}

/** The API as whoever is signed in on this page (the access token the web app stored). */
export async function apiOf(page: Page, request: APIRequestContext): Promise<Api> {
  const token = await page.evaluate(() => window.localStorage.getItem('access_token'));
  return apiWith(request, `Bearer ${token}`);
}

/**
 * The mail the server's built-in sink caught (GET /api/dev/mail), which only the signed-in owner may read.
 * Returns a reader to poll with: it signs in once.
 */
export function mailReader<T>(request: APIRequestContext): () => Promise<T[]> {
  let authorization: string | undefined;
  return async () => {
    authorization ??= await bearerFor(request, 'owner');
    const response = await request.get('/api/dev/mail', { headers: { authorization } });
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { data: T[] }).data;
  };
}

/** The page fits its viewport: nothing scrolls sideways (a phone's check on every screen). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.doc, 'the page scrolls sideways').toBeLessThanOrEqual(widths.view);
}
