// Test helpers for orders: SKUs and ilocs by direct inserts, stock through the ledger API, orders by API.
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app';
import { inTenant, makeIloc, makeSku, tenantIds } from '../inventory/inventory.fixtures';

export type Headers = Record<string, string>;

let seq = 0;
export const uniq = (prefix: string) => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 7).toUpperCase()}`;

export const ADDRESS = { first_name: 'Ada', last_name: 'Lovelace', address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };

export function orderBody(lines: { sku: string; quantity: number; price?: string }[], extra: Record<string, unknown> = {}) {
  return {
    external_id: uniq('SHOP'),
    channel: 'manual',
    customer: { first_name: 'Ada', last_name: 'Lovelace', email: `${uniq('ada').toLowerCase()}@example.com` },
    shipping_address: ADDRESS,
    lines: lines.map((l) => ({ price: '10.00', ...l })),
    ship_method: 'standard',
    ...extra,
  };
}

export interface OrderWorld {
  acme: string;
  globex: string;
  /** Ilocs made for the test, in priority order (first is preferred). */
  ilocs: string[];
}

/** Two fresh ilocs with the best priorities of Acme, so allocation in the test is predictable. */
export async function orderWorld(t: TestApp): Promise<OrderWorld> {
  const { acme, globex } = await tenantIds(t);
  const a = await makeIloc(t, acme, uniq('W1'));
  const b = await makeIloc(t, acme, uniq('W2'));
  await inTenant(t, acme, async (tx) => {
    await tx.execute(sql`UPDATE ilocs SET priority = 500 WHERE tenant_id = ${acme}::uuid`);
    await tx.execute(sql`UPDATE ilocs SET priority = 1 WHERE tenant_id = ${acme}::uuid AND id = ${a}::uuid`);
    await tx.execute(sql`UPDATE ilocs SET priority = 2 WHERE tenant_id = ${acme}::uuid AND id = ${b}::uuid`);
  });
  return { acme, globex, ilocs: [a, b] };
}

/** A REGULAR SKU with `stock[i]` good units at ilocs[i]. */
export async function stockedSku(t: TestApp, world: OrderWorld, headers: Headers, stock: number[], code = uniq('TEE')): Promise<{ code: string; id: string }> {
  const id = await makeSku(t, world.acme, { sku: code });
  const adjustments = stock.flatMap((q, i) => (q > 0 ? [{ sku: code, iloc_id: world.ilocs[i]!, bucket: 'good', delta: q, reason: 'received' }] : []));
  if (adjustments.length) {
    const res = await t.app.inject({ method: 'POST', url: '/api/1.0/inventory/adjustments', headers, payload: { adjustments } });
    if (res.statusCode !== 201) throw new Error(`stock: ${res.statusCode} ${res.body}`);
  }
  return { code, id };
}

export async function createOrder(t: TestApp, headers: Headers, body: object) {
  return t.app.inject({ method: 'POST', url: '/api/1.0/orders', headers, payload: body });
}

export async function act(t: TestApp, headers: Headers, id: string, action: string, payload?: object) {
  return t.app.inject({ method: 'POST', url: `/api/1.0/orders/${id}/${action}`, headers, ...(payload ? { payload } : {}) });
}
