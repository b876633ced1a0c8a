import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../test/test-app';
import { catalogKit, code, regular, type CatalogKit, type Page, type SkuDto } from './catalog.test-kit';

let k: CatalogKit;
beforeAll(async () => {
  k = await catalogKit();
});
afterAll(() => k.close());

type Named = { id: string; name: string; parent_id?: string | null; parent?: { id: string; name: string } | null };
const create = async <T = Named>(path: string, body: object) => (await k.ok<{ data: T }>(201, 'POST', path, k.acme, body)).data;

describe('categories', () => {
  it('nest under a parent, list by parent, refuse cycles and duplicates', async () => {
    const apparel = await create('/categories', { name: 'Apparel' });
    const tops = await create('/categories', { name: 'Tops', parent_id: apparel.id });
    const tees = await create('/categories', { name: 'Tees', parent_id: tops.id });
    expect(tops).toMatchObject({ parent_id: apparel.id, parent: { id: apparel.id, name: 'Apparel' } });
    const children = await k.ok<Page<Named>>(200, 'GET', `/categories?search=parent:${apparel.id}`, k.acme);
    expect(children.data.map((c) => c.name)).toEqual(['Tops']);
    expect((await k.ok<Page<Named>>(200, 'GET', '/categories?search=parent:null', k.acme)).data.map((c) => c.name)).toContain('Apparel');

    const cycle = await k.api('PUT', `/categories/${apparel.id}`, k.acme, { parent_id: tees.id });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().errors.parent_id[0]).toContain('inside itself');
    expect((await k.api('PUT', `/categories/${tops.id}`, k.acme, { parent_id: tops.id })).statusCode).toBe(422);
    expect((await k.api('POST', '/categories', k.acme, { name: 'APPAREL' })).json().errors).toHaveProperty(['name']);
    expect((await k.api('POST', '/categories', k.acme, { name: 'Orphan', parent_id: '00000000-0000-4000-8000-000000000000' })).json().errors).toHaveProperty(['parent_id']);
    // moving to the top level
    expect((await k.ok<{ data: Named }>(200, 'PUT', `/categories/${tees.id}`, k.acme, { parent_id: null })).data.parent).toBeNull();
  });

  it('a category in use stays (409); an unused one goes', async () => {
    const parent = await create('/categories', { name: 'Used Parent' });
    await create('/categories', { name: 'Used Child', parent_id: parent.id });
    expect((await k.api('DELETE', `/categories/${parent.id}`, k.acme)).json().message).toContain('subcategories');
    const cat = await create('/categories', { name: 'Used By Product' });
    await k.ok(201, 'POST', '/products', k.acme, { name: 'Filed', category_id: cat.id, skus: [regular(code())] });
    expect((await k.api('DELETE', `/categories/${cat.id}`, k.acme)).statusCode).toBe(409);
    const free = await create('/categories', { name: 'Free' });
    await k.ok(204, 'DELETE', `/categories/${free.id}`, k.acme);
    await k.ok(404, 'GET', `/categories/${free.id}`, k.acme);
  });
});

