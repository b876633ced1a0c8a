import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BEFORE_IMPORT_ORDER_NODES, type TFlowNode } from '@omnio/domain';
import { countRows } from '../../test/test-app';
import { ordersOf, runAction, stockedSkus, uniq, makeShopifyProcess, channelKit, type ChannelKit } from '../channels/channels.test-kit';
import { inTenant, makeIloc } from '../inventory/inventory.fixtures';
import { pruneTraces } from './rule-traces';

/**
 * Rules end to end on the real database: a flow saved (and refused at save when it names what the engine
 * does not know), enabled, routing imported orders through every entry (single, batch, CSV, a Shopify
 * channel through its fake), a failing action keeping the order in error with the trace, a dry run that
 * changes nothing, a re-apply, versions and roll back, the iLoc delete guard, and another company's 404s.
 */

let k: ChannelKit;
let west: string;
let dallas: string;
const SKUS = ['RULE-TEE', 'RULE-CAP', 'RULE-KIT-A', 'RULE-KIT-B'];

beforeAll(async () => {
  k = await channelKit();
  await stockedSkus(k, SKUS, 100);
  // Two more iLocs with stock: "west" is preferred by priority, so without a rule orders allocate there.
  west = await makeIloc(k.t, k.acmeId, uniq('WEST'));
  dallas = await makeIloc(k.t, k.acmeId, uniq('DAL'));
  await k.sql(`UPDATE ilocs SET priority = 500 WHERE tenant_id = '${k.acmeId}'`);
  await k.sql(`UPDATE ilocs SET priority = 1 WHERE id = '${west}'`);
  await k.sql(`UPDATE ilocs SET priority = 2 WHERE id = '${dallas}'`);
  for (const iloc of [west, dallas]) {
    await k.ok(201, 'POST', '/inventory/adjustments', k.acme, {
      adjustments: SKUS.map((sku) => ({ sku, iloc_id: iloc, bucket: 'good', delta: 100, reason: 'cycle_count' })),
    });
  }
});
afterAll(() => k.close());
// Flows are the company's: none may outlive its test and route the next test's orders.
afterEach(async () => {
  await k.sql(`UPDATE rule_flows SET status = 'inactive' WHERE status = 'active'`);
});

type Flow = { id: string; name: string; status: string; version: number; allowed_actions: string[]; conflicts: { flow_id: string; field: string }[]; warnings: string[]; nodes: TFlowNode[] };
type Order = { id: string; number: string; status: string; error_code: string | null; error_message: string | null; ship_method: string | null; notes: string | null; hold_until: string | null; lines: { sku: string; allocations: { iloc_id: string; quantity: number }[] }[] };
type Trace = { trigger: string; error: boolean; flows: { flow_name: string; version: number; error: string | null; steps: { node_id: string; branch?: string | null; changes?: { path: string; before: unknown; after: unknown }[]; conditions?: { result: boolean; actual?: unknown }[]; error?: string | null }[] }[] };

