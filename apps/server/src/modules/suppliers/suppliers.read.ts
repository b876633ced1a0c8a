import { sql, type SQL } from 'drizzle-orm';
import { PO_CLOSED_STATUSES, type Paginated, type SupplierDto, type SupplierSummaryDto as SupplierSummary, type TListQuery } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { containsPattern, filterConditions, orderByClause, searchOf, uuidOrNone } from '../../platform/db/list-query';
import { queryRows, textArray } from '../../platform/db/rows';
import type { TenantCtx } from '../../platform/http/context';
import { getParty, listParties, loadParty } from '../parties/party.read';
import { SUPPLIER_PARTY } from './supplier-party';
import { suppliers } from './suppliers.tables';

/** Reading suppliers: the list and one supplier with its addresses and contacts. */

interface RawSupplier {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  payment_terms: string | null;
  min_order: string | null;
  lead_time_days: number | null;
  currency: string;
  group_id: string | null;
  group_name: string | null;
  notes: string | null;
  sku_count: number | string;
  open_po_count: number | string;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function summary(r: RawSupplier): SupplierSummary {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    website: r.website,
    payment_terms: r.payment_terms,
    min_order: r.min_order === null ? null : String(r.min_order),
    lead_time_days: r.lead_time_days === null ? null : Number(r.lead_time_days),
    currency: r.currency,
    group: r.group_id && r.group_name !== null ? { id: r.group_id, name: r.group_name } : null,
    sku_count: Number(r.sku_count),
    open_po_count: Number(r.open_po_count),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

const ORDER = {
  name: sql`suppliers.name_key`,
  created_at: sql`suppliers.created_at`,
  updated_at: sql`suppliers.updated_at`,
  lead_time_days: sql`suppliers.lead_time_days`,
};

/** `filters` columns; Drizzle renders them as "suppliers"."x", which the unaliased raw query knows. */
const FILTERABLE = {
  name: suppliers.name, email: suppliers.email, phone: suppliers.phone, payment_terms: suppliers.paymentTerms, lead_time_days: suppliers.leadTimeDays,
  currency: suppliers.currency, group_id: suppliers.groupId, created_at: suppliers.createdAt, updated_at: suppliers.updatedAt,
};

/** The counts are correlated subqueries: a page is at most 500 rows, each answered from an index. */
async function selectSuppliers(tx: Tx, where: SQL | undefined, page?: { order: SQL; limit: number; offset: number }): Promise<RawSupplier[]> {
  return queryRows<RawSupplier>(tx, sql`
    SELECT suppliers.id, suppliers.name, suppliers.email, suppliers.phone, suppliers.website, suppliers.payment_terms,
      suppliers.min_order::text AS min_order, suppliers.lead_time_days, suppliers.currency, suppliers.group_id, g.name AS group_name,
      suppliers.notes, suppliers.created_at, suppliers.updated_at,
      (SELECT count(*)::int FROM supplier_skus ss WHERE ss.supplier_id = suppliers.id) AS sku_count,
      (SELECT count(*)::int FROM purchase_orders po
        WHERE po.supplier_id = suppliers.id AND po.status <> ALL(${textArray(PO_CLOSED_STATUSES)}::text[])) AS open_po_count
    FROM suppliers
    LEFT JOIN groups g ON g.id = suppliers.group_id
    WHERE ${where ?? sql`true`}
    ${page ? sql`ORDER BY ${page.order}, suppliers.id LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`);
}

/** Search form: name, email (contains), group_id (an id, or `none`); bare text matches name or e-mail. Default order: name. */
export async function listSuppliers(ctx: TenantCtx, query: TListQuery): Promise<Paginated<SupplierSummary>> {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [];
  const contains = (expr: SQL, v: string) => sql`${expr} ILIKE ${containsPattern(v)}`;
  if (fields.name) where.push(contains(sql`suppliers.name`, fields.name));
  if (fields.email) where.push(contains(sql`suppliers.email`, fields.email));
  const group = fields.group_id ?? fields.group;
  if (group) where.push(group === 'none' ? sql`suppliers.group_id IS NULL` : sql`suppliers.group_id = ${uuidOrNone(group)}::uuid`);
  if (text) where.push(sql`(${contains(sql`suppliers.name`, text)} OR ${contains(sql`suppliers.email`, text)})`);
  where.push(...filterConditions(query.filters, FILTERABLE));
  const condition = where.length ? sql.join(where, sql` AND `) : undefined;
  const { order } = orderByClause(query, ORDER, 'name', 'ASC');
  return listParties(ctx, SUPPLIER_ROWS, query, { from: sql`suppliers`, condition, order });
}

const SUPPLIER_ROWS = { party: SUPPLIER_PARTY, select: selectSuppliers, summary };

/** One supplier with its addresses and contacts, read inside the caller's transaction. */
export const loadSupplier = (tx: Tx, id: string): Promise<SupplierDto> => loadParty(tx, SUPPLIER_ROWS, id);

export const getSupplier = (ctx: TenantCtx, idParam: string): Promise<SupplierDto> => getParty(ctx, SUPPLIER_ROWS, idParam);
