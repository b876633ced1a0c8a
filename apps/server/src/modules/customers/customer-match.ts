import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryPrepared, queryRows, textArray } from '../../platform/db/rows';

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

/** A customer an import will create: its id is chosen now so that orders can name it before it is stored. */
export interface NewCustomer {
  id: string;
  key: string;
  entry: CustomerMatch;
}

export interface CustomerPlan {
  /** The customer id per entry (null: no e-mail to match on); a new customer's id is provisional until stored. */
  ids: (string | null)[];
  /** The customers to create, one per e-mail not seen yet, sorted by e-mail. */
  fresh: NewCustomer[];
}

/** The key an entry is matched on: its e-mail, lower case, when it looks like one. */
export const emailKeyOf = (e: CustomerMatch) => {
  const email = clean(e.customer.email);
  return email && email.length <= 254 && email.includes('@') ? email.toLowerCase() : null;
};

/** The customers with these e-mail keys (planCustomersByEmail's read, or a part of a caller's combined read). */
export const customersByEmailSql = (tenantId: string, keys: string[]): SQL => sql`
  SELECT id, email_key FROM customers WHERE tenant_id = ${tenantId}::uuid AND email_key = ANY(${textArray(keys)}::text[])`;

/**
 * Phase one of finding or creating customers by e-mail (case-insensitive), set-based for a whole import
 * batch: one select of those that exist; every other e-mail gets a new customer id, to be stored later by
 * storeNewCustomers. Nothing is written, so nothing is locked: an import can name the new customers in its
 * orders and store them at the end of its transaction, where the wait for a concurrent import creating the
 * same customer is short (the orders' customer foreign key is deferrable for that). `known`: customersByEmailSql's
 * rows for the keys in `read`, when the caller read them already (only the other keys are looked up here).
 */
export async function planCustomersByEmail(
  tx: Tx, tenantId: string, entries: CustomerMatch[], known?: { read: Set<string>; rows: Record<string, unknown>[] },
): Promise<CustomerPlan> {
  const first = new Map<string, CustomerMatch>();
  for (const e of entries) {
    const key = emailKeyOf(e);
    if (key && !first.has(key)) first.set(key, e);
  }
  if (first.size === 0) return { ids: entries.map(() => null), fresh: [] };
  const keys = [...first.keys()];
  const unread = known ? keys.filter((k) => !known.read.has(k)) : keys;
  const found = [
    ...((known?.rows ?? []) as { id: string; email_key: string }[]),
    ...(unread.length ? await queryPrepared<{ id: string; email_key: string }>(tx, customersByEmailSql(tenantId, unread)) : []),
  ];
  const idOf = new Map(found.map((f) => [f.email_key, f.id]));
  const fresh = keys.filter((k) => !idOf.has(k)).sort().map((key) => ({ id: randomUUID(), key, entry: first.get(key)! }));
  for (const f of fresh) idOf.set(f.key, f.id);
  return { ids: entries.map((e) => idOf.get(emailKeyOf(e) ?? '') ?? null), fresh };
}

/**
 * Phase two: stores the planned customers (with their default shipping addresses) in e-mail order, skipping
 * an e-mail a concurrent import created meanwhile — the insert waits for that import to commit or roll back
 * on the unique index (tenant_id, email_key), and a select that follows, a new statement under READ
 * COMMITTED, sees the winner. Answers planned id → the winner's id for those; the caller points what it
 * wrote at the winner. Safe under concurrency: many imports with the same e-mail at once make one customer.
 * Runs in the caller's transaction (withTenant), which sets the tenant row-level security checks.
 */
export async function storeNewCustomers(tx: Tx, tenantId: string, fresh: NewCustomer[]): Promise<Map<string, string>> {
  if (fresh.length === 0) return new Map();
  const created = await queryPrepared<{ id: string }>(tx, sql`WITH ${newCustomersWith(tenantId, fresh)} SELECT id FROM made`);
  return customersWonElsewhere(tx, tenantId, fresh, new Set(created.map((r) => r.id)));
}

/**
 * storeNewCustomers' writes as two WITH items for a caller's own statement (the order import writes them with
 * its orders): `made` (the customers inserted, RETURNING id) and `addresses` (a default address only for a
 * customer inserted: one a concurrent import created first keeps its own). The caller passes made's ids to
 * customersWonElsewhere.
 */