const ADDRESS = { first_name: 'Ada', last_name: 'Lovelace', address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
const orderBody = (state: string, extra: Record<string, unknown> = {}, sku = 'RULE-TEE') => ({
  external_id: uniq('R'), channel: 'manual', customer: { first_name: 'Ada', last_name: 'Lovelace', email: `${uniq('ada').toLowerCase()}@example.com` },
  shipping_address: { ...ADDRESS, state }, lines: [{ sku, quantity: 2, price: '10.00' }], ship_method: 'standard', ...extra,
});

const start = (next: string): TFlowNode => ({ id: 'start', type: 'start', name: 'Start', prev: [], next: [next], formData: {} });
const end = (prev: string[]): TFlowNode => ({ id: 'end', type: 'end', name: 'End', prev, next: [], formData: {} });
const action = (id: string, actionType: string, formData: Record<string, unknown>, prev: string[], next = ['end'], name = id): TFlowNode =>
  ({ id, type: 'action', name, action_type: actionType, prev, next, formData });
/** The two-branch flow: orders to Texas ship from Dallas; the rest go by stock. */
const texasFlow = (): TFlowNode[] => [
  start('is-tx'),
  { id: 'is-tx', type: 'condition', name: 'Ships to Texas?', prev: ['start'], next: ['dallas', 'by-stock'],
    formData: { match: 'all', conditions: [{ field: 'shipping_address.state', operator: 'in', value: ['TX', 'Texas'] }] } },
  { id: 'dallas', type: 'router', groupType: 'router', name: 'Ship from Dallas', prev: ['is-tx'], next: ['end'], action_type: 'select_inventory_location', iloc_id: dallas, formData: { strategy: 'iloc', iloc_id: dallas } },
  action('by-stock', 'select_inventory_location', { strategy: 'stock' }, ['is-tx']),
  end(['dallas', 'by-stock']),
];

async function makeFlow(nodes: TFlowNode[], name = uniq('Flow'), enable = true): Promise<Flow> {
  const made = (await k.ok<{ data: Flow }>(201, 'POST', '/rules', k.acme, { name, hook_point: 'before_import_order', nodes })).data;
  if (!enable) return made;
  return (await k.ok<{ data: Flow }>(200, 'POST', `/rules/${made.id}/enable`, k.acme)).data;
}
const getOrder = async (id: string) => (await k.ok<{ data: Order }>(200, 'GET', `/orders/${id}`, k.acme)).data;
const ilocsOf = (o: Order) => [...new Set(o.lines.flatMap((l) => l.allocations.map((a) => a.iloc_id)))];
const tracesOf = async (id: string) => (await k.ok<{ data: Trace[] }>(200, 'GET', `/orders/${id}/rule-traces`, k.acme)).data;

describe('rules: saving a flow', () => {
  it('creates inactive at version 1, enables, lists with its hook and status, and every save of nodes is a version', async () => {
    const name = uniq('Texas to Dallas');
    const made = (await k.ok<{ data: Flow }>(201, 'POST', '/rules', k.acme, { name, hook_point: 'before_import_order', nodes: texasFlow() })).data;
    expect(made).toMatchObject({ name, status: 'inactive', version: 1, allowed_actions: ['enable', 'delete'] });
    const enabled = (await k.ok<{ data: Flow }>(200, 'POST', `/rules/${made.id}/enable`, k.acme)).data;
    expect(enabled).toMatchObject({ status: 'active', allowed_actions: ['disable'] });
    const list = await k.ok<{ data: Flow[] }>(200, 'GET', `/rules?status=active&search=${encodeURIComponent(name)}`, k.acme);
    expect(list.data.map((f) => f.id)).toEqual([made.id]);

    const nodes = texasFlow();
    (nodes[1]!.formData.conditions as { value: string[] }[])[0]!.value = ['TX'];
    const saved = (await k.ok<{ data: Flow }>(200, 'PUT', `/rules/${made.id}`, k.acme, { nodes, version: 1, note: 'TX only' })).data;
    expect(saved.version).toBe(2);
    // A save over a version someone else replaced is refused, nothing written.
    const stale = await k.api('PUT', `/rules/${made.id}`, k.acme, { nodes: texasFlow(), version: 1 });
    expect(stale.statusCode).toBe(409);
    const versions = (await k.ok<{ data: { version: number; note: string | null; current: boolean }[] }>(200, 'GET', `/rules/${made.id}/versions`, k.acme)).data;
    expect(versions.map((v) => [v.version, v.note, v.current])).toEqual([[2, 'TX only', true], [1, null, false]]);
    const rolled = (await k.ok<{ data: Flow }>(200, 'POST', `/rules/${made.id}/rollback`, k.acme, { version: 1 })).data;
    expect(rolled.version).toBe(3);
    expect((rolled.nodes[1]!.formData.conditions as { value: string[] }[])[0]!.value).toEqual(['TX', 'Texas']);
    // An active flow is disabled before it is deleted; a deleted one is gone from the API.
    expect((await k.api('DELETE', `/rules/${made.id}`, k.acme)).statusCode).toBe(409);
    await k.ok(200, 'POST', `/rules/${made.id}/disable`, k.acme);
    expect((await k.api('DELETE', `/rules/${made.id}`, k.acme)).statusCode).toBe(204);
    expect((await k.api('GET', `/rules/${made.id}`, k.acme)).statusCode).toBe(404);
  });

  it('refuses at save, as a 422 naming the node, what the engine does not know; nothing is written', async () => {
    const before = await countRows(k.t, 'rule_flows');
    const cases: [TFlowNode[], RegExp, RegExp][] = [
      [[start('c'), { id: 'c', type: 'condition', name: 'C', prev: ['start'], next: ['end'], formData: { conditions: [{ field: 'order.colour', operator: 'equals', value: 'red' }] } }, end(['c'])], /nodes\.1\.formData\.conditions\.0\.field/, /Unknown field/],
      [[start('c'), { id: 'c', type: 'condition', name: 'C', prev: ['start'], next: ['end'], formData: { conditions: [{ field: 'order.total', operator: 'sounds_like', value: 1 }] } }, end(['c'])], /operator/, /operator/i],
      [[start('c'), { id: 'c', type: 'condition', name: 'C', prev: ['start'], next: ['end'], formData: { conditions: [{ field: 'order.total', operator: 'starts_with', value: '1' }] } }, end(['c'])], /operator/, /./],
      [[start('a'), action('a', 'teleport', {}, ['start']), end(['a'])], /nodes\.1/, /Unknown action/],
      [[start('a'), action('a', 'select_inventory_location', { strategy: 'iloc', iloc_id: '00000000-0000-4000-8000-000000000000' }, ['start']), end(['a'])], /nodes/, /iLoc/],
      [[start('a'), action('a', 'set_ship_method', { ship_method: 'express' }, ['start']), action('b', 'add_tag', { tag: 'x' }, []), end(['a', 'b'])], /nodes/, /cannot be reached/],
    ];
    for (const [nodes, field, message] of cases) {
      const res = await k.api('POST', '/rules', k.acme, { name: uniq('Bad'), hook_point: 'before_import_order', nodes });
      expect(res.statusCode, res.body).toBe(422);
      const body = res.json<{ message: string; errors: Record<string, string[]> }>();
      expect(Object.keys(body.errors).join(' ')).toMatch(field);
      expect(JSON.stringify(body.errors)).toMatch(message);
    }
    for (const junk of [{}, { name: 'x', nodes: 'no' }, { name: 'x', hook_point: 'never', nodes: texasFlow() }, { name: '', nodes: texasFlow() }]) {
      const res = await k.api('POST', '/rules', k.acme, junk);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toHaveProperty('message');
    }
    // A hook point whose flows do not run yet is refused rather than stored to do nothing.
    const later = await k.api('POST', '/rules', k.acme, { name: uniq('Labels'), hook_point: 'before_print_label', nodes: [start('end'), end(['start'])] });
    expect(later.statusCode).toBe(422);
    expect(await countRows(k.t, 'rule_flows')).toBe(before);
    // validate answers the same problems without a 422.
    const checked = (await k.ok<{ data: { valid: boolean; problems: unknown[] } }>(200, 'POST', '/rules/validate', k.acme, { hook_point: 'before_import_order', nodes: cases[0]![0] })).data;
    expect(checked.valid).toBe(false);
    expect(checked.problems.length).toBeGreaterThan(0);
  });

  it('starts a company\'s flow from the owner\'s template (spec 4 default: start → router select inventory location → end)', async () => {
    const owner = await k.t.as('owner');
    const template = (await k.ok<{ data: { id: string } }>(201, 'POST', '/rule-templates', owner, { name: uniq('Route by stock'), hook_point: 'before_import_order', nodes: DEFAULT_BEFORE_IMPORT_ORDER_NODES })).data;
    const offered = (await k.ok<{ data: { id: string }[] }>(200, 'GET', '/rules/templates?per_page=100', k.acme)).data;
    expect(offered.map((x) => x.id)).toContain(template.id);
    const made = (await k.ok<{ data: Flow }>(201, 'POST', '/rules', k.acme, { name: uniq('From template'), template_id: template.id })).data;
    expect(made.nodes.map((n) => [n.type, n.action_type ?? null])).toEqual([['start', null], ['router', 'select_inventory_location'], ['end', null]]);
    expect((await k.ok<{ data: { note: string | null }[] }>(200, 'GET', `/rules/${made.id}/versions`, k.acme)).data[0]!.note).toBe('From a template');
    expect((await k.api('POST', '/rules', k.acme, { name: uniq('x'), template_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(422);
  });

  it('shows the author two active flows that set the same field', async () => {
    const a = await makeFlow([start('m'), action('m', 'set_ship_method', { ship_method: 'express' }, ['start']), end(['m'])]);
    const b = (await k.ok<{ data: Flow }>(201, 'POST', '/rules', k.acme, { name: uniq('Ground'), nodes: [start('m'), action('m', 'set_ship_method', { ship_method: 'standard' }, ['start']), end(['m'])] })).data;
    expect(b.conflicts).toEqual(expect.arrayContaining([expect.objectContaining({ flow_id: a.id, field: 'ship_method' })]));
  });
});

describe('rules: routing imported orders', () => {
  it('sends Texas orders to Dallas and the rest by stock, through a single order, a batch and a CSV upload, with a trace on each', async () => {
    const flow = await makeFlow(texasFlow(), uniq('Texas to Dallas'));
    const single = (await k.ok<{ data: Order }>(201, 'POST', '/orders', k.acme, orderBody('TX'))).data;
    expect(ilocsOf(await getOrder(single.id))).toEqual([dallas]);
    const elsewhere = (await k.ok<{ data: Order }>(201, 'POST', '/orders', k.acme, orderBody('CA'))).data;
    expect(ilocsOf(await getOrder(elsewhere.id))).toEqual([west]);

    const batch = (await k.ok<{ data: { id: string }[] }>(200, 'POST', '/orders/batch', k.acme, { orders: [orderBody('Texas'), orderBody('NY')] })).data;
    expect(ilocsOf(await getOrder(batch[0]!.id))).toEqual([dallas]);
    expect(ilocsOf(await getOrder(batch[1]!.id))).toEqual([west]);
    // A batch's traces go in one statement: each is its own order's, whatever the text the conditions read.
    const odd = 'N,Y \u0001 "x"\\';
    const three = (await k.ok<{ data: { id: string }[] }>(200, 'POST', '/orders/batch', k.acme, { orders: [orderBody('CA'), orderBody(odd), orderBody('TX')] })).data;
    const firstSteps = async (id: string) => (await tracesOf(id))[0]!.flows[0]!.steps.find((s) => s.node_id === 'is-tx');
    expect(await firstSteps(three[0]!.id)).toMatchObject({ branch: 'no', conditions: [expect.objectContaining({ actual: 'CA' })] });
    expect(await firstSteps(three[1]!.id)).toMatchObject({ branch: 'no', conditions: [expect.objectContaining({ actual: odd })] });
    expect(await firstSteps(three[2]!.id)).toMatchObject({ branch: 'yes', conditions: [expect.objectContaining({ actual: 'TX' })] });

    const ext = uniq('CSV');
    const csv = ['external_id,first_name,last_name,email,address1,city,state,zip,country,sku,quantity,price', `${ext},Ada,Lovelace,ada@example.com,1 Main St,Austin,TX,78701,US,RULE-TEE,1,9.50`].join('\n');
    const boundary = '----rules';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="orders.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const res = await k.t.app.inject({ method: 'POST', url: '/api/1.0/orders/import', headers: { ...k.acme, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(res.statusCode, res.body).toBe(202);
    await k.drain();
    const [fromCsv] = await k.sql(`SELECT id FROM orders WHERE external_id = '${ext}'`);
    expect(ilocsOf(await getOrder(String(fromCsv!.id)))).toEqual([dallas]);

    // "Why did this order go to Dallas?": the flow and version, the branch, the condition's value, the change.
    const [trace] = await tracesOf(single.id);
    expect(trace).toMatchObject({ trigger: 'import', error: false });
    expect(trace!.flows).toEqual([expect.objectContaining({ flow_name: flow.name, version: 1, error: null })]);
    const steps = trace!.flows[0]!.steps;
    expect(steps.find((s) => s.node_id === 'is-tx')).toMatchObject({ branch: 'yes', conditions: [expect.objectContaining({ result: true, actual: 'TX' })] });
    expect(steps.find((s) => s.node_id === 'dallas')!.changes).toEqual([{ path: 'lines[0].iloc_id', before: null, after: dallas }]);
    const [other] = await tracesOf(elsewhere.id);
    expect(other!.flows[0]!.steps.find((s) => s.node_id === 'is-tx')).toMatchObject({ branch: 'no' });
    // Stored without the flow's id (the set of flows that ran is kept once); a trace stored before that reads the same.
    const [row] = await k.sql(`SELECT t.flows, t.flow_set, s.flows AS set FROM rule_traces t JOIN rule_trace_flow_sets s ON s.tenant_id = t.tenant_id AND s.id = t.flow_set WHERE t.subject_id = '${single.id}'`);
    expect(String(row!.flows)).not.toContain(flow.id);
    expect(JSON.parse(String(row!.set))).toEqual([[flow.id, 1]]);
    const legacy = JSON.parse(String(row!.flows)).map((t: unknown[]) => [flow.id, 1, ...t]);
    await k.sql(`INSERT INTO rule_traces (tenant_id, subject_id, hook_point, trigger, flows, created_at) VALUES ('${k.acmeId}', '${elsewhere.id}', 'before_import_order', 'retry', '${JSON.stringify(legacy)}', now() + interval '1 minute')`);
    const [old] = await tracesOf(elsewhere.id);
    expect(old).toMatchObject({ trigger: 'retry' });
    expect(old!.flows).toEqual(trace!.flows);
    const listed = (await k.ok<{ data: { last_run_at: string | null }[] }>(200, 'GET', `/rules?search=${encodeURIComponent(flow.name)}`, k.acme)).data;
    expect(listed[0]!.last_run_at).not.toBeNull();
  });

  it('reads the catalog of the lines\' SKUs on a batch import: category, brand, weight, name and barcode', async () => {
    const code = uniq('RULE-ANVIL');
    await stockedSkus(k, [code], 20);
    const category = (await k.ok<{ data: { id: string } }>(201, 'POST', '/categories', k.acme, { name: uniq('Heavy goods') })).data;
    const brand = (await k.ok<{ data: { id: string } }>(201, 'POST', '/brands', k.acme, { name: uniq('Acme Tools') })).data;
    const [product] = await k.sql(`INSERT INTO products (tenant_id, name, category_id, brand_id) VALUES ('${k.acmeId}', 'Anvils', '${category.id}', '${brand.id}') RETURNING id`);
    await k.sql(`UPDATE skus SET product_id = '${String(product!.id)}', name = 'Forged anvil', weight = 12.5, barcode = '0042' WHERE tenant_id = '${k.acmeId}' AND sku = '${code}'`);
    const [catName] = await k.sql(`SELECT name FROM categories WHERE id = '${category.id}'`);
    const [brandName] = await k.sql(`SELECT name FROM brands WHERE id = '${brand.id}'`);
    const tagWhen = (tag: string, conditions: Record<string, unknown>[]): TFlowNode[] => [
      start('c'), { id: 'c', type: 'condition', name: `${tag}?`, prev: ['start'], next: ['t'], formData: { match: 'all', conditions } },
      action('t', 'add_tag', { tag }, ['c']), end(['t']),
    ];
    await makeFlow(tagWhen('heavy-brand', [
      { field: 'sku.category', operator: 'equals', value: String(catName!.name), quantifier: 'any' },
      { field: 'sku.brand', operator: 'equals', value: String(brandName!.name), quantifier: 'any' },
    ]));
    await makeFlow(tagWhen('over-10kg', [{ field: 'sku.weight', operator: 'greater_than', value: 10, quantifier: 'any' }]));
    await makeFlow(tagWhen('anvil', [{ field: 'sku.name', operator: 'contains', value: 'anvil', quantifier: 'any' }, { field: 'sku.barcode', operator: 'equals', value: '0042', quantifier: 'any' }]));
    const batch = (await k.ok<{ data: { id: string; status: string }[] }>(200, 'POST', '/orders/batch', k.acme, { orders: [orderBody('CA', {}, code), orderBody('CA')] })).data;
    expect(batch.map((o) => o.status)).toEqual(['open', 'open']);
    const tags = async (id: string) => (await k.sql(`SELECT metadata->'tags' AS tags FROM orders WHERE id = '${id}'`))[0]!.tags ?? null;
    expect(await tags(batch[0]!.id)).toEqual(['heavy-brand', 'over-10kg', 'anvil']);
    expect(await tags(batch[1]!.id)).toBeNull();
  });

  it('reads a SKU\'s name, weight and barcode from the import\'s own SKU read, and from its details for a code in other case', async () => {
    const [exact, other] = [uniq('RULE-SLEDGE'), uniq('RULE-MALLET')];
    await stockedSkus(k, [exact, other], 20);
    await k.sql(`UPDATE skus SET name = 'Sledge hammer', weight = 11, barcode = '0077' WHERE tenant_id = '${k.acmeId}' AND sku IN ('${exact}', '${other}')`);
    const tagWhen = (tag: string, conditions: Record<string, unknown>[]): TFlowNode[] => [
      start('c'), { id: 'c', type: 'condition', name: `${tag}?`, prev: ['start'], next: ['t'], formData: { match: 'all', conditions } },
      action('t', 'add_tag', { tag }, ['c']), end(['t']),
    ];
    // No flow reads a category or brand: the catalog comes with the import's first read (exact codes) only.
    await makeFlow(tagWhen('over-10kg', [{ field: 'sku.weight', operator: 'greater_than', value: 10, quantifier: 'any' }]));
    await makeFlow(tagWhen('hammer', [{ field: 'sku.name', operator: 'contains', value: 'hammer', quantifier: 'any' }, { field: 'sku.barcode', operator: 'equals', value: '0077', quantifier: 'any' }]));
    const batch = (await k.ok<{ data: { id: string; status: string }[] }>(200, 'POST', '/orders/batch', k.acme, {
      orders: [orderBody('CA', {}, exact), orderBody('CA', {}, other.toLowerCase()), orderBody('CA')],
    })).data;
    expect(batch.map((o) => o.status)).toEqual(['open', 'open', 'open']);
    const tags = async (id: string) => (await k.sql(`SELECT metadata->'tags' AS tags FROM orders WHERE id = '${id}'`))[0]!.tags ?? null;
    expect(await tags(batch[0]!.id)).toEqual(['over-10kg', 'hammer']);
    expect(await tags(batch[1]!.id)).toEqual(['over-10kg', 'hammer']);
    expect(await tags(batch[2]!.id)).toBeNull();
  });

  it('routes orders a channel imports: a Shopify order to Texas, through the fake store', async () => {
    await makeFlow(texasFlow(), uniq('Channel Texas'));
    const shopify = await makeShopifyProcess(k);
    const tx = k.fake.addOrder({ lineItems: [{ sku: 'RULE-TEE', quantity: 1, price: '19.90' }], shippingAddress: { provinceCode: 'TX', province: 'Texas', city: 'Austin', zip: '78701', countryCode: 'US', country: 'United States', address1: '1 Main', firstName: 'Ada', lastName: 'L' } });
    const run = await runAction(k, shopify.id, 'import_orders');
    expect(run.status).toBe('COMPLETED');
    const [order] = (await ordersOf(k, shopify.id)).filter((o) => o.external_id === String(tx.id));
    expect(order, JSON.stringify(await ordersOf(k, shopify.id))).toBeDefined();
    expect(ilocsOf(await getOrder(order!.id))).toEqual([dallas]);
  });

  it('conditions over the connection and the lines, and actions that set fields, tag, note, hold and add a kit', async () => {
    await makeFlow([
      start('big'),
      { id: 'big', type: 'condition', name: 'Two or more units, no cap?', prev: ['start'], next: ['express'],
        formData: { match: 'all', conditions: [
          { field: 'order', operator: 'order_total_items', compare: 'gte', value: 2 },
          { field: 'line.sku', operator: 'equals', value: 'RULE-CAP', quantifier: 'none' },
          { field: 'order.channel', operator: 'equals', value: 'manual' },
        ] } },
      action('express', 'set_ship_method', { ship_method: 'express', ship_carrier: 'ups' }, ['big'], ['tag']),
      action('tag', 'add_tag', { tag: 'vip' }, ['express'], ['note']),
      action('note', 'add_note', { note: 'Routed by rules' }, ['tag'], ['kit']),
      action('kit', 'replace_line', { match_sku: 'RULE-TEE', with: [{ sku: 'RULE-KIT-A', quantity: 1 }, { sku: 'RULE-KIT-B', quantity: 2 }] }, ['note'], ['hold']),
      action('hold', 'hold', { hours: 24 }, ['kit']),
      end(['hold']),
    ]);
    const made = (await k.ok<{ data: Order }>(201, 'POST', '/orders', k.acme, orderBody('CA'))).data;
    const order = await getOrder(made.id);
    expect(order).toMatchObject({ status: 'on_hold', ship_method: 'express', notes: 'Routed by rules' });
    expect(Date.parse(order.hold_until!)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(order.lines.map((l) => [l.sku])).toEqual([['RULE-KIT-A'], ['RULE-KIT-B']]);
    const [row] = await k.sql(`SELECT metadata, ship_carrier FROM orders WHERE id = '${made.id}'`);
    expect(row).toMatchObject({ metadata: { tags: ['vip'] }, ship_carrier: 'ups' });
    // One unit with a cap: the condition fails, nothing changes.
    const small = (await k.ok<{ data: Order }>(201, 'POST', '/orders', k.acme, orderBody('CA', { lines: [{ sku: 'RULE-CAP', quantity: 3, price: '5.00' }] }))).data;
    expect(await getOrder(small.id)).toMatchObject({ status: 'open', ship_method: 'standard' });
  });

  it('runs when a draft is submitted; a cancel and a notification happen after the order is written', async () => {
    await makeFlow([
      start('vip'),
      { id: 'vip', type: 'condition', name: 'Fraud check', prev: ['start'], next: ['cancel'], formData: { conditions: [{ field: 'customer.email', operator: 'ends_with', value: '@fraud.test' }] } },
      action('cancel', 'cancel', { reason: 'Fraud' }, ['vip'], ['tell']),
      action('tell', 'notify', { title: 'Order cancelled by rules', message: 'A fraud check matched' }, ['cancel']),
      end(['tell']),
    ]);
    const before = await countRows(k.t, 'notifications');
    const draft = (await k.ok<{ data: Order }>(201, 'POST', '/orders', k.acme, orderBody('CA', { status: 'draft', customer: { first_name: 'F', last_name: 'R', email: 'x@fraud.test' } }))).data;
    expect(draft.status).toBe('draft');
    await k.ok(200, 'POST', `/orders/${draft.id}/submit`, k.acme);
    expect((await getOrder(draft.id)).status).toBe('cancelled');
    expect(await countRows(k.t, 'notifications')).toBeGreaterThan(before);
    expect((await tracesOf(draft.id))[0]).toMatchObject({ trigger: 'submit' });
  });

  it('a failing action keeps the order in error with rule_general_error and the rule\'s name, nothing half applied, and the trace says where', async () => {
    const gone = await makeIloc(k.t, k.acmeId, uniq('GONE'));
    const flow = await makeFlow([
      start('express'),
      action('express', 'set_ship_method', { ship_method: 'express' }, ['start'], ['route'], 'Go express'),
      action('route', 'select_inventory_location', { strategy: 'iloc', iloc_id: gone }, ['express'], ['end'], 'Ship from the old warehouse'),
      end(['route']),
    ], uniq('Old warehouse'));
    // Archived after the flow was saved: the flow is valid, the iLoc no longer ships.
    const archived = await k.t.app.inject({ method: 'PATCH', url: `/api/1.0/tenants/${k.acmeId}/ilocs/${gone}/archive-iloc`, headers: k.acme });
    expect(archived.statusCode, archived.body).toBe(200);
    const made = (await k.ok<{ data: Order }>(201, 'POST', '/orders', k.acme, orderBody('CA'))).data;
    const order = await getOrder(made.id);
    expect(order).toMatchObject({ status: 'error', error_code: 'rule_general_error', ship_method: 'standard' });
    expect(order.error_message).toContain(flow.name);
    expect(order.error_message).toContain('Ship from the old warehouse');
    expect(ilocsOf(order)).toEqual([]);
    const [trace] = await tracesOf(made.id);
    expect(trace).toMatchObject({ error: true });
    expect(trace!.flows[0]!.error).toBeTruthy();
    expect(trace!.flows[0]!.steps.find((s) => s.node_id === 'route')!.error).toBeTruthy();

    // The seller mends it (the iLoc ships again) and retries: the flows run again, this time through.
    await k.t.app.inject({ method: 'PATCH', url: `/api/1.0/tenants/${k.acmeId}/ilocs/${gone}/archive-iloc`, headers: k.acme, payload: { archived: false } });
    await k.ok(201, 'POST', '/inventory/adjustments', k.acme, { adjustments: [{ sku: 'RULE-TEE', iloc_id: gone, bucket: 'good', delta: 5, reason: 'cycle_count' }] });
    await k.ok(200, 'POST', `/orders/${made.id}/retry`, k.acme);
    const retried = await getOrder(made.id);
    expect(retried).toMatchObject({ status: 'open', ship_method: 'express' });
    expect(ilocsOf(retried)).toEqual([gone]);
    const traces = await tracesOf(made.id);
    expect(traces.map((x) => [x.trigger, x.error])).toEqual([['retry', false], ['import', true]]);
    // A hold and a release by hand are the seller's: the flows do not run over them.
    await k.ok(200, 'POST', `/orders/${made.id}/hold`, k.acme, {});
    await k.ok(200, 'POST', `/orders/${made.id}/release`, k.acme);
    expect(await tracesOf(made.id)).toHaveLength(2);
  });
});

describe('rules: the OpenAPI document', () => {
  it('describes every rules endpoint and the flow node', async () => {
    const doc = (await k.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    for (const path of ['/api/1.0/rules', '/api/1.0/rules/{id}', '/api/1.0/rules/validate', '/api/1.0/rules/{id}/versions', '/api/1.0/rules/{id}/rollback',
      '/api/1.0/rules/{id}/dry-runs', '/api/1.0/rules/{id}/dry-runs/{runId}/results', '/api/1.0/rules/{id}/apply', '/api/1.0/orders/{id}/rule-traces']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(JSON.stringify(doc.paths['/api/1.0/rules']!.post!.requestBody)).toContain('formData');
  });
});

describe('rules: dry run, re-apply and the iLoc guard', () => {
  it('a dry run over past orders changes nothing and shows what the flow would change beside what happened', async () => {
    const past = [(await k.ok<{ data: Order }>(201, 'POST', '/orders', k.acme, orderBody('TX'))).data, (await k.ok<{ data: Order }>(201, 'POST', '/orders', k.acme, orderBody('OR'))).data];
    const flow = await makeFlow(texasFlow(), uniq('Dry Texas'), false);
    const snapshot = async () => [
      await k.sql('SELECT id, status, ship_method, version, updated_at FROM orders ORDER BY id'),
      await k.sql('SELECT order_id, iloc_id, quantity FROM order_allocations ORDER BY 1, 2'),
      await k.sql('SELECT sku_id, iloc_id, qty_good, qty_reserved FROM inventory_balances ORDER BY 1, 2'),
      await k.sql('SELECT count(*) FROM rule_traces'),
    ];
    const before = await snapshot();
    const run = (await k.ok<{ data: { id: string; status: string } }>(202, 'POST', `/rules/${flow.id}/dry-runs`, k.acme, { days: 7 })).data;
    expect(run.status).toBe('queued');
    await k.drain();
    const done = (await k.ok<{ data: { status: string; examined: number; changed: number; failed: number } }>(200, 'GET', `/rules/${flow.id}/dry-runs/${run.id}`, k.acme)).data;
    expect(done.status).toBe('completed');
    expect(done.examined).toBeGreaterThanOrEqual(2);
    expect(await snapshot()).toEqual(before);
    const results = (await k.ok<{ data: { order_id: string; changes: { path: string; before: unknown; after: unknown }[]; actual: { ilocs: string[] } }[] }>(200, 'GET', `/rules/${flow.id}/dry-runs/${run.id}/results?per_page=100`, k.acme)).data;
    const tx = results.find((r) => r.order_id === past[0]!.id);
    const [dallasName] = await k.sql(`SELECT name FROM ilocs WHERE id = '${dallas}'`);
    const [westName] = await k.sql(`SELECT name FROM ilocs WHERE id = '${west}'`);
    expect(tx).toMatchObject({ changes: [{ path: 'lines[0].iloc_id', before: null, after: dallasName!.name }], actual: { ilocs: [westName!.name] } });
    // A draft of the flow may be tried before it is saved.
    const draft = (await k.ok<{ data: { id: string } }>(202, 'POST', `/rules/${flow.id}/dry-runs`, k.acme, { days: 1, nodes: [start('m'), action('m', 'set_ship_method', { ship_method: 'express' }, ['start']), end(['m'])] })).data;
    await k.drain();
    expect((await k.ok<{ data: { changed: number; version: number | null } }>(200, 'GET', `/rules/${flow.id}/dry-runs/${draft.id}`, k.acme)).data).toMatchObject({ version: null });
    const bad = await k.api('POST', `/rules/${flow.id}/dry-runs`, k.acme, { days: 0 });
    expect(bad.statusCode).toBe(422);

    // Re-apply to the chosen order: its stock moves to Dallas; a shipped or closed one is skipped.
    const applied = (await k.ok<{ data: { order_id: string; outcome: string }[] }>(200, 'POST', `/rules/${flow.id}/apply`, k.acme, { order_ids: [past[0]!.id, past[1]!.id] })).data;
    expect(applied.map((a) => a.outcome)).toEqual(['changed', 'changed']);
    expect(ilocsOf(await getOrder(past[0]!.id))).toEqual([dallas]);
    expect((await tracesOf(past[0]!.id))[0]).toMatchObject({ trigger: 'apply' });
  });

  it('keeps traces at least 90 days: the prune takes only those past 120', async () => {
    const order = (await k.ok<{ data: Order }>(201, 'POST', '/orders', k.acme, orderBody('CA'))).data;
    await k.sql(`INSERT INTO rule_traces (tenant_id, subject_id, hook_point, trigger, flows, created_at) VALUES
      ('${k.acmeId}', '${order.id}', 'before_import_order', 'import', '[]', now() - interval '100 days'),
      ('${k.acmeId}', '${order.id}', 'before_import_order', 'import', '[]', now() - interval '121 days'),
      ('${k.globexId}', '${order.id}', 'before_import_order', 'import', '[]', now() - interval '121 days')`);
    const gone = await inTenant(k.t, k.acmeId, (tx) => pruneTraces(tx, k.acmeId));
    expect(gone).toBe(1);
    const left = await k.sql(`SELECT tenant_id, created_at < now() - interval '110 days' AS old FROM rule_traces WHERE subject_id = '${order.id}' ORDER BY created_at`);
    expect(left.map((r) => [r.tenant_id === k.acmeId, r.old])).toEqual([[false, true], [true, false]]);
  });

  it('an iLoc an active flow names cannot be deleted; once the flow is disabled it can', async () => {
    const spare = await makeIloc(k.t, k.acmeId, uniq('SPARE'));
    const flow = await makeFlow([start('r'), action('r', 'select_inventory_location', { strategy: 'iloc', iloc_id: spare }, ['start']), end(['r'])]);
    const refused = await k.api('DELETE', `/tenants/${k.acmeId}/ilocs/${spare}`, k.acme);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/active rules/);
    await k.ok(200, 'POST', `/rules/${flow.id}/disable`, k.acme);
    expect((await k.api('DELETE', `/tenants/${k.acmeId}/ilocs/${spare}`, k.acme)).statusCode).toBe(204);
    // The flow now names an iLoc that is gone: it cannot be enabled again.
    expect((await k.api('POST', `/rules/${flow.id}/enable`, k.acme)).statusCode).toBe(422);
  });

  it('another company sees none of it: 404 for the flow, its versions, runs, apply and the order traces', async () => {
    const flow = await makeFlow(texasFlow(), uniq('Private'), false);
    const order = (await k.ok<{ data: Order }>(201, 'POST', '/orders', k.acme, orderBody('TX'))).data;
    const run = (await k.ok<{ data: { id: string } }>(202, 'POST', `/rules/${flow.id}/dry-runs`, k.acme, { days: 1 })).data;
    for (const [method, url, body] of [
      ['GET', `/rules/${flow.id}`], ['PUT', `/rules/${flow.id}`, { name: 'Mine' }], ['POST', `/rules/${flow.id}/enable`], ['DELETE', `/rules/${flow.id}`],
      ['GET', `/rules/${flow.id}/versions`], ['GET', `/rules/${flow.id}/versions/1`], ['POST', `/rules/${flow.id}/rollback`, { version: 1 }],
      ['POST', `/rules/${flow.id}/dry-runs`, { days: 1 }], ['GET', `/rules/${flow.id}/dry-runs/${run.id}`], ['POST', `/rules/${flow.id}/apply`, { order_ids: [order.id] }],
      ['GET', `/orders/${order.id}/rule-traces`],
    ] as const) {
      const res = await k.api(method, url, k.globex, body as object | undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = await k.ok<{ data: { id: string }[] }>(200, 'GET', '/rules?per_page=100', k.globex);
    expect(theirs.data.map((f) => f.id)).not.toContain(flow.id);
    // Globex's own flow cannot be applied to Acme's order.
    const mine = (await k.ok<{ data: Flow }>(201, 'POST', '/rules', k.globex, { name: uniq('G'), nodes: [start('end'), end(['start'])] })).data;
    const applied = (await k.ok<{ data: { outcome: string; error: string }[] }>(200, 'POST', `/rules/${mine.id}/apply`, k.globex, { order_ids: [order.id] })).data;
    expect(applied).toEqual([expect.objectContaining({ outcome: 'skipped', error: 'Order not found' })]);
    // Nor can it name Acme's iLoc.
    const foreign = await k.api('POST', '/rules', k.globex, { name: uniq('G'), nodes: [start('r'), action('r', 'select_inventory_location', { strategy: 'iloc', iloc_id: dallas }, ['start']), end(['r'])] });
    expect(foreign.statusCode).toBe(422);
  });
});
