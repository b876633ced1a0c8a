// Test helpers of the supply-shipment and transfer tests: purchase orders written straight to their tables
// (no dependency on the purchase-orders API, built in parallel), stock received through the ledger,
// and short request helpers for the demo users.
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { applyMovements } from '../inventory/ledger';
import { balanceOf, inTenant, ledgerViolations, makeIloc, makeSku, tenantIds } from '../inventory/inventory.fixtures';
import { queryRows } from '../../platform/db/rows';

export { balanceOf, ledgerViolations, makeIloc, makeSku };

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Headers = Record<string, string>;

export interface PoFixture {
  id: string;
  number: string;
  lineIds: string[];
}

export interface SupplyKit {
  t: TestApp;
  acme: Headers;
  globex: Headers;
  supplier: Headers;
  acmeId: string;
  globexId: string;
  /** Acme's "Northwind Supply", the demo supplier user's supplier. */
  northwindId: string;
  api(method: Method, url: string, headers: Headers, payload?: object): Promise<LightMyRequestResponse>;
  /** Sends, asserts the status (showing the body when it differs), answers the parsed JSON. */
  ok<T = { data: unknown }>(status: number, method: Method, url: string, headers: Headers, payload?: object): Promise<T>;
  stock(skuId: string, ilocId: string, good: number, tenantId?: string): Promise<void>;
  /** A purchase order (sent unless told) of the supplier to the iloc, with lines. */
  po(ilocId: string, lines: { skuId: string; quantity: number }[], options?: { status?: string; supplierId?: string; tenantId?: string }): Promise<PoFixture>;
  /** Another supplier of the tenant. */
  supplierOf(tenantId: string, name: string): Promise<string>;
  query<T = Record<string, unknown>>(query: ReturnType<typeof sql>, tenantId?: string): Promise<T[]>;
  close(): Promise<void>;
}

let seq = 0;
/** A fresh code per call, so tests in one file never collide. */
export const code = (prefix = 'SC') => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

export async function supplyKit(): Promise<SupplyKit> {
  const t = await createTestApp();
  const [acme, globex, supplier] = await Promise.all([t.as('acmeTenant'), t.as('globexTenant'), t.as('acmeSupplier')]);
  const { acme: acmeId, globex: globexId } = await tenantIds(t);
  const [northwind] = await t.database.ownerExec(`SELECT id FROM suppliers WHERE name = 'Northwind Supply'`);
  const api: SupplyKit['api'] = (method, url, headers, payload) =>
    t.app.inject({ method, url: `/api/1.0${url}`, headers, ...(payload === undefined ? {} : { payload }) });
  const kit: SupplyKit = {
    t, acme, globex, supplier, acmeId, globexId, northwindId: String(northwind!.id), api,
    async ok(status, method, url, headers, payload) {
      const res = await api(method, url, headers, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 2000)}`).toBe(status);
      return (res.body ? res.json() : undefined) as never;
    },
    async stock(skuId, ilocId, good, tenantId = acmeId) {
      await inTenant(t, tenantId, (tx) => applyMovements(tx, tenantId, [{ skuId, ilocId, delta: { good }, reason: 'received' }]));
    },
    async po(ilocId, lines, { status = 'sent', supplierId, tenantId = acmeId } = {}) {
      const supplier = supplierId ?? (tenantId === acmeId ? kit.northwindId : await kit.supplierOf(tenantId, code('Supplier')));
      return inTenant(t, tenantId, async (tx) => {
        const number = code('PO');
        const [row] = await queryRows<{ id: string }>(tx, sql`
          INSERT INTO purchase_orders (tenant_id, number, supplier_id, iloc_id, status, sent_at)
          VALUES (${tenantId}::uuid, ${number}, ${supplier}::uuid, ${ilocId}::uuid, ${status},
            ${['draft', 'open'].includes(status) ? null : new Date().toISOString()}::timestamptz)
          RETURNING id`);
        const id = row!.id;
        const ids = await queryRows<{ id: string; line_no: number }>(tx, sql`
          INSERT INTO purchase_order_lines (tenant_id, purchase_order_id, line_no, sku_id, sku, name, quantity, unit_cost, net_price)
          SELECT ${tenantId}::uuid, ${id}::uuid, x.line_no, s.id, s.sku, s.name, x.quantity, 2.5, 2.5
          FROM jsonb_to_recordset(${JSON.stringify(lines.map((l, i) => ({ line_no: i + 1, sku_id: l.skuId, quantity: l.quantity })))}::jsonb)
            AS x(line_no int, sku_id uuid, quantity int)
          JOIN skus s ON s.tenant_id = ${tenantId}::uuid AND s.id = x.sku_id
          ORDER BY x.line_no
          RETURNING id, line_no`);
        return { id, number, lineIds: ids.sort((a, b) => Number(a.line_no) - Number(b.line_no)).map((r) => r.id) };
      });
    },
    async supplierOf(tenantId, name) {
      return inTenant(t, tenantId, async (tx) => {
        const [row] = await queryRows<{ id: string }>(tx, sql`INSERT INTO suppliers (tenant_id, name) VALUES (${tenantId}::uuid, ${name}) RETURNING id`);
        return row!.id;
      });
    },
    async query(query, tenantId = acmeId) {
      return inTenant(t, tenantId, (tx) => queryRows(tx, query));
    },
    close: () => t.close(),
  };
  return kit;
}

/** A shipment body for lines (ids and quantities); ASN number fresh unless given. */
export const asn = (lines: { line_id: string; quantity: number }[], extra: object = {}) => ({ asn_number: code('ASN'), carrier: 'UPS', tracking_number: '1Z1', lines, ...extra });

/** A box holding units of the shipment's lines by their position in `lines`. */
export const box = (contents: { line: number; quantity: number }[], extra: object = {}) => ({ length: '40', width: '30', height: '20', weight: '5.5', contents, ...extra });
