import { sql, type SQL } from 'drizzle-orm';
import {
  CUSTOMER_REQUIRED_FIELDS, type CustomerDto, type CustomerRequiredField, type CustomerSummaryDto as CustomerSummary, type Paginated, type TListQuery,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { containsPattern, filterConditions, orderByClause, searchOf, uuidOrNone } from '../../platform/db/list-query';
import type { TenantCtx } from '../../platform/http/context';
import { fieldError } from '../../platform/http/errors';
import { queryRows } from '../../platform/db/rows';
import { getParty, listParties, loadParty } from '../parties/party.read';
import { CUSTOMER_PARTY } from './customer-party';
import { customers } from './customers.tables';

/** Reading customers: the list, one customer with its addresses and contacts, and completeness. */

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
const textArray = (v: string[] | string): CustomerRequiredField[] => (Array.isArray(v) ? v : v.replace(/^\{|\}$/g, '').split(',').filter(Boolean)) as CustomerRequiredField[];

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
  return listParties(ctx, CUSTOMER_ROWS, query, { from: sql`customers ${needsShipping ? SHIPPING_JOIN : sql``}`, condition, order });
}

const CUSTOMER_ROWS = { party: CUSTOMER_PARTY, select: selectCustomers, summary };

/** One customer with its addresses and contacts, read inside the caller's transaction. */
export const loadCustomer = (tx: Tx, id: string): Promise<CustomerDto> => loadParty(tx, CUSTOMER_ROWS, id);

export const getCustomer = (ctx: TenantCtx, idParam: string): Promise<CustomerDto> => getParty(ctx, CUSTOMER_ROWS, idParam);
