import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../test/test-app';
import { catalogKit, code, regular, type CatalogKit, type Page, type ProductDto, type SkuDto } from './catalog.test-kit';

let k: CatalogKit;
beforeAll(async () => {
  k = await catalogKit();
});
afterAll(() => k.close());

const createProduct = async (body: object) => (await k.ok<{ data: ProductDto }>(201, 'POST', '/products', k.acme, body)).data;
const getProduct = async (id: string) => (await k.ok<{ data: ProductDto }>(200, 'GET', `/products/${id}`, k.acme)).data;
const tables = ['products', 'skus', 'sku_prices', 'sku_aliases'];
const counts = () => Promise.all(tables.map((table) => countRows(k.t, table)));

describe('create', () => {
  it('creates a product with two SKUs, prices as exact decimals', async () => {
    const red = code('TEE-RED');
    const blue = code('TEE-BLUE');
    const product = await createProduct({
      name: 'Trail Tee',
      description: 'Soft tee',
      skus: [
        { sku: red, name: 'Trail Tee red M', type: 'REGULAR', barcode: '0123456789012', weight: '0.20',
          prices: [{ code: 'RETAIL', value: '19.90' }, { code: 'BUY', value: '6.5000', currency: 'eur' }, { code: 'WTDAVGCOST', value: 7.125 }] },
        { sku: blue, name: 'Trail Tee blue M', weight: 0.3, aliases: [{ alias: `${blue}-AMZ`, channel: 'amazon' }] },
      ],
    });
    expect(product).toMatchObject({ name: 'Trail Tee', description: 'Soft tee', category_id: null, brand_id: null, sku_count: 2 });
    const [b, r] = product.skus!;
    expect(r).toMatchObject({
      sku: red, type: 'REGULAR', status: 'active', allowed_actions: ['discontinue'], product_id: product.id, barcode: '0123456789012', weight: '0.20',
      prices: [{ code: 'BUY', value: '6.5000', currency: 'EUR' }, { code: 'RETAIL', value: '19.90', currency: 'USD' }, { code: 'WTDAVGCOST', value: '7.125', currency: 'USD' }],
      aliases: [], pack_of: null, members: null, synset: null,
    });
    expect(b).toMatchObject({ sku: blue, weight: '0.3', aliases: [{ alias: `${blue}-AMZ`, channel: 'amazon' }], prices: [] });
    expect(await getProduct(product.id)).toEqual(product);
  });

  it('a pack may name a base SKU of the same body, listed after it', async () => {
    const base = code('BASE');
    const product = await createProduct({ name: 'Packs', skus: [{ sku: `${base}-6`, name: 'Six', type: 'PACK', pack_of: { sku: base, quantity: 6 } }, regular(base)] });
    const pack = product.skus!.find((s) => s.type === 'PACK')!;
    expect(pack.pack_of).toEqual({ sku_id: product.skus!.find((s) => s.sku === base)!.id, sku: base, quantity: 6 });
  });

  it('is all or nothing: one bad SKU writes no product and no SKU', async () => {
    const taken = code('TAKEN');
    await createProduct({ name: 'First', skus: [regular(taken)] });
    const before = await counts();
    const res = await k.api('POST', '/products', k.acme, { name: 'Second', skus: [regular(code()), regular(taken, { prices: [{ code: 'RETAIL', value: '1' }] })] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'skus.1.sku': ['The SKU has already been taken'] });
    expect(await counts()).toEqual(before);
  });

  it('reports every taken code at once, and codes repeated inside the body', async () => {
    const a = code();
    const b = code();
    await createProduct({ name: 'Owner of codes', skus: [regular(a), regular(b, { aliases: [{ alias: `${b}-ALT` }] })] });
    const res = await k.api('POST', '/products', k.acme, {
      name: 'Clash', skus: [regular(a), regular(code(), { aliases: [{ alias: `${b}-ALT` }] }), regular(code(), { aliases: [{ alias: 'SAME-X' }] }), regular('SAME-X')],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'skus.0.sku': ['The SKU has already been taken'],
      'skus.1.aliases.0.alias': ['The SKU has already been taken as an alternative SKU'],
      'skus.3.sku': ['The SKU is repeated in this request'],
    });
  });

  it.each([
    [{ name: 'No SKUs', skus: [] }, 'skus'],
    [{ skus: [regular('X-1')] }, 'name'],
    [{ name: 'Bad category', category_id: '00000000-0000-4000-8000-000000000000', skus: [regular('X-2')] }, 'category_id'],
    [{ name: 'Synset in product', skus: [{ sku: 'X-3', name: 'x', type: 'SYNSET', members: ['A', 'B'] }] }, 'skus.0.type'],
    [{ name: 'Repeated', skus: [regular('X-4'), regular('X-4')] }, 'skus.1.sku'],
    [{ name: 'Negative', skus: [regular('X-5', { weight: '-1' })] }, 'skus.0.weight'],
    [{ name: 'Too precise', skus: [regular('X-6', { prices: [{ code: 'RETAIL', value: '1.23456' }] })] }, 'skus.0.prices.0.value'],
    [{ name: 'Unknown code', skus: [regular('X-7', { prices: [{ code: 'MSRP', value: '1' }] })] }, 'skus.0.prices.0.code'],
    [{ name: 'Pack of nothing', skus: [{ sku: 'X-8', name: 'x', type: 'PACK', pack_of: { sku: 'NOPE', quantity: 2 } }] }, 'skus.0.pack_of.sku'],
  ])('%j → 422 naming %s', async (body, field) => {
    const before = await counts();
    const res = await k.api('POST', '/products', k.acme, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toHaveProperty([field]);
    expect(await counts()).toEqual(before);
  });
});

describe('list', () => {
  let cat: string;
  let tagged: ProductDto;
  beforeAll(async () => {
    cat = (await k.ok<{ data: { id: string } }>(201, 'POST', '/categories', k.acme, { name: 'Listing Cat' })).data.id;
    const brand = (await k.ok<{ data: { id: string } }>(201, 'POST', '/brands', k.acme, { name: 'Listing Brand' })).data.id;
    tagged = await createProduct({ name: 'Zebra Hoodie', category_id: cat, brand_id: brand, skus: [regular('ZEB-HOOD-S'), regular('ZEB-HOOD-M')] });
    await createProduct({ name: 'Alpha Socks', skus: [regular('ALP-SOCK')] });
  });
  const names = async (query: string) => (await k.ok<Page<ProductDto>>(200, 'GET', `/products?${query}`, k.acme)).data.map((p) => p.name);

  it.each([
    ['search=zebra', ['Zebra Hoodie']],
    ['search=name:HOODIE', ['Zebra Hoodie']],
    ['search=zeb-hood', ['Zebra Hoodie']],
    ['search=sku:ZEB-HOOD-M', ['Zebra Hoodie']],
    ['search=sku:alp', ['Alpha Socks']],
    ['search=nothing-like-this', []],
    ['search=category:not-a-uuid', []],
  ])('%s', async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it('filters by category and brand, embeds what include names, counts SKUs', async () => {
    const page = await k.ok<Page<ProductDto>>(200, 'GET', `/products?search=category:${cat}&include=skus,category,brand`, k.acme);
    expect(page).toMatchObject({ total: 1, current_page: 1, per_page: 25, last_page: 1 });
    expect(page.data[0]).toMatchObject({ id: tagged.id, sku_count: 2, category: { id: cat, name: 'Listing Cat' }, brand: { name: 'Listing Brand' } });
    expect(page.data[0]!.skus!.map((s) => s.sku)).toEqual(['ZEB-HOOD-M', 'ZEB-HOOD-S']);
    const bare = (await k.ok<Page<ProductDto>>(200, 'GET', `/products?search=category:${cat}`, k.acme)).data[0]!;
    expect(bare).not.toHaveProperty('skus');
    expect(bare).not.toHaveProperty('category');
  });

  it('paginates and orders by the whitelist; the filters parameter works on its fields', async () => {
    const ordered = await names('order_by=name&order_direction=ASC&per_page=500');
    expect(ordered).toEqual([...ordered].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    const page2 = await k.ok<Page<ProductDto>>(200, 'GET', '/products?order_by=name&per_page=1&page=2', k.acme);
    expect(page2.data[0]!.name).toBe(ordered[1]);
    expect(page2.last_page).toBe(page2.total);
    const filters = encodeURIComponent(JSON.stringify([{ field: 'name', operator: 'like', value: 'socks' }]));
    expect(await names(`filters=${filters}`)).toEqual(['Alpha Socks']);
  });

  it.each([['order_by=nope'], ['order_by=__proto__'], ['order_by=constructor'], ['per_page=501'], ['filters=%5B%7B%22field%22%3A%22secret%22%2C%22operator%22%3A%22where%22%2C%22value%22%3A1%7D%5D']])(
    '%s → 422',
    async (query) => {
      await k.ok(422, 'GET', `/products?${query}`, k.acme);
    },
  );
});

describe('update', () => {
  it('updates product fields and upserts SKUs by code: changes one, adds one, leaves the rest', async () => {
    const keep = code('KEEP');
    const change = code('CHG');
    const product = await createProduct({ name: 'Upsert Me', skus: [regular(keep), regular(change, { prices: [{ code: 'RETAIL', value: '10.00' }] })] });
    const added = code('NEW');
    const updated = (await k.ok<{ data: ProductDto }>(200, 'PUT', `/products/${product.id}`, k.acme, {
      name: 'Upserted',
      skus: [{ sku: change, name: 'Changed name', prices: [{ code: 'RETAIL', value: '12.50' }] }, regular(added)],
    })).data;
    expect(updated).toMatchObject({ name: 'Upserted', sku_count: 3 });
    const by = (s: string) => updated.skus!.find((x) => x.sku === s)!;
    expect(by(change)).toMatchObject({ name: 'Changed name', prices: [{ code: 'RETAIL', value: '12.50' }] });
    expect(by(keep).name).toBe(`Name of ${keep}`);
    expect(by(added).product_id).toBe(product.id);
  });

  it('renames a SKU that is not in use without asking', async () => {
    const old = code('OLD');
    const product = await createProduct({ name: 'Rename Free', skus: [regular(old)] });
    const id = product.skus![0]!.id;
    const fresh = code('FRESH');
    const res = await k.ok<{ data: ProductDto }>(200, 'PUT', `/products/${product.id}`, k.acme, { skus: [{ id, sku: fresh, name: 'Renamed' }] });
    expect(res.data.skus![0]).toMatchObject({ id, sku: fresh });
  });

  it.each([
    ['alternative SKUs', async (sku: SkuDto) => { await k.ok(200, 'PUT', `/skus/${sku.id}`, k.acme, { aliases: [{ alias: `${sku.sku}-ALIAS` }] }); }],
    ['stock', async (sku: SkuDto) => k.stock(sku.id, 3)],
    ['a pack on it', async (sku: SkuDto) => { await k.ok(201, 'POST', '/skus', k.acme, { sku: `${sku.sku}-PK`, name: 'pk', type: 'PACK', pack_of: { sku: sku.sku, quantity: 2 } }); }],
    ['a synset', async (sku: SkuDto) => { await k.ok(201, 'POST', '/synsets', k.acme, { sku: `${sku.sku}-SYN`, name: 'syn', members: [sku.sku, (await k.ok<{ data: SkuDto }>(201, 'POST', '/skus', k.acme, regular(code()))).data.sku] }); }],
  ])('changing the code of a SKU in use (%s) needs confirm: true', async (_why, use) => {
    const product = await createProduct({ name: 'In Use', skus: [regular(code('USED'))] });
    const sku = product.skus![0]!;
    await use(sku);
    const renamed = code('RENAMED');
    const body = { skus: [{ id: sku.id, sku: renamed, name: sku.name }] };
    const refused = await k.api('PUT', `/products/${product.id}`, k.acme, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'CONFIRMATION_REQUIRED', message: expect.stringContaining('may cause sync problems') });
    expect((await getProduct(product.id)).skus![0]!.sku).toBe(sku.sku);
    // PUT /skus/{id} asks the same
    expect((await k.api('PUT', `/skus/${sku.id}`, k.acme, { sku: renamed })).json().code).toBe('CONFIRMATION_REQUIRED');
    const done = await k.ok<{ data: ProductDto }>(200, 'PUT', `/products/${product.id}`, k.acme, { ...body, confirm: true });
    expect(done.data.skus![0]).toMatchObject({ id: sku.id, sku: renamed });
  });

  it('refuses an id of another product and a type change', async () => {
    const a = await createProduct({ name: 'A', skus: [regular(code())] });
    const b = await createProduct({ name: 'B', skus: [regular(code())] });
    const res = await k.api('PUT', `/products/${a.id}`, k.acme, { skus: [{ id: b.skus![0]!.id, sku: 'WHATEVER', name: 'x' }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(['skus.0.id']);
    const base = code();
    await k.ok(201, 'POST', '/skus', k.acme, regular(base));
    const typed = await k.api('PUT', `/products/${a.id}`, k.acme, { skus: [{ sku: a.skus![0]!.sku, name: 'x', type: 'PACK', pack_of: { sku: base, quantity: 2 } }] });
    expect(typed.json().errors).toHaveProperty(['skus.0.type']);
  });
});

describe('delete', () => {
  it('needs every SKU discontinued and without stock; then removes the product and its SKUs', async () => {
    const product = await createProduct({ name: 'Doomed', skus: [regular(code('D1')), regular(code('D2'), { prices: [{ code: 'BUY', value: '1' }] })] });
    const [one, two] = product.skus!;
    const active = await k.api('DELETE', `/products/${product.id}`, k.acme);
    expect(active.statusCode).toBe(409);
    expect(active.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining(one!.sku) });
    for (const s of [one!, two!]) await k.ok(200, 'POST', `/skus/${s.id}/discontinue`, k.acme);
    await k.stock(one!.id, 2);
    const stocked = await k.api('DELETE', `/products/${product.id}`, k.acme);
    expect(stocked.statusCode).toBe(409);
    expect(stocked.json().message).toContain('still has stock');
    await k.stock(one!.id, -2);
    await k.ok(204, 'DELETE', `/products/${product.id}`, k.acme);
    await k.ok(404, 'GET', `/products/${product.id}`, k.acme);
    await k.ok(404, 'GET', `/skus/${one!.id}`, k.acme);
    // the movements outlive the SKU: history is never rewritten
    expect(await countRows(k.t, `inventory_movements WHERE sku_id = '${one!.id}'`)).toBe(2);
  });

  it('keeps a base whose pack lives in another product', async () => {
    const base = code('BASE');
    const product = await createProduct({ name: 'Base Holder', skus: [regular(base)] });
    await k.ok(201, 'POST', '/products', k.acme, { name: 'Pack Holder', skus: [{ sku: `${base}-2`, name: 'two', type: 'PACK', pack_of: { sku: base, quantity: 2 } }] });
    await k.ok(200, 'POST', `/skus/${product.skus![0]!.id}/discontinue`, k.acme);
    const res = await k.api('DELETE', `/products/${product.id}`, k.acme);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`${base}-2`);
  });

  it('an unknown or malformed id is 404', async () => {
    await k.ok(404, 'DELETE', '/products/00000000-0000-4000-8000-000000000000', k.acme);
    await k.ok(404, 'GET', '/products/not-an-id', k.acme);
  });
});
