import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogKit, code, FORBIDDEN, regular, type CatalogKit, type Method, type Page, type ProductDto, type SkuDto } from './catalog.test-kit';

/** Tenancy, permissions and bad input across every catalog endpoint. */

let k: CatalogKit;
const ids = { product: '', sku: '', synset: '', category: '', brand: '', currency: '', package: '' };
let acmeSku = '';
/** REGULAR SKUs in no synset yet, for valid synset bodies (each SKU joins one synset only). */
const freeMembers: string[] = [];
const MISSING = '00000000-0000-4000-8000-000000000000';
const CATALOG_TABLES = ['products', 'skus', 'sku_prices', 'sku_aliases', 'synset_members', 'categories', 'brands', 'currencies', 'packages', 'package_ship_methods', 'package_skus'];
const snapshot = () => Promise.all(CATALOG_TABLES.map((t) => k.t.database.ownerExec(`SELECT * FROM ${t} ORDER BY 1, 2`)));

beforeAll(async () => {
  k = await catalogKit();
  ids.category = (await k.ok<{ data: { id: string } }>(201, 'POST', '/categories', k.acme, { name: 'Acme Category' })).data.id;
  ids.brand = (await k.ok<{ data: { id: string } }>(201, 'POST', '/brands', k.acme, { name: 'Acme Brand' })).data.id;
  ids.currency = (await k.ok<{ data: { id: string } }>(201, 'POST', '/currencies', k.acme, { iso: 'CAD' })).data.id;
  const product = (await k.ok<{ data: ProductDto }>(201, 'POST', '/products', k.acme, {
    name: 'Acme Secret', category_id: ids.category, brand_id: ids.brand, skus: [regular('ACME-SECRET'), regular('ACME-OTHER')],
  })).data;
  ids.product = product.id;
  ids.sku = product.skus![0]!.id;
  acmeSku = product.skus![0]!.sku;
  ids.synset = (await k.ok<{ data: SkuDto }>(201, 'POST', '/synsets', k.acme, { sku: 'ACME-SYN', name: 'pool', members: ['ACME-SECRET', 'ACME-OTHER'] })).data.id;
  ids.package = (await k.ok<{ data: { id: string } }>(201, 'POST', '/packages', k.acme, { name: 'Acme Box', sku_ids: [ids.sku] })).data.id;
  for (let i = 0; i < 6; i++) freeMembers.push((await k.ok<{ data: SkuDto }>(201, 'POST', '/skus', k.acme, regular(code('FREE')))).data.sku);
});
afterAll(() => k.close());

const byId = (): [Method, string, object?][] => [
  ['GET', `/products/${ids.product}`], ['PUT', `/products/${ids.product}`, { name: 'Stolen' }], ['DELETE', `/products/${ids.product}`],
  ['GET', `/skus/${ids.sku}`], ['PUT', `/skus/${ids.sku}`, { name: 'Stolen' }], ['DELETE', `/skus/${ids.sku}`],
  ['POST', `/skus/${ids.sku}/discontinue`], ['POST', `/skus/${ids.sku}/reactivate`],
  ['GET', `/synsets/${ids.synset}`], ['PUT', `/synsets/${ids.synset}`, { name: 'Stolen' }],
  ['GET', `/categories/${ids.category}`], ['PUT', `/categories/${ids.category}`, { name: 'Stolen' }], ['DELETE', `/categories/${ids.category}`],
  ['GET', `/brands/${ids.brand}`], ['PUT', `/brands/${ids.brand}`, { name: 'Stolen' }], ['DELETE', `/brands/${ids.brand}`],
  ['GET', `/currencies/${ids.currency}`], ['PUT', `/currencies/${ids.currency}`, { symbol: '$' }], ['DELETE', `/currencies/${ids.currency}`],
  ['GET', `/packages/${ids.package}`], ['PUT', `/packages/${ids.package}`, { name: 'Stolen' }], ['DELETE', `/packages/${ids.package}`],
];

