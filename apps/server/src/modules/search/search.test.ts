import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SearchResultDto } from '@omnio/domain';
import { withTenant } from '../../platform/db/tenant';
import { customersKit, type CustomersKit, type Headers } from '../customers/customers.test-kit';

let k: CustomersKit;
/** A suffix no other row of the template has: every text below finds only this file's records. */
const tag = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 900 + 100)}`;
const ids: Record<string, string> = {};

const one = async (tenantId: string, text: ReturnType<typeof sql>): Promise<string> =>
  withTenant({ db: k.t.database.db, tenantId }, async (tx) => {
    const res = (await tx.execute(text)) as unknown as { rows: { id: string }[] };
    return res.rows[0]!.id;
  });

beforeAll(async () => {
  k = await customersKit();
  const [iloc, other] = (await k.t.database.ownerExec(`SELECT id FROM ilocs WHERE tenant_id = '${k.acmeId}' ORDER BY code LIMIT 2`)).map((r) => String(r.id));
  const [globexIloc] = (await k.t.database.ownerExec(`SELECT id FROM ilocs WHERE tenant_id = '${k.globexId}' LIMIT 1`)).map((r) => String(r.id));
  const [supplier] = (await k.t.database.ownerExec(`SELECT id FROM suppliers WHERE tenant_id = '${k.acmeId}' LIMIT 1`)).map((r) => String(r.id));
  const a = k.acmeId;
  ids.product = await one(a, sql`INSERT INTO products (tenant_id, name) VALUES (${a}::uuid, ${`Searchable Parka ${tag}`}) RETURNING id`);
  ids.sku = await one(a, sql`INSERT INTO skus (tenant_id, product_id, sku, name) VALUES (${a}::uuid, ${ids.product}::uuid, ${`SRCH-${tag}-RED`}, 'Parka red') RETURNING id`);
  ids.customer = await one(a, sql`INSERT INTO customers (tenant_id, first_name, last_name, email) VALUES (${a}::uuid, 'Quentin', ${`Finder${tag}`}, ${`quentin.${tag}@example.com`}) RETURNING id`);
  ids.order = await one(a, sql`INSERT INTO orders (tenant_id, number, channel, external_id, status, customer_id, customer)
    VALUES (${a}::uuid, ${`AC-9${tag}`}, 'shopify', ${`SHOP-${tag}`}, 'open', ${ids.customer}::uuid, ${JSON.stringify({ first_name: 'Quentin', last_name: `Finder${tag}` })}::jsonb) RETURNING id`);
  ids.shipment = await one(a, sql`INSERT INTO shipments (tenant_id, order_id, number, status, iloc_id, carrier, tracking)
    VALUES (${a}::uuid, ${ids.order}::uuid, ${`AC-9${tag}-1`}, 'shipped', ${iloc}::uuid, 'UPS', ${`1ZTRK${tag}`}) RETURNING id`);
  ids.po = await one(a, sql`INSERT INTO purchase_orders (tenant_id, number, supplier_id, iloc_id) VALUES (${a}::uuid, ${`PO-S${tag}`}, ${supplier}::uuid, ${iloc}::uuid) RETURNING id`);
  ids.transfer = await one(a, sql`INSERT INTO transfers (tenant_id, number, from_iloc_id, to_iloc_id) VALUES (${a}::uuid, ${`TR-S${tag}`}, ${iloc}::uuid, ${other}::uuid) RETURNING id`);
  // Globex's records answer the same texts: Acme must never see them.
  const g = k.globexId;
  ids.globexOrder = await one(g, sql`INSERT INTO orders (tenant_id, number, channel, external_id, status) VALUES (${g}::uuid, ${`AC-9${tag}7`}, 'shopify', ${`SHOP-${tag}-G`}, 'open') RETURNING id`);
  ids.globexSku = await one(g, sql`INSERT INTO skus (tenant_id, sku, name) VALUES (${g}::uuid, ${`SRCH-${tag}-BLUE`}, 'Parka blue') RETURNING id`);
  await one(g, sql`INSERT INTO shipments (tenant_id, order_id, number, status, iloc_id, tracking)
    VALUES (${g}::uuid, ${ids.globexOrder}::uuid, ${`GL-${tag}-1`}, 'shipped', ${globexIloc}::uuid, ${`1ZTRK${tag}9`}) RETURNING id`);
});
afterAll(() => k.close());

const search = async (q: string, who: Headers = k.acme, extra = '') =>
  (await k.ok<{ data: SearchResultDto }>(200, 'GET', `/search?q=${encodeURIComponent(q)}${extra}`, who)).data.groups;
const group = (groups: SearchResultDto['groups'], kind: string) => groups.find((g) => g.kind === kind)?.items ?? [];
const kinds = (groups: SearchResultDto['groups']) => groups.map((g) => g.kind);

describe('GET /search', () => {
  it('finds an order by its number, by the digits after the prefix, in any case, and by its external id', async () => {
    for (const q of [`AC-9${tag}`, `ac-9${tag}`, `9${tag}`, `SHOP-${tag}`]) {
      const orders = group(await search(q), 'orders');
      expect(orders[0], q).toEqual({
        id: ids.order, title: `AC-9${tag}`, subtitle: `shopify SHOP-${tag} · Quentin Finder${tag}`, url: `/orders/edit/${ids.order}`,
      });
    }
  });

  it('finds a SKU by the start of its code and by a word of its name, linking to its product', async () => {
    for (const q of [`srch-${tag}`, `SRCH-${tag}-RED`, `parka ${tag}`]) {
      const skus = group(await search(q), 'skus');
      expect(skus.map((s) => s.id), q).toEqual([ids.sku]);
      expect(skus[0]).toMatchObject({ title: `SRCH-${tag}-RED`, subtitle: 'Parka red', url: `/product/show/${ids.product}` });
    }
    expect(group(await search(`Parka ${tag}`), 'products')).toEqual([
      { id: ids.product, title: `Searchable Parka ${tag}`, subtitle: `SRCH-${tag}-RED`, url: `/product/show/${ids.product}` },
    ]);
  });

  it('finds a shipment by its tracking number (any case), leading to its order', async () => {
    for (const q of [`1ZTRK${tag}`, `1ztrk${tag}`]) {
      expect(group(await search(q), 'shipments'), q).toEqual([
        { id: ids.shipment, title: `1ZTRK${tag}`, subtitle: `AC-9${tag}-1 · AC-9${tag} · UPS`, url: `/orders/edit/${ids.order}` },
      ]);
    }
  });

  it('finds customers, purchase orders and transfers; groups come in a fixed order', async () => {
    expect(group(await search(`Finder${tag}`), 'customers')).toEqual([
      { id: ids.customer, title: `Quentin Finder${tag}`, subtitle: `quentin.${tag}@example.com`, url: `/customer/${ids.customer}` },
    ]);
    for (const q of [`quentin.${tag}@EXAMPLE.com`, `quentin.${tag}`, `Quentin  finder${tag}`, `finder${tag} Quen`]) {
      expect(group(await search(q), 'customers').map((c) => c.id), q).toEqual([ids.customer]);
    }
    expect(group(await search(`Quentin Finder${tag}x`), 'customers')).toEqual([]);
    expect(group(await search(`po-s${tag}`), 'purchase_orders')).toMatchObject([{ id: ids.po, title: `PO-S${tag}`, url: `/purchase-order/show/${ids.po}` }]);
    expect(group(await search(`TR-S${tag}`), 'transfers')).toMatchObject([{ id: ids.transfer, title: `TR-S${tag}`, url: `/transfer/show/${ids.transfer}` }]);
    // The tag alone is a word of the SKU's code and in the product's name (customers match by their start only): in SEARCH_KINDS order.
    expect(kinds(await search(`Finder${tag}`))).toEqual(['customers']);
    expect(kinds(await search(tag))).toEqual(['skus', 'products']);
    expect(kinds(await search(`9${tag}`))).toEqual(['orders']);
  });

  it("never answers another tenant's records", async () => {
    const acmeAll = [
      ...await search(`AC-9${tag}`), ...await search(`SHOP-${tag}`), ...await search(`SRCH-${tag}`), ...await search(`1ZTRK${tag}`),
    ].flatMap((g) => g.items.map((i) => i.id));
    expect(acmeAll).toContain(ids.order);
    expect(acmeAll).not.toContain(ids.globexOrder);
    expect(acmeAll).not.toContain(ids.globexSku);
    const globex = [...await search(`AC-9${tag}`, k.globex), ...await search(`SRCH-${tag}`, k.globex), ...await search(`1ZTRK${tag}`, k.globex)];
    expect(group(globex, 'orders').map((o) => o.id)).toEqual([ids.globexOrder]);
    expect(group(globex, 'skus').map((o) => o.id)).toEqual([ids.globexSku]);
    expect(group(globex, 'shipments')).toHaveLength(1);
    expect(globex.flatMap((g) => g.items.map((i) => i.id))).not.toContain(ids.order);
  });

  it('caps each group at limit; a text under 2 characters answers no groups', async () => {
    expect(group(await search('AC-', k.acme, '&limit=1'), 'orders')).toHaveLength(1);
    expect(await search('A')).toEqual([]);
    expect(await search('  a  ')).toEqual([]);
    expect(await search('')).toEqual([]);
  });

  it('a user without read-order gets no orders group (and no others it may not read)', async () => {
    const [user] = await k.t.database.ownerExec(`SELECT id FROM users WHERE email = 'tenant@acme.test'`);
    const perms = `('read-order', 'read-shipment')`;
    await k.t.database.ownerExec(`DELETE FROM user_permissions WHERE user_id = '${String(user!.id)}' AND permission_id IN (SELECT id FROM permissions WHERE name IN ${perms})`);
    try {
      k.t.runtime.principals.clear();
      expect(kinds(await search(`AC-9${tag}`))).toEqual([]);
      expect(kinds(await search(`1ZTRK${tag}`))).toEqual([]);
      expect(kinds(await search(`SRCH-${tag}`))).toEqual(['skus']);
    } finally {
      await k.t.database.ownerExec(`INSERT INTO user_permissions (user_id, permission_id) SELECT '${String(user!.id)}', id FROM permissions WHERE name IN ${perms} ON CONFLICT DO NOTHING`);
      k.t.runtime.principals.clear();
    }
    expect(kinds(await search(`AC-9${tag}`))).toEqual(['orders']);
  });

  it('tenant users only: the owner and a supplier user are refused (403)', async () => {
    for (const who of [k.owner, k.supplier]) {
      const res = await k.api('GET', `/search?q=AC-9${tag}`, who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission for this action' });
    }
    expect((await k.api('GET', '/search?q=AC-1', {})).statusCode).toBe(401);
  });

  it('bad input is a 422 in the API error shape, never a 500', async () => {
    const cases: [string, string][] = [
      [`q=${'x'.repeat(101)}`, 'q'], ['q=ab&limit=0', 'limit'], ['q=ab&limit=50', 'limit'], ['q=ab&limit=two', 'limit'], ['q=ab&limit=1.5', 'limit'],
    ];
    for (const [query, field] of cases) {
      const res = await k.api('GET', `/search?${query}`, k.acme);
      expect(res.statusCode, query).toBe(422);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
    }
    // Odd but valid texts: LIKE wildcards, quotes, the last code point, an emoji.
    for (const q of ['%_', "o'brien", '\\', 'a\u{10ffff}', '🙂🙂', 'x'.repeat(100)]) {
      const res = await k.api('GET', `/search?q=${encodeURIComponent(q)}`, k.acme);
      expect(res.statusCode, q).toBe(200);
    }
    expect(group(await search('%_'), 'customers')).toEqual([]);
  });
});
