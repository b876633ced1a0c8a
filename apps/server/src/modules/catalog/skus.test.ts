import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countRows } from '../../test/test-app';
import { withTenant } from '../../platform/db/tenant';
import { catalogKit, code, regular, type CatalogKit, type Page, type SkuDto } from './catalog.test-kit';

let k: CatalogKit;
beforeAll(async () => {
  k = await catalogKit();
});
afterAll(() => k.close());

const createSku = async (body: object) => (await k.ok<{ data: SkuDto }>(201, 'POST', '/skus', k.acme, body)).data;
const getSku = async (id: string) => (await k.ok<{ data: SkuDto }>(200, 'GET', `/skus/${id}`, k.acme)).data;
const expect422 = async (url: string, body: object, field: string, message?: string) => {
  const tables = ['skus', 'sku_prices', 'sku_aliases', 'synset_members'];
  const before = await Promise.all(tables.map((t) => countRows(k.t, t)));
  const res = await k.api('POST', url, k.acme, body);
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().errors).toHaveProperty([field]);
  if (message) expect(res.json().errors[field]).toContain(message);
  expect(await Promise.all(tables.map((t) => countRows(k.t, t)))).toEqual(before);
};

describe('SKU codes (spec 5)', () => {
  it.each([
    ["TEE'S", 'The SKU cannot contain single quotes'],
    ['TEE RED', 'The SKU cannot contain spaces'],
    ['', 'The SKU is required'],
    ['X'.repeat(65), 'The SKU may not be longer than 64 characters'],
  ])('%j → 422', async (sku, message) => {
    await expect422('/skus', { sku, name: 'x' }, 'sku', message);
  });

  it('trims the code; an alias with a single quote is refused too', async () => {
    const c = code();
    expect((await createSku({ sku: `  ${c}  `, name: 'Trimmed' })).sku).toBe(c);
    await expect422('/skus', regular(code(), { aliases: [{ alias: "O'NEIL" }] }), 'aliases.0.alias', 'The SKU cannot contain single quotes');
  });

  it('codes are unique per company across SKU codes and alternative SKUs', async () => {
    const a = code('UNI');
    await createSku(regular(a, { aliases: [{ alias: `${a}-OLD`, channel: 'shopify' }] }));
    await expect422('/skus', regular(a), 'sku', 'The SKU has already been taken');
    await expect422('/skus', regular(`${a}-OLD`), 'sku', 'The SKU has already been taken as an alternative SKU');
    await expect422('/skus', regular(code(), { aliases: [{ alias: a }] }), 'aliases.0.alias', 'The SKU has already been taken');
    await expect422('/skus', regular(code(), { aliases: [{ alias: `${a}-OLD` }] }), 'aliases.0.alias');
    await expect422('/skus', regular(code(), { aliases: [{ alias: 'TWICE' }, { alias: 'TWICE' }] }), 'aliases.1');
    const self = code();
    await expect422('/skus', regular(self, { aliases: [{ alias: self }] }), 'aliases.0.alias', 'The SKU is repeated in this request');
    // the same code in another company is fine
    expect((await k.ok<{ data: SkuDto }>(201, 'POST', '/skus', k.globex, regular(a))).data.sku).toBe(a);
  });

  it('concurrent creates of one code: exactly one wins, the others get a 4xx', async () => {
    const c = code('RACE');
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => k.api('POST', '/skus', k.acme, i % 2 ? regular(c) : regular(code(), { aliases: [{ alias: c }] }))));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(1);
    expect(codes.every((s) => s === 201 || s === 422 || s === 409)).toBe(true);
  });
});

