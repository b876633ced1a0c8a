import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { permissionByName } from '@omnio/domain';
import { withTenant } from '../../platform/db/tenant';
import { countRows } from '../../test/test-app';
import { customersKit, email, FULL_ADDRESS, type CustomersKit, type Headers, type Method, type Page } from './customers.test-kit';

let k: CustomersKit;
beforeAll(async () => {
  k = await customersKit();
});
afterAll(() => k.close());

interface Address { id: string; kind: string; is_default: boolean; first_name: string | null; address1: string | null; city: string | null; zip: string | null; country: string | null }
interface Contact { id: string; name: string; email: string | null; phone: string | null; role: string | null }
interface Customer {
  id: string; first_name: string | null; last_name: string | null; email: string | null; company: string | null; group_id: string | null;
  group: { id: string; name: string } | null; complete: boolean; missing: string[]; order_count: number; notes?: string | null;
  addresses: Address[]; contacts: Contact[];
}
interface Group { id: string; type: string; name: string; description: string | null; customer_count: number }

const FORBIDDEN = { message: 'You do not have permission for this action' };
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const TABLES = ['customers', 'customer_addresses', 'customer_contacts', 'groups'];
const snapshot = () => Promise.all(TABLES.map((t) => k.t.database.ownerExec(`SELECT * FROM ${t} ORDER BY 1, 2`)));

const create = async (body: object, who: Headers = k.acme) => (await k.ok<{ data: Customer }>(201, 'POST', '/customers', who, body)).data;
const get = async (id: string) => (await k.ok<{ data: Customer }>(200, 'GET', `/customers/${id}`, k.acme)).data;
const newGroup = async (type: 'customer' | 'supplier', name: string, who: Headers = k.acme) =>
  (await k.ok<{ data: Group }>(201, 'POST', '/groups', who, { type, name })).data;

/** An order row pointing at the customer, as the orders module will write it. */
async function orderFor(customerId: string, number: string): Promise<void> {
  await withTenant({ db: k.t.database.db, tenantId: k.acmeId }, (tx) =>
    tx.execute(sql`INSERT INTO orders (tenant_id, number, status, customer_id) VALUES (${k.acmeId}::uuid, ${number}, 'open', ${customerId}::uuid)`));
}

describe('customers CRUD', () => {
  it('creates a customer with addresses and contacts, reads, changes and deletes it', async () => {
    const mail = email('ada');
    const c = await create({
      first_name: 'Ada', last_name: 'Lovelace', email: mail, phone: '+1 (512) 555-0100', company: 'Analytical Engines', notes: 'VIP',
      addresses: [{ ...FULL_ADDRESS }, { kind: 'billing', address1: '2 Bill St', city: 'Austin', zip: '78702', country: 'us' }],
      contacts: [{ name: 'Charles Babbage', email: 'charles@example.com', role: 'Buyer' }],
    });
    expect(c).toMatchObject({ first_name: 'Ada', email: mail, complete: true, missing: [], order_count: 0, notes: 'VIP', group: null });
    expect(c.addresses.map((a) => [a.kind, a.is_default, a.country])).toEqual([['shipping', true, 'US'], ['billing', true, 'US']]);
    expect(c.contacts).toMatchObject([{ name: 'Charles Babbage', email: 'charles@example.com', role: 'Buyer', phone: null }]);
    expect(await get(c.id)).toEqual(c);

    const changed = (await k.ok<{ data: Customer }>(200, 'PUT', `/customers/${c.id}`, k.acme, { last_name: 'King', notes: '' })).data;
    expect(changed).toMatchObject({ first_name: 'Ada', last_name: 'King', notes: null, email: mail });
    expect(changed.addresses).toHaveLength(2);

    await k.ok(204, 'DELETE', `/customers/${c.id}`, k.acme);
    await k.ok(404, 'GET', `/customers/${c.id}`, k.acme);
    expect(await k.t.database.ownerExec(`SELECT count(*)::int AS n FROM customer_addresses WHERE customer_id = '${c.id}'`)).toEqual([{ n: 0 }]);
  });

  it('a customer needs a name, e-mail or company', async () => {
    const res = await k.api('POST', '/customers', k.acme, { phone: '512 555 0100', first_name: '  ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.first_name).toEqual(['Give a first name, last name, email or company']);
    const c = await create({ company: 'Only A Company' });
    const emptied = await k.api('PUT', `/customers/${c.id}`, k.acme, { company: null });
    expect(emptied.statusCode).toBe(422);
    expect((await get(c.id)).company).toBe('Only A Company');
  });

  it('a customer with orders is not deleted (409) and shows its order count', async () => {
    const c = await create({ first_name: 'Orderly', email: email('orderly') });
    await orderFor(c.id, `T-${Date.now()}`);
    expect((await get(c.id)).order_count).toBe(1);
    const res = await k.api('DELETE', `/customers/${c.id}`, k.acme);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: 'The customer has orders and cannot be deleted' });
    await k.ok(200, 'GET', `/customers/${c.id}`, k.acme);
  });
});

