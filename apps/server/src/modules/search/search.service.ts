import { sql, type SQL } from 'drizzle-orm';
import { activityObjectPath, SEARCH_KINDS, SEARCH_MIN_LENGTH, type SearchGroupDto, type SearchItemDto, type SearchKind, type SearchQuery, type SearchResultDto } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { containsPattern, searchWords } from '../../platform/db/list-query';
import { queryRows, queryTogether } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { can } from '../../platform/http/permissions';
import { derivePrefix } from '../orders/order-numbers';

/**
 * The header search (issue 24, docs/api-search.md): records of every area the user may read whose number,
 * code, name or tracking starts with (or, on the small tables, contains) the text, grouped by kind.
 *
 * Fast on 1,000,000 orders: the big tables (orders, shipments, SKUs) are only matched by index ranges of
 * leakproof operators, which forced row-level security lets reach an index (`x ~>=~ 'ab' AND x ~<~ 'ac'` on
 * a text_pattern_ops index, migration 0042; an exact `=`), each capped with LIMIT; so are customers (the start
 * of a name, company or e-mail). Products, a small table, by ILIKE contains as their list does (a scan of
 * the tenant's products, stopped by LIMIT). Purchase orders and transfers by the start of their number. Every part is one subquery of a single statement
 * (queryTogether): one round trip, in one tenant transaction.
 */

/** The permission that opens each group: the read permission of its area. */
export const SEARCH_PERMISSIONS: Record<SearchKind, string> = {
  orders: 'read-order',
  shipments: 'read-shipment',
  skus: 'read-product',
  products: 'read-product',
  customers: 'read-organization',
  purchase_orders: 'read-purchase-order',
  transfers: 'read-transfer',
};

type Row = Record<string, unknown>;
type Part = { kind: SearchKind; sql: SQL };

/**
 * `column` starts with `text`, case as given, as a range of the pattern operators (leakproof, so an index on
 * `column text_pattern_ops` serves it under row-level security; list-query's prefixMatch lower-cases first).
 */
