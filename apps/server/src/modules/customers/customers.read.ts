import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { CUSTOMER_REQUIRED_FIELDS, paginate, type Paginated, type TListQuery } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { containsPattern, filterConditions, offsetOf, orderByClause, searchOf, uuidOrNone } from '../../platform/db/list-query';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, fieldError, notFound } from '../../platform/http/errors';
import { queryRows } from '../../platform/db/rows';
import { customerAddresses, customerContacts, customers } from './customers.tables';

/** Reading customers: the list, one customer with its addresses and contacts, and completeness. */

export interface CustomerSummary {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  group_id: string | null;
  group: { id: string; name: string } | null;
  /** Spec 5 / spec 8: the default shipping address has first name, address1, city, zip and country. */
  complete: boolean;
  missing: string[];
  order_count: number;
  created_at: string;
  updated_at: string;
}

export interface AddressDto {
  id: string;
  kind: string;
  is_default: boolean;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  phone: string | null;
  created_at: string;
  updated_at: string;
}

export interface ContactDto {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  role: string | null;
  created_at: string;
  updated_at: string;
}

export interface CustomerDto extends CustomerSummary {
  notes: string | null;
  addresses: AddressDto[];
  contacts: ContactDto[];
}

/**
 * The address completeness is judged on: the default shipping address (or, should none be flagged, the
 * oldest shipping one). Written against the unaliased `customers` so Drizzle's column references work.
 */
const SHIPPING_JOIN = sql`LEFT JOIN LATERAL (
  SELECT a.first_name, a.address1, a.city, a.zip, a.country FROM customer_addresses a
  WHERE a.customer_id = customers.id AND a.kind = 'shipping'
  ORDER BY a.is_default DESC, a.created_at, a.id LIMIT 1) ship ON true`;

const filled = (expr: SQL) => sql`nullif(btrim(${expr}), '') IS NOT NULL`;
/** The required fields the shipping address lacks, in CUSTOMER_REQUIRED_FIELDS order; the first name falls back to the customer's. */
const MISSING = sql`array_remove(ARRAY[${sql.join(
  CUSTOMER_REQUIRED_FIELDS.map((f) => {
    const has = f === 'first_name' ? sql`(${filled(sql`ship.first_name`)} OR ${filled(sql`customers.first_name`)})` : filled(sql.raw(`ship.${f}`));
    return sql`CASE WHEN ${has} THEN NULL ELSE ${f}::text END`;
  }),
  sql`, `,
)}]::text[], NULL)`;

const NAME = sql`lower(coalesce(customers.last_name, '') || ' ' || coalesce(customers.first_name, ''))`;
const FULL_NAME = sql`(coalesce(customers.first_name, '') || ' ' || coalesce(customers.last_name, ''))`;
const ORDER = {
  name: NAME,
  email: sql`customers.email_key`,
  company: sql`lower(customers.company)`,
  created_at: sql`customers.created_at`,
  updated_at: sql`customers.updated_at`,
};

/** `filters` columns; Drizzle renders them as "customers"."x", which the unaliased raw query knows. */
const FILTERABLE = {
  first_name: customers.firstName, last_name: customers.lastName, email: customers.email, phone: customers.phone, company: customers.company,
  group_id: customers.groupId, created_at: customers.createdAt, updated_at: customers.updatedAt,
};

