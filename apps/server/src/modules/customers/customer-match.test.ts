import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenant';
import { customersKit, FULL_ADDRESS, type CustomersKit } from './customers.test-kit';
import { findOrCreateCustomer, type CustomerMatchAddress, type CustomerMatchInput } from './customer-match';

let k: CustomersKit;
beforeAll(async () => {
  k = await customersKit();
});
afterAll(() => k.close());

const match = (input: CustomerMatchInput, address?: CustomerMatchAddress | null, tenantId = k.acmeId) =>
  withTenant({ db: k.t.database.db, tenantId }, (tx) => findOrCreateCustomer(tx, tenantId, input, address));

const owner = (q: string) => k.t.database.ownerExec(q);

describe('findOrCreateCustomer (the order pipeline)', () => {
  it('finds by e-mail whatever its case, else creates the customer with the address as its default shipping address', async () => {
    const id = await match({ first_name: 'Ada', last_name: 'Lovelace', email: ' Ada.Match@Example.com ', phone: '512 555 0100' }, FULL_ADDRESS);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const again = await match({ first_name: 'Someone else', email: 'ada.match@example.com' }, { ...FULL_ADDRESS, city: 'Elsewhere' });
    expect(again).toBe(id);
    const res = await k.ok<{ data: { email: string; first_name: string; complete: boolean; addresses: { kind: string; is_default: boolean; city: string }[] } }>(
      200, 'GET', `/customers/${id}`, k.acme,
    );
    // the existing customer is not changed by a later order
    expect(res.data).toMatchObject({ email: 'Ada.Match@Example.com', first_name: 'Ada', complete: true });
    expect(res.data.addresses).toEqual([expect.objectContaining({ kind: 'shipping', is_default: true, city: 'Austin' })]);
  });

  it('no e-mail and no name: no customer; a name without e-mail: a new customer each time', async () => {
    expect(await match({ company: 'Nameless', phone: '512 555 0100' }, FULL_ADDRESS)).toBeNull();
    expect(await match({ email: '   ', first_name: '' })).toBeNull();
    const a = await match({ first_name: 'Walk-in' }, null);
    const b = await match({ first_name: 'Walk-in' });
    expect(a).not.toBeNull();
    expect(a).not.toBe(b);
    expect(await owner(`SELECT count(*)::int AS n FROM customer_addresses WHERE customer_id IN ('${a}', '${b}')`)).toEqual([{ n: 0 }]);
  });

  it('per company: the same e-mail in Globex is another customer', async () => {
    const acme = await match({ email: 'shared@example.com', first_name: 'A' });
    const globex = await match({ email: 'shared@example.com', first_name: 'G' }, null, k.globexId);
    expect(globex).not.toBe(acme);
    await k.ok(404, 'GET', `/customers/${globex}`, k.acme);
    await k.ok(200, 'GET', `/customers/${globex}`, k.globex);
  });

  it('500 concurrent imports with the same e-mail make exactly one customer and one address', async () => {
    const mail = `Rush.${Date.now()}@Example.com`;
    const ids = await Promise.all(
      Array.from({ length: 500 }, (_, i) => match({ first_name: `Rush ${i}`, email: i % 2 ? mail : mail.toLowerCase() }, { ...FULL_ADDRESS, address2: `#${i}` })),
    );
    expect(new Set(ids).size).toBe(1);
    const key = mail.toLowerCase();
    expect(await owner(`SELECT count(*)::int AS n FROM customers WHERE email_key = '${key}'`)).toEqual([{ n: 1 }]);
    expect(await owner(`SELECT count(*)::int AS n FROM customer_addresses WHERE customer_id = '${ids[0]}'`)).toEqual([{ n: 1 }]);
  }, 120_000);
});
