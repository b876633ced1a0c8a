import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { companies } from '../companies/companies.tables';
import { ilocs } from '../ilocs/ilocs.tables';
import { withTenant } from '../../platform/db/tenant';
import { applyMovements } from '../inventory/ledger';
import type { SkuDto } from './skus.read';
import type { ProductDto } from './products.service';

/** Shared by the catalog test files: a test app signed in as the demo users, and short request helpers. */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Headers = Record<string, string>;
export type Page<T> = { data: T[]; current_page: number; per_page: number; total: number; last_page: number };
export type { SkuDto, ProductDto };

export const FORBIDDEN = { message: 'You do not have permission for this action' };

export interface CatalogKit {
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
  /** Gives the SKU stock through the ledger (as adjustments would), at Acme's AUS-MAIN iloc. */
  stock(skuId: string, good: number, tenantId?: string): Promise<void>;
  close(): Promise<void>;
}

export async function catalogKit(): Promise<CatalogKit> {
  const t = await createTestApp();
  const [acme, globex, supplier, owner] = await Promise.all([t.as('acmeTenant'), t.as('globexTenant'), t.as('acmeSupplier'), t.as('owner')]);
  const all = await t.database.db.select().from(companies);
  const acmeId = all.find((c) => c.name === 'Acme Outfitters')!.id;
  const globexId = all.find((c) => c.name === 'Globex Retail')!.id;
  const api: CatalogKit['api'] = (method, url, headers, payload) =>
    t.app.inject({ method, url: `/api/1.0${url}`, headers, ...(payload === undefined ? {} : { payload }) });
  return {
    t, acme, globex, supplier, owner, acmeId, globexId, api,
    async ok(status, method, url, headers, payload) {
      const res = await api(method, url, headers, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
      return (res.body ? res.json() : undefined) as never;
    },
    async stock(skuId, good, tenantId = acmeId) {
      await withTenant({ db: t.database.db, tenantId }, async (tx) => {
        const [iloc] = await tx.select().from(ilocs).where(eq(ilocs.code, 'AUS-MAIN')).limit(1);
        await applyMovements(tx, tenantId, [{ skuId, ilocId: iloc!.id, delta: { good }, reason: 'received' }]);
      });
    },
    close: () => t.close(),
  };
}

let seq = 0;
/** A fresh SKU code per call, so tests in one file never collide. */
export const code = (prefix = 'SKU') => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

export const regular = (sku: string, extra: object = {}) => ({ sku, name: `Name of ${sku}`, ...extra });
