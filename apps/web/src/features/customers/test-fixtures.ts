import { vi } from 'vitest';
import type { Customer, CustomerSummary, Group } from './api';

/** Test support for the customer screens: sample data and a fake network answering by method and path. */

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
  'read-organization', 'create-organization', 'update-organization', 'delete-organization', 'read-group', 'create-group', 'update-group', 'delete-group',
  'read-order',
];

export const summary = (overrides: Partial<CustomerSummary> = {}): CustomerSummary => ({
  id: 'c1', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: null, company: 'Engines', group_id: null, group: null,
  complete: true, missing: [], order_count: 0, created_at: '2026-01-01T10:00:00Z', updated_at: '2026-01-02T10:00:00Z', ...overrides,
});

export const customer = (overrides: Partial<Customer> = {}): Customer => ({
  ...summary(), notes: null, addresses: [], contacts: [], ...overrides,
});

export const group = (overrides: Partial<Group> = {}): Group => ({
  id: 'g1', type: 'customer', name: 'VIP', description: null, customer_count: 0, ...overrides,
});
