import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionByName } from '@omnio/domain';
import { customersKit, type CustomersKit, type Headers, type Method, type Page } from '../customers/customers.test-kit';

let k: CustomersKit;
beforeAll(async () => {
  k = await customersKit();
});
afterAll(() => k.close());

interface Box { length: string; width: string; height: string; weight: string; units_per_box: number }
interface Template { id: string; name: string; type: string; boxes: Box[]; notes: string | null; created_at: string; updated_at: string }

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const FORBIDDEN = { message: 'You do not have permission for this action' };
const BOX = { length: '40', width: '30', height: '20.5', weight: '12.250', units_per_box: 24 };
const snapshot = () => k.t.database.ownerExec('SELECT * FROM packing_templates ORDER BY 1, 2');
let seq = 0;
const uniqueName = (base: string) => `${base} ${++seq}-${Math.random().toString(36).slice(2, 6)}`;
const create = async (body: object, who: Headers = k.acme) => (await k.ok<{ data: Template }>(201, 'POST', '/packing-templates', who, body)).data;

describe('packing templates', () => {
  it('creates, lists, reads, changes and deletes a template with its boxes', async () => {
    const name = uniqueName('Carton 24');
    const t = await create({ name, boxes: [BOX, { ...BOX, units_per_box: 12, length: 20 }], notes: 'Stack max 4' });
    expect(t).toMatchObject({ name, type: 'box', notes: 'Stack max 4' });
    expect(t.boxes).toEqual([BOX, { ...BOX, units_per_box: 12, length: '20' }]);
    expect((await k.ok<{ data: Template }>(200, 'GET', `/packing-templates/${t.id}`, k.acme)).data).toEqual(t);
    const list = await k.ok<Page<Template>>(200, 'GET', `/packing-templates?search=name:${encodeURIComponent(name)}`, k.acme);
    expect(list.data.map((x) => x.id)).toEqual([t.id]);

    const changed = (await k.ok<{ data: Template }>(200, 'PUT', `/packing-templates/${t.id}`, k.acme, { type: 'pallet', boxes: [], notes: '' })).data;
    expect(changed).toMatchObject({ name, type: 'pallet', boxes: [], notes: null });
    await k.ok(204, 'DELETE', `/packing-templates/${t.id}`, k.acme);
    await k.ok(404, 'GET', `/packing-templates/${t.id}`, k.acme);
    await k.ok(404, 'DELETE', `/packing-templates/${t.id}`, k.acme);
  });

  it('the name is unique per company whatever its case', async () => {
    const name = uniqueName('Pallet');
    await create({ name, type: 'pallet' });
    const other = await create({ name: uniqueName('Other') });
    const before = await snapshot();
    const dup = await k.api('POST', '/packing-templates', k.acme, { name: name.toUpperCase() });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toEqual(['A packing template with this name already exists']);
    expect((await k.api('PUT', `/packing-templates/${other.id}`, k.acme, { name: ` ${name} ` })).statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
    await create({ name }, k.globex);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'T', type: 'crate' }, 'type'],
    [{ name: 'T', boxes: [{ ...BOX, length: '0' }] }, 'boxes.0.length'],
    [{ name: 'T', boxes: [{ ...BOX, weight: '-1' }] }, 'boxes.0.weight'],
    [{ name: 'T', boxes: [BOX, { ...BOX, height: 0 }] }, 'boxes.1.height'],
    [{ name: 'T', boxes: [{ ...BOX, units_per_box: 0 }] }, 'boxes.0.units_per_box'],
    [{ name: 'T', boxes: [{ ...BOX, units_per_box: 1.5 }] }, 'boxes.0.units_per_box'],
    [{ name: 'T', boxes: [{ ...BOX, colour: 'red' }] }, 'boxes.0.colour'],
    [{ name: 'T', tenant_id: MISSING_ID }, 'tenant_id'],
    [{ name: 'bad\u0000name' }, 'name'],
  ])('%j → 422 naming %s, nothing written', async (body, field) => {
    const before = await snapshot();
    const res = await k.api('POST', '/packing-templates', k.acme, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toHaveProperty([field]);
    expect(await snapshot()).toEqual(before);
  });

  it('bad bodies are 400 (not JSON) or 422 (not an object), bad ids 404, never a 500', async () => {
    const t = await create({ name: uniqueName('Target') });
    const before = await snapshot();
    for (const [method, url] of [['POST', '/packing-templates'], ['PUT', `/packing-templates/${t.id}`]] as [Method, string][]) {
      for (const [body, status] of [['{"name": ', 400], ['[]', 422], ['"x"', 422], ['42', 422], ['null', 422]] as const) {
        const res = await k.t.app.inject({ method, url: `/api/1.0${url}`, headers: { ...k.acme, 'content-type': 'application/json' }, payload: body });
        expect(res.statusCode, `${method} ${body}`).toBe(status);
      }
    }
    expect(await snapshot()).toEqual(before);
    expect((await k.api('GET', '/packing-templates/nope', k.acme)).statusCode).toBe(404);
    expect((await k.api('GET', '/packing-templates?order_by=secret', k.acme)).statusCode).toBe(422);
  });

  it('Globex gets 404 on an Acme template, the same answer as a missing id', async () => {
    const t = await create({ name: uniqueName('Acme box'), boxes: [BOX] });
    const before = await snapshot();
    for (const [method, url, payload] of [
      ['GET', `/packing-templates/${t.id}`], ['PUT', `/packing-templates/${t.id}`, { notes: 'x' }], ['DELETE', `/packing-templates/${t.id}`],
    ] as [Method, string, object?][]) {
      const res = await k.api(method, url, k.globex, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual((await k.api(method, url.replace(t.id, MISSING_ID), k.globex, payload)).json());
    }
    expect((await k.ok<Page<Template>>(200, 'GET', '/packing-templates?per_page=500', k.globex)).data.map((x) => x.id)).not.toContain(t.id);
    expect(await snapshot()).toEqual(before);
  });

  it('a supplier user and the owner get 403; a tenant user without the ASN permissions too', async () => {
    const t = await create({ name: uniqueName('Guarded') });
    const calls: [Method, string, object?][] = [
      ['GET', '/packing-templates'], ['POST', '/packing-templates', { name: 'x' }], ['GET', `/packing-templates/${t.id}`],
      ['PUT', `/packing-templates/${t.id}`, { notes: 'x' }], ['DELETE', `/packing-templates/${t.id}`],
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
    const drop = ['create-asn', 'update-asn', 'delete-asn'].map((n) => permissionByName(n)!.id);
    const assign = (ids: number[]) => k.ok(201, 'POST', `/users/${me.id}/assign-permissions`, k.owner, { permissions: ids });
    try {
      await assign(held.filter((id) => !drop.includes(id)));
      await k.ok(200, 'GET', `/packing-templates/${t.id}`, k.acme);
      for (const [method, url, payload] of calls.slice(1).filter(([m]) => m !== 'GET')) {
        expect((await k.api(method, url, k.acme, payload)).statusCode, `${method} ${url}`).toBe(403);
      }
    } finally {
      await assign(held);
    }
    expect(await snapshot()).toEqual(before);
  });
});