function startsWith(column: SQL, text: string): SQL {
  const points = [...text];
  const last = points.pop();
  const cp = last?.codePointAt(0);
  if (cp === undefined || cp >= 0x10ffff) return sql`starts_with(${column}, ${text})`;
  // The next code point, skipping the surrogates (not encodable as text).
  const next = cp + 1 >= 0xd800 && cp + 1 <= 0xdfff ? 0xe000 : cp + 1;
  return sql`(${column} ~>=~ ${text} AND ${column} ~<~ ${points.join('') + String.fromCodePoint(next)})`;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const joined = (...parts: unknown[]): string | null => parts.map(str).filter(Boolean).join(' · ') || null;
const personName = (first: unknown, last: unknown): string | null => [first, last].map(str).filter(Boolean).join(' ') || null;

/** The SELECTs of each group the caller may read, keyed for queryTogether (`<kind>:<n>`, merged in order). */
function partsOf(tenantId: string, q: string, limit: number, orderPrefix: string | null, allowed: ReadonlySet<SearchKind>): Record<string, Part> {
  const t = sql`${tenantId}::uuid`;
  const upper = q.toUpperCase();
  const lower = q.toLowerCase();
  const like = containsPattern(q);
  const parts: Part[] = [];
  const add = (kind: SearchKind, query: SQL) => {
    if (allowed.has(kind)) parts.push({ kind, sql: query });
  };

  // Orders: the start of the number (typed as is, or only its digits after the company's prefix), the start of the external id.
  const orderCols = sql`o.id, o.number, o.channel, o.external_id, o.customer->>'first_name' AS first_name, o.customer->>'last_name' AS last_name`;
  add('orders', sql`SELECT ${orderCols} FROM orders o WHERE o.tenant_id = ${t} AND ${startsWith(sql`o.number`, upper)}
    ORDER BY o.number USING ~<~ LIMIT ${limit}`);
  if (orderPrefix !== null) {
    add('orders', sql`SELECT ${orderCols} FROM orders o WHERE o.tenant_id = ${t} AND ${startsWith(sql`o.number`, orderPrefix + q)}
      ORDER BY o.number USING ~<~ LIMIT ${limit}`);
  }
  add('orders', sql`SELECT ${orderCols} FROM orders o WHERE o.tenant_id = ${t} AND ${startsWith(sql`o.external_id`, q)}
    ORDER BY o.external_id USING ~<~ LIMIT ${limit}`);

  // Shipments: the start of the tracking number (as typed, and upper-cased), or exactly the shipment's number.
  const shipment = (where: SQL, order: SQL) => sql`SELECT s.id, s.number, s.tracking, s.carrier, s.order_id, o.number AS order_number
    FROM (SELECT id, number, tracking, carrier, order_id, tenant_id FROM shipments s WHERE s.tenant_id = ${t} AND ${where} ORDER BY ${order} LIMIT ${limit}) s
    JOIN orders o ON o.tenant_id = s.tenant_id AND o.id = s.order_id`;
  add('shipments', shipment(startsWith(sql`s.tracking`, q), sql`s.tracking USING ~<~`));
  if (upper !== q) add('shipments', shipment(startsWith(sql`s.tracking`, upper), sql`s.tracking USING ~<~`));
  add('shipments', shipment(sql`s.number = ${upper}`, sql`s.number`));

  // SKUs: the start of the code, then SKUs with a word of code or name starting with each word of the text.
  add('skus', sql`SELECT id, sku, name, product_id FROM skus WHERE tenant_id = ${t} AND ${startsWith(sql`sku_key`, lower)}
    ORDER BY sku_key USING ~<~ LIMIT ${limit}`);
  const words = searchWords(q);
  if (words.length > 0) {
    const hasWords = sql.join(words.map((w) => sql`id IN (SELECT sku_id FROM sku_words WHERE tenant_id = ${t} AND ${startsWith(sql`word`, w)})`), sql` AND `);
    add('skus', sql`SELECT id, sku, name, product_id FROM skus WHERE tenant_id = ${t} AND ${hasWords} LIMIT ${limit}`);
  }

  add('products', sql`SELECT p.id, p.name,
      (SELECT string_agg(x.sku, ', ') FROM (SELECT sku FROM skus k WHERE k.tenant_id = p.tenant_id AND k.product_id = p.id ORDER BY sku LIMIT 3) x) AS skus
    FROM products p WHERE p.tenant_id = ${t} AND p.name ILIKE ${like} LIMIT ${limit}`);

  // Customers: the start of the e-mail, of the last or first name (the rest of the text must continue the
  // full name, in either order), of the company. One index range each (migration 0042): no scan of the customers.
  const customerCols = sql`id, first_name, last_name, email, company`;
  const name = lower.split(/\s+/).join(' ');
  const fullName = sql`(starts_with(coalesce(first_name_key, '') || ' ' || coalesce(last_name_key, ''), ${name})
    OR starts_with(coalesce(last_name_key, '') || ' ' || coalesce(first_name_key, ''), ${name}))`;
  const firstWord = name.split(' ')[0]!;
  add('customers', sql`SELECT ${customerCols} FROM customers WHERE tenant_id = ${t} AND ${startsWith(sql`email_key`, lower)}
    ORDER BY email_key USING ~<~ LIMIT ${limit}`);
  add('customers', sql`SELECT ${customerCols} FROM customers WHERE tenant_id = ${t} AND ${startsWith(sql`last_name_key`, firstWord)} AND ${fullName}
    ORDER BY last_name_key USING ~<~ LIMIT ${limit}`);
  add('customers', sql`SELECT ${customerCols} FROM customers WHERE tenant_id = ${t} AND ${startsWith(sql`first_name_key`, firstWord)} AND ${fullName}
    ORDER BY first_name_key USING ~<~ LIMIT ${limit}`);
  add('customers', sql`SELECT ${customerCols} FROM customers WHERE tenant_id = ${t} AND ${startsWith(sql`company_key`, lower)}
    ORDER BY company_key USING ~<~ LIMIT ${limit}`);

  add('purchase_orders', sql`SELECT po.id, po.number, po.status, su.name AS supplier
    FROM (SELECT * FROM purchase_orders WHERE tenant_id = ${t} AND starts_with(number, ${upper}) ORDER BY number LIMIT ${limit}) po
    LEFT JOIN suppliers su ON su.tenant_id = po.tenant_id AND su.id = po.supplier_id ORDER BY po.number`);

  add('transfers', sql`SELECT tr.id, tr.number, fi.name AS from_iloc, ti.name AS to_iloc
    FROM (SELECT * FROM transfers WHERE tenant_id = ${t} AND starts_with(number, ${upper}) ORDER BY number LIMIT ${limit}) tr
    LEFT JOIN ilocs fi ON fi.tenant_id = tr.tenant_id AND fi.id = tr.from_iloc_id
    LEFT JOIN ilocs ti ON ti.tenant_id = tr.tenant_id AND ti.id = tr.to_iloc_id ORDER BY tr.number`);

  return Object.fromEntries(parts.map((p, i) => [`${p.kind}:${i}`, p]));
}

/** A row of a part as what the list shows, with the web route of the record's page (spec 2 routes). */
function itemOf(kind: SearchKind, r: Row): SearchItemDto {
  const id = String(r.id);
  switch (kind) {
    case 'orders':
      return { id, title: String(r.number), subtitle: joined(r.external_id ? `${String(r.channel)} ${String(r.external_id)}` : null, personName(r.first_name, r.last_name)), url: activityObjectPath('order', id)! };
    case 'shipments':
      return { id, title: str(r.tracking) ?? String(r.number), subtitle: joined(r.number, r.order_number, r.carrier), url: activityObjectPath('order', String(r.order_id))! };
    case 'skus':
      return { id, title: String(r.sku), subtitle: str(r.name), url: r.product_id ? activityObjectPath('product', String(r.product_id))! : '/skus' };
    case 'products':
      return { id, title: String(r.name), subtitle: str(r.skus), url: activityObjectPath('product', id)! };
    case 'customers': {
      const name = personName(r.first_name, r.last_name);
      return { id, title: name ?? str(r.company) ?? str(r.email) ?? id, subtitle: joined(r.email, name ? r.company : null), url: activityObjectPath('customer', id)! };
    }
    case 'purchase_orders':
      return { id, title: String(r.number), subtitle: str(r.supplier), url: activityObjectPath('purchase_order', id)! };
    case 'transfers':
      return { id, title: String(r.number), subtitle: r.from_iloc || r.to_iloc ? `${String(r.from_iloc ?? '')} → ${String(r.to_iloc ?? '')}` : null, url: `/transfer/show/${id}` };
  }
}

/** The company's order prefix, when the text is only digits ("1042" finds AC-1042). */
async function orderPrefixFor(tx: Tx, tenantId: string, q: string): Promise<string | null> {
  if (!/^\d+$/.test(q)) return null;
  const [co] = await queryRows<{ order_prefix: string | null; name: string }>(tx, sql`SELECT order_prefix, name FROM companies WHERE id = ${tenantId}::uuid`);
  return co ? (co.order_prefix ?? derivePrefix(co.name)) : null;
}

export async function search(ctx: TenantCtx, query: SearchQuery): Promise<SearchResultDto> {
  const q = query.q.trim();
  const allowed = new Set(SEARCH_KINDS.filter((k) => can(ctx.principal, SEARCH_PERMISSIONS[k])));
  if ([...q].length < SEARCH_MIN_LENGTH || allowed.size === 0) return { groups: [] };
  const rows = await withTenant(ctx, async (tx) => {
    const prefix = allowed.has('orders') ? await orderPrefixFor(tx, ctx.tenantId, q) : null;
    const parts = partsOf(ctx.tenantId, q, query.limit, prefix, allowed);
    return queryTogether(tx, Object.fromEntries(Object.entries(parts).map(([key, p]) => [key, p.sql])));
  });
  // Parts in order, so exact and prefix matches of a kind come before its looser ones; a record found twice once.
  const byKind = new Map<SearchKind, SearchItemDto[]>();
  for (const [key, found] of Object.entries(rows)) {
    const kind = key.split(':')[0] as SearchKind;
    const items = byKind.get(kind) ?? [];
    for (const r of found) {
      if (items.length < query.limit && !items.some((i) => i.id === String(r.id))) items.push(itemOf(kind, r));
    }
    byKind.set(kind, items);
  }
  const groups: SearchGroupDto[] = SEARCH_KINDS.flatMap((kind) => {
    const items = byKind.get(kind) ?? [];
    return items.length > 0 ? [{ kind, items }] : [];
  });
  return { groups };
}
