import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the HTTP surface', () => {
  it('reports health once migrations ran', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('reports readiness: the database answers and the job queue can be read', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok', jobs: { worker: expect.stringMatching(/^(running|off)$/), queued: expect.any(Number) } });
  });

  it('gives every answer a request id: a well-formed one from the caller is kept, anything else replaced', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/api/1.0/nothing-here', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(kept.statusCode).toBe(404);
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    const replaced = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'not an id; <script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.headers['x-request-id']).not.toBe(replaced.headers['x-request-id']);
  });

  it('answers unknown API paths with JSON 404, never HTML', async () => {
    for (const url of ['/api/nothing', '/api/1.0/nothing', '/oauth/nothing']) {
      const res = await t.app.inject({ method: 'GET', url, headers: url.startsWith('/api/1.0') ? await t.as('acmeTenant') : {} });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });

  it('serves an OpenAPI document listing the platform endpoints', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/oauth/token', '/api/1.0/users/information', '/api/1.0/tenants/{tenantId}/ilocs', '/api/password/reset']));
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('the web app', () => {
  it('serves client routes as the app page, real files as files, and a missing asset as 404', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'omnio-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const web = await createTestApp({ webDist: dist });
    try {
      const root = await web.app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('id="root"');
      const page = await web.app.inject({ method: 'GET', url: '/orders?x=1' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('id="root"');
      // Built after the server started: still served.
      fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
      const asset = await web.app.inject({ method: 'GET', url: '/assets/app-1.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toContain('javascript');
      expect((await web.app.inject({ method: 'GET', url: '/assets/missing-2.js' })).statusCode).toBe(404);
      expect((await web.app.inject({ method: 'GET', url: '/api/1.0/nothing' })).headers['content-type']).toContain('application/json');
    } finally {
      await web.close();
    }
  });
});

describe('text PostgreSQL cannot store', () => {
  it('a NUL character in a field is a 422, not a 500, and nothing is written', async () => {
    const headers = await t.as('acmeTenant');
    const info = (await t.app.inject({ method: 'GET', url: '/api/1.0/users/information?include=company', headers })).json().data;
    const res = await t.app.inject({ method: 'POST', url: `/api/1.0/tenants/${info.company.id}/ilocs`, headers, payload: { name: 'Bad\u0000name' } });
    expect(res.statusCode).toBe(422);
    const list = await t.app.inject({ method: 'GET', url: `/api/1.0/tenants/${info.company.id}/ilocs?search=name:Bad`, headers });
    expect(list.json().total).toBe(0);
  });
});
