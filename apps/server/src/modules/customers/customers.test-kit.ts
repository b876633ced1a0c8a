import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/test-app';
import { companies } from '../companies/companies.tables';

/** Shared by the customer test files: a test app signed in as the demo users, and short request helpers. */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Headers = Record<string, string>;
export type Page<T> = { data: T[]; current_page: number; per_page: number; total: number; last_page: number };

export interface CustomersKit {
  t: TestApp;
  acme: Headers;
  globex: Headers;
  supplier: Headers;
  owner: Headers;
  acmeId: string;
  globexId: string;
  api(method: Method, url: string, headers: Headers, payload?: object | string): Promise<LightMyRequestResponse>;
  /** Sends and asserts the status (showing the body when it differs); answers the parsed JSON. */
  ok<T = { data: unknown }>(status: number, method: Method, url: string, headers: Headers, payload?: object | string): Promise<T>;
  close(): Promise<void>;
}

export async function customersKit(): Promise<CustomersKit> {
  const t = await createTestApp();
  const [acme, globex, supplier, owner] = await Promise.all([t.as('acmeTenant'), t.as('globexTenant'), t.as('acmeSupplier'), t.as('owner')]);
  const all = await t.database.db.select().from(companies);
  const api: CustomersKit['api'] = (method, url, headers, payload) =>
    t.app.inject({ method, url: `/api/1.0${url}`, headers, ...(payload === undefined ? {} : { payload }) });
  return {
    t, acme, globex, supplier, owner, api,
    acmeId: all.find((c) => c.name === 'Acme Outfitters')!.id,
    globexId: all.find((c) => c.name === 'Globex Retail')!.id,
    async ok(status, method, url, headers, payload) {
      const res = await api(method, url, headers, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
      return (res.body ? res.json() : undefined) as never;
    },
    close: () => t.close(),
  };
}

let seq = 0;
/** A fresh e-mail per call, so tests in one file never collide. */
export const email = (name = 'customer') => `${name}.${++seq}.${Math.random().toString(36).slice(2, 7)}@example.com`;

export const FULL_ADDRESS = { first_name: 'Ada', last_name: 'Lovelace', address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
