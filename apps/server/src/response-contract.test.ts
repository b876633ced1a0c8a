import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from './test/test-app';
import { contractSerializer, enforceResponseContract, recordResponseContract, routeContracts, routesWithoutContract } from './platform/http/response-contract';

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
    const missing = routesWithoutContract(t.app).map((r) => `${r.method} ${r.url}`);
    expect(missing, `routes without a response schema:\n${missing.join('\n')}`).toEqual([]);
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

describe('response contract, on a server of its own', () => {
  async function serverWith(strict: boolean) {
    const lines: string[] = [];
    const log = pino({ level: 'error' }, new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } }));
    const app = Fastify({ loggerInstance: log });
    app.setSerializerCompiler(contractSerializer(log, strict));
    app.withTypeProvider<ZodTypeProvider>().get('/thing', { schema: { response: { 200: z.object({ name: z.string() }) } } },
      // The handler breaks its contract: a number where a name goes, and a field the schema does not name.
      async () => ({ name: 42, secret: 'x' }) as unknown as { name: string });
    app.withTypeProvider<ZodTypeProvider>().get('/fits', { schema: { response: { 200: z.object({ name: z.string() }) } } },
      async () => ({ name: 'Acme', secret: 'x' }) as { name: string });
    await app.ready();
    return { app, lines };
  }

  it('strips fields the schema does not name', async () => {
    const { app } = await serverWith(true);
    const res = await app.inject({ method: 'GET', url: '/fits' });
    expect(res.json()).toEqual({ name: 'Acme' });
    await app.close();
  });

  it('outside production an answer that does not fit is a 500', async () => {
    const { app } = await serverWith(true);
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(500);
    await app.close();
  });

  it('in production it is sent as built and logged as an error naming the route', async () => {
    const { app, lines } = await serverWith(false);
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 42, secret: 'x' });
    expect(lines.some((l) => l.includes('answer does not fit its response schema') && l.includes('/thing'))).toBe(true);
    await app.close();
  });

  it('refuses to start with a route that has no response schema, naming it', async () => {
    const app = Fastify();
    app.setSerializerCompiler(contractSerializer(pino({ level: 'silent' }), true));
    recordResponseContract(app);
    enforceResponseContract(app);
    app.get('/bare', async () => ({ ok: true }));
    app.get('/declared', { schema: { response: { 204: z.void() } } }, async (_req, reply) => reply.status(204).send());
    await expect(app.ready()).rejects.toThrow(/GET \/bare$/);
  });
});
