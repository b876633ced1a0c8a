import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { permissionByName } from '@omnio/domain';
import { withTenant } from '../../platform/db/tenant';
import { customersKit, type CustomersKit, type Headers, type Method, type Page } from '../customers/customers.test-kit';

let k: CustomersKit;
beforeAll(async () => {
  k = await customersKit();
});
afterAll(() => k.close());

interface Address { id: string; kind: string; is_default: boolean; address1: string | null; city: string | null; zip: string | null; country: string | null }
interface Contact { id: string; name: string; email: string | null; phone: string | null; role: string | null }
interface Supplier {
  id: string; name: string; email: string | null; phone: string | null; website: string | null; payment_terms: string | null; min_order: string | null;
  lead_time_days: number | null; currency: string; group: { id: string; name: string } | null; sku_count: number; open_po_count: number;
  notes: string | null; addresses: Address[]; contacts: Contact[];
}
interface SupplierSku { sku_id: string; sku: string; name: string; status: string; supplier_sku: string | null; cost: string | null; min_quantity: number | null }

const FORBIDDEN = { message: 'You do not have permission for this action' };
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const TABLES = ['suppliers', 'supplier_addresses', 'supplier_contacts', 'supplier_skus'];
const snapshot = () => Promise.all(TABLES.map((t) => k.t.database.ownerExec(`SELECT * FROM ${t} ORDER BY 1, 2`)));
let seq = 0;
const uniqueName = (base: string) => `${base} ${++seq}-${Math.random().toString(36).slice(2, 6)}`;

const create = async (body: object, who: Headers = k.acme) => (await k.ok<{ data: Supplier }>(201, 'POST', '/suppliers', who, body)).data;
const get = async (id: string) => (await k.ok<{ data: Supplier }>(200, 'GET', `/suppliers/${id}`, k.acme)).data;
const asAcme = <T>(fn: Parameters<typeof withTenant<T>>[1]) => withTenant({ db: k.t.database.db, tenantId: k.acmeId }, fn);

/** SKUs written straight to the catalog table, as the catalog module would (codes PREFIX-1 … PREFIX-n). */
async function makeSkus(prefix: string, n: number, tenantId = k.acmeId): Promise<void> {
  await withTenant({ db: k.t.database.db, tenantId }, (tx) =>
    tx.execute(sql`INSERT INTO skus (tenant_id, sku, name) SELECT ${tenantId}::uuid, ${prefix} || '-' || g, 'Item ' || g FROM generate_series(1, ${n}) g`));
}

/** A purchase order row for the supplier, as the purchase-orders module writes it. */
async function purchaseOrderFor(supplierId: string, status: string): Promise<void> {
  await asAcme((tx) => tx.execute(sql`
    INSERT INTO purchase_orders (tenant_id, number, supplier_id, iloc_id, status)
    SELECT ${k.acmeId}::uuid, ${`PO-T${++seq}-${Date.now()}`}, ${supplierId}::uuid, i.id, ${status} FROM ilocs i LIMIT 1`));
}