describe('cross-tenant isolation', () => {
  it("Globex gets 404 for every Acme id, the same answer as for a missing id, and Acme's data is unchanged", async () => {
    const before = await snapshot();
    for (const [method, url, payload] of byId()) {
      const res = await k.api(method, url, k.globex, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      const missing = await k.api(method, url.replace(/[0-9a-f-]{36}/, MISSING), k.globex, payload);
      expect(res.json(), `${method} ${url}`).toEqual(missing.json());
    }
    expect(await snapshot()).toEqual(before);
  });

  it("Globex lists none of Acme's catalog, and cannot point at Acme rows from its own writes", async () => {
    for (const path of ['/products', '/skus', '/synsets', '/categories', '/brands', '/currencies', '/packages']) {
      const page = await k.ok<Page<{ id: string }>>(200, 'GET', `${path}?per_page=500`, k.globex);
      const acmeIds = new Set(Object.values(ids));
      expect(page.data.filter((x) => acmeIds.has(x.id)), path).toEqual([]);
      expect(JSON.stringify(page), path).not.toContain('Acme');
    }
    const before = await snapshot();
    const attempts: [string, object, string][] = [
      ['/products', { name: 'G', category_id: ids.category, skus: [regular(code())] }, 'category_id'],
      ['/products', { name: 'G', brand_id: ids.brand, skus: [regular(code())] }, 'brand_id'],
      ['/skus', regular(code(), { product_id: ids.product }), 'product_id'],
      ['/skus', { sku: code(), name: 'p', type: 'PACK', pack_of: { sku: acmeSku, quantity: 2 } }, 'pack_of.sku'],
      ['/synsets', { sku: code(), name: 's', members: ['ACME-SECRET', 'ACME-OTHER'] }, 'members.0'],
      ['/packages', { name: 'G box', sku_ids: [ids.sku] }, 'sku_ids.0'],
      ['/categories', { name: 'G cat', parent_id: ids.category }, 'parent_id'],
    ];
    for (const [path, body, field] of attempts) {
      const res = await k.api('POST', path, k.globex, body);
      expect(res.statusCode, `${path} ${res.body}`).toBe(422);
      expect(res.json().errors, path).toHaveProperty([field]);
    }
    expect(await snapshot()).toEqual(before);
    // Acme's codes are not taken in Globex: codes are per company
    await k.ok(201, 'POST', '/skus', k.globex, regular(acmeSku));
  });
});

describe('permissions', () => {
  it('a supplier gets 403 on every catalog endpoint and writes nothing', async () => {
    const calls: [Method, string, object?][] = [
      ['GET', '/products'], ['POST', '/products', { name: 'x', skus: [regular('SUP-1')] }], ['GET', '/skus'], ['POST', '/skus', regular('SUP-2')],
      ['GET', '/synsets'], ['POST', '/synsets', { sku: 'SUP-3', name: 'x', members: ['A', 'B'] }], ['GET', '/categories'], ['POST', '/categories', { name: 'x' }],
      ['GET', '/brands'], ['POST', '/brands', { name: 'x' }], ['GET', '/currencies'], ['POST', '/currencies', { iso: 'MXN' }], ['GET', '/packages'],
      ['POST', '/packages', { name: 'x' }], ['GET', '/products/export'], ['POST', '/products/import', {}], ...byId(),
    ];
    const before = await snapshot();
    for (const [method, url, payload] of calls) {
      const res = await k.api(method, url, k.supplier, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('the owner (no tenant role) is refused too: the catalog is tenant data worked on in the active company', async () => {
    expect((await k.api('GET', '/products', k.owner)).statusCode).toBe(403);
  });

  it('a NUL in a list search or filter is refused with 422 naming the parameter, never a 500', async () => {
    const search = await k.api('GET', '/skus?search=a%00b', k.acme);
    expect(search.statusCode).toBe(422);
    expect(search.json().errors.search).toBeDefined();
    expect((await k.api('GET', '/products?search=name:a%00b;sku:x%00', k.acme)).statusCode).toBe(422);
    const filters = encodeURIComponent(JSON.stringify([{ field: 'name', operator: 'like', value: 'a\u0000' }]));
    expect((await k.api('GET', `/skus?filters=${filters}`, k.acme)).statusCode).toBe(422);
  });

  it('no token is 401', async () => {
    expect((await k.api('GET', '/skus', {})).statusCode).toBe(401);
  });
});

describe('bad input on every write: JSON 4xx, never a 500, nothing written', () => {
  const HUGE = 'x'.repeat(10_000);
  interface Case { name: string; method: Method; url: () => string; valid: () => object; wrongTypes: object; oversized: object; field: string; bigField: string; text: string }
  const cases: Case[] = [
    { name: 'POST /products', text: 'name', method: 'POST', url: () => '/products', valid: () => ({ name: 'Valid', skus: [regular(code())] }),
      wrongTypes: { name: 'T', skus: [{ sku: 5, name: 'x' }] }, field: 'skus.0.sku',
      oversized: { name: 'O', skus: Array.from({ length: 5000 }, (_, i) => regular(`O-${i}`)) }, bigField: 'skus' },
    { name: 'PUT /products/{id}', text: 'description', method: 'PUT', url: () => `/products/${ids.product}`, valid: () => ({ description: code('desc') }),
      wrongTypes: { confirm: 'yes' }, field: 'confirm', oversized: { description: HUGE }, bigField: 'description' },
    { name: 'POST /skus', text: 'name', method: 'POST', url: () => '/skus', valid: () => regular(code()),
      wrongTypes: { sku: 'W-1', name: 'x', weight: true }, field: 'weight', oversized: { sku: 'O-1', name: HUGE }, bigField: 'name' },
    { name: 'PUT /skus/{id}', text: 'barcode', method: 'PUT', url: () => `/skus/${ids.sku}`, valid: () => ({ barcode: code('bc') }),
      wrongTypes: { prices: { code: 'RETAIL' } }, field: 'prices', oversized: { barcode: HUGE }, bigField: 'barcode' },
    { name: 'POST /synsets', text: 'name', method: 'POST', url: () => '/synsets', valid: () => ({ sku: code('SYN'), name: 'x', members: freeMembers.splice(0, 2) }),
      wrongTypes: { sku: 'S-1', name: 'x', members: 'A,B' }, field: 'members', oversized: { sku: 'S-2', name: 'x', members: Array.from({ length: 1000 }, (_, i) => `M-${i}`) }, bigField: 'members' },
    { name: 'PUT /synsets/{id}', text: 'name', method: 'PUT', url: () => `/synsets/${ids.synset}`, valid: () => ({ name: code('pool') }),
      wrongTypes: { name: 7 }, field: 'name', oversized: { name: HUGE }, bigField: 'name' },
    { name: 'POST /categories', text: 'name', method: 'POST', url: () => '/categories', valid: () => ({ name: code('cat') }),
      wrongTypes: { name: 'C', parent_id: 12 }, field: 'parent_id', oversized: { name: HUGE }, bigField: 'name' },
    { name: 'PUT /brands/{id}', text: 'name', method: 'PUT', url: () => `/brands/${ids.brand}`, valid: () => ({ name: code('brand') }),
      wrongTypes: { name: ['x'] }, field: 'name', oversized: { name: HUGE }, bigField: 'name' },
    { name: 'POST /currencies', text: 'symbol', method: 'POST', url: () => '/currencies', valid: () => ({ iso: ['JPY', 'CHF', 'AUD', 'NZD', 'SEK', 'NOK', 'DKK'][Math.floor(Math.random() * 7)]! }),
      wrongTypes: { iso: 978 }, field: 'iso', oversized: { iso: 'BRL', symbol: HUGE }, bigField: 'symbol' },
    { name: 'POST /packages', text: 'name', method: 'POST', url: () => '/packages', valid: () => ({ name: code('box') }),
      wrongTypes: { name: 'P', stackable: 'no' }, field: 'stackable', oversized: { name: 'P', sku_ids: Array.from({ length: 600 }, () => MISSING) }, bigField: 'sku_ids' },
  ];

  const send = (c: Case, payload: object | string) =>
    k.t.app.inject({ method: c.method, url: `/api/1.0${c.url()}`, headers: { ...k.acme, 'content-type': 'application/json' }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });

  describe.each(cases)('$name', (c) => {
    const unchanged = async (run: () => Promise<void>) => {
      const before = await snapshot();
      await run();
      expect(await snapshot()).toEqual(before);
    };
    it('malformed JSON → 400', () => unchanged(async () => {
      const res = await send(c, '{"name": ');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Malformed JSON body' });
    }));
    it('wrong types → 422 naming the field', () => unchanged(async () => {
      const res = await send(c, c.wrongTypes);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toHaveProperty([c.field]);
    }));
    it('oversized → 422', () => unchanged(async () => {
      const res = await send(c, c.oversized);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toHaveProperty([c.bigField]);
    }));
    it('an unknown key → 422 naming it', () => unchanged(async () => {
      const res = await send(c, { ...c.valid(), is_admin: true });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toHaveProperty(['is_admin']);
    }));
    it('a body that is not an object → 422 (API.md: JSON of the wrong shape is a validation error)', () => unchanged(async () => {
      for (const body of ['[]', '"text"', '42', 'null']) {
        const res = await send(c, body);
        expect(res.statusCode, body).toBe(422);
        expect(res.json(), body).toMatchObject({ message: 'The given data was invalid.' });
      }
    }));
    it('a NUL character (PostgreSQL text cannot hold it) → 422 naming the field, not a 500', () => unchanged(async () => {
      const res = await send(c, { ...c.valid(), [c.text]: 'bad\u0000value' });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toHaveProperty([c.text]);
    }));
    it('the valid body is accepted', async () => {
      const res = await send(c, c.valid());
      expect(res.statusCode, res.body).toBeLessThan(300);
    });
  });
});
