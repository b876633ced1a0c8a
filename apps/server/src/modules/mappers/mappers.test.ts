import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPPER_NEEDS_SAMPLE, MAPPER_XML_UNSUPPORTED, permissionByName } from '@omnio/domain';
import { customersKit, type CustomersKit, type Headers, type Method, type Page } from '../customers/customers.test-kit';

let k: CustomersKit;
beforeAll(async () => {
  k = await customersKit();
});
afterAll(() => k.close());

interface Relation { source: string; target: string; default?: string | null; transform?: string | null }
interface Sample { id: string; name: string; content: string; output: Record<string, unknown>[] | null; error: string | null }
interface Mapper {
  id: string; name: string; type: string; file_type: string; process_id: string | null; template_id: string | null;
  definition: { root?: string; relations: Relation[] }; samples: Sample[];
}
interface Change { path: string; before?: unknown; after?: unknown }
interface Saved { data: Mapper; sample_changes: { sample_id: string; name: string; changes: Change[]; error: string | null }[] }
interface Preview { data: { records: Record<string, unknown>[]; errors: { record: number | null; target: string | null; message: string }[] } }

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const FORBIDDEN = { message: 'You do not have permission for this action' };
const snapshot = async () => [
  await k.t.database.ownerExec('SELECT id, name, type, definition, process_id FROM mappers ORDER BY 1'),
  await k.t.database.ownerExec('SELECT id, output, error FROM mapper_samples ORDER BY 1'),
];
let seq = 0;
const uniqueName = (base: string) => `${base} ${++seq}-${Math.random().toString(36).slice(2, 6)}`;

const CSV = '\uFEFFPO Number,Ship Date,Qty,City\nPO-1, 20260105 ,3,Austin\nPO-2,1/9/2026,,  Dallas \n';
const csvRelations: Relation[] = [
  { source: '`PO Number`', target: 'external_id' },
  { source: '`Ship Date`', target: 'ship_date', transform: 'date' },
  { source: 'Qty', target: 'lines.quantity', default: '1', transform: 'integer' },
  { source: 'City', target: 'shipping_address.city', transform: 'trim' },
];
const ORDER_JSON = JSON.stringify({ po: { poNumber: 'A-100', date: '260107', items: [{ sku: 'SKU-1', qty: '2' }, { sku: 'SKU-2', qty: '5' }] } });
const jsonRelations: Relation[] = [
  { source: 'po.poNumber', target: 'external_id' },
  { source: 'po.date', target: 'ordered_on', transform: 'date' },
  // `items[]` keeps a one-item list a list (JSONata unwraps singletons otherwise).
  { source: 'po.items[].{ "sku": sku, "quantity": $number(qty) }', target: 'lines' },
];

const create = async (body: object, who: Headers = k.acme) => (await k.ok<{ data: Mapper }>(201, 'POST', '/mappers', who, body)).data;
const jsonMapper = (name = uniqueName('Partner orders')) => create({ name, type: 'ORDER', file_type: 'json', definition: { relations: jsonRelations } });
const addSample = async (id: string, content: string, name = 'sample.json') =>
  (await k.ok<{ data: Mapper }>(201, 'POST', `/mappers/${id}/samples`, k.acme, { name, content })).data;

