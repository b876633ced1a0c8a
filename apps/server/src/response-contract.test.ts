import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from './test/test-app';
import { routeContracts, routesWithoutContract } from './platform/http/response-contract';

/** Issue 19: every route answers through a response schema from @omnio/domain (docs/ARCHITECTURE.md). */
describe('response contract', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('records the routes the server serves', () => {
    const urls = routeContracts(t.app).map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('GET /api/1.0/orders');
    expect(urls).toContain('POST /oauth/token');
    expect(urls.length).toBeGreaterThan(250);
  });

  it('has a response schema on every route, for each success status it sends', () => {
    if (process.env.LIST_MISSING) console.log(routesWithoutContract(t.app).map((r) => `MISSING ${r.method} ${r.url}`).join('\n'));
    expect(routesWithoutContract(t.app).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('sends only the fields the schema names', async () => {
    const headers = await t.as('owner');
    const made = await t.app.inject({
      method: 'POST', url: '/api/1.0/warehouses', headers,
      payload: { name: 'Contract WH', code: 'CWH', provider: 'other', connection: { host: 'db.example', password: 'secret' } },
    });
    expect(made.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: '/api/1.0/warehouses', headers });
    expect(res.statusCode).toBe(200);
    const page = json<{ data: Record<string, unknown>[] }>(res);
    expect(page.data.length).toBeGreaterThan(0);
    for (const w of page.data) {
      expect(Object.keys(w).sort()).toEqual([
        'address1', 'address2', 'city', 'code', 'companies', 'company_ids', 'connection', 'country', 'created_at', 'id', 'name',
        'notes', 'postal_code', 'provider', 'region', 'status', 'time_zone', 'updated_at',
      ]);
      expect(Object.keys(w.connection as object)).not.toContain('password');
    }
  });
});
