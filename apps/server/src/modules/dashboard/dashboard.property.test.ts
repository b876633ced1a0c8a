import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '@omnio/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { inTenant } from '../inventory/inventory.fixtures';
import { act, ADDRESS, orderBody, orderWorld, stockedSku, type Headers, type OrderWorld } from '../orders/orders.test-kit';
import { topSkus } from './dashboard-top-skus';
import { foldDashboard } from './dashboard.jobs';
import { rollupsAndRecounts, topSkuFigures, topSkusRecount } from './dashboard.test-kit';

/**
 * The rollups stay equal to a recount of the orders tables whatever happens to the orders: random imports through
 * the real batch import (some of them at the same time as each other and as folds), cancels, holds and releases,
 * ships, edits through the API, late edits of created_at, total, address and currency, lines and allocations changed
 * or removed underneath, deletes, and folds at random points. Checked after every few steps, folded or not; and the
 * top-SKUs card, served from its cache whenever the cache's bound allows (reads also race folds and imports), equals
 * a recount at the same points.
 */

let t: TestApp;
let acme: Headers;
let world: OrderWorld;
let skus: string[];
const SEED = Number(process.env.DASHBOARD_PROPERTY_SEED ?? 2326);
const STEPS = Number(process.env.DASHBOARD_PROPERTY_STEPS ?? 60);

beforeAll(async () => {
  t = await createTestApp();
  acme = await t.as('acmeTenant');
  world = await orderWorld(t);
  skus = [];
  for (let i = 0; i < 4; i++) skus.push((await stockedSku(t, world, acme, [20, 20])).code);
});
afterAll(() => t.close());

