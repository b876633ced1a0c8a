import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addBuckets, isValidBalance, ZERO_BUCKETS, type AdjustableBucket, type BucketQuantities } from '@omnio/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DomainError } from '../../platform/http/errors';
import { applyMovements, consume, release, reserve, stockHolder, type MovementInput } from './ledger';
import { balanceOf, inTenant, ledgerViolations, makeIloc, makeSku, makeSynset, tenantIds } from './inventory.fixtures';

/**
 * Random sequences of adjustments (deltas, counts, atomic two-row batches), reservations, releases and
 * consumptions over REGULAR SKUs, packs, synset members and a pack of a member. A plain model predicts
 * which operations must succeed; after every sequence each balance equals the model, equals the sum of
 * its movements, and nothing is negative.
 */

const BUCKETS: AdjustableBucket[] = ['good', 'hold', 'hurt', 'in_transit'];
const SKU_COUNT = 7;

type Op =
  | { kind: 'adjust'; sku: number; iloc: number; bucket: AdjustableBucket; delta: number }
  | { kind: 'count'; sku: number; iloc: number; bucket: AdjustableBucket; quantity: number }
  | { kind: 'batch'; rows: { sku: number; iloc: number; bucket: AdjustableBucket; delta: number }[] }
  | { kind: 'reserve' | 'release' | 'consume'; sku: number; iloc: number; quantity: number };

const sku = fc.integer({ min: 0, max: SKU_COUNT - 1 });
const iloc = fc.integer({ min: 0, max: 1 });
const bucket = fc.constantFrom(...BUCKETS);
const delta = fc.integer({ min: -15, max: 25 }).filter((d) => d !== 0);
const adjustRow = fc.record({ sku, iloc, bucket, delta });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: adjustRow.map((r) => ({ kind: 'adjust' as const, ...r })) },
  { weight: 1, arbitrary: fc.record({ sku, iloc, bucket, quantity: fc.integer({ min: 0, max: 30 }) }).map((r) => ({ kind: 'count' as const, ...r })) },
  { weight: 1, arbitrary: fc.array(adjustRow, { minLength: 2, maxLength: 3 }).map((rows) => ({ kind: 'batch' as const, rows })) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('reserve' as const, 'release' as const, 'consume' as const), sku, iloc, quantity: fc.integer({ min: 1, max: 6 }) }) },
);

let t: TestApp;
let acme: string;
let ilocs: string[];
let run = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme } = await tenantIds(t));
  ilocs = [await makeIloc(t, acme, 'PROP-1'), await makeIloc(t, acme, 'PROP-2')];
});
afterAll(() => t.close());

/** Fresh SKUs per run: A, B, a 6-pack of A, synset members M1 and M2, a 3-pack of M1, and the synset. */
async function makeCatalog(): Promise<string[]> {
  const p = `P${++run}-`;
  const a = await makeSku(t, acme, { sku: `${p}A` });
  const b = await makeSku(t, acme, { sku: `${p}B` });
  const pack = await makeSku(t, acme, { sku: `${p}A-6`, packOf: { skuId: a, quantity: 6 } });
  const m1 = await makeSku(t, acme, { sku: `${p}M1` });
  const m2 = await makeSku(t, acme, { sku: `${p}M2` });
  const memberPack = await makeSku(t, acme, { sku: `${p}M1-3`, packOf: { skuId: m1, quantity: 3 } });
  const synset = await makeSynset(t, acme, `${p}S`, [m1, m2]);
  return [a, b, pack, m1, m2, memberPack, synset];
}

async function attempt(fn: () => Promise<unknown>): Promise<boolean> {
  try {
    await fn();
    return true;
  } catch (err) {
    if (err instanceof DomainError && err.code === 'VALIDATION') return false;
    throw err;
  }
}

describe('ledger property', () => {
  it('random sequences keep every balance equal to its ledger and never negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 18 }), async (ops) => {
        const skus = await makeCatalog();
        const holders = await inTenant(t, acme, (tx) => Promise.all(skus.map((s) => stockHolder(tx, acme, s))));
        const model = new Map<string, BucketQuantities>();
        const key = (s: number, i: number) => `${holders[s]!.holderSkuId}|${ilocs[i]}`;
        const get = (s: number, i: number) => model.get(key(s, i)) ?? { ...ZERO_BUCKETS };
        const movement = (r: { sku: number; iloc: number; bucket: AdjustableBucket; delta: number }): MovementInput => ({
          skuId: holders[r.sku]!.holderSkuId, ilocId: ilocs[r.iloc]!, delta: { [r.bucket]: r.delta * holders[r.sku]!.factor }, reason: 'correction',
        });

        for (const o of ops) {
          if (o.kind === 'adjust' || o.kind === 'batch') {
            const rows = o.kind === 'adjust' ? [o] : o.rows;
            const next = new Map(model);
            let valid = true;
            for (const r of rows) {
              const k = key(r.sku, r.iloc);
              const after = addBuckets(next.get(k) ?? ZERO_BUCKETS, { [r.bucket]: r.delta * holders[r.sku]!.factor });
              valid &&= isValidBalance(after);
              next.set(k, after);
            }
            const ok = await attempt(() => inTenant(t, acme, (tx) => applyMovements(tx, acme, rows.map(movement))));
            expect(ok, JSON.stringify(o)).toBe(valid);
            if (valid) for (const [k, v] of next) model.set(k, v);
          } else if (o.kind === 'count') {
            const target = o.quantity * holders[o.sku]!.factor;
            const before = get(o.sku, o.iloc);
            const after = { ...before, [o.bucket]: target };
            const ok = await attempt(() => inTenant(t, acme, (tx) =>
              applyMovements(tx, acme, [{ skuId: holders[o.sku]!.holderSkuId, ilocId: ilocs[o.iloc]!, set: { bucket: o.bucket, quantity: target }, reason: 'cycle_count' }])));
            expect(ok, JSON.stringify(o)).toBe(isValidBalance(after));
            if (ok) model.set(key(o.sku, o.iloc), after);
          } else {
            const units = o.quantity * holders[o.sku]!.factor;
            const d = { reserve: { reserved: units }, release: { reserved: -units }, consume: { good: -units, reserved: -units } }[o.kind];
            const after = addBuckets(get(o.sku, o.iloc), d);
            const primitive = { reserve, release, consume }[o.kind];
            const input = { skuId: skus[o.sku]!, ilocId: ilocs[o.iloc]!, quantity: o.quantity, reference: { type: 'order', id: `prop-${run}` } };
            const ok = await attempt(() => inTenant(t, acme, (tx) => primitive(tx, acme, input)));
            expect(ok, JSON.stringify(o)).toBe(isValidBalance(after));
            if (ok) model.set(key(o.sku, o.iloc), after);
          }
        }

        for (const [k, expected] of model) {
          const [holder, at] = k.split('|');
          expect(await balanceOf(t, acme, holder!, at!)).toEqual(expected);
        }
        expect(await ledgerViolations(t)).toEqual([]);
      }),
      { numRuns: 80 },
    );
  }, 60_000);
});
