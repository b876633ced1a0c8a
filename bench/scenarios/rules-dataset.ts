import type { TFlowNode } from '@omnio/domain';
import type { ScenarioContext } from '../lib/types';
import { api } from './shopify-bench';

/**
 * The flows of the rules benches (docs/api-rules.md): 20 before_import_order flows a shop could really run,
 * written for the bench's order mix (orderFactory in orders-dataset.ts: ship-to states TX, CO, OR, IL, MA, WA,
 * FL, AZ, GA, NV, one tenth each; SKUs BNC-000001…; channel shopify; e-mails @bench.test; 3 lines of 1–3 units
 * at 5.00–94.99), so that most of them fire on many orders. Every order passes 4 routing flows (one per group
 * of states: 3 by stock, Texas by a named iLoc) and 16 that read totals, units, the customer, the lines, the
 * SKUs' weight and the channel, and set the ship method, tags, notes and custom fields. None holds, cancels
 * or notifies: the batch bench needs ≥ 99 % of the orders open, as orders-batch does.
 */

const start = (next: string): TFlowNode => ({ id: 'start', type: 'start', name: 'Start', prev: [], next: [next], formData: {} });
const end = (prev: string[]): TFlowNode => ({ id: 'end', type: 'end', name: 'End', prev, next: [], formData: {} });
const condition = (id: string, name: string, next: string[], match: 'all' | 'any' | 'none', conditions: Record<string, unknown>[]): TFlowNode =>
  ({ id, type: 'condition', name, prev: ['start'], next, formData: { match, conditions } });
const action = (id: string, actionType: string, formData: Record<string, unknown>, prev: string[], next = ['end'], name = id): TFlowNode =>
  ({ id, type: 'action', name, action_type: actionType, prev, next, formData });
/** The spec's routing group: a `router` node whose action is select_inventory_location. */
const route = (id: string, name: string, formData: Record<string, unknown>, prev: string[]): TFlowNode =>
  ({ id, type: 'router', groupType: 'router', name, prev, next: ['end'], action_type: 'select_inventory_location', ...(formData.iloc_id ? { iloc_id: formData.iloc_id as string } : {}), formData });

/** A flow whose one condition leads to one or more actions in a row (and, with `otherwise`, another on "no"). */
function simple(test: { name: string; match?: 'all' | 'any' | 'none'; conditions: Record<string, unknown>[] }, actions: [string, Record<string, unknown>][], otherwise?: [string, Record<string, unknown>]): TFlowNode[] {
  const ids = actions.map((_, i) => `do-${i + 1}`);
  const nodes: TFlowNode[] = [start('test'), condition('test', test.name, otherwise ? [ids[0]!, 'else'] : [ids[0]!], test.match ?? 'all', test.conditions)];
  actions.forEach(([type, form], i) => nodes.push(action(ids[i]!, type, form, [i === 0 ? 'test' : ids[i - 1]!], [ids[i + 1] ?? 'end'])));
  if (otherwise) nodes.push(action('else', otherwise[0], otherwise[1], ['test']));
  nodes.push(end(otherwise ? [ids[ids.length - 1]!, 'else'] : [ids[ids.length - 1]!]));
  return nodes;
}

const state = (states: string[]) => ({ field: 'shipping_address.state', operator: 'in', value: states });
const total = (from: number, to: number) => ({ field: 'order.total', operator: 'between', value: from, value2: to });
const units = (compare: string, value: number) => ({ field: 'order', operator: 'order_total_items', compare, value });
const skuPrefix = (prefix: string, quantifier: 'any' | 'none') => ({ field: 'line.sku', operator: 'starts_with', value: prefix, quantifier });

export interface BenchFlow {
  name: string;
  priority: number;
  description: string;
  nodes: TFlowNode[];
}

/**
 * The 20 flows, priorities 10…200. `dallas` and `denver` are the data set's two bench iLocs (BNC-DAL, BNC-DEN).
 * The four routing flows cover disjoint states, so each order is routed once: Texas only from Dallas (a
 * tenth of the orders take stock from one iLoc), the west from Denver then Dallas by stock, the rest by stock
 * over every iLoc that ships.
 */
