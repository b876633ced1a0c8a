import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenant';
import { loadPurchaseOrderForShipment } from './po-actions';
import {
  act, createPo, makeSupplier, poBody, poKit, sentPo, sku, supplierUser, type Headers, type Po, type PoKit,
} from './purchase-orders.test-kit';

/** Supplier users (docs/api-supply-chain.md "Supplier users"): their own sent POs only, acknowledge only; enforced on the server. */

let k: PoKit;
let other: string;
let otherUser: Headers;
let skuCode: string;

beforeAll(async () => {
  k = await poKit();
  other = await makeSupplier(k, { name: 'Southwind Goods' });
  otherUser = await supplierUser(k, other);
  skuCode = (await sku(k)).code;
});
afterAll(() => k.close());

type Page = { data: Po[]; total: number };
const ids = (page: Page) => page.data.map((p) => p.id);

describe('what a supplier user sees', () => {
  it('lists only its supplier POs that were sent (and cancelled ones it had seen)', async () => {
    const draft = await createPo(k, k.northwind, [{ sku: skuCode, quantity: 1 }]);
    const open = await createPo(k, k.northwind, [{ sku: skuCode, quantity: 1 }]);
    await k.ok(200, 'POST', `/purchase-orders/${open.id}/confirm`, k.acme);
    const sent = await sentPo(k, k.northwind, [{ sku: skuCode, quantity: 2 }]);
    const cancelledUnseen = await createPo(k, k.northwind, [{ sku: skuCode, quantity: 1 }]);
    await k.ok(200, 'POST', `/purchase-orders/${cancelledUnseen.id}/cancel`, k.acme);
    const cancelledSeen = await sentPo(k, k.northwind, [{ sku: skuCode, quantity: 1 }]);
    await k.ok(200, 'POST', `/purchase-orders/${cancelledSeen.id}/cancel`, k.acme);
    const theirs = await sentPo(k, other, [{ sku: skuCode, quantity: 1 }]);

    const mine = await k.ok<Page>(200, 'GET', '/purchase-orders?per_page=500', k.supplier);
    expect(ids(mine)).toContain(sent.id);
    expect(ids(mine)).toContain(cancelledSeen.id);
    for (const hidden of [draft, open, cancelledUnseen, theirs]) expect(ids(mine)).not.toContain(hidden.id);
    expect(mine.data.every((p) => (p as unknown as { supplier: { id: string } }).supplier.id === k.northwind)).toBe(true);
    expect(mine.data.find((p) => p.id === sent.id)!.allowed_actions).toEqual(['acknowledge', 'ship']);
    // Searching for a hidden PO by number or status finds nothing either.
    expect((await k.ok<Page>(200, 'GET', `/purchase-orders?search=number:${draft.number}`, k.supplier)).total).toBe(0);
    expect((await k.ok<Page>(200, 'GET', '/purchase-orders?search=status:draft', k.supplier)).total).toBe(0);

    const south = await k.ok<Page>(200, 'GET', '/purchase-orders?per_page=500', otherUser);
    expect(ids(south)).toEqual([theirs.id]);
  });

  it('reads its own sent PO without the warehouse notes; anything else is 404', async () => {
    const po = await createPo(k, k.northwind, [{ sku: skuCode, quantity: 3 }], { notes_to_warehouse: 'Margin is thin', notes_to_supplier: 'Label each box' });
    for (const url of [`/purchase-orders/${po.id}`, `/purchase-orders/${po.id}/events`, `/purchase-orders/${po.id}/pdf`]) {
      expect((await k.api('GET', url, k.supplier)).statusCode, `draft ${url}`).toBe(404);
    }
    await k.ok(200, 'POST', `/purchase-orders/${po.id}/confirm`, k.acme);
    expect((await k.api('GET', `/purchase-orders/${po.id}`, k.supplier)).statusCode).toBe(404);
    await k.ok(200, 'POST', `/purchase-orders/${po.id}/submit`, k.acme);
    const seen = (await k.ok<{ data: Po }>(200, 'GET', `/purchase-orders/${po.id}?include=events`, k.supplier)).data;
    expect(seen).toMatchObject({ id: po.id, status: 'sent', notes_to_supplier: 'Label each box', allowed_actions: ['acknowledge', 'ship'] });
    expect(seen).not.toHaveProperty('notes_to_warehouse');
    expect(JSON.stringify(seen)).not.toContain('Margin is thin');
    const pdf = await k.api('GET', `/purchase-orders/${po.id}/pdf`, k.supplier);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await k.ok(200, 'GET', `/purchase-orders/${po.id}/events`, k.supplier);
    // Another supplier's user: the same PO does not exist.
    for (const url of [`/purchase-orders/${po.id}`, `/purchase-orders/${po.id}/events`, `/purchase-orders/${po.id}/pdf`]) {
      expect((await k.api('GET', url, otherUser)).statusCode, `other ${url}`).toBe(404);
    }
  });
});

