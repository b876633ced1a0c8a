import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';

/** The customer an imported order belongs to (docs/api-orders.md: the pipeline, CSV import, channels). */

export interface CustomerMatchInput {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  phone?: string | null;
  company?: string | null;
}

export interface CustomerMatchAddress {
  first_name?: string | null;
  last_name?: string | null;
  company?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
  phone?: string | null;
}

const clean = (v: string | null | undefined): string | null => {
  const t = v?.trim();
  return t ? t : null;
};

export interface CustomerMatch {
  customer: CustomerMatchInput;
  /** Becomes the default shipping address of a customer created here. */
  address?: CustomerMatchAddress | null;
}

const hasAddress = (a: CustomerMatchAddress | null | undefined): a is CustomerMatchAddress =>
  !!a && Object.values(a).some((v) => typeof v === 'string' && v.trim() !== '');

/**
 * Finds or creates customers by e-mail (case-insensitive), set-based for a whole import batch: one select
 * of those that exist, one insert of the rest that skips e-mails taken meanwhile, the new customers' default
 * shipping addresses. Answers the customer id per entry, null for an entry without an e-mail. An existing
 * customer is never changed.
 *
 * Safe under concurrency: many imports with the same e-mail at once make one customer. The insert skips
 * on the unique index (tenant_id, email_key) — waiting for a concurrent insert of the same key to commit
 * or roll back — and a select that follows, a new statement under READ COMMITTED, sees the winner.
 * E-mails are inserted in sorted order, so two batches naming the same customers wait in one order.
 * Runs in the caller's transaction (withTenant), which sets the tenant row-level security checks.
 */
export async function matchCustomersByEmail(tx: Tx, tenantId: string, entries: CustomerMatch[]): Promise<(string | null)[]> {
  const keyOf = (e: CustomerMatch) => {
    const email = clean(e.customer.email);
    return email && email.length <= 254 && email.includes('@') ? email.toLowerCase() : null;
  };
  const first = new Map<string, CustomerMatch>();
  for (const e of entries) {
    const key = keyOf(e);
    if (key && !first.has(key)) first.set(key, e);
  }
  if (first.size === 0) return entries.map(() => null);
  // Most imported orders come from returning customers: look them up first, and insert only the e-mails
  // not seen yet (the insert is what waits on a concurrent import creating the same customer).
  const keys = [...first.keys()];
  const found = await queryRows<{ id: string; email_key: string }>(tx, sql`
    SELECT id, email_key FROM customers WHERE tenant_id = ${tenantId}::uuid AND email_key = ANY(${textArray(keys)}::text[])`);
  const seen = new Set(found.map((f) => f.email_key));
  const rows = keys.filter((k) => !seen.has(k)).sort().map((key, n) => {
    const e = first.get(key)!;
    return {
      n, key, email: clean(e.customer.email), first_name: clean(e.customer.first_name), last_name: clean(e.customer.last_name),
      phone: clean(e.customer.phone), company: clean(e.customer.company),
    };
  });
  if (rows.length) {
    const created = await queryRows<{ id: string; email_key: string }>(tx, sql`
      INSERT INTO customers (tenant_id, first_name, last_name, email, phone, company)
      SELECT ${tenantId}::uuid, x.first_name, x.last_name, x.email, x.phone, x.company
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(n int, key text, email text, first_name text, last_name text, phone text, company text)
      ORDER BY x.n
      ON CONFLICT (tenant_id, email_key) DO NOTHING
      RETURNING id, email_key`);
    await insertDefaultAddresses(tx, tenantId, created.map((c) => ({ customerId: c.id, address: first.get(c.email_key)?.address })));
    found.push(...created);
    // A key another import created meanwhile: its insert committed before ours skipped, so a new statement sees it.
    const made = new Set(created.map((c) => c.email_key));
    const missing = rows.map((r) => r.key).filter((k) => !made.has(k));
    if (missing.length) {
      found.push(...await queryRows<{ id: string; email_key: string }>(tx, sql`
        SELECT id, email_key FROM customers WHERE tenant_id = ${tenantId}::uuid AND email_key = ANY(${textArray(missing)}::text[])`));
    }
  }
  const idOf = new Map(found.map((f) => [f.email_key, f.id]));
  return entries.map((e) => {
    const key = keyOf(e);
    return key ? (idOf.get(key) ?? null) : null;
  });
}

/**
 * One customer (the order pipeline's single-order seam, and tests): by e-mail as matchCustomersByEmail;
 * without an e-mail, a customer with a name is created each time (there is nothing to match on), and one
 * with neither e-mail nor name is no customer: null.
 */
export async function findOrCreateCustomer(
  tx: Tx,
  tenantId: string,
  input: CustomerMatchInput,
  address?: CustomerMatchAddress | null,
): Promise<string | null> {
  const email = clean(input.email);
  if (email) {
    const [id] = await matchCustomersByEmail(tx, tenantId, [{ customer: input, address: address ?? null }]);
    if (!id) throw new Error(`findOrCreateCustomer: no customer for ${email} after the insert conflicted`);
    return id;
  }
  const firstName = clean(input.first_name);
  const lastName = clean(input.last_name);
  if (!firstName && !lastName) return null;
  const [made] = await queryRows<{ id: string }>(tx, sql`
    INSERT INTO customers (tenant_id, first_name, last_name, email, phone, company)
    VALUES (${tenantId}::uuid, ${firstName}, ${lastName}, NULL, ${clean(input.phone)}, ${clean(input.company)}) RETURNING id`);
  await insertDefaultAddresses(tx, tenantId, [{ customerId: made!.id, address }]);
  return made!.id;
}

/** The default shipping address of customers just created (entries without one are skipped). */
async function insertDefaultAddresses(tx: Tx, tenantId: string, entries: { customerId: string; address?: CustomerMatchAddress | null }[]): Promise<void> {
  const rows = entries.flatMap(({ customerId, address: a }) => (hasAddress(a) ? [{
    c: customerId, first_name: clean(a.first_name), last_name: clean(a.last_name), company: clean(a.company), address1: clean(a.address1),
    address2: clean(a.address2), city: clean(a.city), state: clean(a.state), zip: clean(a.zip), country: clean(a.country), phone: clean(a.phone),
  }] : []));
  if (rows.length === 0) return;
  await tx.execute(sql`
    INSERT INTO customer_addresses (tenant_id, customer_id, kind, is_default, first_name, last_name, company, address1, address2, city, state, zip, country, phone)
    SELECT ${tenantId}::uuid, x.c, 'shipping', true, x.first_name, x.last_name, x.company, x.address1, x.address2, x.city, x.state, x.zip, x.country, x.phone
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(c uuid, first_name text, last_name text, company text, address1 text,
      address2 text, city text, state text, zip text, country text, phone text)`);
}

/** A text[] parameter (Drizzle would spread a JS array into separate parameters). */
const textArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
