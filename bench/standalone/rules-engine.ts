/**
 * The rules engine alone (`npm run bench:rules-engine`): the rules-batch bench's 20 flows (rules-dataset.ts)
 * over orderFactory's orders, no database and no HTTP — what one order costs the server's one JS thread for
 * evaluating the flows and making its stored trace (the two things the import does per order for rules).
 * rules-batch measures the whole import; this isolates the engine so a change to it is measured in seconds.
 *
 *   npm run bench:rules-engine -- --orders 20000 --rounds 5
 *   npm run bench:rules-engine -- --sample      # one order's stored trace
 */
import { parseArgs } from 'node:util';
import { evaluateFlows, ZOrderInput, type FlowFacts, type RunnableFlow, type SkuFacts, type TOrderInput } from '@omnio/domain';
import { orderFactory } from '../scenarios/orders-dataset';
import { benchFlows } from '../scenarios/rules-dataset';

const { values } = parseArgs({ options: { orders: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '5' }, sample: { type: 'boolean', default: false } } });
const N = Number(values.orders);
const ROUNDS = Number(values.rounds);

const DALLAS = '00000000-0000-4000-8000-0000000000da';
const DENVER = '00000000-0000-4000-8000-0000000000de';
const flows: RunnableFlow[] = benchFlows(DALLAS, DENVER).map((f, i) => ({
  id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`, name: f.name, version: 1, hook_point: 'before_import_order',
  nodes: f.nodes.map((n) => ({ ...n, uuid: `${f.name}-${n.id}` })),
}));

const next = orderFactory('engine');
const orders: TOrderInput[] = Array.from({ length: N }, () => ZOrderInput.parse(next()));
const skus = new Map<string, SkuFacts>();
for (const o of orders) {
  for (const l of o.lines) {
    const key = l.sku!.trim().toLowerCase();
    if (!skus.has(key)) {
      const n = Number(key.slice(4));
      skus.set(key, { sku: l.sku!, name: l.sku!, type: 'simple', category: null, brand: null, weight: n % 50 === 0 ? 12 : 1.5, barcode: null, availableByIloc: { [DALLAS]: 40, [DENVER]: n % 3 } });
    }
  }
}
const facts: FlowFacts = {
  skus, process: { id: 'p', name: 'Shop', driver: 'shopify' }, now: new Date(),
  ilocs: [
    { id: DENVER, name: 'Denver', priority: 1, country: 'US', region: 'CO', postal_code: '80202', ships: true },
    { id: DALLAS, name: 'Dallas', priority: 2, country: 'US', region: 'TX', postal_code: '75201', ships: true },
  ],
};

function loop(): number {
  const t = process.hrtime.bigint();
  let x = 0;
  for (let i = 0; i < 200_000_000; i++) x = (x + i * 7) % 1_000_003;
  if (x < 0) console.log(x);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

function round(): { evalMs: number; storeMs: number; bytes: number; errors: number } {
  let evalMs = 0;
  let storeMs = 0;
  let bytes = 0;
  let errors = 0;
  for (const order of orders) {
    const a = performance.now();
    const out = evaluateFlows(flows, order, facts);
    const b = performance.now();
    // As the import keeps it (rule-traces.ts traceJson): each flow's [steps, error, ms]; the flows' ids are a set kept once.
    const kept = new Array<unknown[]>(out.stored.length);
    for (let i = 0; i < out.stored.length; i++) kept[i] = [out.stored[i]![2], out.stored[i]![3], out.stored[i]![4]];
    bytes += JSON.stringify(kept).length;
    storeMs += performance.now() - b;
    evalMs += b - a;
    if (out.failure) errors++;
  }
  return { evalMs, storeMs, bytes, errors };
}

// --sample: one order's stored trace, to see what the import writes.
if (values.sample) { console.log(JSON.stringify(evaluateFlows(flows, orders[0]!, facts).stored)); process.exit(0); }
console.log(`CPU loop (200M iterations): ${loop().toFixed(0)} ms`);
round(); // warm-up
for (let r = 0; r < ROUNDS; r++) {
  const gc0 = performance.now();
  const { evalMs, storeMs, bytes, errors } = round();
  const all = performance.now() - gc0;
  console.log(`round ${r + 1}: ${N} orders x 20 flows in ${all.toFixed(0)} ms = ${(all / N * 1000).toFixed(1)} µs/order ` +
    `(evaluate ${(evalMs / N * 1000).toFixed(1)} µs, stored trace ${(storeMs / N * 1000).toFixed(1)} µs, ${Math.round(bytes / N)} B/order), ${errors} in error`);
}
