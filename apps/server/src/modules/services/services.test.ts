import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_ACTIONS, SERVICE_STATUSES, serviceTransition } from '@omnio/domain';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';

/** The integration catalogue: owner CRUD, the spec 4 lifecycle through the API, what tenants may install. */

let t: TestApp;
type H = { authorization: string };
let owner: H;
let acme: H;
let supplier: H;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as('owner');
  acme = await t.as('acmeTenant');
  supplier = await t.as('acmeSupplier');
});
afterAll(() => t.close());

interface Service { id: string; key: string; name: string; category: string; description: string; logo_url: string | null; status: string; allowed_actions: string[] }

async function call<T = unknown>(expected: number, method: string, url: string, headers: H, payload?: object): Promise<T> {
  const res = await t.app.inject({ method: method as 'GET', url: `/api/1.0${url}`, headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(expected);
  return (res.body ? res.json() : undefined) as T;
}
let n = 0;
const uniqKey = () => `svc-${Date.now().toString(36)}-${n++}`;
const make = async (body: Partial<Service> = {}) =>
  (await call<{ data: Service }>(201, 'POST', '/services', owner, { key: uniqKey(), name: 'Test service', category: 'other', ...body })).data;
const byKey = async (key: string) => (await call<{ data: Service[] }>(200, 'GET', `/services?search=${encodeURIComponent(key)}`, owner)).data.find((s) => s.key === key)!;

describe('catalogue CRUD (owner)', () => {
  it('ships the seeded catalogue: every process driver and the warehouse providers, ACTIVE', async () => {
    const list = await call<{ data: Service[]; total: number }>(200, 'GET', '/services?per_page=100', owner);
    const keys = list.data.map((s) => s.key);
    for (const key of ['shopify', 'woocommerce', 'bigcommerce', 'amazon', 'ebay', 'custom', 'shipedge', 'shelfpoint', 'mintsoft']) expect(keys).toContain(key);
    expect(list.data.find((s) => s.key === 'shipedge')).toMatchObject({ category: 'warehouse', status: 'ACTIVE', allowed_actions: ['pause', 'deactivate', 'edit'] });
  });

  it('creates, reads, edits, filters and (once inactive) deletes a service', async () => {
    const made = await make({ name: 'Acme WMS', category: 'warehouse', description: 'A warehouse', logo_url: 'https://cdn.test/logo.png' });
    expect(made).toMatchObject({ name: 'Acme WMS', category: 'warehouse', status: 'ACTIVE', logo_url: 'https://cdn.test/logo.png' });
    expect((await call<{ data: Service }>(200, 'GET', `/services/${made.id}`, owner)).data.key).toBe(made.key);
    const edited = (await call<{ data: Service }>(200, 'PUT', `/services/${made.id}`, owner, { name: 'Acme WMS 2', logo_url: null })).data;
    expect(edited).toMatchObject({ name: 'Acme WMS 2', logo_url: null, key: made.key, category: 'warehouse' });

    const warehouses = await call<{ data: Service[] }>(200, 'GET', '/services?per_page=100&search=category:warehouse', owner);
    expect(warehouses.data.every((s) => s.category === 'warehouse')).toBe(true);
    expect(warehouses.data.map((s) => s.id)).toContain(made.id);

    // An ACTIVE service cannot be deleted: deactivate first.
    expect(await call(409, 'DELETE', `/services/${made.id}`, owner)).toMatchObject({ code: 'INVALID_TRANSITION', from: 'ACTIVE', action: 'delete' });
    await call(200, 'POST', `/services/${made.id}/deactivate`, owner);
    await call(204, 'DELETE', `/services/${made.id}`, owner);
    await call(404, 'GET', `/services/${made.id}`, owner);
    await call(404, 'GET', '/services/not-a-uuid', owner);
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const before = await countRows(t, 'services');
    const key = uniqKey();
    for (const body of [
      {}, { key, name: 'x' }, { key, name: '', category: 'other' }, { key: 'Has Space', name: 'x', category: 'other' },
      { key, name: 'x', category: 'bakery' }, { key, name: 'x', category: 'other', logo_url: 'javascript:alert(1)' },
      { key, name: 'x', category: 'other', status: 'GONE' }, { key, name: 'x', category: 'other', extra: 1 },
      { key: 'shopify', name: 'Shopify again', category: 'sales_channel' },
    ]) {
      const res = await call<{ errors: Record<string, string[]> }>(422, 'POST', '/services', owner, body);
      expect(Object.keys(res.errors).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    const shopify = await byKey('shopify');
    await call(422, 'PUT', `/services/${shopify.id}`, owner, { key: 'renamed' });
    await call(422, 'PUT', `/services/${shopify.id}`, owner, { status: 'PAUSE' });
    await call(422, 'GET', '/services?search=status:SLEEPING', owner);
    await call(422, 'GET', '/services?order_by=secret', owner);
    expect(await countRows(t, 'services')).toBe(before);
  });

  it('is owner-only: tenants and suppliers get 403', async () => {
    const s = await byKey('custom');
    for (const who of [acme, supplier]) {
      await call(403, 'GET', '/services', who);
      await call(403, 'GET', `/services/${s.id}`, who);
      await call(403, 'POST', '/services', who, { key: uniqKey(), name: 'x', category: 'other' });
      await call(403, 'PUT', `/services/${s.id}`, who, { name: 'x' });
      await call(403, 'POST', `/services/${s.id}/pause`, who);
      await call(403, 'DELETE', `/services/${s.id}`, who);
    }
    await call(403, 'GET', '/services/catalog', owner); // the catalogue is the tenant's view
  });
});

describe('lifecycle through the API (every status × action)', () => {
  const cases = SERVICE_STATUSES.flatMap((from) => SERVICE_ACTIONS.map((action) => [from, action, serviceTransition(from, action)] as const));

  /** Brings a fresh service to `status` through the allowed transitions. */
  async function serviceIn(status: string): Promise<Service> {
    const s = await make();
    if (status === 'PAUSE') return (await call<{ data: Service }>(200, 'POST', `/services/${s.id}/pause`, owner)).data;
    if (status === 'INACTIVE') return (await call<{ data: Service }>(200, 'POST', `/services/${s.id}/deactivate`, owner)).data;
    return s;
  }

  it.each(cases)('%s –%s→ %s', async (from, action, to) => {
    const s = await serviceIn(from);
    expect(s.status).toBe(from);
    if (to) {
      const moved = (await call<{ data: Service }>(200, 'POST', `/services/${s.id}/${action}`, owner)).data;
      expect(moved.status).toBe(to);
      expect(moved.allowed_actions).not.toContain(action);
    } else {
      const refused = await call<{ code: string; from: string; action: string }>(409, 'POST', `/services/${s.id}/${action}`, owner);
      expect(refused).toMatchObject({ code: 'INVALID_TRANSITION', from, action });
      expect((await call<{ data: Service }>(200, 'GET', `/services/${s.id}`, owner)).data.status).toBe(from);
    }
    expect(s.allowed_actions.includes(action)).toBe(to !== null);
  });

  it('an unknown action is a 404', async () => {
    const s = await make();
    await call(404, 'POST', `/services/${s.id}/explode`, owner);
  });
});

describe('effect on tenants', () => {
  it('the catalogue lists ACTIVE and PAUSE services (paused ones not installable) and hides INACTIVE ones', async () => {
    const paused = await make({ name: 'Paused one' });
    const inactive = await make({ name: 'Inactive one' });
    await call(200, 'POST', `/services/${paused.id}/pause`, owner);
    await call(200, 'POST', `/services/${inactive.id}/deactivate`, owner);
    const catalog = (await call<{ data: { key: string; status: string; installable: boolean }[] }>(200, 'GET', '/services/catalog?per_page=500', acme)).data;
    expect(catalog.find((c) => c.key === paused.key)).toMatchObject({ status: 'PAUSE', installable: false });
    expect(catalog.find((c) => c.key === inactive.key)).toBeUndefined();
    expect(catalog.find((c) => c.key === 'shopify')).toMatchObject({ status: 'ACTIVE', installable: true });
    await call(403, 'GET', '/services/catalog', supplier);
  });

  it('a paused service takes no new installs, existing processes keep working; activate re-opens it', async () => {
    const woo = await byKey('woocommerce');
    const existing = (await call<{ data: { id: string } }>(201, 'POST', '/processes', acme, { name: `Woo ${uniqKey()}`, driver: 'woocommerce' })).data;
    await call(200, 'POST', `/services/${woo.id}/pause`, owner);
    try {
      const before = await countRows(t, 'processes');
      const refused = await call<{ message: string; code: string }>(409, 'POST', '/processes', acme, { name: `Woo ${uniqKey()}`, driver: 'woocommerce' });
      expect(refused).toMatchObject({ message: 'This service is paused', code: 'CONFLICT' });
      expect(await countRows(t, 'processes')).toBe(before);
      expect((await call<{ data: { status: string } }>(200, 'GET', `/processes/${existing.id}`, acme)).data.status).toBe('active');

      await call(200, 'POST', `/services/${woo.id}/deactivate`, owner);
      expect(await call(409, 'POST', '/processes', acme, { name: `Woo ${uniqKey()}`, driver: 'woocommerce' })).toMatchObject({ message: 'This service is not available' });
    } finally {
      await call(200, 'POST', `/services/${woo.id}/activate`, owner);
    }
    await call(201, 'POST', '/processes', acme, { name: `Woo ${uniqKey()}`, driver: 'woocommerce' });
  });
});
