import type { TOrderInput } from '../orders';
import type { FlowFacts, IlocFacts, RunnableFlow, SkuFacts } from './rule-evaluate';
import type { TFlowCondition, TFlowNode } from './rule-flow';

/** Fixtures shared by the rule engine's tests (not exported from the package). */

export const ILOC = {
  dallas: '11111111-1111-4111-8111-111111111111',
  reno: '22222222-2222-4222-8222-222222222222',
  miami: '33333333-3333-4333-8333-333333333333',
  closed: '44444444-4444-4444-8444-444444444444',
} as const;

export const ilocs: IlocFacts[] = [
  { id: ILOC.reno, name: 'Reno', priority: 2, country: 'US', region: 'NV', postal_code: '89501', ships: true },
  { id: ILOC.dallas, name: 'Dallas', priority: 1, country: 'US', region: 'TX', postal_code: '75201', ships: true },
  { id: ILOC.miami, name: 'Miami', priority: 3, country: 'US', region: 'FL', postal_code: '33101', ships: true },
  { id: ILOC.closed, name: 'Closed', priority: 0, country: 'US', region: 'TX', postal_code: '75001', ships: false },
];

const sku = (code: string, weight: number | null, availableByIloc: Record<string, number>, extra: Partial<SkuFacts> = {}): SkuFacts => ({
  sku: code, name: `${code} name`, type: 'simple', category: 'Toys', brand: 'Acme', weight, barcode: null, availableByIloc, ...extra,
});

export function facts(over: Partial<FlowFacts> = {}): FlowFacts {
  return {
    skus: new Map([
      ['abc', sku('ABC', 2.5, { [ILOC.dallas]: 1, [ILOC.reno]: 10, [ILOC.miami]: 5, [ILOC.closed]: 100 })],
      ['heavy', sku('HEAVY', 12, { [ILOC.dallas]: 10, [ILOC.reno]: 0 }, { brand: 'Big' })],
      ['nw', sku('NW', null, { [ILOC.miami]: 3 })],
    ]),
    ilocs,
    process: { id: 'p1', name: 'My Shopify', driver: 'shopify' },
    now: new Date('2026-03-10T12:00:00.000Z'),
    ...over,
  };
}

export function order(over: Partial<TOrderInput> = {}): TOrderInput {
  return {
    external_id: 'EXT-1',
    channel: 'shopify',
    customer: { email: 'Ann@Example.com', first_name: 'Ann', last_name: 'Lee', company: null },
    shipping_address: { country: 'US', state: 'TX', city: 'Austin', zip: '73301', address1: '1 Main St' },
    billing_address: { country: 'US' },
    lines: [
      { sku: ' abc ', quantity: 2, price: '10.10', discount: '0.20', tax: '0.10', name: 'Widget' },
      { sku: 'HEAVY', quantity: 1, price: '0.10' },
    ],
    currency: 'USD',
    shipping: '5.00',
    notes: null,
    metadata: { tags: ['VIP', 'gift'], priority: '7', since: '2025-01-02' },
    deliver_by: '2026-03-20',
    ship_method: 'standard',
    ship_carrier: 'ups',
    ...over,
  };
}

let seq = 0;
/** start → nodes… → end, each to the next; a condition's "no" branch goes to `no` when given. */
type Middle = Pick<TFlowNode, 'id' | 'type' | 'name'> & Partial<Omit<TFlowNode, 'id' | 'type' | 'name' | 'prev' | 'next'>> & { no?: string };
export function chain(name: string, middle: Middle[] = []): RunnableFlow {
  const ids = ['start', ...middle.map((m) => m.id), 'end'];
  const nodes: TFlowNode[] = [{ id: 'start', type: 'start', name: 'Start', prev: [], next: [ids[1]!], formData: {} }];
  middle.forEach((m, k) => {
    const { no, ...rest } = m;
    nodes.push({ formData: {}, ...rest, prev: [ids[k]!], next: [ids[k + 2]!, ...(no ? [no] : [])] });
  });
  nodes.push({ id: 'end', type: 'end', name: 'End', prev: [ids[ids.length - 2]!], next: [], formData: {} });
  seq += 1;
  return { id: `flow-${seq}`, name, version: 1, hook_point: 'before_import_order', nodes };
}

export const action = (id: string, action_type: string, formData: Record<string, unknown>, extra: Partial<TFlowNode> = {}) =>
  ({ id, type: 'action' as const, name: `Do ${id}`, action_type, formData, ...extra });

export const condition = (id: string, conditions: TFlowCondition[], match: 'all' | 'any' | 'none' = 'all', no?: string) =>
  ({ id, type: 'condition' as const, name: `Is ${id}?`, formData: { match, conditions }, ...(no ? { no } : {}) });
