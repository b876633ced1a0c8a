import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';

/** The owner's platform mapper and rule templates: lists with filters, CRUD, definitions checked, owner-only. */

let t: TestApp;
type H = { authorization: string };
let owner: H;
let acme: H;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as('owner');
  acme = await t.as('acmeTenant');
});
afterAll(() => t.close());

async function call<T = unknown>(expected: number, method: string, url: string, headers: H, payload?: object): Promise<T> {
  const res = await t.app.inject({ method: method as 'GET', url: `/api/1.0${url}`, headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(expected);
  return (res.body ? res.json() : undefined) as T;
}

type Node = { id: string; type: string; name: string; prev: string[]; next: string[]; formData?: object; action_type?: string };
interface RuleTemplate { id: string; name: string; hook_point: string; description: string; nodes: Node[] }
interface MapperTemplate { id: string; name: string; type: string; file_type: string; definition: { relations: { source: string; target: string }[] } }

const flow = (): Node[] => [
  { id: 's', type: 'start', name: 'Start', prev: [], next: ['hold'] },
  { id: 'hold', type: 'action', name: 'Hold big orders', prev: ['s'], next: ['e'], action_type: 'hold_order' },
  { id: 'e', type: 'end', name: 'End', prev: ['hold'], next: [] },
];
const relations = [{ source: 'Order Number', target: 'external_id' }, { source: 'SKU', target: 'lines.sku' }];

describe('rule templates', () => {
  it('ships the default before-import-order template: start → router select inventory location → end', async () => {
    const list = await call<{ data: RuleTemplate[] }>(200, 'GET', '/rule-templates?search=hook_point:before_import_order', owner);
    const def = list.data.find((r) => r.name === 'Default before import order')!;
    expect(def.nodes.map((n) => [n.type, n.name])).toEqual([['start', 'Start'], ['router', 'Select inventory location'], ['end', 'End']]);
    expect(def.nodes[1]).toMatchObject({ prev: ['start'], next: ['end'], action_type: 'select_inventory_location' });
  });

  it('creates, reads, filters by hook point, edits and deletes', async () => {
    const made = (await call<{ data: RuleTemplate }>(201, 'POST', '/rule-templates', owner, { name: 'Hold big orders', hook_point: 'sync_inventory', nodes: flow() })).data;
    expect(made).toMatchObject({ hook_point: 'sync_inventory', description: '' });
    expect(made.nodes[0]).toMatchObject({ id: 's', formData: {} });
    const sync = await call<{ data: RuleTemplate[] }>(200, 'GET', '/rule-templates?search=hook_point:sync_inventory', owner);
    expect(sync.data.map((r) => r.id)).toEqual([made.id]);
    expect((await call<{ data: RuleTemplate[] }>(200, 'GET', '/rule-templates?search=big', owner)).data.map((r) => r.id)).toEqual([made.id]);
    const edited = (await call<{ data: RuleTemplate }>(200, 'PUT', `/rule-templates/${made.id}`, owner, { hook_point: 'before_print_label', description: 'd' })).data;
    expect(edited).toMatchObject({ hook_point: 'before_print_label', description: 'd', nodes: made.nodes });
    await call(204, 'DELETE', `/rule-templates/${made.id}`, owner);
    await call(404, 'GET', `/rule-templates/${made.id}`, owner);
    await call(404, 'DELETE', `/rule-templates/${made.id}`, owner);
  });

  it('refuses flows whose nodes do not hold together, naming the node field, and writes nothing', async () => {
    const before = await countRows(t, 'rule_templates');
    const withNodes = (nodes: unknown) => ({ name: 'Bad flow', hook_point: 'sync_inventory', nodes });
    const dup = flow(); dup[2]!.id = 'hold';
    const dangling = flow(); dangling[1]!.next = ['nowhere'];
    const noEnd = flow().slice(0, 2);
    const cases: [unknown, string][] = [
      [withNodes(dup), 'nodes.2.id'],
      [withNodes(dangling), 'nodes.1.next'],
      [withNodes(noEnd), 'nodes'],
      [withNodes([{ ...flow()[0], type: 'teleport' }, flow()[2]]), 'nodes.0.type'],
      [withNodes([{ ...flow()[0], colour: 'red' }, flow()[2]]), 'nodes.0.colour'],
      [{ name: 'x', hook_point: 'after_lunch', nodes: flow() }, 'hook_point'],
      [{ name: '', hook_point: 'sync_inventory', nodes: flow() }, 'name'],
      [{ name: 'Default BEFORE import order', hook_point: 'sync_inventory', nodes: flow() }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await call<{ errors: Record<string, string[]> }>(422, 'POST', '/rule-templates', owner, body as object);
      expect(Object.keys(res.errors), JSON.stringify(body)).toContain(field);
    }
    await call(422, 'GET', '/rule-templates?search=hook_point:teatime', owner);
    expect(await countRows(t, 'rule_templates')).toBe(before);
  });
});

describe('mapper templates', () => {
  it('creates, filters by type, edits and deletes', async () => {
    const made = (await call<{ data: MapperTemplate }>(201, 'POST', '/mapper-templates', owner, {
      name: 'Shopify CSV orders', type: 'ORDER', file_type: 'csv', definition: { relations },
    })).data;
    await call(201, 'POST', '/mapper-templates', owner, { name: 'SPS ASN', type: 'ASN', file_type: 'x12', definition: { relations: [{ source: 'BSN02', target: 'asn_number' }] } });
    const orders = await call<{ data: MapperTemplate[] }>(200, 'GET', '/mapper-templates?search=type:order', owner);
    expect(orders.data.map((m) => m.name)).toEqual(['Shopify CSV orders']);
    const edited = (await call<{ data: MapperTemplate }>(200, 'PUT', `/mapper-templates/${made.id}`, owner, { file_type: 'json', definition: { relations: relations.slice(0, 1) } })).data;
    expect(edited).toMatchObject({ file_type: 'json', type: 'ORDER', definition: { relations: relations.slice(0, 1) } });
    await call(204, 'DELETE', `/mapper-templates/${made.id}`, owner);
    await call(404, 'GET', `/mapper-templates/${made.id}`, owner);
  });

  it('refuses a mapper without relations and other bad input with 422, writing nothing', async () => {
    const before = await countRows(t, 'mapper_templates');
    const ok = { name: 'M', type: 'INVOICE', file_type: 'csv', definition: { relations } };
    for (const [body, field] of [
      [{ ...ok, definition: { relations: [] } }, 'definition.relations'],
      [{ ...ok, definition: { relations: [...relations, { source: 'B', target: 'external_id' }] } }, 'definition.relations.2.target'],
      [{ ...ok, type: 'RECEIPT' }, 'type'],
      [{ ...ok, file_type: 'xlsx' }, 'file_type'],
      [{ ...ok, definition: 'a,b' }, 'definition'],
    ] as const) {
      const res = await call<{ errors: Record<string, string[]> }>(422, 'POST', '/mapper-templates', owner, body);
      expect(Object.keys(res.errors), JSON.stringify(body)).toContain(field);
    }
    await call(422, 'GET', '/mapper-templates?search=type:RECEIPT', owner);
    expect(await countRows(t, 'mapper_templates')).toBe(before);
  });
});

describe('access', () => {
  it('is owner-only: a tenant (even with read-company) gets 403', async () => {
    const [rule] = (await call<{ data: RuleTemplate[] }>(200, 'GET', '/rule-templates', owner)).data;
    for (const path of ['/rule-templates', '/mapper-templates']) {
      await call(403, 'GET', path, acme);
      await call(403, 'POST', path, acme, {});
    }
    await call(403, 'GET', `/rule-templates/${rule!.id}`, acme);
    await call(403, 'PUT', `/rule-templates/${rule!.id}`, acme, { name: 'x' });
    await call(403, 'DELETE', `/rule-templates/${rule!.id}`, acme);
  });
});
