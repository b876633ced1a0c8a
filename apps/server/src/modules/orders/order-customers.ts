import { sql } from 'drizzle-orm';
import type { TOrderInput } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import { uuidArray } from '../inventory/holder-sql';
import { matchCustomersByEmail } from '../customers/customer-match';

/**
 * Links imported orders to customers, set-based: an order naming a customer id of this tenant keeps it;
 * otherwise the customer is found by e-mail or created with the order's shipping address as its default
 * (customers/customer-match.ts). Answers the customer id per order (null: no e-mail to match on).
 */
export async function linkCustomers(tx: Tx, tenantId: string, orders: TOrderInput[]): Promise<(string | null)[]> {
  const givenIds = [...new Set(orders.map((o) => o.customer?.id?.toLowerCase()).filter((v): v is string => !!v))];
  const known = givenIds.length
    ? new Set((await queryRows<{ id: string }>(tx, sql`
        SELECT id FROM customers WHERE tenant_id = ${tenantId}::uuid AND id = ANY(${uuidArray(givenIds)})`)).map((r) => r.id))
    : new Set<string>();
  const linked = orders.map((o) => {
    const id = o.customer?.id?.toLowerCase();
    return id && known.has(id) ? id : null;
  });
  const byEmail = await matchCustomersByEmail(tx, tenantId, orders.map((o, i) => (linked[i] ? { customer: {} } : {
    customer: {
      email: o.customer?.email ?? o.shipping_address?.email ?? null,
      first_name: o.customer?.first_name ?? o.shipping_address?.first_name ?? null,
      last_name: o.customer?.last_name ?? o.shipping_address?.last_name ?? null,
      phone: o.customer?.phone ?? o.shipping_address?.phone ?? null,
      company: o.customer?.company ?? o.shipping_address?.company ?? null,
    },
    address: o.shipping_address ?? null,
  })));
  return linked.map((id, i) => id ?? byEmail[i] ?? null);
}
