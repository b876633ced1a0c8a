import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { InventoryMovement, InventoryRow, Paginated } from '@omnio/domain';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { balanceOf, inTenant, ledgerViolations, makeSku, makeSynset, tenantIds } from './inventory.fixtures';
import { reserve } from './ledger';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Headers = Record<string, string>;
type Row = InventoryRow & { iloc_code: string | null };

let t: TestApp;
let acme: Headers;
let globex: Headers;
let acmeId: string;
let globexId: string;
const iloc: Record<string, string> = {};
const sku: Record<string, string> = {};

function api(method: Method, url: string, headers: Headers, payload?: object | string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url: `/api/1.0${url}`, headers, ...(payload === undefined ? {} : { payload }) });
}
async function expectStatus(res: LightMyRequestResponse, status: number): Promise<LightMyRequestResponse> {
  expect(res.statusCode, res.body).toBe(status);
  return res;
}
const list = async (query = '', headers = acme): Promise<Paginated<Row>> => (await expectStatus(await api('GET', `/inventory${query}`, headers), 200)).json();
const adjust = (adjustments: object[], headers = acme) => api('POST', '/inventory/adjustments', headers, { adjustments });
const rowsOf = (page: Paginated<Row>) => page.data.map((r) => `${r.sku}@${r.iloc_code}:${r.qty_available}/${r.qty_good}/${r.qty_reserved}`);
const writes = async () => ({ balances: await countRows(t, 'inventory_balances'), movements: await countRows(t, 'inventory_movements') });

function multipart(csv: string, field = 'file'): { payload: string; headers: Headers } {
  const boundary = '----omnio-test-boundary';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="counts.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await t.as('acmeTenant');
  globex = await t.as('globexTenant');
  ({ acme: acmeId, globex: globexId } = await tenantIds(t));
  for (const r of await t.database.ownerExec(`SELECT id, code FROM ilocs WHERE tenant_id = '${acmeId}'`)) iloc[String(r.code)] = String(r.id);
  sku.tee = await makeSku(t, acmeId, { sku: 'TEE-RED-M', name: 'Trail Tee red M' });
  sku.teePack = await makeSku(t, acmeId, { sku: 'TEE-RED-M-6PK', name: 'Trail Tee red M six pack', packOf: { skuId: sku.tee, quantity: 6 } });
  sku.mugA = await makeSku(t, acmeId, { sku: 'MUG-BLUE', name: 'Blue mug' });
  sku.mugB = await makeSku(t, acmeId, { sku: 'MUG-BLUE-AMZ', name: 'Blue mug (Amazon)' });
  sku.mugPool = await makeSynset(t, acmeId, 'MUG-BLUE-POOL', [sku.mugA, sku.mugB]);
  await makeSku(t, globexId, { sku: 'TEE-RED-M', name: 'Globex tee' });
});
afterAll(() => t.close());

