import { vi } from 'vitest';
import type { PackingTemplate, Supplier, SupplierSku, SupplierSummary } from './api';

/** Test support for the supplier screens: sample data and a fake network answering by method and path. */

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}
type Answer = [status: number, body: unknown];
export type Route = [method: string, path: string | RegExp, respond: Answer | ((call: Call) => Answer)];

export const page = <T,>(rows: T[], total = rows.length) => ({ data: rows, current_page: 1, per_page: 25, total, last_page: 1 });

/** Replaces global fetch; unknown routes answer 404. Every call is kept, with its query and JSON body. */
export function routeFetch(routes: Route[]) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call = { method: init?.method ?? 'GET', url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined };
    calls.push(call);
    const route = routes.find(([m, p]) => m === call.method && (typeof p === 'string' ? p === url.pathname : p.test(url.pathname)));
    const [status, body] = route ? (typeof route[2] === 'function' ? route[2](call) : route[2]) : [404, { message: 'Not found' }];
    return Promise.resolve(new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  }));
  return { calls, to: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path) };
}

export const WRITE = [
  'read-supplier', 'create-supplier', 'update-supplier', 'delete-supplier', 'read-group', 'read-asn', 'create-asn', 'update-asn', 'delete-asn',
];

export const summary = (overrides: Partial<SupplierSummary> = {}): SupplierSummary => ({
  id: 's1', name: 'Northwind Supply', email: 'orders@northwind.test', phone: null, website: null, payment_terms: 'Net 30', min_order: '500.00',
  lead_time_days: 14, currency: 'USD', group: null, sku_count: 2, open_po_count: 1, created_at: '2026-01-01T10:00:00Z', updated_at: '2026-01-02T10:00:00Z',
  ...overrides,
});

export const supplier = (overrides: Partial<Supplier> = {}): Supplier => ({ ...summary(), notes: null, addresses: [], contacts: [], ...overrides });

export const sku = (overrides: Partial<SupplierSku> = {}): SupplierSku => ({
  sku_id: 'k1', sku: 'TEE-RED-M', name: 'Trail Tee red M', status: 'active', supplier_sku: 'NW-100', cost: '4.2500', min_quantity: 12,
  updated_at: '2026-01-02T10:00:00Z', ...overrides,
});

export const template = (overrides: Partial<PackingTemplate> = {}): PackingTemplate => ({
  id: 't1', name: 'Carton 24', type: 'box', boxes: [{ length: '40', width: '30', height: '20', weight: '12.5', units_per_box: 24 }], notes: null,
  created_at: '2026-01-01T10:00:00Z', updated_at: '2026-01-02T10:00:00Z', ...overrides,
});
