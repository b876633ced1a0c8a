// Test helpers for channel connections: a test app that may call a fake on 127.0.0.1, Acme's SKUs with stock,
// a Shopify process pointed at the fake, runs started through the API and worked by the job runner.
import pino from 'pino';
import { expect } from 'vitest';
import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify';
import type { ChannelRunDetail, ChannelRunItem } from '@omnio/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { drainJobs } from '../../platform/jobs/jobs';
import type { Config } from '../../platform/config';
import { makeIloc, makeSku, tenantIds } from '../inventory/inventory.fixtures';
import { startShopifyFake, type ShopifyFake } from '../../test/fakes/shopify/shopify-fake';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Headers = Record<string, string>;

let seq = 0;
export const uniq = (prefix: string) => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 7).toUpperCase()}`;

/** `fake` is the service's local fake (Shopify by default; each connector's tests start their own). */
export interface ChannelKit<F = ShopifyFake> {
  t: TestApp;
  fake: F;
  acme: Headers;
  globex: Headers;
  acmeId: string;
  globexId: string;
  iloc: string;
  api(method: Method, url: string, headers: Headers, payload?: object | string): Promise<LightMyRequestResponse>;
  ok<T = { data: Record<string, unknown> }>(status: number, method: Method, url: string, headers: Headers, payload?: object | string): Promise<T>;
  sql(text: string): Promise<Record<string, unknown>[]>;
  drain(): Promise<number>;
  close(): Promise<void>;
}

const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

export async function channelKit(overrides: Partial<Config> = {}): Promise<ChannelKit> {
  const fake = await startShopifyFake();
  // Tests share one store token across many processes: a roomy bucket keeps them from waiting on each other's
  // cost (throttling is tested on purpose with throttleNext, and by the stock benchmark at the standard budget).
  fake.setBucket({ maximumAvailable: 1_000_000, restoreRate: 1_000_000, currentlyAvailable: 1_000_000 });
  return channelKitWith(fake, {
    shopifyClientId: fake.clientId, shopifyClientSecret: fake.clientSecret, shopifyAdminBase: fake.url, ...overrides,
  });
}

/** A test app that may call a fake on 127.0.0.1, with Acme and Globex signed in; closing it closes the fake too. */
export async function channelKitWith<F extends { close(): Promise<void> }>(fake: F, overrides: Partial<Config> = {}): Promise<ChannelKit<F>> {
  const t = await createTestApp({ channelAllowPrivateTargets: true, channelRetryBaseMs: 5, ...overrides });
  const [acme, globex] = await Promise.all([t.as('acmeTenant'), t.as('globexTenant')]);
  const ids = await tenantIds(t);
  const api: ChannelKit['api'] = (method, url, headers, payload) =>
    t.app.inject({ method, url: `/api/1.0${url}`, headers, ...(payload === undefined ? {} : { payload }) });
  return {
    t, fake, acme, globex, api, acmeId: ids.acme, globexId: ids.globex, iloc: await makeIloc(t, ids.acme, uniq('CH')),
    async ok(status, method, url, headers, payload) {
      const res = await api(method, url, headers, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
      return (res.body ? res.json() : undefined) as never;
    },
    sql: (text) => t.database.ownerExec(text),
    drain: () => drainJobs(t.runtime, quiet),
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

/** Acme SKUs with `good` units at the kit's iloc. */
export async function stockedSkus(k: ChannelKit<unknown>, codes: string[], good: number): Promise<void> {
  for (const code of codes) await makeSku(k.t, k.acmeId, { sku: code, name: `${code} tee` });
  if (good > 0) {
    await k.ok(201, 'POST', '/inventory/adjustments', k.acme, {
      adjustments: codes.map((sku) => ({ sku, iloc_id: k.iloc, bucket: 'good', delta: good, reason: 'cycle_count' })),
    }).catch(async () => k.ok(200, 'POST', '/inventory/adjustments', k.acme, {
      adjustments: codes.map((sku) => ({ sku, iloc_id: k.iloc, bucket: 'good', delta: good, reason: 'cycle_count' })),
    }));
  }
}

export interface ProcessBody {
  name?: string;
  token?: string;
  actions?: Record<string, unknown>;
  shop?: string;
}

export function shopifyProcessBody(k: ChannelKit, body: ProcessBody = {}) {
  return {
    name: body.name ?? uniq('Acme Shopify'),
    driver: 'shopify',
    credentials: { shop_domain: body.shop ?? k.fake.shopDomain, access_token: body.token ?? k.fake.accessToken, client_secret: k.fake.clientSecret },
    settings: { api_base_url: k.fake.url },
    actions: body.actions ?? {
      import_orders: { active: true, options: {} },
      update_tracking: { active: true, options: { notify_customer: true } },
      sync_inventory: { active: true, options: { reserve_percentage: 0, iloc_id: k.iloc } },
      import_products: { active: true, options: { create_sku_if_not_exists: true } },
    },
  };
}

export async function makeShopifyProcess(k: ChannelKit, body: ProcessBody = {}): Promise<{ id: string; webhook_secret: string }> {
  return (await k.ok<{ data: { id: string; webhook_secret: string } }>(201, 'POST', '/processes', k.acme, shopifyProcessBody(k, body))).data;
}

/** Runs an action through the API and the job runner; answers the run as the feed history shows it. */
export async function runAction(k: ChannelKit<unknown>, processId: string, action: string): Promise<ChannelRunDetail> {
  const started = (await k.ok<{ data: { job_id: string; run_id: string; status: string } }>(202, 'POST', `/processes/${processId}/actions/${action}/run`, k.acme)).data;
  expect(started.status).toBe('PENDING');
  await k.drain();
  return (await k.ok<{ data: ChannelRunDetail }>(200, 'GET', `/processes/${processId}/runs/${started.run_id}`, k.acme)).data;
}

export async function runsOf(k: ChannelKit<unknown>, processId: string): Promise<ChannelRunItem[]> {
  return (await k.ok<{ data: ChannelRunItem[] }>(200, 'GET', `/processes/${processId}/runs?per_page=100`, k.acme)).data;
}

export async function ordersOf(k: ChannelKit<unknown>, processId: string): Promise<{ id: string; external_id: string; status: string; error_code: string | null; shipping_address: Record<string, string> | null }[]> {
  return (await k.sql(`SELECT id, external_id, status, error_code, shipping_address FROM orders WHERE process_id = '${processId}' ORDER BY external_id`)) as never;
}