export function benchFlows(dallas: string, denver: string): BenchFlow[] {
  const flows: Omit<BenchFlow, 'priority'>[] = [
    { name: 'Texas ships from Dallas', description: 'Texas orders take their stock from the Dallas warehouse only',
      nodes: [start('tx'), condition('tx', 'Ships to Texas?', ['dallas'], 'all', [state(['TX', 'Texas'])]),
        route('dallas', 'Ship from Dallas', { strategy: 'iloc', iloc_id: dallas }, ['tx']), end(['dallas'])] },
    { name: 'Mountain and west by stock, Denver first', description: 'The west ships from Denver, else Dallas, whichever has every line',
      nodes: [start('west'), condition('west', 'Ships west?', ['by-stock'], 'all', [state(['CO', 'AZ', 'NV', 'WA', 'OR'])]),
        route('by-stock', 'Denver, then Dallas, by stock', { strategy: 'stock', iloc_ids: [denver, dallas] }, ['west']), end(['by-stock'])] },
    { name: 'Southeast by best stock', description: 'Florida and Georgia from the first iLoc that has every line',
      nodes: [start('se'), condition('se', 'Ships to the southeast?', ['by-stock'], 'all', [state(['FL', 'GA'])]),
        route('by-stock', 'Best stock', { strategy: 'stock' }, ['se']), end(['by-stock'])] },
    { name: 'Midwest and northeast by best stock', description: 'Illinois and Massachusetts from the first iLoc that has every line',
      nodes: [start('ne'), condition('ne', 'Ships to IL or MA?', ['by-stock'], 'all', [state(['IL', 'MA'])]),
        route('by-stock', 'Best stock', { strategy: 'stock' }, ['ne']), end(['by-stock'])] },
    { name: 'Express over $400', description: 'Big orders go express with UPS',
      nodes: simple({ name: 'Total $400 or more?', conditions: [total(400, 100_000)] }, [['set_ship_method', { ship_method: 'express', ship_carrier: 'ups' }]]) },
    { name: 'Expedited $250 to $400', description: 'Mid-size orders go expedited with FedEx',
      nodes: simple({ name: 'Total $250–$399.99?', conditions: [total(250, 399.99)] }, [['set_ship_method', { ship_method: 'expedited', ship_carrier: 'fedex' }]]) },
    { name: 'Tag mid-value orders', description: 'Orders of $100–$249.99 are tagged for the loyalty mailing',
      nodes: simple({ name: 'Total $100–$249.99?', conditions: [total(100, 249.99)] }, [['add_tag', { tag: 'mid-value' }]]) },
    { name: 'Bulk order note', description: 'Seven units or more need the large carton',
      nodes: simple({ name: '7 units or more?', conditions: [units('gte', 7)] }, [['add_note', { note: 'Bulk order: pack in a large carton' }], ['add_tag', { tag: 'bulk' }]]) },
    { name: 'Parcel size', description: 'Up to 4 units is a small parcel, more a large one',
      nodes: simple({ name: '4 units or fewer?', conditions: [units('lte', 4)] }, [['add_tag', { tag: 'small-parcel' }]], ['add_tag', { tag: 'large-parcel' }]) },
    { name: 'Web shop customers', description: 'Buyers of the web shop get the web segment',
      nodes: simple({ name: 'Web shop e-mail?', conditions: [{ field: 'customer.email', operator: 'ends_with', value: '@bench.test' }] }, [['set_field', { field: 'metadata.customer_segment', value: 'web-shop' }]]) },
    { name: 'Marketplace buyers', description: 'Relayed marketplace e-mails are tagged (none in this shop today)',
      nodes: simple({ name: 'Marketplace relay e-mail?', match: 'any', conditions: [
        { field: 'customer.email', operator: 'ends_with', value: '@marketplace.amazon.com' }, { field: 'customer.email', operator: 'ends_with', value: '@relay.walmart.com' },
      ] }, [['add_tag', { tag: 'marketplace' }], ['set_field', { field: 'metadata.invoice', value: 'marketplace' }]]) },
    { name: 'Six-packs on the order', description: 'Lines of the 6-pack range (BNC-095…BNC-099) go to the case-pick lane',
      nodes: simple({ name: 'A 6-pack line?', match: 'any', conditions: ['BNC-095', 'BNC-096', 'BNC-097', 'BNC-098', 'BNC-099'].map((p) => skuPrefix(p, 'any')) },
        [['add_tag', { tag: 'case-pick' }], ['add_note', { note: 'Has 6-packs: case-pick lane' }]]) },
    { name: 'Clearance items', description: 'Orders with a clearance SKU (BNC-00…) are final sale',
      nodes: simple({ name: 'A clearance line?', conditions: [skuPrefix('BNC-00', 'any')] }, [['add_tag', { tag: 'clearance' }], ['set_field', { field: 'metadata.returns', value: 'final-sale' }]]) },
    { name: 'Free returns without clearance', description: 'No clearance line: the order is eligible for free returns',
      nodes: simple({ name: 'No clearance line?', conditions: [skuPrefix('BNC-00', 'none')] }, [['set_field', { field: 'metadata.returns', value: 'free' }]]) },
    { name: 'Light parcels', description: 'No item heavier than 10 kg: the parcel lane',
      nodes: simple({ name: 'No line over 10 kg?', conditions: [{ field: 'sku.weight', operator: 'greater_than', value: 10, quantifier: 'none' }] }, [['set_field', { field: 'metadata.lane', value: 'parcel' }]], ['set_field', { field: 'metadata.lane', value: 'freight' }]) },
    { name: 'Shopify orders', description: 'Orders of the Shopify store are tagged',
      nodes: simple({ name: 'From Shopify?', conditions: [{ field: 'order.channel', operator: 'equals', value: 'shopify' }] }, [['add_tag', { tag: 'shopify' }]]) },
    { name: 'Sales channel field', description: 'The sales channel for the accounting export, from the connection or the channel',
      nodes: simple({ name: 'Shopify connection or channel?', match: 'any', conditions: [
        { field: 'process.driver', operator: 'equals', value: 'shopify' }, { field: 'order.channel', operator: 'equals', value: 'shopify' },
      ] }, [['set_field', { field: 'metadata.sales_channel', value: 'shopify' }]], ['set_field', { field: 'metadata.sales_channel', value: 'other' }]) },
    { name: 'Small west coast orders by USPS', description: 'Orders under $100 to Washington and Oregon ship standard with USPS',
      nodes: simple({ name: 'WA/OR under $100?', conditions: [state(['WA', 'OR']), total(0, 99.99)] }, [['set_ship_method', { ship_method: 'standard', ship_carrier: 'usps' }]]) },
    { name: 'Florida humidity packing', description: 'Florida orders get the humidity pack',
      nodes: simple({ name: 'Ships to Florida?', conditions: [state(['FL'])] }, [['add_note', { note: 'Add a humidity pack' }], ['set_field', { field: 'metadata.packing', value: 'humidity' }]]) },
    { name: 'Gift message check', description: 'Orders of Nevada and Arizona with 3 lines get the gift message insert',
      nodes: simple({ name: 'NV/AZ with 3 lines?', conditions: [state(['NV', 'AZ']), { field: 'order', operator: 'order_total_line', compare: 'eq', value: 3 }] }, [['add_tag', { tag: 'gift-insert' }]]) },
  ];
  return flows.map((f, i) => ({ ...f, priority: 10 * (i + 1) }));
}