describe('dashboard rollups under random operations', () => {
  it(`equal a recount after every step (seed ${SEED}, ${STEPS} steps)`, async () => {
    const rnd = seededRandom(SEED);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
    const countries = ['US', 'DE', 'fr', null] as const;

    function randomOrder() {
      const country = pick(countries);
      const { country: _c, ...noCountry } = ADDRESS;
      const lines = Array.from({ length: int(1, 3) }, () => ({ sku: pick(skus), quantity: int(1, 4), price: `${int(1, 90)}.${int(10, 99)}` }));
      return orderBody(lines, {
        channel: pick(['prop-shop', 'prop-market']),
        currency: pick(['USD', 'USD', 'EUR']),
        shipping_address: country === null ? noCountry : { ...ADDRESS, country },
        ...(rnd() < 0.15 ? { status: 'draft' } : {}),
      });
    }
    const importBatch = async (n: number) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/1.0/orders/batch', headers: acme, payload: { orders: Array.from({ length: n }, randomOrder) } });
      expect(res.statusCode, res.body).toBe(200);
    };
    const fold = () => inTenant(t, world.acme, (tx) => foldDashboard(tx, 3));
    // The top-SKUs card through its cache, small enough for 4 SKUs to have one outside it: 2 rows from a cache of 3,
    // over the days the orders can be on (now, less at most 41 days of late created_at edits).
    const today = new Date().toISOString().slice(0, 10);
    const range = { from: new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10), to: today };
    const sources: string[] = [];
    const readTop = (currency: string) => inTenant(t, world.acme, (tx) => topSkus(tx, world.acme, range, currency, 2, { cacheSize: 3 }));
    const someOrder = async (): Promise<string | null> => {
      const rows = await t.database.ownerExec(`SELECT id FROM orders WHERE tenant_id = '${world.acme}' AND channel LIKE 'prop-%' ORDER BY id`);
      return rows.length ? String(pick(rows).id) : null;
    };
    const owner = (text: string) => t.database.ownerExec(text);
    const ops: Record<string, () => Promise<unknown>> = {
      import: () => importBatch(int(1, 6)),
      concurrent: () => Promise.all([importBatch(int(2, 5)), importBatch(int(2, 5)), fold(), fold(), readTop('USD'), readTop('USD')]),
      readTop: () => readTop(pick(['USD', 'EUR'])),
      fold,
      cancel: async () => { const id = await someOrder(); if (id) await act(t, acme, id, 'cancel'); },
      hold: async () => { const id = await someOrder(); if (id) await act(t, acme, id, 'hold'); },
      release: async () => { const id = await someOrder(); if (id) await act(t, acme, id, 'release'); },
      ship: async () => { const id = await someOrder(); if (id) await act(t, acme, id, 'mark-shipped'); },
      submit: async () => { const id = await someOrder(); if (id) await act(t, acme, id, 'submit'); },
      editLines: async () => {
        const id = await someOrder();
        if (!id) return;
        const { external_id: _e, channel: _ch, status: _s, ...body } = randomOrder() as Record<string, unknown>;
        await t.app.inject({ method: 'PUT', url: `/api/1.0/orders/${id}`, headers: acme, payload: body });
      },
      lateCreatedAt: async () => {
        const id = await someOrder();
        if (id) await owner(`UPDATE orders SET created_at = created_at - interval '${int(1, 40)} days' - interval '${int(0, 23)} hours' WHERE id = '${id}'`);
      },
      lateFields: async () => {
        const id = await someOrder();
        if (id) {
          await owner(`UPDATE orders SET total = total + ${int(1, 50)}, currency = '${pick(['USD', 'EUR'])}',
            shipping_address = jsonb_set(coalesce(shipping_address, '{}'), '{country}', '"${pick(['US', 'CA', 'de'])}"') WHERE id = '${id}'`);
        }
      },
      bulkStatus: () => owner(`UPDATE orders SET status = CASE WHEN status = 'open' THEN 'on_hold' ELSE status END
        WHERE tenant_id = '${world.acme}' AND channel = 'prop-market' AND random() < 0.3`),
      lineGone: async () => {
        const id = await someOrder();
        if (id) await owner(`DELETE FROM order_lines WHERE id = (SELECT id FROM order_lines WHERE order_id = '${id}' ORDER BY line_no DESC LIMIT 1)`);
      },
      lineChanged: async () => {
        const id = await someOrder();
        if (id) await owner(`UPDATE order_lines SET quantity = quantity + 1, total = total + 3 WHERE order_id = '${id}'`);
      },
      allocationShipped: async () => {
        const id = await someOrder();
        if (id) await owner(`UPDATE order_allocations SET qty_shipped = qty_shipped + quantity, quantity = 0 WHERE order_id = '${id}'`);
      },
      allocationGone: async () => {
        const id = await someOrder();
        if (id) await owner(`DELETE FROM order_allocations WHERE order_id = '${id}'`);
      },
      delete: async () => { const id = await someOrder(); if (id) await owner(`DELETE FROM orders WHERE id = '${id}'`); },
    };
    const weights: [string, number][] = [
      ['import', 5], ['concurrent', 2], ['fold', 2], ['cancel', 2], ['hold', 1], ['release', 1], ['ship', 1], ['submit', 1], ['editLines', 2],
      ['lateCreatedAt', 2], ['lateFields', 2], ['bulkStatus', 1], ['lineGone', 1], ['lineChanged', 1], ['allocationShipped', 1],
      ['allocationGone', 1], ['delete', 1], ['readTop', 2],
    ];
    const total = weights.reduce((s, [, w]) => s + w, 0);
    const done: string[] = [];
    for (let step = 0; step < STEPS; step++) {
      let r = rnd() * total;
      const name = weights.find(([, w]) => (r -= w) < 0)?.[0] ?? 'import';
      await ops[name]!();
      done.push(name);
      if (step % 5 === 4 || step === STEPS - 1) {
        const { rollups, recounts } = await rollupsAndRecounts(t);
        expect(rollups, `after ${done.join(', ')}`).toEqual(recounts);
        for (const currency of ['USD', 'EUR']) {
          const got = await readTop(currency);
          sources.push(got.source);
          expect(topSkuFigures(got.rows), `top SKUs ${currency} (${got.source}) after ${done.join(', ')}`)
            .toEqual(await topSkusRecount(t, world.acme, range.from, range.to, currency, 2));
        }
      }
    }
    // Everything folded: the deltas are gone and the rollups alone are the recount.
    await inTenant(t, world.acme, (tx) => foldDashboard(tx));
    const left = await t.database.ownerExec(`SELECT count(*)::int AS n FROM dashboard_order_days_delta WHERE tenant_id = '${world.acme}'`);
    expect(left[0]!.n).toBe(0);
    const { rollups, recounts } = await rollupsAndRecounts(t);
    expect(rollups).toEqual(recounts);
    expect(done.filter((d) => d === 'import' || d === 'concurrent').length).toBeGreaterThan(3);
    // Both ways of answering were taken and checked.
    expect(sources).toContain('cache');
    expect(sources).toContain('recount');
  }, 240_000);
});
