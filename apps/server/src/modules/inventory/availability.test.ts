import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { AvailabilityIlocDetail, ChannelAvailability, Paginated } from '@omnio/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { inTenant, makeSku, makeSynset, tenantIds } from './inventory.fixtures';
import { reserve } from './ledger';

// GET /inventory/availability: the channel figure of each SKU with every term of it, by query parameters.

type Headers = Record<string, string>;
type Page = Paginated<ChannelAvailability<AvailabilityIlocDetail>>;

let t: TestApp;
let acme: Headers;
let globex: Headers;
const iloc: Record<string, string> = {};
const globexIloc: Record<string, string> = {};
const sku: Record<string, string> = {};

const get = (query: string, headers = acme): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'GET', url: `/api/1.0/inventory/availability?${query}`, headers });
async function ok(query: string, headers = acme): Promise<Page> {
  const res = await get(query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const bySku = (page: Page) => Object.fromEntries(page.data.map((d) => [d.sku, d]));

beforeAll(async () => {
  t = await createTestApp();
  acme = await t.as('acmeTenant');
  globex = await t.as('globexTenant');
  const { acme: acmeId, globex: globexId } = await tenantIds(t);
  for (const r of await t.database.ownerExec(`SELECT id, code, tenant_id FROM ilocs`)) {
    (r.tenant_id === acmeId ? iloc : globexIloc)[String(r.code)] = String(r.id);
  }
  sku.tee = await makeSku(t, acmeId, { sku: 'TEE-RED-M', name: 'Trail Tee red M' });
  sku.teePack = await makeSku(t, acmeId, { sku: 'TEE-RED-M-6PK', packOf: { skuId: sku.tee, quantity: 6 } });
  sku.mugA = await makeSku(t, acmeId, { sku: 'MUG-BLUE' });
  sku.mugB = await makeSku(t, acmeId, { sku: 'MUG-BLUE-AMZ' });
  sku.mugPool = await makeSynset(t, acmeId, 'MUG-BLUE-POOL', [sku.mugA, sku.mugB]);
  sku.globexTee = await makeSku(t, globexId, { sku: 'TEE-RED-M', name: 'Globex tee' });
  const res = await t.app.inject({
    method: 'POST', url: '/api/1.0/inventory/adjustments', headers: acme, payload: {
      adjustments: [
        { sku: 'TEE-RED-M', iloc_id: iloc['AUS-MAIN'], bucket: 'good', delta: 20, reason: 'received' },
        { sku: 'TEE-RED-M', iloc_id: iloc['SE-RENO'], bucket: 'good', delta: 12, reason: 'received' },
        { sku: 'MUG-BLUE-AMZ', iloc_id: iloc['AUS-MAIN'], bucket: 'good', set: 9, reason: 'cycle_count' },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  await inTenant(t, acmeId, (tx) => reserve(tx, acmeId, { skuId: sku.tee!, ilocId: iloc['AUS-MAIN']!, quantity: 4, reference: { type: 'order', id: 'SO-7' } }));
  const globexStock = await t.app.inject({
    method: 'POST', url: '/api/1.0/inventory/adjustments', headers: globex,
    payload: { adjustments: [{ sku: 'TEE-RED-M', iloc_id: globexIloc['MAD-1'], bucket: 'good', delta: 3, reason: 'received' }] },
  });
  expect(globexStock.statusCode, globexStock.body).toBe(201);
});
afterAll(() => t.close());

describe('GET /inventory/availability', () => {
  it('explains every term of one SKU: on hand and reserved per iloc, pooled, reserve %, cap, result', async () => {
    const page = await ok(`skus=TEE-RED-M&iloc_ids=${iloc['AUS-MAIN']},${iloc['SE-RENO']}&reserve_percentage=10&max_listed=20`);
    expect(page).toEqual({
      current_page: 1, per_page: 25, total: 1, last_page: 1,
      data: [{
        sku: 'TEE-RED-M',
        quantity: 20,
        explanation: {
          ilocs: [
            { iloc_id: iloc['AUS-MAIN'], qty_good: 20, qty_reserved: 4, qty_available: 16 },
            { iloc_id: iloc['SE-RENO'], qty_good: 12, qty_reserved: 0, qty_available: 12 },
          ],
          pooled_available: 28, holder: { sku: 'TEE-RED-M', type: 'REGULAR' }, reserve_percentage: 10, after_reserve: 25,
          max_listed: 20, after_max_listed: 20, result: 20,
        },
      }],
    });
  });

  it('answers what the POST answers for the same request, each iloc term with its on-hand and reserved units', async () => {
    const ilocs = [iloc['AUS-MAIN']!, iloc['SE-RENO']!, iloc['STORE-1']!];
    const skus = ['MUG-BLUE-AMZ', 'TEE-RED-M', 'TEE-RED-M-6PK'];
    const post = await t.app.inject({
      method: 'POST', url: '/api/1.0/inventory/availability', headers: acme, payload: { iloc_ids: ilocs, skus, reserve_percentage: 33.33, max_listed: 15 },
    });
    expect(post.statusCode, post.body).toBe(200);
    const got = await ok(`${skus.map((s) => `skus=${s}`).join('&')}&iloc_ids=${ilocs.join(',')}&reserve_percentage=33.33&max_listed=15`);
    // The POST leaves out what each iloc's availability comes from; everything else is the same.
    const withoutDetail = got.data.map((d) => ({
      ...d, explanation: { ...d.explanation, ilocs: d.explanation.ilocs.map(({ iloc_id, qty_available }) => ({ iloc_id, qty_available })) },
    }));
    expect(withoutDetail).toEqual(post.json().data);
    expect(got.data.flatMap((d) => d.explanation.ilocs).every((i) => i.qty_available === i.qty_good - i.qty_reserved)).toBe(true);
  });

  it('names SKUs by id (repeated or comma-separated); a pack shows whole packs of its base, a synset member the pool', async () => {
    const got = bySku(await ok(`sku_ids=${sku.teePack},${sku.mugB}&sku_ids=${sku.tee}&iloc_ids=${iloc['AUS-MAIN']}&iloc_ids=${iloc['SE-RENO']}&max_listed=25`));
    expect(Object.keys(got)).toEqual(['MUG-BLUE-AMZ', 'TEE-RED-M', 'TEE-RED-M-6PK']);
    expect(got['TEE-RED-M-6PK']).toMatchObject({
      quantity: 4, // 28 available base units, capped at 25, are 4 whole packs of 6
      explanation: { holder: { sku: 'TEE-RED-M', type: 'REGULAR' }, pooled_available: 28, after_reserve: 28, after_max_listed: 25, pack_quantity: 6, result: 4 },
    });
    expect(got['MUG-BLUE-AMZ']).toMatchObject({ quantity: 9, explanation: { holder: { sku: 'MUG-BLUE-POOL', type: 'SYNSET' }, pooled_available: 9 } });
    // without a reserve or a cap, the figure is what is available
    expect(got['TEE-RED-M']!.explanation).toMatchObject({ reserve_percentage: 0, after_reserve: 28, max_listed: 25 });
    expect((await ok(`sku_ids=${sku.tee}&iloc_ids=${iloc['AUS-MAIN']}`)).data[0]).toMatchObject({ quantity: 16, explanation: { max_listed: null, reserve_percentage: 0 } });
  });

  it('without SKUs pages through every SKU of the company in code order', async () => {
    const first = await ok(`iloc_ids=${iloc['AUS-MAIN']}&per_page=2`);
    expect(first).toMatchObject({ current_page: 1, per_page: 2, total: 5, last_page: 3 });
    expect(first.data.map((d) => d.sku)).toEqual(['MUG-BLUE', 'MUG-BLUE-AMZ']);
    const last = await ok(`iloc_ids=${iloc['AUS-MAIN']}&per_page=2&page=3`);
    expect(last.data.map((d) => [d.sku, d.quantity])).toEqual([['TEE-RED-M-6PK', 2]]);
    expect((await ok(`iloc_ids=${iloc['AUS-MAIN']}&per_page=2&page=9`)).data).toEqual([]);
  });

  it("another tenant's ilocs and SKU ids are unknown (422, as in the POST); its own SKU of the same code shows only its stock", async () => {
    const res = await get(`iloc_ids=${iloc['AUS-MAIN']}&sku_ids=${sku.tee}&skus=MUG-BLUE`, globex);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { 'iloc_ids.0': ['Unknown iloc'], 'skus.0': ['Unknown SKU'], 'sku_ids.0': ['Unknown SKU'] },
    });
    const own = await ok(`skus=TEE-RED-M&iloc_ids=${globexIloc['MAD-1']}`, globex);
    expect(own.data).toEqual([expect.objectContaining({ sku: 'TEE-RED-M', quantity: 3 })]);
    expect(JSON.stringify(own)).not.toContain(sku.tee);
    // and Acme never sees Globex's ilocs either
    expect((await get(`iloc_ids=${globexIloc['MAD-1']}`)).json().errors).toEqual({ 'iloc_ids.0': ['Unknown iloc'] });
  });

  it.each([
    ['', 'iloc_ids'],
    ['iloc_ids=', 'iloc_ids'],
    ['iloc_ids=nope', 'iloc_ids.0'],
    ['iloc_ids=@A,@B,nope', 'iloc_ids.2'],
    [`iloc_ids=${Array.from({ length: 101 }, () => '@A').join(',')}`, 'iloc_ids'],
    ['iloc_ids=@A&reserve_percentage=101', 'reserve_percentage'],
    ['iloc_ids=@A&reserve_percentage=-1', 'reserve_percentage'],
    ['iloc_ids=@A&reserve_percentage=1.234', 'reserve_percentage'],
    ['iloc_ids=@A&reserve_percentage=ten', 'reserve_percentage'],
    ['iloc_ids=@A&reserve_percentage=', 'reserve_percentage'],
    ['iloc_ids=@A&reserve_percentage=1&reserve_percentage=2', 'reserve_percentage'],
    ['iloc_ids=@A&max_listed=-5', 'max_listed'],
    ['iloc_ids=@A&max_listed=2.5', 'max_listed'],
    ['iloc_ids=@A&max_listed=99999999999', 'max_listed'],
    ['iloc_ids=@A&sku_ids=TEE-RED-M', 'sku_ids.0'],
    [`iloc_ids=@A&skus=${'X'.repeat(65)}`, 'skus.0'],
    ['iloc_ids=@A&per_page=0', 'per_page'],
    ['iloc_ids=@A&per_page=501', 'per_page'],
    ['iloc_ids=@A&page=x', 'page'],
    ['iloc_ids=@A&reserve=10', 'reserve'],
    ['iloc_ids=@A&skus=NOPE', 'skus.0'],
    ['iloc_ids=00000000-0000-4000-8000-000000000000', 'iloc_ids.0'],
  ])('bad query %# (%s) → 422 naming %s', async (query, field) => {
    const res = await get(query.replaceAll('@A', iloc['AUS-MAIN']!).replaceAll('@B', iloc['SE-RENO']!));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('is documented in the OpenAPI document with its query parameters', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const get = doc.paths['/api/1.0/inventory/availability'].get;
    expect(get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining([
      'query:iloc_ids', 'query:skus', 'query:sku_ids', 'query:reserve_percentage', 'query:max_listed', 'query:page', 'query:per_page',
    ]));
  });

  it('needs the tenant role and read-inventory or read-product', async () => {
    for (const who of [await t.as('acmeSupplier'), await t.as('owner')]) {
      const res = await get(`iloc_ids=${iloc['AUS-MAIN']}`, who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission for this action' });
    }
    await t.database.ownerExec(`
      DELETE FROM user_permissions WHERE user_id = (SELECT id FROM users WHERE email = 'tenant@acme.test')
        AND permission_id IN (SELECT id FROM permissions WHERE name IN ('read-inventory', 'read-product'))`);
    const none = { authorization: `Bearer ${(await t.login('tenant@acme.test', 'Omnio#Tenant1')).access_token}` };
    expect((await get(`iloc_ids=${iloc['AUS-MAIN']}`, none)).statusCode).toBe(403);
    // refused before validation: a bad query is still a 403, not a hint about the parameters
    expect((await get('reserve_percentage=x', none)).statusCode).toBe(403);
  });
});