/**
 * Creates the 20 flows through the API as the shop's user would (POST /rules, then POST /rules/{id}/enable)
 * and answers their ids. The routing flows name the data set's Dallas and Denver iLocs, looked up among
 * `ilocIds` by code.
 */
export async function createBenchFlows(ctx: ScenarioContext, token: string, ilocIds: readonly string[]): Promise<string[]> {
  const started = Date.now();
  const rows = await ctx.ownerQuery(`SELECT id, code FROM ilocs WHERE id = ANY($1::uuid[])`, [ilocIds]);
  const idOf = (code: string) => {
    const row = rows.find((r) => r.code === code);
    if (!row) throw new Error(`the rules flows need the inventory data set's iLoc ${code}`);
    return String(row.id);
  };
  const ids: string[] = [];
  let conflicts = 0;
  for (const flow of benchFlows(idOf('BNC-DAL'), idOf('BNC-DEN'))) {
    const made = await api<{ data: { id: string } }>(ctx, token, 'POST', '/rules', { ...flow, hook_point: 'before_import_order' }, 201);
    const enabled = await api<{ data: { status: string; conflicts?: unknown[] } }>(ctx, token, 'POST', `/rules/${made.data.id}/enable`);
    if (enabled.data.status !== 'active') throw new Error(`flow "${flow.name}" is ${enabled.data.status} after enable`);
    conflicts += enabled.data.conflicts?.length ?? 0;
    ids.push(made.data.id);
  }
  console.log(`[bench] ${ids.length} rule flows created and enabled in ${((Date.now() - started) / 1000).toFixed(1)} s (${conflicts} conflicts shown to the author, as expected: several set the ship method or route)`);
  return ids;
}