describe('mappers', () => {
  it('creates, lists with filters and sample counts, reads, edits and deletes', async () => {
    const name = uniqueName('Walmart orders');
    const m = await create({ name, type: 'ORDER', file_type: 'csv', description: 'Weekly', definition: { root: 'rows', relations: csvRelations } });
    expect(m).toMatchObject({ name, type: 'ORDER', file_type: 'csv', description: 'Weekly', process_id: null, template_id: null, samples: [] });
    expect(m.definition).toEqual({ root: 'rows', relations: csvRelations });
    await addSample(m.id, CSV, 'orders.csv');
    const list = await k.ok<Page<Mapper & { samples_count: number }>>(200, 'GET', `/mappers?search=type:order;name:${encodeURIComponent(name)}`, k.acme);
    expect(list.data.map((x) => [x.id, x.samples_count])).toEqual([[m.id, 1]]);
    expect((await k.ok<Page<Mapper>>(200, 'GET', `/mappers?search=type:ASN;name:${encodeURIComponent(name)}`, k.acme)).data).toEqual([]);
    expect((await k.api('GET', '/mappers?search=type:RECEIPT', k.acme)).statusCode).toBe(422);

    const saved = await k.ok<Saved>(200, 'PUT', `/mappers/${m.id}`, k.acme, { name: `${name} v2`, description: '' });
    expect(saved.data).toMatchObject({ name: `${name} v2`, description: '' });
    expect(saved.sample_changes).toEqual([]);
    await k.ok(204, 'DELETE', `/mappers/${m.id}`, k.acme);
    await k.ok(404, 'GET', `/mappers/${m.id}`, k.acme);
    expect(await k.t.database.ownerExec(`SELECT count(*)::int AS n FROM mapper_samples WHERE mapper_id = '${m.id}'`)).toEqual([{ n: 0 }]);
  });

  it('a CSV sample becomes one record per row: header columns, BOM, defaults and transforms', async () => {
    const m = await create({ name: uniqueName('CSV'), type: 'ORDER', file_type: 'csv', definition: { root: 'rows', relations: csvRelations } });
    const withSample = await addSample(m.id, CSV, 'orders.csv');
    expect(withSample.samples[0]).toMatchObject({ name: 'orders.csv', error: null });
    expect(withSample.samples[0]!.output).toEqual([
      { external_id: 'PO-1', ship_date: '2026-01-05', lines: { quantity: 3 }, shipping_address: { city: 'Austin' } },
      { external_id: 'PO-2', ship_date: '2026-01-09', lines: { quantity: 1 }, shipping_address: { city: 'Dallas' } },
    ]);
  });

  it('preview runs a definition over pasted text without saving; record problems are listed, not fatal', async () => {
    const before = await snapshot();
    const res = await k.ok<Preview>(200, 'POST', '/mappers/preview', k.acme, {
      file_type: 'json', content: ORDER_JSON,
      definition: { relations: [...jsonRelations, { source: 'po.poNumber', target: 'total', transform: 'number' }] },
    });
    expect(res.data.records).toEqual([{
      external_id: 'A-100', ordered_on: '2026-01-07', lines: [{ sku: 'SKU-1', quantity: 2 }, { sku: 'SKU-2', quantity: 5 }],
    }]);
    expect(res.data.errors).toEqual([expect.objectContaining({ record: 0, target: 'total', message: 'A-100 is not a number' })]);
    expect(await snapshot()).toEqual(before);
  });

  it('an X12 850 is read as its interchange, transactions and segments, with the purchase order read850 makes', async () => {
    const content = fs.readFileSync(path.join(import.meta.dirname, '../edi/x12/golden/850.edi'), 'utf8');
    const res = await k.ok<Preview>(200, 'POST', '/mappers/preview', k.acme, {
      file_type: 'x12', content,
      definition: {
        root: 'transactions[set="850"]',
        relations: [
          { source: 'segments[id="BEG"].BEG03', target: 'external_id' },
          { source: 'segments[id="BEG"].BEG05', target: 'ordered_on', transform: 'date' },
          { source: 'po.poNumber', target: 'po_number' },
          { source: '$document.interchange.sender', target: 'partner' },
        ],
      },
    });
    expect(res.data).toEqual({ records: [{ external_id: 'PO4500012345', ordered_on: '2026-01-15', po_number: 'PO4500012345', partner: 'RETAILCO' }], errors: [] });
    const bad = await k.api('POST', '/mappers/preview', k.acme, { file_type: 'x12', content: 'hello', definition: { relations: jsonRelations } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.content[0]).toMatch(/^The X12 file could not be read/);
  });

  it('saving a new definition re-runs every sample and answers the field-by-field diff, storing the new outputs', async () => {
    const m = await jsonMapper();
    await addSample(m.id, ORDER_JSON, 'first.json');
    const second = JSON.stringify({ po: { poNumber: 'B-7', date: '20260201', items: [{ sku: 'X', qty: '1' }] } });
    const withTwo = await addSample(m.id, second, 'second.json');
    expect(withTwo.samples.map((s) => s.output?.[0]?.external_id)).toEqual(['A-100', 'B-7']);

    const saved = await k.ok<Saved>(200, 'PUT', `/mappers/${m.id}`, k.acme, {
      definition: {
        relations: [
          { source: '"PO-" & po.poNumber', target: 'external_id' },
          { source: 'po.date', target: 'ordered_on', transform: 'date' },
          { source: 'po.items[].{ "sku": $lowercase(sku), "quantity": $number(qty) }', target: 'lines' },
        ],
      },
    });
    const [first, next] = saved.sample_changes;
    expect(first).toMatchObject({ name: 'first.json', error: null });
    expect(first!.changes).toEqual([
      { path: '[0].external_id', before: 'A-100', after: 'PO-A-100' },
      { path: '[0].lines[0].sku', before: 'SKU-1', after: 'sku-1' },
      { path: '[0].lines[1].sku', before: 'SKU-2', after: 'sku-2' },
    ]);
    expect(next!.changes).toEqual([{ path: '[0].external_id', before: 'B-7', after: 'PO-B-7' }, { path: '[0].lines[0].sku', before: 'X', after: 'x' }]);
    const stored = (await k.ok<{ data: Mapper }>(200, 'GET', `/mappers/${m.id}`, k.acme)).data;
    expect(stored.samples.map((s) => s.output?.[0]?.external_id)).toEqual(['PO-A-100', 'PO-B-7']);

    // A definition that breaks a sample saves, and says so per sample.
    const broken = await k.ok<Saved>(200, 'PUT', `/mappers/${m.id}`, k.acme, {
      definition: { relations: [{ source: 'po.poNumber', target: 'external_id', transform: 'integer' }] },
    });
    expect(broken.sample_changes[0]!.error).toContain('A-100 is not a number');
    expect(broken.sample_changes[0]!.changes).toContainEqual({ path: '[0].ordered_on', before: '2026-01-07' });
  });

  it('runaway expressions are refused with a 422 within the time limit, nothing saved, and the server still answers', async () => {
    const m = await jsonMapper();
    await addSample(m.id, ORDER_JSON);
    const before = await snapshot();
    for (const source of ['($f := function(){ $f() }; $f())', '($f := function($n){ $n + $f($n + 1) }; $f(1))', '[1..10000000]', '$count([1..100000].([1..100000]))']) {
      const started = Date.now();
      const res = await k.api('POST', '/mappers/preview', k.acme, { file_type: 'json', content: ORDER_JSON, definition: { relations: [{ source, target: 'x' }] } });
      expect(res.statusCode, `${source}: ${res.body}`).toBe(422);
      expect(Date.now() - started, source).toBeLessThan(4000);
      expect(Object.keys(res.json().errors)).toEqual(['definition.relations.0.source']);
      const save = await k.api('PUT', `/mappers/${m.id}`, k.acme, { definition: { relations: [{ source, target: 'x' }] } });
      expect(save.statusCode, source).toBe(422);
    }
    expect(await snapshot()).toEqual(before);

    // While one runs, other requests are answered (the evaluation lets the event loop go).
    const finished: string[] = [];
    const slow = k.api('POST', '/mappers/preview', k.acme, { file_type: 'json', content: '{}', definition: { relations: [{ source: '($f := function(){ $f() }; $f())', target: 'x' }] } })
      .then((res) => { finished.push('runaway'); return res; });
    const quick = k.api('GET', `/mappers/${m.id}`, k.acme).then((res) => { finished.push('read'); return res; });
    expect((await quick).statusCode).toBe(200);
    expect((await slow).statusCode).toBe(422);
    expect(finished).toEqual(['read', 'runaway']);
  });

  it.each([
    [{ definition: { relations: [] } }, 'definition.relations'],
    [{ definition: { relations: [{ source: 'a', target: 'x', transform: 'reverse' }] } }, 'definition.relations.0.transform'],
    [{ definition: { relations: [{ source: 'a', target: 'x' }, { source: 'po.(', target: 'y' }] } }, 'definition.relations.1.source'],
    [{ definition: { root: 'rows[', relations: [{ source: 'a', target: 'x' }] } }, 'definition.root'],
    [{ type: 'RECEIPT' }, 'type'],
    [{ file_type: 'xlsx' }, 'file_type'],
    [{ name: '' }, 'name'],
    [{ tenant_id: MISSING_ID }, 'tenant_id'],
  ])('%j → 422 naming %s, nothing written', async (patch, field) => {
    const before = await snapshot();
    const body = { name: uniqueName('Bad'), type: 'ORDER', file_type: 'json', definition: { relations: jsonRelations }, ...patch };
    const res = await k.api('POST', '/mappers', k.acme, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toHaveProperty([field]);
    expect(await snapshot()).toEqual(before);
  });

  it('a compile error reports the JSONata message and position', async () => {
    const res = await k.api('POST', '/mappers/preview', k.acme, { file_type: 'json', content: '{}', definition: { relations: [{ source: 'po.(', target: 'x' }] } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['definition.relations.0.source'][0]).toMatch(/^Invalid expression: .+ \(position \d+\)$/);
  });

  it('names are unique per company whatever the case; unreadable and XML samples are refused', async () => {
    const m = await jsonMapper();
    const before = await snapshot();
    const dup = await k.api('POST', '/mappers', k.acme, { name: m.name.toUpperCase(), type: 'ASN', file_type: 'csv', definition: { relations: jsonRelations } });
    expect(dup.json().errors.name).toEqual(['A mapper with this name already exists']);
    const notJson = await k.api('POST', `/mappers/${m.id}/samples`, k.acme, { name: 'x.json', content: '{"po": ' });
    expect(notJson.statusCode).toBe(422);
    expect(notJson.json().errors.content[0]).toMatch(/^The file is not valid JSON/);
    const xml = await k.api('POST', '/mappers/preview', k.acme, { file_type: 'xml', content: '<po/>', definition: { relations: jsonRelations } });
    expect(xml.statusCode).toBe(422);
    expect(xml.json().errors.content).toEqual([MAPPER_XML_UNSUPPORTED]);
    expect((await k.api('POST', `/mappers/${m.id}/samples`, k.acme, { name: 'big.json', content: 'x'.repeat(1_000_001) })).statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
    expect((await k.api('POST', '/mappers', k.globex, { name: m.name, type: 'ORDER', file_type: 'json', definition: { relations: jsonRelations } })).statusCode).toBe(201);
  });

  it('a mapper without a sample cannot be given to a connection; one per connection and type', async () => {
    const proc = (await k.ok<{ data: { id: string } }>(201, 'POST', '/processes', k.acme, { name: uniqueName('Partner'), driver: 'custom' })).data;
    const m = await jsonMapper();
    const bare = await k.api('PUT', `/mappers/${m.id}`, k.acme, { process_id: proc.id });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors.process_id).toEqual([MAPPER_NEEDS_SAMPLE]);
    const withSample = await addSample(m.id, ORDER_JSON);
    expect((await k.api('PUT', `/mappers/${m.id}`, k.acme, { process_id: MISSING_ID })).json().errors.process_id).toEqual(['Choose one of your connections']);
    expect((await k.ok<Saved>(200, 'PUT', `/mappers/${m.id}`, k.acme, { process_id: proc.id })).data.process_id).toBe(proc.id);
    const listed = await k.ok<Page<Mapper>>(200, 'GET', `/mappers?search=process_id:${proc.id}`, k.acme);
    expect(listed.data.map((x) => x.id)).toEqual([m.id]);
    // The last sample of a mapper in use stays.
    expect((await k.api('DELETE', `/mappers/${m.id}/samples/${withSample.samples[0]!.id}`, k.acme)).statusCode).toBe(422);

    const other = await jsonMapper();
    await addSample(other.id, ORDER_JSON);
    expect((await k.api('PUT', `/mappers/${other.id}`, k.acme, { process_id: proc.id })).json().errors.process_id).toEqual(['This connection already has a ORDER mapper']);
    expect((await k.ok<Saved>(200, 'PUT', `/mappers/${other.id}`, k.acme, { process_id: proc.id, type: 'ASN' })).data).toMatchObject({ type: 'ASN', process_id: proc.id });
    const unlinked = await k.ok<Saved>(200, 'PUT', `/mappers/${m.id}`, k.acme, { process_id: null });
    expect(unlinked.data.process_id).toBeNull();
    await k.ok(204, 'DELETE', `/mappers/${m.id}/samples/${withSample.samples[0]!.id}`, k.acme);
    expect((await k.ok<{ data: Mapper }>(200, 'GET', `/mappers/${m.id}`, k.acme)).data.samples).toEqual([]);
  });

  it('copies a platform template as the tenant\'s own mapper', async () => {
    const template = (await k.ok<{ data: { id: string; name: string } }>(201, 'POST', '/mapper-templates', k.owner, {
      name: uniqueName('Template'), type: 'INVOICE', file_type: 'json', definition: { relations: jsonRelations },
    })).data;
    const choices = await k.ok<Page<{ id: string }>>(200, 'GET', `/mappers/templates?search=${encodeURIComponent(template.name)}`, k.acme);
    expect(choices.data.map((c) => c.id)).toEqual([template.id]);
    const copy = (await k.ok<{ data: Mapper }>(201, 'POST', `/mappers/from-template/${template.id}`, k.acme, {})).data;
    expect(copy).toMatchObject({ name: template.name, type: 'INVOICE', file_type: 'json', template_id: template.id, definition: { relations: jsonRelations } });
    expect((await k.api('POST', `/mappers/from-template/${template.id}`, k.acme, {})).json().errors.name).toEqual(['A mapper with this name already exists']);
    await k.ok(201, 'POST', `/mappers/from-template/${template.id}`, k.acme, { name: uniqueName('Renamed copy') });
    await k.ok(404, 'POST', `/mappers/from-template/${MISSING_ID}`, k.acme, {});
  });

  it('Globex gets 404 on an Acme mapper and its samples, the same answer as a missing id', async () => {
    const m = await addSample((await jsonMapper()).id, ORDER_JSON);
    const sampleId = m.samples[0]!.id;
    const before = await snapshot();
    for (const [method, url, payload] of [
      ['GET', `/mappers/${m.id}`], ['PUT', `/mappers/${m.id}`, { name: 'Taken over' }], ['DELETE', `/mappers/${m.id}`],
      ['POST', `/mappers/${m.id}/samples`, { name: 'a.json', content: '{}' }], ['DELETE', `/mappers/${m.id}/samples/${sampleId}`],
    ] as [Method, string, object?][]) {
      const res = await k.api(method, url, k.globex, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual((await k.api(method, url.replace(m.id, MISSING_ID), k.globex, payload)).json());
    }
    expect((await k.ok<Page<Mapper>>(200, 'GET', '/mappers?per_page=500', k.globex)).data.map((x) => x.id)).not.toContain(m.id);
    expect(await snapshot()).toEqual(before);
  });

  it('a supplier user and the owner get 403; a tenant user without the mapper write permissions too', async () => {
    const m = await jsonMapper();
    const calls: [Method, string, object?][] = [
      ['GET', '/mappers'], ['POST', '/mappers', { name: 'x' }], ['GET', `/mappers/${m.id}`], ['PUT', `/mappers/${m.id}`, { name: 'x' }],
      ['DELETE', `/mappers/${m.id}`], ['POST', `/mappers/${m.id}/samples`, { name: 'a', content: '{}' }],
      ['POST', '/mappers/preview', { file_type: 'json', content: '{}', definition: { relations: jsonRelations } }],
    ];
    const before = await snapshot();
    for (const who of [k.supplier, k.owner]) {
      for (const [method, url, payload] of calls) {
        const res = await k.api(method, url, who, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN);
      }
    }
    const me = (await k.ok<{ data: { id: string; permissions: { id: number }[] } }>(200, 'GET', '/users/information?include=permissions', k.acme)).data;
    const held = me.permissions.map((p) => p.id);
    const drop = ['create-mapper', 'update-mapper', 'delete-mapper'].map((n) => permissionByName(n)!.id);
    const assign = (ids: number[]) => k.ok(201, 'POST', `/users/${me.id}/assign-permissions`, k.owner, { permissions: ids });
    try {
      await assign(held.filter((id) => !drop.includes(id)));
      await k.ok(200, 'GET', `/mappers/${m.id}`, k.acme);
      for (const [method, url, payload] of calls.filter(([mth, u]) => mth !== 'GET' && u !== '/mappers/preview')) {
        expect((await k.api(method, url, k.acme, payload)).statusCode, `${method} ${url}`).toBe(403);
      }
    } finally {
      await assign(held);
    }
    expect(await snapshot()).toEqual(before);
  });
});
