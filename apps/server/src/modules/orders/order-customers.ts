import { sql } from 'drizzle-orm';
import type { TOrderInput } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { uuidArray } from '../inventory/holder-sql';
import { emailKeyOf, planCustomersByEmail, storeNewCustomers, type CustomerMatch, type CustomerPlan } from '../customers/customer-match';

/** What an order offers to match its customer on: the customer, else the shipping address's contact. */
const matchEntryOf = (o: TOrderInput): CustomerMatch => ({
  customer: {
    email: o.customer?.email ?? o.shipping_address?.email ?? null,
    first_name: o.customer?.first_name ?? o.shipping_address?.first_name ?? null,
    last_name: o.customer?.last_name ?? o.shipping_address?.last_name ?? null,
    phone: o.customer?.phone ?? o.shipping_address?.phone ?? null,
    company: o.customer?.company ?? o.shipping_address?.company ?? null,
  },
  address: o.shipping_address ?? null,
});

/** The e-mail keys linkCustomers will look up for these orders (those naming no customer id). */
export const customerEmailKeysOf = (orders: TOrderInput[]) =>
  [...new Set(orders.filter((o) => !o.customer?.id).map((o) => emailKeyOf(matchEntryOf(o))).filter((k): k is string => !!k))];

/**
 * Links imported orders to customers, set-based: an order naming a customer id of this tenant keeps it;
 * otherwise the customer is found by e-mail or will be created with the order's shipping address as its
 * default (customers/customer-match.ts). Answers the customer id per order (null: no e-mail to match on)
 * and the customers to create: the orders are written naming them, and they are stored later in the
 * import's transaction (the orders' customer foreign key is checked at commit, migration 0025). `known`:
 * customersByEmailSql's rows for the keys in `read`, read already with other things.
 */
export async function linkCustomers(
  tx: Tx, tenantId: string, orders: TOrderInput[], known?: { read: Set<string>; rows: Record<string, unknown>[] },
): Promise<CustomerPlan> {
  const givenIds = [...new Set(orders.map((o) => o.customer?.id?.toLowerCase()).filter((v): v is string => !!v))];
  const found = givenIds.length
    ? new Set((await queryRows<{ id: string }>(tx, sql`
        SELECT id FROM customers WHERE tenant_id = ${tenantId}::uuid AND id = ANY(${uuidArray(givenIds)})`)).map((r) => r.id))
    : new Set<string>();
  const linked = orders.map((o) => {
    const id = o.customer?.id?.toLowerCase();
    return id && found.has(id) ? id : null;
  });
  const byEmail = await planCustomersByEmail(tx, tenantId, orders.map((o, i) => (linked[i] ? { customer: {} } : matchEntryOf(o))), known);
  return { ids: linked.map((id, i) => id ?? byEmail.ids[i] ?? null), fresh: byEmail.fresh };
}

/**
 * Stores the customers the plan creates, late in the import's transaction: the unique e-mail index is
 * where two imports creating the same customer wait for each other, so it is taken only for the end.
 * Orders that named a customer a concurrent import created first are pointed at that one.
 */
export async function storeOrderCustomers(tx: Tx, tenantId: string, plan: CustomerPlan): Promise<void> {
  await repointOrderCustomers(tx, tenantId, await storeNewCustomers(tx, tenantId, plan.fresh));
}

/** Orders written naming a planned customer that a concurrent import created first name the winner instead. */
export async function repointOrderCustomers(tx: Tx, tenantId: string, replaced: Map<string, string>): Promise<void> {
  if (replaced.size === 0) return;
  await tx.execute(sql`
    UPDATE orders o SET customer_id = x.w
    FROM json_to_recordset(${JSON.stringify([...replaced].map(([p, w]) => ({ p, w })))}::json) AS x(p uuid, w uuid)
    WHERE o.tenant_id = ${tenantId}::uuid AND o.customer_id = x.p`);
}