describe('suppliers CRUD', () => {
  it('creates a supplier with terms, addresses and contacts, lists, reads, changes and deletes it', async () => {
    const name = uniqueName('Contoso Parts');
    const s = await create({
      name, email: 'Sales@Contoso.test', phone: '+1 (512) 555-0100', website: 'contoso.test', payment_terms: 'Net 45', min_order: '250.5',
      lead_time_days: 21, currency: 'eur', notes: 'Closed in August',
      addresses: [
        { address1: '1 Dock Rd', city: 'Austin', state: 'TX', zip: '78701', country: 'us' },
        { kind: 'remit_to', address1: 'PO Box 1', city: 'Austin', zip: '78702', country: 'US' },
      ],
      contacts: [{ name: 'Carla Buyer', email: 'carla@contoso.test', role: 'Sales' }],
    });
    expect(s).toMatchObject({
      name, email: 'Sales@Contoso.test', website: 'contoso.test', payment_terms: 'Net 45', min_order: '250.50', lead_time_days: 21, currency: 'EUR',
      notes: 'Closed in August', group: null, sku_count: 0, open_po_count: 0,
    });
    expect(s.addresses.map((a) => [a.kind, a.is_default, a.country])).toEqual([['shipping', true, 'US'], ['remit_to', true, 'US']]);
    expect(s.contacts).toMatchObject([{ name: 'Carla Buyer', email: 'carla@contoso.test', role: 'Sales', phone: null }]);
    expect(await get(s.id)).toEqual(s);

    const list = await k.ok<Page<Supplier>>(200, 'GET', `/suppliers?search=${encodeURIComponent(name.slice(0, 12))}`, k.acme);
    expect(list.data.map((x) => x.id)).toContain(s.id);
    expect(list.data[0]).not.toHaveProperty('addresses');
    const byMail = await k.ok<Page<Supplier>>(200, 'GET', '/suppliers?search=email:contoso.test', k.acme);
    expect(byMail.data.map((x) => x.id)).toEqual([s.id]);

    const changed = (await k.ok<{ data: Supplier }>(200, 'PUT', `/suppliers/${s.id}`, k.acme, {
      lead_time_days: 7, notes: '', addresses: [{ id: s.addresses[1]!.id, city: 'Dallas' }],
    })).data;
    expect(changed).toMatchObject({ name, lead_time_days: 7, notes: null, payment_terms: 'Net 45' });
    expect(changed.addresses).toMatchObject([{ kind: 'remit_to', city: 'Dallas', is_default: true }]);
    expect(changed.contacts).toHaveLength(1);

    await k.ok(204, 'DELETE', `/suppliers/${s.id}`, k.acme);
    await k.ok(404, 'GET', `/suppliers/${s.id}`, k.acme);
    expect(await k.t.database.ownerExec(`SELECT count(*)::int AS n FROM supplier_contacts WHERE supplier_id = '${s.id}'`)).toEqual([{ n: 0 }]);
  });

  it('the name is required and unique per company whatever its case; nothing is written on a refusal', async () => {
    const name = uniqueName('Unique Supply');
    await create({ name });
    const before = await snapshot();
    for (const body of [{ name: name.toUpperCase() }, { name: '   ' }, {}]) {
      const res = await k.api('POST', '/suppliers', k.acme, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toHaveProperty(['name']);
    }
    expect(await snapshot()).toEqual(before);
    const other = await create({ name: uniqueName('Other Supply') });
    expect((await k.api('PUT', `/suppliers/${other.id}`, k.acme, { name: ` ${name.toLowerCase()} ` })).json())
      .toMatchObject({ errors: { name: ['A supplier with this name already exists'] } });
    await k.ok(200, 'PUT', `/suppliers/${other.id}`, k.acme, { name: other.name });
    await create({ name }, k.globex);
  });

  it.each([
    [{ name: 'E', email: 'nope@' }, 'email'],
    [{ name: 'P', phone: 'call me' }, 'phone'],
    [{ name: 'W', website: 'not a site' }, 'website'],
    [{ name: 'M', min_order: '-5' }, 'min_order'],
    [{ name: 'L', lead_time_days: -1 }, 'lead_time_days'],
    [{ name: 'L2', lead_time_days: 2.5 }, 'lead_time_days'],
    [{ name: 'C', currency: 'dollars' }, 'currency'],
    [{ name: 'Z', addresses: [{ zip: '!!' }] }, 'addresses.0.zip'],
    [{ name: 'K', addresses: [{ kind: 'home' }] }, 'addresses.0.kind'],
    [{ name: 'D', addresses: [{ kind: 'remit_to', is_default: true }, { kind: 'remit_to', is_default: true }] }, 'addresses.1.is_default'],
    [{ name: 'N', contacts: [{ email: 'a@b.co' }] }, 'contacts.0.name'],
    [{ name: 'G', group_id: MISSING_ID }, 'group_id'],
  ])('%j → 422 naming %s, nothing written', async (body, field) => {
    const before = await snapshot();
    const res = await k.api('POST', '/suppliers', k.acme, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toHaveProperty([field]);
    expect(await snapshot()).toEqual(before);
  });

  it('lists in name order by default, pages, orders by lead time, and refuses an unknown order', async () => {
    const tag = uniqueName('Order');
    const made = [await create({ name: `${tag} b`, lead_time_days: 3 }), await create({ name: `${tag} A`, lead_time_days: 9 }), await create({ name: `${tag} c` })];
    const q = `search=name:${encodeURIComponent(tag)}`;
    expect((await k.ok<Page<Supplier>>(200, 'GET', `/suppliers?${q}`, k.acme)).data.map((s) => s.name)).toEqual([`${tag} A`, `${tag} b`, `${tag} c`]);
    const page2 = await k.ok<Page<Supplier>>(200, 'GET', `/suppliers?${q}&per_page=2&page=2`, k.acme);
    expect(page2).toMatchObject({ total: 3, current_page: 2, last_page: 2 });
    expect(page2.data.map((s) => s.name)).toEqual([`${tag} c`]);
    const byLead = await k.ok<Page<Supplier>>(200, 'GET', `/suppliers?${q}&order_by=lead_time_days&order_direction=DESC`, k.acme);
    expect(byLead.data.filter((s) => s.lead_time_days !== null).map((s) => s.id)).toEqual([made[1]!.id, made[0]!.id]);
    expect((await k.api('GET', '/suppliers?order_by=password', k.acme)).statusCode).toBe(422);
  });
});

describe('demo data', () => {
  it('the demo supplier Northwind Supply has its terms, an address and a contact', async () => {
    const list = await k.ok<Page<Supplier>>(200, 'GET', '/suppliers?search=name:Northwind', k.acme);
    expect(list.data).toHaveLength(1);
    const northwind = await get(list.data[0]!.id);
    expect(northwind).toMatchObject({ email: 'orders@northwind.test', payment_terms: 'Net 30', lead_time_days: 14, min_order: '500.00', currency: 'USD' });
    expect(northwind.addresses.map((a) => [a.kind, a.is_default, a.city])).toEqual([['shipping', true, 'Seattle'], ['remit_to', true, 'Seattle']]);
    expect(northwind.contacts).toMatchObject([{ name: 'Nora Reyes', role: 'Account manager' }]);
    expect((await k.ok<Page<Supplier>>(200, 'GET', '/suppliers', k.globex)).data.map((s) => s.name)).not.toContain('Northwind Supply');
  });
});

describe('groups and purchase orders', () => {
  it('a supplier group counts its suppliers; a customer group is refused; deleting the group ungroups', async () => {
    const group = (await k.ok<{ data: { id: string } }>(201, 'POST', '/groups', k.acme, { type: 'supplier', name: uniqueName('Preferred') })).data;
    const customerGroup = (await k.ok<{ data: { id: string } }>(201, 'POST', '/groups', k.acme, { type: 'customer', name: uniqueName('Retail') })).data;
    const s = await create({ name: uniqueName('Grouped'), group_id: group.id });
    expect(s.group).toMatchObject({ id: group.id });
    await create({ name: uniqueName('Grouped too'), group_id: group.id });
    const g = (await k.ok<{ data: { member_count: number } }>(200, 'GET', `/groups/${group.id}`, k.acme)).data;
    expect(g.member_count).toBe(2);
    const listed = await k.ok<Page<{ id: string; member_count: number }>>(200, 'GET', '/groups?search=type:supplier&per_page=500', k.acme);
    expect(listed.data.find((x) => x.id === group.id)?.member_count).toBe(2);
    expect((await k.ok<Page<Supplier>>(200, 'GET', `/suppliers?search=group_id:${group.id}`, k.acme)).total).toBe(2);
    const wrong = await k.api('PUT', `/suppliers/${s.id}`, k.acme, { group_id: customerGroup.id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toHaveProperty(['group_id']);
    await k.ok(204, 'DELETE', `/groups/${group.id}`, k.acme);
    expect((await get(s.id)).group).toBeNull();
  });

  it('counts open purchase orders; a supplier with purchase orders is not deleted (409)', async () => {
    const s = await create({ name: uniqueName('Busy Supply') });
    await purchaseOrderFor(s.id, 'sent');
    await purchaseOrderFor(s.id, 'completed');
    await purchaseOrderFor(s.id, 'cancelled');
    expect((await get(s.id)).open_po_count).toBe(1);
    const before = await snapshot();
    const res = await k.api('DELETE', `/suppliers/${s.id}`, k.acme);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: 'The supplier has purchase orders and cannot be deleted' });
    expect(await snapshot()).toEqual(before);
  });

  it('deleting a supplier unlinks its supplier users instead of failing', async () => {
    const s = await create({ name: uniqueName('Linked Supply') });
    const [link] = await k.t.database.ownerExec(`SELECT user_id FROM company_users WHERE supplier_id IS NOT NULL LIMIT 1`);
    const userId = String(link!.user_id);
    const [old] = await k.t.database.ownerExec(`SELECT supplier_id FROM company_users WHERE user_id = '${userId}'`);
    await k.t.database.ownerExec(`UPDATE company_users SET supplier_id = '${s.id}' WHERE user_id = '${userId}'`);
    try {
      await k.ok(204, 'DELETE', `/suppliers/${s.id}`, k.acme);
      expect(await k.t.database.ownerExec(`SELECT supplier_id FROM company_users WHERE user_id = '${userId}'`)).toEqual([{ supplier_id: null }]);
    } finally {
      await k.t.database.ownerExec(`UPDATE company_users SET supplier_id = '${String(old!.supplier_id)}' WHERE user_id = '${userId}'`);
    }
  });
});

describe('addresses and contacts', () => {
  it('adds, changes and removes addresses and contacts; one default per kind', async () => {
    const s = await create({ name: uniqueName('Parts Co'), addresses: [{ address1: '1 A St', city: 'Austin', zip: '78701', country: 'US' }] });
    const base = `/suppliers/${s.id}`;
    const second = (await k.ok<{ data: Address }>(201, 'POST', `${base}/addresses`, k.acme, { address1: '2 B St', is_default: true })).data;
    expect(second).toMatchObject({ kind: 'shipping', is_default: true });
    const all = await k.ok<Page<Address>>(200, 'GET', `${base}/addresses`, k.acme);
    expect(all.data.map((a) => [a.address1, a.is_default])).toEqual([['2 B St', true], ['1 A St', false]]);
    await k.ok(200, 'PUT', `${base}/addresses/${second.id}`, k.acme, { kind: 'billing' });
    expect((await get(s.id)).addresses.map((a) => [a.kind, a.is_default])).toEqual([['shipping', true], ['billing', true]]);
    await k.ok(204, 'DELETE', `${base}/addresses/${second.id}`, k.acme);
    await k.ok(404, 'GET', `${base}/addresses/${second.id}`, k.acme);

    const c = (await k.ok<{ data: Contact }>(201, 'POST', `${base}/contacts`, k.acme, { name: 'Pat', phone: '512 555 0100' })).data;
    expect((await k.ok<{ data: Contact }>(200, 'PUT', `${base}/contacts/${c.id}`, k.acme, { role: 'Owner' })).data).toMatchObject({ name: 'Pat', role: 'Owner' });
    expect((await k.ok<Page<Contact>>(200, 'GET', `${base}/contacts`, k.acme)).total).toBe(1);
    await k.ok(204, 'DELETE', `${base}/contacts/${c.id}`, k.acme);
    expect((await get(s.id)).contacts).toEqual([]);
    const bad = await k.api('POST', `${base}/contacts`, k.acme, { name: 'X', email: 'x@' });
    expect(bad.json().errors).toHaveProperty(['email']);
  });
});

describe('supplier SKUs', () => {
  it('upserts by code (any case, or an alternative SKU), lists, keeps left-out fields, deletes', async () => {
    await makeSkus('NWS', 3);
    const nws1 = await asAcme((tx) => tx.execute(sql`SELECT id FROM skus WHERE sku = 'NWS-1'`)) as unknown as { rows: { id: string }[] };
    await asAcme((tx) => tx.execute(sql`INSERT INTO sku_aliases (tenant_id, alias, sku_id) VALUES (${k.acmeId}::uuid, 'AMZ-NWS-3', (SELECT id FROM skus WHERE sku = 'NWS-3'))`));
    const s = await create({ name: uniqueName('Price List') });
    const base = `/suppliers/${s.id}/skus`;
    const saved = await k.ok<{ data: { saved: number } }>(200, 'PUT', base, k.acme, {
      items: [{ sku: 'nws-1', supplier_sku: 'N-001', cost: '4.25', min_quantity: 12 }, { sku: 'NWS-2', cost: 3 }, { sku: 'amz-nws-3', supplier_sku: 'N-003' }],
    });
    expect(saved.data).toEqual({ saved: 3 });
    const list = await k.ok<Page<SupplierSku>>(200, 'GET', base, k.acme);
    expect(list.data.map((r) => [r.sku, r.supplier_sku, r.cost, r.min_quantity, r.status])).toEqual([
      ['NWS-1', 'N-001', '4.2500', 12, 'active'], ['NWS-2', null, '3.0000', null, 'active'], ['NWS-3', 'N-003', null, null, 'active'],
    ]);
    expect(list.data[0]!.sku_id).toBe(nws1.rows[0]!.id);
    expect((await get(s.id)).sku_count).toBe(3);

    await k.ok(200, 'PUT', base, k.acme, { items: [{ sku: 'NWS-1', cost: '5' }, { sku: 'NWS-2', supplier_sku: null, cost: null }] });
    const after = (await k.ok<Page<SupplierSku>>(200, 'GET', `${base}?search=sku:nws-1`, k.acme)).data;
    expect(after).toMatchObject([{ sku: 'NWS-1', supplier_sku: 'N-001', cost: '5.0000', min_quantity: 12 }]);
    expect((await k.ok<Page<SupplierSku>>(200, 'GET', `${base}?search=sku:NWS-2`, k.acme)).data).toMatchObject([{ cost: null, supplier_sku: null }]);
    expect((await k.ok<Page<SupplierSku>>(200, 'GET', `${base}?search=N-003`, k.acme)).data.map((r) => r.sku)).toEqual(['NWS-3']);

    await k.ok(204, 'DELETE', `${base}/${nws1.rows[0]!.id}`, k.acme);
    await k.ok(404, 'DELETE', `${base}/${nws1.rows[0]!.id}`, k.acme);
    expect((await k.ok<Page<SupplierSku>>(200, 'GET', base, k.acme)).total).toBe(2);
  });

  it('an unknown SKU, a SKU named twice or a bad cost is a 422 at items.N and nothing is written', async () => {
    await makeSkus('UNK', 2);
    await asAcme((tx) => tx.execute(sql`INSERT INTO sku_aliases (tenant_id, alias, sku_id) VALUES (${k.acmeId}::uuid, 'ALT-UNK-1', (SELECT id FROM skus WHERE sku = 'UNK-1'))`));
    const s = await create({ name: uniqueName('Strict') });
    const before = await snapshot();
    const cases: [object, string][] = [
      [{ items: [{ sku: 'UNK-1', cost: '1' }, { sku: 'NOPE-404', cost: '2' }] }, 'items.1.sku'],
      [{ items: [{ sku: 'UNK-1' }, { sku: 'unk-1' }] }, 'items.1.sku'],
      [{ items: [{ sku: 'UNK-1' }, { sku: 'ALT-UNK-1' }] }, 'items.1.sku'],
      [{ items: [{ sku: 'UNK-2', cost: '-1' }] }, 'items.0.cost'],
      [{ items: [{ sku: 'UNK-2', min_quantity: 0 }] }, 'items.0.min_quantity'],
      [{ items: [] }, 'items'],
    ];
    for (const [body, field] of cases) {
      const res = await k.api('PUT', `/suppliers/${s.id}/skus`, k.acme, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toHaveProperty([field]);
    }
    expect((await k.api('PUT', `/suppliers/${s.id}/skus`, k.acme, { items: [{ sku: 'NOPE-404' }] })).json().errors['items.0.sku']).toEqual(['SKU not found']);
    expect(await snapshot()).toEqual(before);
  });

  // Speed is measured in bench/, not asserted here: this checks a 5,000-item request works, then updates.
  it('5,000 items in one request are saved, and again as an update', async () => {
    await makeSkus('BULK', 5000);
    const s = await create({ name: uniqueName('Bulk Supply') });
    const items = Array.from({ length: 5000 }, (_, i) => ({ sku: `bulk-${i + 1}`, supplier_sku: `B${i + 1}`, cost: `${(i % 97) + 1}.25`, min_quantity: 6 }));
    expect((await k.ok<{ data: { saved: number } }>(200, 'PUT', `/suppliers/${s.id}/skus`, k.acme, { items })).data.saved).toBe(5000);
    await k.ok(200, 'PUT', `/suppliers/${s.id}/skus`, k.acme, { items: items.map((x) => ({ sku: x.sku, cost: '9.99' })) });
    const page = await k.ok<Page<SupplierSku>>(200, 'GET', `/suppliers/${s.id}/skus?search=sku:BULK-4999`, k.acme);
    expect(page.data).toMatchObject([{ sku: 'BULK-4999', supplier_sku: 'B4999', cost: '9.9900', min_quantity: 6 }]);
    expect((await get(s.id)).sku_count).toBe(5000);
  }, 180_000);
});

describe('tenancy and permissions', () => {
  it('Globex gets 404 on every Acme supplier URL, the same answer as a missing id, and writes nothing', async () => {
    await makeSkus('XT', 1);
    const s = await create({ name: uniqueName('Acme Only'), addresses: [{ city: 'Austin' }], contacts: [{ name: 'Acme person' }] });
    await k.ok(200, 'PUT', `/suppliers/${s.id}/skus`, k.acme, { items: [{ sku: 'XT-1', cost: '1' }] });
    const skuId = (await k.ok<Page<SupplierSku>>(200, 'GET', `/suppliers/${s.id}/skus`, k.acme)).data[0]!.sku_id;
    const before = await snapshot();
    const calls: [Method, string, object?][] = [
      ['GET', `/suppliers/${s.id}`], ['PUT', `/suppliers/${s.id}`, { notes: 'x' }], ['DELETE', `/suppliers/${s.id}`],
      ['GET', `/suppliers/${s.id}/addresses`], ['POST', `/suppliers/${s.id}/addresses`, { city: 'x' }],
      ['PUT', `/suppliers/${s.id}/addresses/${s.addresses[0]!.id}`, { city: 'x' }], ['DELETE', `/suppliers/${s.id}/addresses/${s.addresses[0]!.id}`],
      ['GET', `/suppliers/${s.id}/contacts`], ['DELETE', `/suppliers/${s.id}/contacts/${s.contacts[0]!.id}`],
      ['GET', `/suppliers/${s.id}/skus`], ['PUT', `/suppliers/${s.id}/skus`, { items: [{ sku: 'XT-1' }] }], ['DELETE', `/suppliers/${s.id}/skus/${skuId}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await k.api(method, url, k.globex, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      const missing = await k.api(method, url.replace(s.id, MISSING_ID), k.globex, payload);
      expect(res.json(), `${method} ${url}`).toEqual(missing.json());
    }
    expect((await k.ok<Page<Supplier>>(200, 'GET', '/suppliers?per_page=500', k.globex)).data.map((x) => x.id)).not.toContain(s.id);
    expect(await snapshot()).toEqual(before);
  });

  it('a supplier user and the owner get 403 everywhere and write nothing', async () => {
    const s = await create({ name: uniqueName('Guarded') });
    const calls: [Method, string, object?][] = [
      ['GET', '/suppliers'], ['POST', '/suppliers', { name: 'x' }], ['GET', `/suppliers/${s.id}`], ['PUT', `/suppliers/${s.id}`, { name: 'x' }],
      ['DELETE', `/suppliers/${s.id}`], ['GET', `/suppliers/${s.id}/addresses`], ['POST', `/suppliers/${s.id}/contacts`, { name: 'x' }],
      ['GET', `/suppliers/${s.id}/skus`], ['PUT', `/suppliers/${s.id}/skus`, { items: [{ sku: 'x' }] }],
    ];
    const before = await snapshot();
    for (const who of [k.supplier, k.owner]) {
      for (const [method, url, payload] of calls) {
        const res = await k.api(method, url, who, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN);
      }
    }
    expect(await snapshot()).toEqual(before);
    expect((await k.api('GET', '/suppliers', {})).statusCode).toBe(401);
  });

  it('a tenant user without the write permissions reads but cannot change; without read-supplier sees nothing', async () => {
    const s = await create({ name: uniqueName('Readable') });
    const me = (await k.ok<{ data: { id: string; permissions: { id: number }[] } }>(200, 'GET', '/users/information?include=permissions', k.acme)).data;
    const held = me.permissions.map((p) => p.id);
    const ids = (names: string[]) => names.map((n) => permissionByName(n)!.id);
    const assign = (list: number[]) => k.ok(201, 'POST', `/users/${me.id}/assign-permissions`, k.owner, { permissions: list });
    try {
      const writes = ids(['create-supplier', 'update-supplier', 'delete-supplier']);
      await assign(held.filter((id) => !writes.includes(id)));
      const before = await snapshot();
      await k.ok(200, 'GET', `/suppliers/${s.id}`, k.acme);
      await k.ok(200, 'GET', `/suppliers/${s.id}/skus`, k.acme);
      for (const [method, url, payload] of [
        ['POST', '/suppliers', { name: 'x' }], ['PUT', `/suppliers/${s.id}`, { name: 'x' }], ['DELETE', `/suppliers/${s.id}`],
        ['POST', `/suppliers/${s.id}/addresses`, {}], ['PUT', `/suppliers/${s.id}/skus`, { items: [{ sku: 'x' }] }],
      ] as [Method, string, object?][]) {
        expect((await k.api(method, url, k.acme, payload)).statusCode, `${method} ${url}`).toBe(403);
      }
      expect(await snapshot()).toEqual(before);
      const reads = ids(['read-supplier']);
      await assign(held.filter((id) => !reads.includes(id)));
      expect((await k.api('GET', '/suppliers', k.acme)).statusCode).toBe(403);
    } finally {
      await assign(held);
    }
  });
});

describe('bad input: JSON 4xx, never a 500, nothing written', () => {
  it('malformed JSON, unknown keys, non-objects, NUL characters and malformed ids', async () => {
    const s = await create({ name: uniqueName('Target') });
    const send = (method: Method, url: string, payload: string) =>
      k.t.app.inject({ method, url: `/api/1.0${url}`, headers: { ...k.acme, 'content-type': 'application/json' }, payload });
    const before = await snapshot();
    for (const [method, url] of [['POST', '/suppliers'], ['PUT', `/suppliers/${s.id}`], ['PUT', `/suppliers/${s.id}/skus`], ['POST', `/suppliers/${s.id}/addresses`]] as [Method, string][]) {
      expect((await send(method, url, '{"name": ')).statusCode).toBe(400);
      for (const body of ['[]', '"text"', '42', 'null']) {
        const res = await send(method, url, body);
        expect(res.statusCode, `${method} ${url} ${body}`).toBe(422);
      }
      const extra = await send(method, url, JSON.stringify({ tenant_id: MISSING_ID }));
      expect(extra.statusCode, `${method} ${url}`).toBe(422);
      expect(extra.json().errors, `${method} ${url}`).toHaveProperty(['tenant_id']);
    }
    const nul = await send('POST', '/suppliers', JSON.stringify({ name: 'bad\u0000name' }));
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors).toHaveProperty(['name']);
    const big = await send('PUT', `/suppliers/${s.id}/skus`, JSON.stringify({ items: Array.from({ length: 5001 }, (_, i) => ({ sku: `S${i}` })) }));
    expect(big.statusCode).toBe(422);
    expect(big.json().errors).toHaveProperty(['items']);
    expect(await snapshot()).toEqual(before);
    for (const url of ['/suppliers/nope', `/suppliers/${s.id}/addresses/nope`, '/suppliers/nope/contacts', '/suppliers/12/skus']) {
      expect((await k.api('GET', url, k.acme)).statusCode, url).toBe(404);
    }
    expect((await k.api('DELETE', `/suppliers/${s.id}/skus/nope`, k.acme)).statusCode).toBe(404);
  });
});