describe('what a supplier user may do', () => {
  it('acknowledges quantities and dates: short lines make it partially confirmed, full lines confirmed', async () => {
    const [a, b] = [await sku(k), await sku(k)];
    const po = await sentPo(k, k.northwind, [{ sku: a.code, quantity: 10 }, { sku: b.code, quantity: 4 }]);
    const [l1, l2] = po.lines.map((l) => l.id as string);
    const partial = (await k.ok<{ data: Po & { acknowledged_at: string } }>(200, 'POST', `/purchase-orders/${po.id}/acknowledge`, k.supplier, {
      lines: [{ line_id: l1, confirmed_quantity: 8, confirmed_date: '2027-02-01' }],
    })).data;
    expect(partial.status).toBe('partially_confirmed');
    expect(partial.acknowledged_at).toBeTruthy();
    expect(partial.lines).toEqual([
      expect.objectContaining({ confirmed_quantity: 8, confirmed_date: '2027-02-01' }), expect.objectContaining({ confirmed_quantity: null, confirmed_date: null }),
    ]);
    const full = (await k.ok<{ data: Po }>(200, 'POST', `/purchase-orders/${po.id}/acknowledge`, k.supplier, {
      lines: [{ line_id: l1, confirmed_quantity: 10 }, { line_id: l2, confirmed_quantity: 5, confirmed_date: null }],
    })).data;
    expect(full.status).toBe('confirmed');
    const history = (await k.ok<{ data: { action: string; from_status: string; to_status: string; user: { name: string } }[] }>(200, 'GET', `/purchase-orders/${po.id}/events`, k.acme)).data;
    expect(history.slice(-2).map((e) => [e.action, e.from_status, e.to_status, e.user.name])).toEqual([
      ['acknowledge', 'sent', 'partially_confirmed', 'Sam Supplier'], ['acknowledge', 'partially_confirmed', 'confirmed', 'Sam Supplier'],
    ]);
  });

  it('refuses bad acknowledgements with 422 and acknowledging a PO not yet sent with 404, changing nothing', async () => {
    const a = await sku(k);
    const po = await sentPo(k, k.northwind, [{ sku: a.code, quantity: 2 }]);
    const line = po.lines[0]!.id as string;
    for (const body of [
      { lines: [] }, { lines: [{ line_id: line, confirmed_quantity: -1 }] }, { lines: [{ line_id: line, confirmed_quantity: 1.5 }] },
      { lines: [{ line_id: line, confirmed_quantity: 1, confirmed_date: 'soon' }] }, { lines: [{ line_id: line }] },
      { lines: [{ line_id: '00000000-0000-4000-8000-000000000000', confirmed_quantity: 1 }] },
      { lines: [{ line_id: line, confirmed_quantity: 1 }, { line_id: line, confirmed_quantity: 2 }] },
    ]) {
      const r = await k.api('POST', `/purchase-orders/${po.id}/acknowledge`, k.supplier, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
    }
    const after = (await k.ok<{ data: Po }>(200, 'GET', `/purchase-orders/${po.id}`, k.acme)).data;
    expect(after).toMatchObject({ status: 'sent', lines: [expect.objectContaining({ confirmed_quantity: null })] });
    const draft = await createPo(k, k.northwind, [{ sku: a.code, quantity: 1 }]);
    expect((await act(k, draft.id, 'acknowledge', k.supplier, { lines: [{ line_id: draft.lines[0]!.id, confirmed_quantity: 1 }] })).statusCode).toBe(404);
  });

  it('another supplier cannot acknowledge it (404), and a tenant acknowledging a draft is refused (409)', async () => {
    const a = await sku(k);
    const po = await sentPo(k, k.northwind, [{ sku: a.code, quantity: 2 }]);
    const body = { lines: [{ line_id: po.lines[0]!.id, confirmed_quantity: 2 }] };
    expect((await act(k, po.id, 'acknowledge', otherUser, body)).statusCode).toBe(404);
    expect((await k.ok<{ data: Po }>(200, 'GET', `/purchase-orders/${po.id}`, k.acme)).data.status).toBe('sent');
    const draft = await createPo(k, k.northwind, [{ sku: a.code, quantity: 1 }]);
    const refused = await act(k, draft.id, 'acknowledge', k.acme, { lines: [{ line_id: draft.lines[0]!.id, confirmed_quantity: 1 }] });
    expect(refused.json()).toMatchObject({ code: 'INVALID_TRANSITION', from: 'draft', action: 'acknowledge' });
  });

  it('every other purchase-order route is 403 for a supplier user, even on its own PO', async () => {
    const a = await sku(k);
    const po = await sentPo(k, k.northwind, [{ sku: a.code, quantity: 2 }]);
    for (const [method, url, body] of [
      ['POST', `/purchase-orders/${po.id}/confirm`], ['POST', `/purchase-orders/${po.id}/submit`], ['POST', `/purchase-orders/${po.id}/cancel`],
      ['POST', `/purchase-orders/${po.id}/email`], ['POST', `/purchase-orders/${po.id}/complete`],
      ['POST', '/purchase-orders', poBody(k, k.northwind, [{ sku: a.code, quantity: 1 }])],
      ['PUT', `/purchase-orders/${po.id}`, poBody(k, k.northwind, [{ sku: a.code, quantity: 1 }])], ['DELETE', `/purchase-orders/${po.id}`],
      ['GET', '/purchase-orders/counts'], ['GET', `/purchase-orders/suggestions?iloc_id=${k.iloc}`],
      ['POST', '/purchase-orders/by-skus', { iloc_id: k.iloc, lines: [{ sku: a.code, supplier_id: k.northwind, quantity: 1 }] }],
      ['GET', '/mail-configuration'],
    ] as const) {
      expect((await k.api(method, url, k.supplier, body as object | undefined)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await k.ok<{ data: Po }>(200, 'GET', `/purchase-orders/${po.id}`, k.acme)).data.status).toBe('sent');
  });
});

describe('loadPurchaseOrderForShipment (the supply-shipments seam)', () => {
  it('applies the same scoping: the own sent PO with its lines and ship allowed; another supplier gets 404', async () => {
    const a = await sku(k);
    const po = await sentPo(k, k.northwind, [{ sku: a.code, quantity: 6 }]);
    const principalOf = async (headers: Headers) => {
      const me = (await k.ok<{ data: { id: string } }>(200, 'GET', '/users/information', headers)).data;
      const [row] = await k.sql(`SELECT supplier_id FROM company_users WHERE user_id = '${me.id}'`);
      return { role: 'supplier' as const, supplierId: String(row!.supplier_id), permissions: new Set(['read-purchase-order', 'update-purchase-order', 'create-asn', 'read-asn']) };
    };
    const load = (principal: Awaited<ReturnType<typeof principalOf>>) =>
      withTenant({ db: k.t.database.db, tenantId: k.acmeId }, (tx) => loadPurchaseOrderForShipment(tx, { tenantId: k.acmeId, principal }, po.id));
    const mine = await load(await principalOf(k.supplier));
    expect(mine).toMatchObject({ id: po.id, status: 'sent', allowed_actions: ['acknowledge', 'ship'], lines: [expect.objectContaining({ quantity: 6, qty_shipped: 0 })] });
    await expect(load(await principalOf(otherUser))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