describe('brands and currencies', () => {
  it('brands: unique by name in any case, refused delete while used', async () => {
    const brand = await create('/brands', { name: 'Northwind' });
    expect((await k.api('POST', '/brands', k.acme, { name: 'northwind' })).statusCode).toBe(422);
    await k.ok(201, 'POST', '/products', k.acme, { name: 'Branded', brand_id: brand.id, skus: [regular(code())] });
    expect((await k.api('DELETE', `/brands/${brand.id}`, k.acme)).statusCode).toBe(409);
    expect((await k.ok<{ data: Named }>(200, 'PUT', `/brands/${brand.id}`, k.acme, { name: 'Northwind Co' })).data.name).toBe('Northwind Co');
    expect((await k.ok<Page<Named>>(200, 'GET', '/brands?search=wind', k.acme)).total).toBe(1);
  });

  it('currencies: ISO upper-cased and unique, exchange rate an exact positive decimal', async () => {
    const eur = await create<{ id: string; iso: string; exchange_rate: string }>('/currencies', { iso: 'eur', symbol: '€', exchange_rate: '1.08250000' });
    expect(eur).toMatchObject({ iso: 'EUR', exchange_rate: '1.08250000' });
    expect((await k.api('POST', '/currencies', k.acme, { iso: 'EUR' })).statusCode).toBe(422);
    for (const body of [{ iso: 'EURO' }, { iso: 'GBP', exchange_rate: '0' }, { iso: 'GBP', exchange_rate: '1.123456789' }, { iso: 'GBP', exchange_rate: -1 }]) {
      expect((await k.api('POST', '/currencies', k.acme, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    await k.ok(204, 'DELETE', `/currencies/${eur.id}`, k.acme);
  });
});

describe('packages (spec 3 Package)', () => {
  it('stores dimensions exactly, exclusive ship methods and SKUs', async () => {
    const sku = (await k.ok<{ data: SkuDto }>(201, 'POST', '/skus', k.acme, regular(code()))).data;
    const pkg = await create<Record<string, unknown>>('/packages', {
      name: 'Medium Box', type: 'box', stackable: false, box_weight: '0.350', max_weight: 20, outer_length: '40.5', outer_width: '30', outer_height: '20',
      inner_length: '40', inner_width: '29.5', inner_height: '19.5', volume_capacity: '23010', ship_methods: ['standard', 'express'], sku_ids: [sku.id],
    });
    expect(pkg).toMatchObject({
      name: 'Medium Box', type: 'box', stackable: false, box_weight: '0.350', max_weight: '20', outer_length: '40.5', inner_width: '29.5',
      ship_methods: ['express', 'standard'], sku_ids: [sku.id], skus: [{ id: sku.id, sku: sku.sku }],
    });
    expect((await k.ok<Page<unknown>>(200, 'GET', `/packages?search=ship_method:express`, k.acme)).total).toBe(1);
    expect((await k.ok<Page<unknown>>(200, 'GET', `/packages?search=sku:${sku.id}`, k.acme)).total).toBe(1);
    const updated = (await k.ok<{ data: Record<string, unknown> }>(200, 'PUT', `/packages/${pkg.id}`, k.acme, { ship_methods: [], type: null })).data;
    expect(updated).toMatchObject({ ship_methods: [], type: 'box', sku_ids: [sku.id] });
  });

  it.each([
    [{ name: 'Inner too big', outer_length: '10', inner_length: '11' }, 'inner_length'],
    [{ name: 'Heavy box', box_weight: '5', max_weight: '4' }, 'box_weight'],
    [{ name: 'Zero', outer_width: '0' }, 'outer_width'],
    [{ name: 'Odd method', ship_methods: ['teleport'] }, 'ship_methods.0'],
    [{ name: 'Ghost SKU', sku_ids: ['00000000-0000-4000-8000-000000000000'] }, 'sku_ids.0'],
    [{ name: 'Odd type', type: 'crate' }, 'type'],
  ])('%j → 422 naming %s, nothing written', async (body, field) => {
    const before = await countRows(k.t, 'packages');
    const res = await k.api('POST', '/packages', k.acme, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toHaveProperty([field]);
    expect(await countRows(k.t, 'packages')).toBe(before);
  });

  it('a PUT is checked against the stored package: the inner side cannot outgrow the outer', async () => {
    const pkg = await create('/packages', { name: 'Checked Box', outer_length: '10', inner_length: '9' });
    const res = await k.api('PUT', `/packages/${pkg.id}`, k.acme, { inner_length: '12' });
    expect(res.statusCode).toBe(422);
    expect((await k.ok<{ data: Record<string, unknown> }>(200, 'GET', `/packages/${pkg.id}`, k.acme)).data.inner_length).toBe('9');
    await k.ok(204, 'DELETE', `/packages/${pkg.id}`, k.acme);
  });
});