describe('POST /inventory/adjustments', () => {
  it('applies deltas and counts atomically, answers the holder balances, and records who and why', async () => {
    const res = await expectStatus(await adjust([
      { sku: 'TEE-RED-M', iloc_id: iloc['AUS-MAIN'], bucket: 'good', delta: 20, reason: 'received', note: 'PO 12' },
      { sku: 'TEE-RED-M', iloc_id: iloc['AUS-MAIN'], bucket: 'hurt', set: 2, reason: 'damaged' },
      { sku: 'TEE-RED-M-6PK', iloc_id: iloc['SE-RENO'], bucket: 'good', delta: 2, reason: 'received' },
      { sku: 'MUG-BLUE-AMZ', iloc_id: iloc['AUS-MAIN'], bucket: 'good', set: 9, reason: 'cycle_count' },
    ]), 201);
    const body = res.json().data;
    expect(body.movements).toBe(4);
    expect(body.balances).toEqual([
      expect.objectContaining({ sku: expect.any(String), sku_id: expect.any(String) }),
      expect.anything(), expect.anything(),
    ]);
    const bySku = Object.fromEntries(body.balances.map((b: { sku: string; iloc_id: string }) => [`${b.sku}@${b.iloc_id === iloc['AUS-MAIN'] ? 'AUS' : 'RENO'}`, b]));
    expect(bySku['TEE-RED-M@AUS']).toMatchObject({ qty_good: 20, qty_hurt: 2, qty_available: 20 });
    expect(bySku['TEE-RED-M@RENO']).toMatchObject({ qty_good: 12 }); // 2 packs of 6 are 12 base units
    expect(bySku['MUG-BLUE-POOL@AUS']).toMatchObject({ qty_good: 9 }); // a member's count is the pool's
    const moves = (await expectStatus(await api('GET', '/inventory/movements?search=sku:TEE-RED-M', acme), 200)).json() as Paginated<InventoryMovement>;
    expect(moves.data[moves.data.length - 1]).toMatchObject({ sku: 'TEE-RED-M', delta_good: 20, reason: 'received', note: 'PO 12', user_name: 'Tom Tenant' });
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('set computes the delta from the current balance: recounting the same number writes no movement', async () => {
    const before = await writes();
    const res = await expectStatus(await adjust([{ sku: 'TEE-RED-M', iloc_id: iloc['AUS-MAIN'], bucket: 'hurt', set: 2, reason: 'cycle_count' }]), 201);
    expect(res.json().data.movements).toBe(0);
    expect(await writes()).toEqual(before);
    await expectStatus(await adjust([{ sku: 'TEE-RED-M', iloc_id: iloc['AUS-MAIN'], bucket: 'hurt', set: 1, reason: 'cycle_count' }]), 201);
    expect((await balanceOf(t, acmeId, sku.tee!, iloc['AUS-MAIN']!)).hurt).toBe(1);
  });

  it('one row that would go below zero refuses the whole batch with 422 naming it, and writes nothing', async () => {
    const before = await writes();
    const res = await expectStatus(await adjust([
      { sku: 'TEE-RED-M', iloc_id: iloc['STORE-1'], bucket: 'good', delta: 5, reason: 'found' },
      { sku: 'TEE-RED-M', iloc_id: iloc['AUS-MAIN'], bucket: 'good', delta: -21, reason: 'lost' },
    ]), 422);
    expect(res.json()).toEqual({ message: 'Insufficient stock', errors: { 'adjustments.1.delta': ['Insufficient stock'] } });
    expect(await writes()).toEqual(before);
    // a count below what is reserved is refused too
    await inTenant(t, acmeId, (tx) => reserve(tx, acmeId, { skuId: sku.tee!, ilocId: iloc['AUS-MAIN']!, quantity: 4, reference: { type: 'order', id: 'SO-7' } }));
    const count = await expectStatus(await adjust([{ sku: 'TEE-RED-M', iloc_id: iloc['AUS-MAIN'], bucket: 'good', set: 3, reason: 'cycle_count' }]), 422);
    expect(count.json().errors).toEqual({ 'adjustments.0.set': ['Insufficient stock'] });
  });

  it('unknown SKUs and ilocs are reported per row; another tenant\'s iloc is as unknown as a made-up one', async () => {
    const before = await writes();
    const res = await expectStatus(await adjust([
      { sku: 'NOPE', iloc_id: iloc['AUS-MAIN'], bucket: 'good', delta: 1, reason: 'found' },
      { sku: 'TEE-RED-M', iloc_id: '00000000-0000-4000-8000-000000000000', bucket: 'good', delta: 1, reason: 'found' },
    ]), 422);
    expect(res.json().errors).toEqual({ 'adjustments.0.sku': ['Unknown SKU'], 'adjustments.1.iloc_id': ['Unknown iloc'] });
    const cross = await expectStatus(await adjust([{ sku: 'TEE-RED-M', iloc_id: iloc['AUS-MAIN'], bucket: 'good', delta: 1, reason: 'found' }], globex), 422);
    expect(cross.json()).toEqual({ message: 'The given data was invalid.', errors: { 'adjustments.0.iloc_id': ['Unknown iloc'] } });
    expect(await writes()).toEqual(before);
  });

  it.each([
    [{}, 'adjustments'],
    [{ adjustments: [] }, 'adjustments'],
    [{ adjustments: [{ sku: 'TEE-RED-M', iloc_id: 'x', bucket: 'good', delta: 1, reason: 'found' }] }, 'adjustments.0.iloc_id'],
    [{ adjustments: [{ sku: 'TEE-RED-M', bucket: 'good', delta: 0, reason: 'found' }] }, 'adjustments.0.delta'],
    [{ adjustments: [{ sku: 'TEE-RED-M', bucket: 'good', delta: 1.5, reason: 'found' }] }, 'adjustments.0.delta'],
    [{ adjustments: [{ sku: 'TEE-RED-M', bucket: 'good', set: -1, reason: 'found' }] }, 'adjustments.0.set'],
    [{ adjustments: [{ sku: 'TEE-RED-M', bucket: 'good', delta: 1, set: 1, reason: 'found' }] }, 'adjustments.0.set'],
    [{ adjustments: [{ sku: 'TEE-RED-M', bucket: 'good', reason: 'found' }] }, 'adjustments.0.delta'],
    [{ adjustments: [{ sku: 'TEE-RED-M', bucket: 'reserved', delta: 1, reason: 'found' }] }, 'adjustments.0.bucket'],
    [{ adjustments: [{ sku: 'TEE-RED-M', bucket: 'good', delta: 1, reason: 'reserve' }] }, 'adjustments.0.reason'],
    [{ adjustments: [{ sku: 'TEE-RED-M', bucket: 'good', delta: 1e12, reason: 'found' }] }, 'adjustments.0.delta'],
    [{ adjustments: [{ sku: 'TEE-RED-M', bucket: 'good', delta: 1, reason: 'found', extra: 1 }] }, 'adjustments.0.extra'],
    [{ adjustments: Array.from({ length: 10_001 }, () => ({ sku: 'TEE-RED-M', bucket: 'good', delta: 1, reason: 'found' })) }, 'adjustments'],
  ])('bad body %# → 422, nothing written', async (body, field) => {
    const withIloc = JSON.parse(JSON.stringify(body, (k, v) => (k === 'bucket' && v ? v : v))) as { adjustments?: Record<string, unknown>[] };
    for (const r of withIloc.adjustments ?? []) if (!('iloc_id' in r)) r.iloc_id = iloc['AUS-MAIN'];
    const before = await writes();
    const res = await expectStatus(await api('POST', '/inventory/adjustments', acme, withIloc), 422);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await writes()).toEqual(before);
  });

  it('malformed JSON and a wrong content type are 4xx JSON, never 500', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/1.0/inventory/adjustments', headers: { ...acme, 'content-type': 'application/json' }, payload: '{"adjustments": [' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Malformed JSON body' });
    const text = await t.app.inject({ method: 'POST', url: '/api/1.0/inventory/adjustments', headers: { ...acme, 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(422);
    expect(text.json()).toHaveProperty('errors');
  });
});

describe('GET /inventory', () => {
  it('one row per SKU × iloc, packs and synset members showing their holder converted', async () => {
    const page = await list('?search=sku:TEE-RED-M&per_page=100');
    expect(page.total).toBe(6);
    expect(rowsOf(page)).toEqual([
      'TEE-RED-M@AUS-MAIN:16/20/4', 'TEE-RED-M@STORE-1:0/0/0', 'TEE-RED-M@SE-RENO:12/12/0',
      'TEE-RED-M-6PK@AUS-MAIN:2/3/0', 'TEE-RED-M-6PK@STORE-1:0/0/0', 'TEE-RED-M-6PK@SE-RENO:2/2/0',
    ]);
    const mugs = await list('?search=mug-blue&per_page=100&filters=' + encodeURIComponent(JSON.stringify([{ field: 'iloc_id', operator: 'where', value: iloc['AUS-MAIN'] }])));
    expect(rowsOf(mugs)).toEqual(['MUG-BLUE@AUS-MAIN:9/9/0', 'MUG-BLUE-AMZ@AUS-MAIN:9/9/0', 'MUG-BLUE-POOL@AUS-MAIN:9/9/0']);
    expect(mugs.data[0]).toMatchObject({ type: 'REGULAR', iloc_name: 'Austin Main Warehouse', updated_at: expect.any(String) });
  });

  it.each([
    ['?search=trail&per_page=100', 6],
    ['?search=name:blue mug&per_page=100', 6],
    ['?search=type:PACK', 3],
    ['?search=type:pack;available:gt0', 2],
    ['?search=available:gt0&per_page=100', 7],
    ['?search=available:0&per_page=500', 8],
    ['?search=mug;iloc:not-an-id', 0],
    ['?filters=' + encodeURIComponent(JSON.stringify([{ field: 'qty_good', operator: 'gte', value: 12 }])), 2],
  ])('%s → total %i', async (query, total) => {
    expect((await list(query)).total).toBe(total);
  });

  it('orders and paginates on the server', async () => {
    const top = await list('?order_by=qty_available&order_direction=desc&per_page=2');
    expect(rowsOf(top)).toEqual(['TEE-RED-M@AUS-MAIN:16/20/4', 'TEE-RED-M@SE-RENO:12/12/0']);
    expect(top).toMatchObject({ current_page: 1, per_page: 2, total: 15, last_page: 8 });
    const p2 = await list('?search=sku:TEE&per_page=4&page=2');
    expect(rowsOf(p2)).toEqual(['TEE-RED-M-6PK@STORE-1:0/0/0', 'TEE-RED-M-6PK@SE-RENO:2/2/0']);
    const byName = await list('?order_by=name&order_direction=desc&per_page=1');
    expect(byName.data[0]!.sku).toBe('TEE-RED-M-6PK');
  });

  it.each([
    ['?order_by=nope', 'order_by'],
    ['?order_by=constructor', 'order_by'],
    ['?per_page=501', 'per_page'],
    ['?search=type:CASTLE', 'search'],
    ['?search=available:lots', 'search'],
    ['?filters=' + encodeURIComponent(JSON.stringify([{ field: 'secret', operator: 'where', value: 1 }])), 'filters'],
    ['?filters=' + encodeURIComponent(JSON.stringify([{ field: 'qty_good', operator: 'like', value: 'x' }])), 'filters'],
    ['?filters=' + encodeURIComponent(JSON.stringify([{ field: 'qty_good', operator: 'gt', value: 'x' }])), 'filters'],
  ])('%s → 422 on %s', async (query, field) => {
    const res = await expectStatus(await api('GET', `/inventory${query}`, acme), 422);
    expect(res.json().errors).toHaveProperty([field]);
  });

  it('another tenant sees only its own rows', async () => {
    const page = await list('?per_page=100', globex);
    expect(page.data.every((r) => r.sku === 'TEE-RED-M' && r.qty_good === 0)).toBe(true);
    expect(page.total).toBe(2);
    expect((await list(`?search=iloc:${iloc['AUS-MAIN']}`, globex)).total).toBe(0);
    const moves = (await expectStatus(await api('GET', '/inventory/movements', globex), 200)).json();
    expect(moves).toMatchObject({ data: [], total: 0 });
  });
});

describe('GET /inventory/movements', () => {
  it('newest first, searchable by reason, iloc and reference', async () => {
    const all = (await expectStatus(await api('GET', '/inventory/movements?per_page=2', acme), 200)).json() as Paginated<InventoryMovement>;
    expect(all.data[0]!.id > all.data[1]!.id || Number(all.data[0]!.id) > Number(all.data[1]!.id)).toBe(true);
    const reserved = (await expectStatus(await api('GET', '/inventory/movements?search=reference:order:SO-7', acme), 200)).json() as Paginated<InventoryMovement>;
    expect(reserved.data).toEqual([expect.objectContaining({ reason: 'reserve', delta_reserved: 4, reference_type: 'order', reference_id: 'SO-7', sku: 'TEE-RED-M', iloc_name: 'Austin Main Warehouse' })]);
    const counts = (await expectStatus(await api('GET', `/inventory/movements?search=reason:cycle_count;iloc:${iloc['AUS-MAIN']}`, acme), 200)).json() as Paginated<InventoryMovement>;
    expect(counts.data.map((m) => m.sku)).toEqual(['TEE-RED-M', 'MUG-BLUE-POOL']);
    const pack = (await expectStatus(await api('GET', '/inventory/movements?search=sku:tee-red-m-6pk', acme), 200)).json() as Paginated<InventoryMovement>;
    expect(pack.total).toBeGreaterThan(0); // a pack's movements are its base's
    await expectStatus(await api('GET', '/inventory/movements?search=reason:stolen', acme), 422);
    await expectStatus(await api('GET', '/inventory/movements?order_by=sku', acme), 422);
  });
});

describe('POST /inventory/availability', () => {
  it('explains every term: pooled over the chosen ilocs, reserve %, max listed, whole packs', async () => {
    const res = await expectStatus(await api('POST', '/inventory/availability', acme, {
      iloc_ids: [iloc['AUS-MAIN'], iloc['SE-RENO']], reserve_percentage: 10, max_listed: 20, skus: ['TEE-RED-M', 'TEE-RED-M-6PK', 'MUG-BLUE-AMZ'],
    }), 200);
    const bySku = Object.fromEntries((res.json().data as { sku: string }[]).map((d) => [d.sku, d]));
    expect(bySku['TEE-RED-M']).toEqual({
      sku: 'TEE-RED-M',
      quantity: 20,
      explanation: {
        ilocs: [{ iloc_id: iloc['AUS-MAIN'], qty_available: 16 }, { iloc_id: iloc['SE-RENO'], qty_available: 12 }],
        pooled_available: 28, holder: { sku: 'TEE-RED-M', type: 'REGULAR' }, reserve_percentage: 10, after_reserve: 25,
        max_listed: 20, after_max_listed: 20, result: 20,
      },
    });
    expect(bySku['TEE-RED-M-6PK']).toMatchObject({ quantity: 3, explanation: { pack_quantity: 6, after_max_listed: 20, result: 3 } });
    expect(bySku['MUG-BLUE-AMZ']).toMatchObject({ quantity: 8, explanation: { pooled_available: 9, holder: { sku: 'MUG-BLUE-POOL', type: 'SYNSET' }, after_reserve: 8 } });
  });

  it('without skus it answers every SKU; unknown ilocs and SKUs are 422', async () => {
    const all = await expectStatus(await api('POST', '/inventory/availability', acme, { iloc_ids: [iloc['STORE-1']], reserve_percentage: 0 }), 200);
    expect(all.json().data.map((d: { sku: string }) => d.sku)).toEqual(['MUG-BLUE', 'MUG-BLUE-AMZ', 'MUG-BLUE-POOL', 'TEE-RED-M', 'TEE-RED-M-6PK']);
    const bad = await expectStatus(await api('POST', '/inventory/availability', globex, { iloc_ids: [iloc['STORE-1']], reserve_percentage: 0, skus: ['MUG-BLUE'] }), 422);
    expect(bad.json().errors).toEqual({ 'iloc_ids.0': ['Unknown iloc'], 'skus.0': ['Unknown SKU'] });
    for (const body of [{ iloc_ids: [], reserve_percentage: 0 }, { iloc_ids: [iloc['STORE-1']], reserve_percentage: 101 }, { iloc_ids: [iloc['STORE-1']], reserve_percentage: 1.234 }, { iloc_ids: [iloc['STORE-1']] }]) {
      await expectStatus(await api('POST', '/inventory/availability', acme, body), 422);
    }
  });
});

describe('CSV export and import', () => {
  it('exports the grid as CSV', async () => {
    const res = await expectStatus(await api('GET', '/inventory/export?search=sku:TEE-RED-M', acme), 200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('sku,name,type,iloc_code,iloc_name,qty_available,qty_good,qty_hold,qty_hurt,qty_in_transit,qty_reserved,updated_at');
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(/^TEE-RED-M,Trail Tee red M,REGULAR,AUS-MAIN,Austin Main Warehouse,16,20,0,1,0,4,\d{4}-/);
    await expectStatus(await api('GET', '/inventory/export?order_by=nope', acme), 422);
  });

  it('imports counts: good rows land, a bad row is reported by line, nothing half-written', async () => {
    const csv = [
      'sku,iloc_code,bucket,quantity,reason',
      'TEE-RED-M,STORE-1,good,7,cycle_count',
      'NOPE-1,STORE-1,good,1,cycle_count',
      'TEE-RED-M-6PK,SE-RENO,hold,1,',
      'TEE-RED-M,STORE-1,good,-3,cycle_count',
      'TEE-RED-M,AUS-MAIN,good,2,cycle_count',
      'mug-blue,NOWHERE,good,1,cycle_count',
      'TEE\u0000X,STORE-1,good,1,cycle_count',
    ].join('\n');
    const { payload, headers } = multipart(csv);
    const before = await writes();
    const res = await expectStatus(await api('POST', '/inventory/import', { ...acme, ...headers }, payload), 200);
    expect(res.json().data).toEqual({
      created: 1, updated: 1, failed: 5,
      errors: [
        { line: 3, sku: 'NOPE-1', message: 'sku: Unknown SKU NOPE-1' },
        { line: 5, sku: 'TEE-RED-M', message: 'quantity: quantity must be a whole number ≥ 0' },
        { line: 6, sku: 'TEE-RED-M', message: 'quantity: Insufficient stock (the count is below the quantity reserved)' },
        { line: 7, sku: 'mug-blue', message: 'iloc_code: Unknown iloc NOWHERE' },
        { line: 8, sku: 'TEEX', message: 'row: The text contains a character that is not allowed' },
      ],
    });
    expect(await balanceOf(t, acmeId, sku.tee!, iloc['STORE-1']!)).toMatchObject({ good: 7 });
    expect(await balanceOf(t, acmeId, sku.tee!, iloc['SE-RENO']!)).toMatchObject({ good: 12, hold: 6 });
    expect(await balanceOf(t, acmeId, sku.tee!, iloc['AUS-MAIN']!)).toMatchObject({ good: 20 });
    expect((await writes()).movements).toBe(before.movements + 2);
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('a file that is not the expected CSV is 422 and writes nothing', async () => {
    const before = await writes();
    for (const csv of ['sku,quantity\nTEE-RED-M,1', '', 'sku,iloc_code,bucket,quantity\n"unterminated,STORE-1,good,1']) {
      const { payload, headers } = multipart(csv);
      const res = await expectStatus(await api('POST', '/inventory/import', { ...acme, ...headers }, payload), 422);
      expect(res.json().errors).toHaveProperty('file');
    }
    const wrongField = multipart('sku,iloc_code,bucket,quantity\n', 'upload');
    await expectStatus(await api('POST', '/inventory/import', { ...acme, ...wrongField.headers }, wrongField.payload), 422);
    const json = await api('POST', '/inventory/import', acme, { file: 'x' });
    // Not multipart: 415 Unsupported Media Type, with a message that says what to send.
    expect(json.statusCode, json.body).toBe(415);
    expect(json.json()).toEqual({ message: 'Send the file as multipart/form-data' });
    expect(await writes()).toEqual(before);
  });
});

describe('CSV formula-injection policy', () => {
  it('exports a text cell a spreadsheet would run with a leading quote, and the exported cells import back', async () => {
    await makeSku(t, acmeId, { sku: '-PROMO-1', name: '=HYPERLINK("http://evil.test","Click")' });
    await expectStatus(await adjust([{ sku: '-PROMO-1', iloc_id: iloc['STORE-1'], bucket: 'good', set: 7, reason: 'cycle_count' }]), 201);
    const res = await expectStatus(await api('GET', `/inventory/export?search=sku:-PROMO-1;iloc:${iloc['STORE-1']}`, acme), 200);
    const [, line] = res.body.trim().split('\n');
    expect(line).toMatch(/^'-PROMO-1,"'=HYPERLINK\(""http:\/\/evil\.test"",""Click""\)",REGULAR,STORE-1,Downtown Store,7,7,0,0,0,0,\d{4}-/);

    // the exported sku cell, quote and all, names the same SKU on import
    const { payload, headers } = multipart(`sku,iloc_code,bucket,quantity,reason\n'-PROMO-1,STORE-1,good,9,cycle_count\n`);
    const imported = await expectStatus(await api('POST', '/inventory/import', { ...acme, ...headers }, payload), 200);
    expect(imported.json().data).toMatchObject({ updated: 1, failed: 0 });
    expect((await list(`?search=sku:-PROMO-1;iloc:${iloc['STORE-1']}`)).data[0]).toMatchObject({ sku: '-PROMO-1', qty_good: 9 });
  });
});

describe('access', () => {
  it('a supplier and the owner get 403 on every inventory endpoint, and nothing is written', async () => {
    const supplier = await t.as('acmeSupplier');
    const owner = await t.as('owner');
    const before = await writes();
    const { payload, headers } = multipart('sku,iloc_code,bucket,quantity\nTEE-RED-M,STORE-1,good,1');
    for (const who of [supplier, owner]) {
      for (const [method, url, body] of [
        ['GET', '/inventory'], ['GET', '/inventory/movements'], ['GET', '/inventory/export'],
        ['POST', '/inventory/availability', { iloc_ids: [iloc['STORE-1']], reserve_percentage: 0 }],
        ['POST', '/inventory/adjustments', { adjustments: [{ sku: 'TEE-RED-M', iloc_id: iloc['STORE-1'], bucket: 'good', delta: 1, reason: 'found' }] }],
      ] as [Method, string, object?][]) {
        const res = await api(method, url, who, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: 'You do not have permission for this action' });
      }
      expect((await api('POST', '/inventory/import', { ...who, ...headers }, payload)).statusCode).toBe(403);
    }
    expect(await writes()).toEqual(before);
  });

  it('reading needs read-inventory or read-product; adjusting needs update-inventory', async () => {
    const drop = (name: string) => t.database.ownerExec(`
      DELETE FROM user_permissions WHERE user_id = (SELECT id FROM users WHERE email = 'tenant@acme.test')
        AND permission_id = (SELECT id FROM permissions WHERE name = '${name}')`);
    await drop('read-inventory');
    const catalogOnly = { authorization: `Bearer ${(await t.login('tenant@acme.test', 'Omnio#Tenant1')).access_token}` };
    await expectStatus(await api('GET', '/inventory', catalogOnly), 200);
    await drop('read-product');
    await drop('update-inventory');
    const none = { authorization: `Bearer ${(await t.login('tenant@acme.test', 'Omnio#Tenant1')).access_token}` };
    await expectStatus(await api('GET', '/inventory', none), 403);
    await expectStatus(await api('POST', '/inventory/availability', none, { iloc_ids: [iloc['STORE-1']], reserve_percentage: 0 }), 403);
    await expectStatus(await adjust([{ sku: 'TEE-RED-M', iloc_id: iloc['STORE-1'], bucket: 'good', delta: 1, reason: 'found' }], none), 403);
  });
});
