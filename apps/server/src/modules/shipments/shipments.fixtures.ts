// Test helpers of the shipments and returns tests: an order with lines and allocations written straight
// to the tables, its stock received and reserved through the ledger as the order pipeline would (no
// dependency on the orders API), and short request helpers.
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { permissionByName } from '@omnio/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { applyMovements, reserve } from '../inventory/ledger';
import { refreshOrderFulfillment } from '../orders/order-fulfillment';
import { balanceOf, inTenant, makeIloc, makeSku, tenantIds } from '../inventory/inventory.fixtures';
import { queryRows } from '../../platform/db/rows';

export { balanceOf, makeIloc, makeSku };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Headers = Record<string, string>;

export interface OrderFixture {
  id: string;
  number: string;
  lineIds: string[];
}

export interface LineSpec {
  skuId: string;
  quantity: number;
  price?: string;
  /** Units reserved per iloc (the rest is backordered). */
  allocations: { ilocId: string; quantity: number }[];
}

export interface ShipKit {
  t: TestApp;
  acme: Headers;
  globex: Headers;
  acmeId: string;
  globexId: string;
  api(method: Method, url: string, headers: Headers, payload?: object): Promise<LightMyRequestResponse>;
  ok<T = { data: unknown }>(status: number, method: Method, url: string, headers: Headers, payload?: object): Promise<T>;
  /** Receives good stock of a SKU at an iloc through the ledger. */
  stock(skuId: string, ilocId: string, good: number, tenantId?: string): Promise<void>;
  /** An order (open unless told) with lines, allocations reserved through the ledger, fulfillment refreshed. */
  order(lines: LineSpec[], options?: { status?: string; tenantId?: string }): Promise<OrderFixture>;
  /** Headers of a new Acme tenant user holding only these permissions (created and signed in through the API). */
  userWith(permissions: string[]): Promise<Headers>;
  /** Runs SQL as the tenant (row-level security applies) and answers the rows. */
  query<T = Record<string, unknown>>(query: ReturnType<typeof sql>, tenantId?: string): Promise<T[]>;
  close(): Promise<void>;
}

let seq = 0;
/** A fresh code per call, so tests in one file never collide. */
export const code = (prefix = 'SH') => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

export async function shipKit(): Promise<ShipKit> {
  const t = await createTestApp();
  const [acme, globex] = await Promise.all([t.as('acmeTenant'), t.as('globexTenant')]);
  const { acme: acmeId, globex: globexId } = await tenantIds(t);
  const api: ShipKit['api'] = (method, url, headers, payload) =>
    t.app.inject({ method, url: `/api/1.0${url}`, headers, ...(payload === undefined ? {} : { payload }) });
  return {
    t, acme, globex, acmeId, globexId, api,
    async ok(status, method, url, headers, payload) {
      const res = await api(method, url, headers, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
      return (res.body ? res.json() : undefined) as never;
    },
    async stock(skuId, ilocId, good, tenantId = acmeId) {
      await inTenant(t, tenantId, (tx) => applyMovements(tx, tenantId, [{ skuId, ilocId, delta: { good }, reason: 'received' }]));
    },
    async order(lines, { status = 'open', tenantId = acmeId } = {}) {
      return inTenant(t, tenantId, async (tx) => {
        const number = code('T');
        const [order] = await queryRows<{ id: string }>(tx, sql`
          INSERT INTO orders (tenant_id, number, status, external_id, line_count, unit_count, currency)
          VALUES (${tenantId}::uuid, ${number}, ${status}, ${number}, ${lines.length}, ${lines.reduce((a, l) => a + l.quantity, 0)}, 'USD')
          RETURNING id`);
        const id = order!.id;
        const lineIds: string[] = [];
        for (const [i, line] of lines.entries()) {
          const allocated = line.allocations.reduce((a, x) => a + x.quantity, 0);
          const price = line.price ?? '10.00';
          const [row] = await queryRows<{ id: string }>(tx, sql`
            INSERT INTO order_lines (tenant_id, order_id, line_no, sku_text, sku_id, quantity, price, total, qty_allocated)
            SELECT ${tenantId}::uuid, ${id}::uuid, ${i + 1}, s.sku, s.id, ${line.quantity}, ${price}::numeric, ${price}::numeric * ${line.quantity}, ${allocated}
            FROM skus s WHERE s.id = ${line.skuId}::uuid
            RETURNING id`);
          lineIds.push(row!.id);
          for (const a of line.allocations) {
            await tx.execute(sql`
              INSERT INTO order_allocations (tenant_id, order_id, line_id, sku_id, iloc_id, quantity)
              VALUES (${tenantId}::uuid, ${id}::uuid, ${row!.id}::uuid, ${line.skuId}::uuid, ${a.ilocId}::uuid, ${a.quantity})`);
            await reserve(tx, tenantId, { skuId: line.skuId, ilocId: a.ilocId, quantity: a.quantity, reference: { type: 'order', id } });
          }
        }
        await refreshOrderFulfillment(tx, tenantId, id);
        return { id, number, lineIds };
      });
    },
    async userWith(permissions) {
      const owner = await t.as('owner');
      const email = `${code('user').toLowerCase()}@shipments.test`;
      const password = 'Str0ng#Pass';
      const created = await api('POST', '/users', owner, { name: 'Limited user', email, password, role: 'tenant', company_id: acmeId });
      expect(created.statusCode, created.body).toBe(201);
      const ids = permissions.map((name) => permissionByName(name)!.id);
      const assigned = await api('POST', `/users/${created.json().data.id}/assign-permissions`, owner, { permissions: ids });
      expect(assigned.statusCode, assigned.body).toBe(201);
      return { authorization: `Bearer ${(await t.login(email, password)).access_token}` };
    },
    async query(query, tenantId = acmeId) {
      return inTenant(t, tenantId, (tx) => queryRows(tx, query));
    },
    close: () => t.close(),
  };
}

/** A box with sensible dimensions holding the items. */
export const box = (items: { line_id: string; quantity: number }[], extra: object = {}) => ({ length: '30', width: '20', height: '10', weight: '1.2', items, ...extra });