describe('e-mail, phone and zip (spec 5)', () => {
  it('the e-mail is valid and unique per company whatever its case; nothing is written on a refusal', async () => {
    const mail = email('unique');
    const first = await create({ first_name: 'First', email: mail });
    const before = await snapshot();
    for (const body of [{ first_name: 'Dup', email: mail.toUpperCase() }, { first_name: 'Bad', email: 'not-an-email' }]) {
      const res = await k.api('POST', '/customers', k.acme, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toHaveProperty(['email']);
    }
    expect(await snapshot()).toEqual(before);
    const other = await create({ first_name: 'Other', email: email('other') });
    const taken = await k.api('PUT', `/customers/${other.id}`, k.acme, { email: ` ${mail} ` });
    expect(taken.json()).toMatchObject({ errors: { email: ['A customer with this email already exists'] } });
    // its own e-mail again is fine; another company may have the same one
    await k.ok(200, 'PUT', `/customers/${first.id}`, k.acme, { email: mail.toUpperCase() });
    await create({ first_name: 'Globex twin', email: mail }, k.globex);
  });

  it.each([
    [{ first_name: 'P', phone: 'call me' }, 'phone'],
    [{ first_name: 'P', phone: '12' }, 'phone'],
    [{ first_name: 'Z', addresses: [{ zip: '!!' }] }, 'addresses.0.zip'],
    [{ first_name: 'C', addresses: [{ country: 'United States' }] }, 'addresses.0.country'],
    [{ first_name: 'K', addresses: [{ kind: 'home' }] }, 'addresses.0.kind'],
    [{ first_name: 'D', addresses: [{ is_default: true }, { is_default: true }] }, 'addresses.1.is_default'],
    [{ first_name: 'E', contacts: [{ name: 'No mail', email: 'x@' }] }, 'contacts.0.email'],
    [{ first_name: 'N', contacts: [{ email: 'a@b.co' }] }, 'contacts.0.name'],
    [{ first_name: 'G', group_id: MISSING_ID }, 'group_id'],
    [{ first_name: 'I', addresses: [{ id: MISSING_ID }] }, 'addresses.0.id'],
  ])('%j → 422 naming %s, nothing written', async (body, field) => {
    const before = await Promise.all(TABLES.map((t) => countRows(k.t, t)));
    const res = await k.api('POST', '/customers', k.acme, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toHaveProperty([field]);
    expect(await Promise.all(TABLES.map((t) => countRows(k.t, t)))).toEqual(before);
  });

  it('accepts the usual phone and postal code forms', async () => {
    const c = await create({
      first_name: 'Forms', phone: '+44 (0)20 7946 0958 ext. 12',
      addresses: [{ ...FULL_ADDRESS, zip: 'SW1A 1AA', country: 'gb' }, { ...FULL_ADDRESS, zip: '78701-1234' }, { ...FULL_ADDRESS, zip: 'K1A 0B1', country: 'CA' }],
    });
    expect(c.addresses.map((a) => a.zip)).toEqual(['SW1A 1AA', '78701-1234', 'K1A 0B1']);
    expect(c.addresses[0]!.country).toBe('GB');
  });
});

describe('completeness (spec 5, spec 8 customer_incomplete)', () => {
  it('lists what the default shipping address lacks; the first name falls back to the customer', async () => {
    expect(await create({ first_name: 'Nomad', email: email('nomad') })).toMatchObject({ complete: false, missing: ['address1', 'city', 'zip', 'country'] });
    expect(await create({ company: 'Faceless' })).toMatchObject({ missing: ['first_name', 'address1', 'city', 'zip', 'country'] });
    const billingOnly = await create({ first_name: 'Biller', addresses: [{ ...FULL_ADDRESS, kind: 'billing' }] });
    expect(billingOnly.complete).toBe(false);
    const partial = await create({ first_name: 'Half', addresses: [{ address1: '1 Main St', city: '  ', country: 'US' }] });
    expect(partial).toMatchObject({ complete: false, missing: ['city', 'zip'] });
    const shipping = partial.addresses[0]!;
    const fixed = (await k.ok<{ data: Address }>(200, 'PUT', `/customers/${partial.id}/addresses/${shipping.id}`, k.acme, { city: 'Austin', zip: '78701' })).data;
    expect(fixed).toMatchObject({ city: 'Austin', zip: '78701', is_default: true });
    expect(await get(partial.id)).toMatchObject({ complete: true, missing: [] });
  });

  it('judges the default shipping address, not any other', async () => {
    const c = await create({ first_name: 'Two', addresses: [{ address1: 'Incomplete' }, { ...FULL_ADDRESS }] });
    expect(c.addresses.map((a) => a.is_default)).toEqual([true, false]);
    expect(c.complete).toBe(false);
    const complete = c.addresses.find((a) => a.address1 === FULL_ADDRESS.address1)!;
    await k.ok(200, 'PUT', `/customers/${c.id}/addresses/${complete.id}`, k.acme, { is_default: true });
    const after = await get(c.id);
    expect(after.complete).toBe(true);
    expect(after.addresses.filter((a) => a.is_default).map((a) => a.id)).toEqual([complete.id]);
  });

  it('search=complete:true|false filters on it', async () => {
    const marker = `Comp${Date.now()}`;
    await create({ first_name: 'Yes', company: marker, addresses: [FULL_ADDRESS] });
    await create({ first_name: 'No', company: marker });
    const yes = await k.ok<Page<Customer>>(200, 'GET', `/customers?search=company:${marker};complete:true`, k.acme);
    const no = await k.ok<Page<Customer>>(200, 'GET', `/customers?search=company:${marker};complete:false`, k.acme);
    expect([yes.total, yes.data[0]?.first_name, no.total, no.data[0]?.first_name]).toEqual([1, 'Yes', 1, 'No']);
    expect((await k.api('GET', '/customers?search=complete:maybe', k.acme)).statusCode).toBe(422);
  });
});

describe('addresses and contacts', () => {
  it('each kind keeps one default: the first one, the one chosen, the oldest left after a delete', async () => {
    const c = await create({ first_name: 'Mover' });
    const base = `/customers/${c.id}/addresses`;
    const a1 = (await k.ok<{ data: Address }>(201, 'POST', base, k.acme, { address1: 'First' })).data;
    const a2 = (await k.ok<{ data: Address }>(201, 'POST', base, k.acme, { ...FULL_ADDRESS, is_default: true })).data;
    const b1 = (await k.ok<{ data: Address }>(201, 'POST', base, k.acme, { kind: 'billing', address1: 'Bill' })).data;
    expect([a1.is_default, a2.is_default, b1.is_default]).toEqual([true, true, true]);
    const listed = await k.ok<Page<Address>>(200, 'GET', base, k.acme);
    expect(listed.data.map((a) => [a.address1, a.is_default])).toEqual([['1 Main St', true], ['First', false], ['Bill', true]]);
    expect((await get(c.id)).complete).toBe(true);

    // un-defaulting hands the default to another address of the kind
    await k.ok(200, 'PUT', `${base}/${a2.id}`, k.acme, { is_default: false });
    expect((await k.ok<{ data: Address }>(200, 'GET', `${base}/${a1.id}`, k.acme)).data.is_default).toBe(true);
    expect((await get(c.id)).complete).toBe(false);
    // deleting the default promotes the one left
    await k.ok(204, 'DELETE', `${base}/${a1.id}`, k.acme);
    expect((await k.ok<{ data: Address }>(200, 'GET', `${base}/${a2.id}`, k.acme)).data.is_default).toBe(true);
    await k.ok(404, 'GET', `${base}/${a1.id}`, k.acme);
  });

  it('contacts: add, change, remove', async () => {
    const c = await create({ first_name: 'Contactable' });
    const base = `/customers/${c.id}/contacts`;
    const ct = (await k.ok<{ data: Contact }>(201, 'POST', base, k.acme, { name: 'Grace', email: 'grace@example.com', phone: '512-555-0199' })).data;
    expect(ct).toMatchObject({ name: 'Grace', role: null });
    expect((await k.ok<{ data: Contact }>(200, 'PUT', `${base}/${ct.id}`, k.acme, { role: 'Accounts', phone: '' })).data).toMatchObject({ role: 'Accounts', phone: null });
    expect((await k.api('PUT', `${base}/${ct.id}`, k.acme, { email: 'nope' })).json().errors).toHaveProperty(['email']);
    expect((await k.ok<Page<Contact>>(200, 'GET', base, k.acme)).total).toBe(1);
    await k.ok(204, 'DELETE', `${base}/${ct.id}`, k.acme);
    expect((await get(c.id)).contacts).toEqual([]);
  });

  it("an address or contact id of another customer is not found under this one", async () => {
    const a = await create({ first_name: 'A', addresses: [FULL_ADDRESS], contacts: [{ name: 'Ca' }] });
    const b = await create({ first_name: 'B' });
    await k.ok(404, 'GET', `/customers/${b.id}/addresses/${a.addresses[0]!.id}`, k.acme);
    await k.ok(404, 'PUT', `/customers/${b.id}/contacts/${a.contacts[0]!.id}`, k.acme, { name: 'Stolen' });
    await k.ok(404, 'DELETE', `/customers/${b.id}/addresses/${a.addresses[0]!.id}`, k.acme);
    const res = await k.api('PUT', `/customers/${b.id}`, k.acme, { addresses: [{ id: a.addresses[0]!.id, city: 'X' }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(['addresses.0.id']);
    expect((await get(a.id)).addresses[0]!.city).toBe('Austin');
  });

  it('PUT with lists replaces them: listed ids change, new ones are added, the rest go', async () => {
    const c = await create({ first_name: 'Lists', addresses: [{ address1: 'Keep' }, { address1: 'Drop' }], contacts: [{ name: 'Keep' }, { name: 'Drop' }] });
    const keep = c.addresses.find((a) => a.address1 === 'Keep')!;
    const keepContact = c.contacts.find((x) => x.name === 'Keep')!;
    const after = (await k.ok<{ data: Customer }>(200, 'PUT', `/customers/${c.id}`, k.acme, {
      addresses: [{ id: keep.id, city: 'Austin', zip: '78701', country: 'US' }, { kind: 'billing', address1: 'New bill' }],
      contacts: [{ id: keepContact.id, role: 'Owner' }, { name: 'New' }],
    })).data;
    expect(after.addresses.map((a) => [a.id === keep.id, a.kind, a.address1, a.is_default])).toEqual([
      [true, 'shipping', 'Keep', true], [false, 'billing', 'New bill', true],
    ]);
    expect(after.complete).toBe(true);
    expect(after.contacts.map((x) => [x.name, x.role])).toEqual([['Keep', 'Owner'], ['New', null]]);
  });
});

describe('groups', () => {
  it('customer and supplier groups: unique names per type, type search, assignment, member count, delete ungroups', async () => {
    const vip = await newGroup('customer', 'VIP');
    const vipSuppliers = await newGroup('supplier', 'vip');
    expect(vip).toMatchObject({ type: 'customer', name: 'VIP', description: null, customer_count: 0 });
    const dup = await k.api('POST', '/groups', k.acme, { type: 'customer', name: 'vip' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toEqual(['A group with this name already exists']);

    const customerGroups = await k.ok<Page<Group>>(200, 'GET', '/groups?search=type:customer', k.acme);
    expect(customerGroups.data.map((g) => g.id)).toContain(vip.id);
    expect(customerGroups.data.map((g) => g.id)).not.toContain(vipSuppliers.id);

    const c = await create({ first_name: 'Grouped', group_id: vip.id });
    expect(c.group).toEqual({ id: vip.id, name: 'VIP' });
    expect((await k.api('PUT', `/customers/${c.id}`, k.acme, { group_id: vipSuppliers.id })).json().errors).toHaveProperty(['group_id']);
    expect((await k.ok<{ data: Group }>(200, 'GET', `/groups/${vip.id}`, k.acme)).data.customer_count).toBe(1);
    const inGroup = await k.ok<Page<Customer>>(200, 'GET', `/customers?search=group:${vip.id}`, k.acme);
    expect(inGroup.data.map((x) => x.id)).toEqual([c.id]);

    const renamed = (await k.ok<{ data: Group }>(200, 'PUT', `/groups/${vip.id}`, k.acme, { name: 'Very Important', description: 'Top buyers' })).data;
    expect(renamed).toMatchObject({ name: 'Very Important', description: 'Top buyers', type: 'customer' });
    expect((await get(c.id)).group?.name).toBe('Very Important');
    expect((await k.api('PUT', `/groups/${vip.id}`, k.acme, { type: 'supplier' })).json().errors).toHaveProperty(['type']);

    await k.ok(204, 'DELETE', `/groups/${vip.id}`, k.acme);
    expect(await get(c.id)).toMatchObject({ group_id: null, group: null });
    await k.ok(404, 'GET', `/groups/${vip.id}`, k.acme);
  });
});

describe('search and paging', () => {
  it('pages, orders and searches by name, e-mail, company and bare text', async () => {
    const marker = `pg${Date.now().toString(36)}`;
    const names = ['Carla', 'alice', 'Bob', 'Dora', 'Eve'];
    for (const n of names) await create({ first_name: n, last_name: marker, email: `${n.toLowerCase()}.${marker}@example.com`, company: `${n} ${marker} Inc` });
    const first = await k.ok<Page<Customer>>(200, 'GET', `/customers?search=name:${marker}&per_page=2&order_by=name&order_direction=ASC`, k.acme);
    expect(first).toMatchObject({ total: 5, per_page: 2, current_page: 1, last_page: 3 });
    expect(first.data.map((c) => c.first_name)).toEqual(['alice', 'Bob']);
    const third = await k.ok<Page<Customer>>(200, 'GET', `/customers?search=name:${marker}&per_page=2&page=3&order_by=name`, k.acme);
    expect(third.data.map((c) => c.first_name)).toEqual(['Eve']);
    expect((await k.ok<Page<Customer>>(200, 'GET', `/customers?search=email:bob.${marker}`, k.acme)).data.map((c) => c.first_name)).toEqual(['Bob']);
    expect((await k.ok<Page<Customer>>(200, 'GET', `/customers?search=Dora ${marker} Inc`, k.acme)).total).toBe(1);
    expect((await k.ok<Page<Customer>>(200, 'GET', `/customers?search=${encodeURIComponent(`carla ${marker}`)}`, k.acme)).total).toBe(1);
    expect((await k.ok<Page<Customer>>(200, 'GET', `/customers?search=${marker}&order_by=email&order_direction=DESC`, k.acme)).data[0]!.first_name).toBe('Eve');
    const filters = encodeURIComponent(JSON.stringify([{ field: 'first_name', operator: 'in', value: ['Bob', 'Eve'] }]));
    expect((await k.ok<Page<Customer>>(200, 'GET', `/customers?search=${marker}&filters=${filters}`, k.acme)).total).toBe(2);
    const since = encodeURIComponent(JSON.stringify([{ field: 'created_at', operator: 'gte', value: '2000-01-01T00:00:00Z' }]));
    expect((await k.ok<Page<Customer>>(200, 'GET', `/customers?search=${marker}&filters=${since}`, k.acme)).total).toBe(5);
    expect((await k.ok<Page<Customer>>(200, 'GET', '/customers?search=name:%25', k.acme)).total).toBe(0);
    for (const bad of ['order_by=tenant_id', 'order_by=constructor', `filters=${encodeURIComponent('[{"field":"notes","operator":"where","value":"x"}]')}`, 'per_page=501']) {
      const res = await k.api('GET', `/customers?${bad}`, k.acme);
      expect(res.statusCode, bad).toBe(422);
    }
  });
});

describe('tenancy', () => {
  it("Globex gets 404 for every Acme customer, address, contact and group id, as for a missing id, and changes nothing", async () => {
    const group = await newGroup('customer', `Acme only ${Date.now()}`);
    const c = await create({ first_name: 'Secret', email: email('secret'), group_id: group.id, addresses: [FULL_ADDRESS], contacts: [{ name: 'Hidden' }] });
    const a = c.addresses[0]!.id;
    const ct = c.contacts[0]!.id;
    const calls: [Method, string, object?][] = [
      ['GET', `/customers/${c.id}`], ['PUT', `/customers/${c.id}`, { first_name: 'Stolen' }], ['DELETE', `/customers/${c.id}`],
      ['GET', `/customers/${c.id}/addresses`], ['POST', `/customers/${c.id}/addresses`, FULL_ADDRESS],
      ['GET', `/customers/${c.id}/addresses/${a}`], ['PUT', `/customers/${c.id}/addresses/${a}`, { city: 'X' }], ['DELETE', `/customers/${c.id}/addresses/${a}`],
      ['GET', `/customers/${c.id}/contacts`], ['POST', `/customers/${c.id}/contacts`, { name: 'X' }],
      ['GET', `/customers/${c.id}/contacts/${ct}`], ['PUT', `/customers/${c.id}/contacts/${ct}`, { name: 'X' }], ['DELETE', `/customers/${c.id}/contacts/${ct}`],
      ['GET', `/groups/${group.id}`], ['PUT', `/groups/${group.id}`, { name: 'Stolen' }], ['DELETE', `/groups/${group.id}`],
    ];
    const before = await snapshot();
    for (const [method, url, payload] of calls) {
      const res = await k.api(method, url, k.globex, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      const missing = await k.api(method, url.replace(/[0-9a-f-]{36}/, MISSING_ID), k.globex, payload);
      expect(res.json(), `${method} ${url}`).toEqual(missing.json());
    }
    const list = await k.ok<Page<Customer>>(200, 'GET', '/customers?per_page=500', k.globex);
    expect(list.data.map((x) => x.id)).not.toContain(c.id);
    expect((await k.ok<Page<Group>>(200, 'GET', '/groups?per_page=500', k.globex)).data.map((g) => g.id)).not.toContain(group.id);
    const borrow = await k.api('POST', '/customers', k.globex, { first_name: 'Borrower', group_id: group.id });
    expect(borrow.json().errors).toHaveProperty(['group_id']);
    expect(await snapshot()).toEqual(before);
  });
});

describe('permissions', () => {
  it('a supplier and the owner get 403 on every endpoint and write nothing', async () => {
    const c = await create({ first_name: 'Guarded', addresses: [FULL_ADDRESS] });
    const calls: [Method, string, object?][] = [
      ['GET', '/customers'], ['POST', '/customers', { first_name: 'x' }], ['GET', `/customers/${c.id}`], ['PUT', `/customers/${c.id}`, { first_name: 'x' }],
      ['DELETE', `/customers/${c.id}`], ['GET', `/customers/${c.id}/addresses`], ['POST', `/customers/${c.id}/addresses`, {}],
      ['PUT', `/customers/${c.id}/addresses/${c.addresses[0]!.id}`, {}], ['POST', `/customers/${c.id}/contacts`, { name: 'x' }],
      ['GET', '/groups'], ['POST', '/groups', { type: 'customer', name: 'x' }],
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
    expect((await k.api('GET', '/customers', {})).statusCode).toBe(401);
  });

  it('a tenant user without the write permissions reads but cannot change; without read-group no groups', async () => {
    const c = await create({ first_name: 'Readable', addresses: [FULL_ADDRESS] });
    const me = (await k.ok<{ data: { id: string; permissions: { id: number }[] } }>(200, 'GET', '/users/information?include=permissions', k.acme)).data;
    const held = me.permissions.map((p) => p.id);
    const drop = ['create-organization', 'update-organization', 'delete-organization', 'read-group'].map((n) => permissionByName(n)!.id);
    const assign = (ids: number[]) => k.ok(201, 'POST', `/users/${me.id}/assign-permissions`, k.owner, { permissions: ids });
    try {
      await assign(held.filter((id) => !drop.includes(id)));
      const before = await snapshot();
      await k.ok(200, 'GET', `/customers/${c.id}`, k.acme);
      await k.ok(200, 'GET', `/customers/${c.id}/addresses`, k.acme);
      for (const [method, url, payload] of [
        ['POST', '/customers', { first_name: 'x' }], ['PUT', `/customers/${c.id}`, { first_name: 'x' }], ['DELETE', `/customers/${c.id}`],
        ['POST', `/customers/${c.id}/addresses`, {}], ['DELETE', `/customers/${c.id}/addresses/${c.addresses[0]!.id}`], ['GET', '/groups'],
      ] as [Method, string, object?][]) {
        expect((await k.api(method, url, k.acme, payload)).statusCode, `${method} ${url}`).toBe(403);
      }
      expect(await snapshot()).toEqual(before);
    } finally {
      await assign(held);
    }
  });
});

describe('bad input: JSON 4xx, never a 500, nothing written', () => {
  const HUGE = 'x'.repeat(10_000);
  let customerId = '';
  let addressId = '';
  let groupId = '';
  beforeAll(async () => {
    const c = await create({ first_name: 'Target', addresses: [FULL_ADDRESS], contacts: [{ name: 'Target contact' }] });
    customerId = c.id;
    addressId = c.addresses[0]!.id;
    groupId = (await newGroup('customer', `Bad input ${Date.now()}`)).id;
  });
  interface Case { name: string; method: Method; url: () => string; valid: () => object; wrongTypes: object; field: string; oversized: object; bigField: string; text: string }
  const cases: Case[] = [
    { name: 'POST /customers', method: 'POST', url: () => '/customers', valid: () => ({ first_name: 'Valid', email: email('valid') }), text: 'first_name',
      wrongTypes: { first_name: 5 }, field: 'first_name', oversized: { first_name: 'O', addresses: Array.from({ length: 21 }, () => FULL_ADDRESS) }, bigField: 'addresses' },
    { name: 'PUT /customers/{id}', method: 'PUT', url: () => `/customers/${customerId}`, valid: () => ({ notes: 'fine' }), text: 'notes',
      wrongTypes: { addresses: { city: 'x' } }, field: 'addresses', oversized: { notes: HUGE }, bigField: 'notes' },
    { name: 'POST /customers/{id}/addresses', method: 'POST', url: () => `/customers/${customerId}/addresses`, valid: () => ({ city: 'Reno' }), text: 'city',
      wrongTypes: { is_default: 'yes' }, field: 'is_default', oversized: { address1: HUGE }, bigField: 'address1' },
    { name: 'PUT /customers/{id}/addresses/{id}', method: 'PUT', url: () => `/customers/${customerId}/addresses/${addressId}`, valid: () => ({ state: 'NV' }),
      text: 'state', wrongTypes: { zip: 78701 }, field: 'zip', oversized: { city: HUGE }, bigField: 'city' },
    { name: 'POST /customers/{id}/contacts', method: 'POST', url: () => `/customers/${customerId}/contacts`, valid: () => ({ name: 'Someone' }), text: 'name',
      wrongTypes: { name: ['x'] }, field: 'name', oversized: { name: HUGE }, bigField: 'name' },
    { name: 'POST /groups', method: 'POST', url: () => '/groups', valid: () => ({ type: 'supplier', name: `G ${Math.random()}` }), text: 'name',
      wrongTypes: { type: 'partner', name: 'x' }, field: 'type', oversized: { type: 'customer', name: HUGE }, bigField: 'name' },
    { name: 'PUT /groups/{id}', method: 'PUT', url: () => `/groups/${groupId}`, valid: () => ({ description: 'ok' }), text: 'description',
      wrongTypes: { name: null }, field: 'name', oversized: { description: HUGE }, bigField: 'description' },
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
      const res = await send(c, { ...c.valid(), tenant_id: MISSING_ID });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toHaveProperty(['tenant_id']);
    }));
    it('a body that is not an object → 422 (API.md: JSON of the wrong shape is a validation error)', () => unchanged(async () => {
      for (const body of ['[]', '"text"', '42', 'null']) {
        const res = await send(c, body);
        expect(res.statusCode, body).toBe(422);
        expect(res.json(), body).toMatchObject({ message: 'The given data was invalid.' });
      }
    }));
    it('a NUL character → 422 naming the field', () => unchanged(async () => {
      const res = await send(c, { ...c.valid(), [c.text]: 'bad\u0000value' });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toHaveProperty([c.text]);
    }));
    it('the valid body is accepted', async () => {
      const res = await send(c, c.valid());
      expect(res.statusCode, res.body).toBeLessThan(300);
    });
  });

  it('malformed ids are 404, not 500', async () => {
    for (const url of ['/customers/nope', `/customers/${customerId}/addresses/nope`, '/customers/nope/contacts', '/groups/12']) {
      expect((await k.api('GET', url, k.acme)).statusCode, url).toBe(404);
    }
  });
});