interface RawCustomer {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  group_id: string | null;
  group_name: string | null;
  notes: string | null;
  missing: string[] | string;
  order_count: number | string;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
/** A text[] arrives as an array from both drivers; the literal form is parsed just in case. */
const textArray = (v: string[] | string): string[] => (Array.isArray(v) ? v : v.replace(/^\{|\}$/g, '').split(',').filter(Boolean));

function summary(r: RawCustomer): CustomerSummary {
  const missing = textArray(r.missing);
  return {
    id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    phone: r.phone,
    company: r.company,
    group_id: r.group_id,
    group: r.group_id && r.group_name !== null ? { id: r.group_id, name: r.group_name } : null,
    complete: missing.length === 0,
    missing,
    order_count: Number(r.order_count),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

async function selectCustomers(tx: Tx, where: SQL | undefined, page?: { order: SQL; limit: number; offset: number }): Promise<RawCustomer[]> {
  return queryRows<RawCustomer>(tx, sql`
    SELECT customers.id, customers.first_name, customers.last_name, customers.email, customers.phone, customers.company,
      customers.group_id, g.name AS group_name, customers.notes, customers.created_at, customers.updated_at,
      ${MISSING} AS missing,
      (SELECT count(*)::int FROM orders o WHERE o.customer_id = customers.id) AS order_count
    FROM customers
    LEFT JOIN groups g ON g.id = customers.group_id
    ${SHIPPING_JOIN}
    WHERE ${where ?? sql`true`}
    ${page ? sql`ORDER BY ${page.order}, customers.id LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`);
}

/**
 * Search form: email, name (first and last, either order of typing within the full name), company,
 * group (an id, or `none`), complete (`true`|`false`); bare text matches name, email and company.
 */
export async function listCustomers(ctx: TenantCtx, query: TListQuery): Promise<Paginated<CustomerSummary>> {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [];
  const contains = (expr: SQL, v: string) => sql`${expr} ILIKE ${containsPattern(v)}`;
  if (fields.email) where.push(contains(sql`customers.email`, fields.email));
  if (fields.name) where.push(contains(FULL_NAME, fields.name));
  if (fields.company) where.push(contains(sql`customers.company`, fields.company));
  if (fields.group) where.push(fields.group === 'none' ? sql`customers.group_id IS NULL` : sql`customers.group_id = ${uuidOrNone(fields.group)}::uuid`);
  let needsShipping = false;
  if (fields.complete !== undefined) {
    if (fields.complete !== 'true' && fields.complete !== 'false') throw fieldError('search', 'complete takes true or false');
    where.push(fields.complete === 'true' ? sql`cardinality(${MISSING}) = 0` : sql`cardinality(${MISSING}) > 0`);
    needsShipping = true;
  }
  if (text) {
    where.push(sql`(${contains(FULL_NAME, text)} OR ${contains(sql`customers.email`, text)} OR ${contains(sql`customers.company`, text)})`);
  }
  where.push(...filterConditions(query.filters, FILTERABLE));
  const condition = where.length ? sql.join(where, sql` AND `) : undefined;
  const { order } = orderByClause(query, ORDER, 'created_at');
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(tx, sql`
      SELECT count(*)::int AS total FROM customers ${needsShipping ? SHIPPING_JOIN : sql``} WHERE ${condition ?? sql`true`}`);
    const rows = await selectCustomers(tx, condition, { order, limit: query.per_page, offset: offsetOf(query) });
    return paginate(rows.map(summary), Number(total), query.page, query.per_page);
  });
}

export function addressDto(r: typeof customerAddresses.$inferSelect): AddressDto {
  return {
    id: r.id, kind: r.kind, is_default: r.isDefault, first_name: r.firstName, last_name: r.lastName, company: r.company,
    address1: r.address1, address2: r.address2, city: r.city, state: r.state, zip: r.zip, country: r.country, phone: r.phone,
    created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString(),
  };
}

export function contactDto(r: typeof customerContacts.$inferSelect): ContactDto {
  return { id: r.id, name: r.name, email: r.email, phone: r.phone, role: r.role, created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString() };
}

/** Shipping before billing, the default first, then oldest first: the order the screens show them in. */
export const addressOrder = [sql`${customerAddresses.kind} = 'billing'`, sql`${customerAddresses.isDefault} DESC`, asc(customerAddresses.createdAt), asc(customerAddresses.id)];

/** One customer with its addresses and contacts, read inside the caller's transaction. */
export async function loadCustomer(tx: Tx, id: string): Promise<CustomerDto> {
  const [row] = await selectCustomers(tx, sql`customers.id = ${id}::uuid`);
  if (!row) throw notFound('Customer');
  const [addresses, contacts] = [
    await tx.select().from(customerAddresses).where(eq(customerAddresses.customerId, id)).orderBy(...addressOrder),
    await tx.select().from(customerContacts).where(eq(customerContacts.customerId, id)).orderBy(asc(customerContacts.createdAt), asc(customerContacts.id)),
  ];
  return { ...summary(row), notes: row.notes, addresses: addresses.map(addressDto), contacts: contacts.map(contactDto) };
}

export async function getCustomer(ctx: TenantCtx, idParam: string): Promise<CustomerDto> {
  const id = assertId(idParam, 'Customer');
  return withTenant(ctx, (tx) => loadCustomer(tx, id));
}