describe('packs', () => {
  it('a PACK is N units of a REGULAR base', async () => {
    const base = await createSku(regular(code('BASE')));
    const pack = await createSku({ sku: code('PK'), name: 'Six', type: 'PACK', pack_of: { sku: base.sku, quantity: 6 } });
    expect(pack).toMatchObject({ type: 'PACK', pack_of: { sku_id: base.id, sku: base.sku, quantity: 6 }, members: null });
  });

  it.each([
    [{ quantity: 1 }, 'pack_of.quantity'],
    [{ quantity: 2.5 }, 'pack_of.quantity'],
    [{ quantity: '6' }, 'pack_of.quantity'],
    [{ sku: 'NO-SUCH-BASE' }, 'pack_of.sku'],
  ])('pack_of %j → 422 naming %s', async (over, field) => {
    const base = await createSku(regular(code()));
    await expect422('/skus', { sku: code(), name: 'p', type: 'PACK', pack_of: { sku: base.sku, quantity: 2, ...over } }, field);
  });

  it('the base must be REGULAR: no pack of a pack, nor of a synset', async () => {
    const base = await createSku(regular(code()));
    const pack = await createSku({ sku: code(), name: 'p', type: 'PACK', pack_of: { sku: base.sku, quantity: 2 } });
    await expect422('/skus', { sku: code(), name: 'pp', type: 'PACK', pack_of: { sku: pack.sku, quantity: 2 } }, 'pack_of.sku', 'The base of a pack must be a REGULAR SKU');
    const syn = await k.ok<{ data: SkuDto }>(201, 'POST', '/synsets', k.acme, { sku: code('SYN'), name: 's', members: [(await createSku(regular(code()))).sku, (await createSku(regular(code()))).sku] });
    await expect422('/skus', { sku: code(), name: 'ps', type: 'PACK', pack_of: { sku: syn.data.sku, quantity: 2 } }, 'pack_of.sku');
  });

  it('type-specific fields: a PACK needs pack_of, only a PACK has it', async () => {
    await expect422('/skus', { sku: code(), name: 'p', type: 'PACK' }, 'pack_of');
    await expect422('/skus', { sku: code(), name: 'r', pack_of: { sku: 'X', quantity: 2 } }, 'pack_of');
  });
});

describe('synsets', () => {
  const members = async (n: number) => Promise.all(Array.from({ length: n }, async () => (await createSku(regular(code('M')))).sku));

  it('needs at least 2 REGULAR members, each in no other synset', async () => {
    const [a, b, c] = await members(3);
    const syn = (await k.ok<{ data: SkuDto }>(201, 'POST', '/synsets', k.acme, { sku: code('SYN'), name: 'Pool', members: [a, b] })).data;
    expect(syn).toMatchObject({ type: 'SYNSET', pack_of: null });
    expect(syn.members!.map((m) => m.sku).sort()).toEqual([a, b].sort());
    expect((await getSku(syn.members![0]!.id)).synset).toEqual({ id: syn.id, sku: syn.sku });

    await expect422('/synsets', { sku: code(), name: 'One', members: [c] }, 'members', 'A synset needs at least 2 SKUs');
    await expect422('/skus', { sku: code(), name: 'One', type: 'SYNSET', members: [c] }, 'members');
    await expect422('/synsets', { sku: code(), name: 'Twice', members: [c, c] }, 'members.1');
    await expect422('/synsets', { sku: code(), name: 'Taken', members: [c, a] }, 'members.1', `The SKU already belongs to the synset ${syn.sku}`);
    await expect422('/synsets', { sku: code(), name: 'Ghost', members: [c, 'NO-SUCH'] }, 'members.1', 'The SKU does not exist');
    const pack = await createSku({ sku: code(), name: 'p', type: 'PACK', pack_of: { sku: c, quantity: 2 } });
    await expect422('/synsets', { sku: code(), name: 'Packed', members: [c, pack.sku] }, 'members.1', 'Only REGULAR SKUs can join a synset');
    await expect422('/synsets', { sku: code(), name: 'Nested', members: [c, syn.sku] }, 'members.1', 'Only REGULAR SKUs can join a synset');
  });

  it('a member joining with stock moves it into the pool through the ledger (synset_merge)', async () => {
    const [a, b, c] = await members(3);
    const skus = (await k.ok<Page<SkuDto>>(200, 'GET', `/skus?search=${c}`, k.acme)).data;
    const cId = skus[0]!.id;
    const aId = (await k.ok<Page<SkuDto>>(200, 'GET', `/skus?search=sku:${a}`, k.acme)).data[0]!.id;
    await k.stock(aId, 4);
    await k.stock(cId, 7);
    const syn = (await k.ok<{ data: SkuDto }>(201, 'POST', '/synsets', k.acme, { sku: code('POOL'), name: 'Pool', members: [a, b] })).data;
    const held = async (skuId: string) =>
      withTenant({ db: k.t.database.db, tenantId: k.acmeId }, async (tx) => {
        const res = (await tx.execute(sql`SELECT coalesce(sum(qty_good), 0)::int AS good FROM inventory_balances WHERE sku_id = ${skuId}::uuid`)) as unknown as { rows: { good: number }[] };
        return Number(res.rows[0]!.good);
      });
    expect([await held(aId), await held(syn.id)]).toEqual([0, 4]);
    const updated = (await k.ok<{ data: SkuDto }>(200, 'PUT', `/synsets/${syn.id}`, k.acme, { name: 'Bigger pool', members: [a, b, c] })).data;
    expect(updated).toMatchObject({ name: 'Bigger pool' });
    expect(updated.members).toHaveLength(3);
    expect([await held(cId), await held(syn.id)]).toEqual([0, 11]);
    expect(await countRows(k.t, `inventory_movements WHERE reason = 'synset_merge' AND reference_id = '${syn.id}'`)).toBe(4);

    // leaving keeps the pool with the synset; dropping below 2 members is refused
    const smaller = (await k.ok<{ data: SkuDto }>(200, 'PUT', `/synsets/${syn.id}`, k.acme, { members: [a, c] })).data;
    expect(smaller.members!.map((m) => m.sku).sort()).toEqual([a, c].sort());
    expect((await k.api('PUT', `/synsets/${syn.id}`, k.acme, { members: [a] })).statusCode).toBe(422);
    expect(await held(syn.id)).toBe(11);
  });

  it('lists only synsets; a REGULAR id is not a synset', async () => {
    const page = await k.ok<Page<SkuDto>>(200, 'GET', '/synsets?per_page=500', k.acme);
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((s) => s.type === 'SYNSET' && Array.isArray(s.members))).toBe(true);
    const plain = await createSku(regular(code()));
    await k.ok(404, 'GET', `/synsets/${plain.id}`, k.acme);
    await k.ok(404, 'PUT', `/synsets/${plain.id}`, k.acme, { name: 'x' });
  });
});