export function newCustomersWith(tenantId: string, fresh: NewCustomer[]): SQL {
  const rows = fresh.map((f, n) => ({
    n, id: f.id, email: clean(f.entry.customer.email), first_name: clean(f.entry.customer.first_name), last_name: clean(f.entry.customer.last_name),
    phone: clean(f.entry.customer.phone), company: clean(f.entry.customer.company),
  }));
  const addresses = addressRows(fresh.map((f) => ({ customerId: f.id, address: f.entry.address })));
  return sql`
    made AS (
      INSERT INTO customers (tenant_id, id, first_name, last_name, email, phone, company)
      SELECT ${tenantId}::uuid, x.id, x.first_name, x.last_name, x.email, x.phone, x.company
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(n int, id uuid, email text, first_name text, last_name text, phone text, company text)
      ORDER BY x.n
      ON CONFLICT (tenant_id, email_key) DO NOTHING
      RETURNING id
    ), addresses AS (
      ${addressesInsert(tenantId, addresses, sql`JOIN made ON made.id = x.c`)}
    )`;
}

/**
 * The planned customers a concurrent import created first (their insert was skipped): planned id → the
 * winner's id. The insert waited for that import on the unique index, and this select, a new statement under
 * READ COMMITTED, sees the winner.
 */
export async function customersWonElsewhere(tx: Tx, tenantId: string, fresh: NewCustomer[], created: Set<string>): Promise<Map<string, string>> {
  const replaced = new Map<string, string>();
  const lost = fresh.filter((f) => !created.has(f.id));
  if (lost.length === 0) return replaced;
  const winners = new Map((await queryRows<{ id: string; email_key: string }>(tx, customersByEmailSql(tenantId, lost.map((f) => f.key))))
    .map((w) => [w.email_key, w.id]));
  for (const f of lost) {
    const winner = winners.get(f.key);
    if (!winner) throw new Error(`storeNewCustomers: no customer for ${f.key} after the insert conflicted`);
    replaced.set(f.id, winner);
  }
  return replaced;
}

/**
 * Finds or creates customers by e-mail in one go (planCustomersByEmail then storeNewCustomers). Answers the
 * customer id per entry, null for an entry without an e-mail. An existing customer is never changed.
 */
export async function matchCustomersByEmail(tx: Tx, tenantId: string, entries: CustomerMatch[]): Promise<(string | null)[]> {
  const plan = await planCustomersByEmail(tx, tenantId, entries);
  const replaced = await storeNewCustomers(tx, tenantId, plan.fresh);
  return plan.ids.map((id) => (id ? (replaced.get(id) ?? id) : null));
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
type AddressRow = Record<string, string | null>;

function addressRows(entries: { customerId: string; address?: CustomerMatchAddress | null }[]): AddressRow[] {
  return entries.flatMap(({ customerId, address: a }) => (hasAddress(a) ? [{
    c: customerId, first_name: clean(a.first_name), last_name: clean(a.last_name), company: clean(a.company), address1: clean(a.address1),
    address2: clean(a.address2), city: clean(a.city), state: clean(a.state), zip: clean(a.zip), country: clean(a.country), phone: clean(a.phone),
  }] : []));
}

/** The default shipping addresses' INSERT; `join` narrows the rows (a WITH's customers), or is empty. */
function addressesInsert(tenantId: string, rows: AddressRow[], join: SQL): SQL {
  return sql`
    INSERT INTO customer_addresses (tenant_id, customer_id, kind, is_default, first_name, last_name, company, address1, address2, city, state, zip, country, phone)
    SELECT ${tenantId}::uuid, x.c, 'shipping', true, x.first_name, x.last_name, x.company, x.address1, x.address2, x.city, x.state, x.zip, x.country, x.phone
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(c uuid, first_name text, last_name text, company text, address1 text,
      address2 text, city text, state text, zip text, country text, phone text) ${join}`;
}

async function insertDefaultAddresses(tx: Tx, tenantId: string, entries: { customerId: string; address?: CustomerMatchAddress | null }[]): Promise<void> {
  const rows = addressRows(entries);
  if (rows.length === 0) return;
  await queryPrepared(tx, addressesInsert(tenantId, rows, sql``));
}