describe('status: discontinue and reactivate', () => {
  it('follows the transition table; a wrong action is 409 INVALID_TRANSITION with from and action', async () => {
    const sku = await createSku(regular(code()));
    expect(sku.allowed_actions).toEqual(['discontinue']);
    const wrong = await k.api('POST', `/skus/${sku.id}/reactivate`, k.acme);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toEqual({ message: expect.any(String), code: 'INVALID_TRANSITION', from: 'active', action: 'reactivate' });
    const off = (await k.ok<{ data: SkuDto }>(200, 'POST', `/skus/${sku.id}/discontinue`, k.acme)).data;
    expect(off).toMatchObject({ status: 'discontinued', allowed_actions: ['reactivate'] });
    expect((await k.api('POST', `/skus/${sku.id}/discontinue`, k.acme)).json()).toMatchObject({ code: 'INVALID_TRANSITION', from: 'discontinued', action: 'discontinue' });
    expect((await k.ok<{ data: SkuDto }>(200, 'POST', `/skus/${sku.id}/reactivate`, k.acme, {})).data.status).toBe('active');
    expect((await k.ok<Page<SkuDto>>(200, 'GET', `/skus?search=status:active;sku:${sku.sku}`, k.acme)).total).toBe(1);
  });

  it('two concurrent discontinues: one wins, the other is INVALID_TRANSITION', async () => {
    const sku = await createSku(regular(code()));
    const res = await Promise.all([1, 2].map(() => k.api('POST', `/skus/${sku.id}/discontinue`, k.acme)));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('an unknown action is 404; a body with keys is 422', async () => {
    const sku = await createSku(regular(code()));
    await k.ok(404, 'POST', `/skus/${sku.id}/explode`, k.acme);
    await k.ok(422, 'POST', `/skus/${sku.id}/discontinue`, k.acme, { force: true });
  });
});

describe('DELETE /skus/{id}', () => {
  it('requires a discontinued SKU (409 INVALID_TRANSITION), without stock (409), not the base of a pack (409)', async () => {
    const sku = await createSku(regular(code(), { prices: [{ code: 'RETAIL', value: '3.00' }], aliases: [{ alias: code('AL') }] }));
    expect((await k.api('DELETE', `/skus/${sku.id}`, k.acme)).json()).toMatchObject({ code: 'INVALID_TRANSITION', from: 'active', action: 'delete' });
    await k.ok(200, 'POST', `/skus/${sku.id}/discontinue`, k.acme);
    await k.stock(sku.id, 1);
    expect((await k.api('DELETE', `/skus/${sku.id}`, k.acme)).statusCode).toBe(409);
    await k.stock(sku.id, -1);
    const pack = await createSku({ sku: code(), name: 'p', type: 'PACK', pack_of: { sku: sku.sku, quantity: 3 } });
    expect((await k.api('DELETE', `/skus/${sku.id}`, k.acme)).json().message).toContain(pack.sku);
    await k.ok(200, 'POST', `/skus/${pack.id}/discontinue`, k.acme);
    await k.ok(204, 'DELETE', `/skus/${pack.id}`, k.acme);
    await k.ok(204, 'DELETE', `/skus/${sku.id}`, k.acme);
    await k.ok(404, 'GET', `/skus/${sku.id}`, k.acme);
    // its alias is free again
    await createSku(regular(sku.aliases[0]!.alias));
  });

  it('a synset member may go unless the synset would drop below 2', async () => {
    const [a, b] = [await createSku(regular(code())), await createSku(regular(code()))];
    await k.ok(201, 'POST', '/synsets', k.acme, { sku: code('SYN'), name: 's', members: [a.sku, b.sku] });
    await k.ok(200, 'POST', `/skus/${a.id}/discontinue`, k.acme);
    expect((await k.api('DELETE', `/skus/${a.id}`, k.acme)).json().message).toContain('fewer than 2');
  });

  it('a discontinued synset without stock goes, and its members are free again', async () => {
    const [a, b] = [await createSku(regular(code())), await createSku(regular(code()))];
    const syn = (await k.ok<{ data: SkuDto }>(201, 'POST', '/synsets', k.acme, { sku: code('SYN'), name: 's', members: [a.sku, b.sku] })).data;
    await k.ok(200, 'POST', `/skus/${syn.id}/discontinue`, k.acme);
    await k.ok(204, 'DELETE', `/skus/${syn.id}`, k.acme);
    expect((await getSku(a.id)).synset).toBeNull();
    await k.ok(201, 'POST', '/synsets', k.acme, { sku: code('SYN'), name: 'again', members: [a.sku, b.sku] });
  });
});

describe('PUT /skus/{id} and list', () => {
  it('updates fields and replaces prices and aliases; the type never changes', async () => {
    const sku = await createSku(regular(code(), { prices: [{ code: 'BUY', value: '1.10' }, { code: 'RETAIL', value: '2.20' }], aliases: [{ alias: code('A1') }] }));
    const alias = code('A2');
    const updated = (await k.ok<{ data: SkuDto }>(200, 'PUT', `/skus/${sku.id}`, k.acme, {
      name: 'Renamed', barcode: '999', height: '1.125', prices: [{ code: 'WHOLE', value: '0.0001' }], aliases: [{ alias, channel: 'ebay' }],
    })).data;
    expect(updated).toMatchObject({ name: 'Renamed', barcode: '999', height: '1.125', prices: [{ code: 'WHOLE', value: '0.0001', currency: 'USD' }], aliases: [{ alias, channel: 'ebay' }] });
    await k.ok(422, 'PUT', `/skus/${sku.id}`, k.acme, { type: 'PACK' });
    await k.ok(422, 'PUT', `/skus/${sku.id}`, k.acme, { pack_of: { sku: 'X', quantity: 2 } });
    await k.ok(422, 'PUT', `/skus/${sku.id}`, k.acme, { height: '1.1234' });
  });

  it('searches by code prefix, alias, barcode and name; filters by type', async () => {
    const c = code('FINDME');
    const sku = await createSku(regular(c, { name: 'Very Particular Widget', barcode: '7501234567890', aliases: [{ alias: `ZZ-${c}` }] }));
    for (const q of [`sku:${c.toLowerCase()}`, c.slice(0, 10), `zz-${c}`, '7501234567890', 'particular widget', `barcode:7501234567890;type:REGULAR`]) {
      const page = await k.ok<Page<SkuDto>>(200, 'GET', `/skus?search=${encodeURIComponent(q)}`, k.acme);
      expect(page.data.map((s) => s.id), q).toContain(sku.id);
    }
    expect((await k.ok<Page<SkuDto>>(200, 'GET', `/skus?search=${encodeURIComponent(`type:PACK;sku:${c}`)}`, k.acme)).total).toBe(0);
  });

  it('bare text and name: match the start of words of the code or name, in any order; a rename re-indexes', async () => {
    const sku = await createSku({ sku: 'WRD-TEE-RED-M', name: 'Trail Tee red M' });
    const ids = async (q: string) => (await k.ok<Page<SkuDto>>(200, 'GET', `/skus?per_page=500&search=${encodeURIComponent(q)}`, k.acme)).data.map((s) => s.id);
    for (const q of ['red m', 'M TRAIL', 'tra', 'wrd red', 'name:tee red']) expect(await ids(q), q).toContain(sku.id);
    for (const q of ['rail', 'blue m', 'name:wrdx']) expect(await ids(q), q).not.toContain(sku.id);
    await k.ok(200, 'PUT', `/skus/${sku.id}`, k.acme, { name: 'Summit Jacket' });
    expect(await ids('summit jack')).toContain(sku.id);
    expect(await ids('trail tee')).not.toContain(sku.id);
    await k.ok(422, 'GET', '/skus?order_by=__proto__', k.acme);
  });
});
