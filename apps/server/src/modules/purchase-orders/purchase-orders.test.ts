import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { countRows } from '../../test/test-app';
import { drainJobs } from '../../platform/jobs/jobs';
import { withTenant } from '../../platform/db/tenant';
import { recordPoLineProgress } from './po-actions';
import {
  act, createPo, makeSupplier, poBody, poKit, sku, startAttachmentSink, supplierPrice, uniq, type Po, type PoKit,
} from './purchase-orders.test-kit';

let k: PoKit;
const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const drain = () => drainJobs(k.t.runtime, quiet);

beforeAll(async () => {
  k = await poKit();
});
afterAll(() => k.close());

const get = async (id: string) => (await k.ok<{ data: Po }>(200, 'GET', `/purchase-orders/${id}`, k.acme)).data;
const events = async (id: string) => (await k.ok<{ data: { action: string; from_status: string | null; to_status: string | null; user: { name: string } | null; data: Record<string, unknown> }[] }>(
  200, 'GET', `/purchase-orders/${id}/events`, k.acme)).data;
const setStatus = (id: string, status: string, extra = '') => k.sql(`UPDATE purchase_orders SET status = '${status}'${extra} WHERE id = '${id}'`);

describe('POST /purchase-orders', () => {
  it('creates a numbered draft: SKUs resolve case-insensitively, costs default from the supplier, totals in decimals', async () => {
    const supplier = await makeSupplier(k);
    const a = await sku(k);
    const b = await sku(k);
    await supplierPrice(k, supplier, a.id, '2.5', { supplierSku: 'NW-A' });
    const po = await createPo(k, supplier, [
      { sku: a.code.toLowerCase(), quantity: 3 },
      { sku: b.code, quantity: 2, unit_cost: '10', net_price: '9.3333', tax: '1.50' },
    ], { shipping_cost: '5.25', notes_to_supplier: 'Deliver to dock 2', notes_to_warehouse: 'Fragile' });
    expect(po).toMatchObject({
      status: 'draft', currency: 'USD', subtotal: '26.17', tax_total: '1.50', shipping_cost: '5.25', total: '32.92', line_count: 2, qty_ordered: 5, qty_received: 0,
      notes_to_warehouse: 'Fragile', notes_to_supplier: 'Deliver to dock 2', allowed_actions: ['confirm', 'cancel', 'edit'],
      created_by: { name: 'Tom Tenant' }, iloc: { id: k.iloc }, shipments: [],
    });
    expect(po.number).toMatch(/^PO-\d{6}$/);
    expect(po.lines).toEqual([
      expect.objectContaining({ line_no: 1, sku: a.code, sku_id: a.id, supplier_sku: 'NW-A', sku_status: 'active', quantity: 3, unit_cost: '2.5000', net_price: '2.5000', tax: '0.00', total: '7.50' }),
      expect.objectContaining({ line_no: 2, sku: b.code, supplier_sku: null, unit_cost: '10.0000', net_price: '9.3333', tax: '1.50', total: '20.17' }),
    ]);
    const next = await createPo(k, supplier, [{ sku: b.code, quantity: 1 }]);
    expect(Number(next.number.slice(3))).toBe(Number(po.number.slice(3)) + 1);
    expect((await events(po.id))[0]).toMatchObject({ action: 'create', from_status: null, to_status: 'draft', user: { name: 'Tom Tenant' } });
  });

  it('refuses unknown and discontinued SKUs, a missing supplier or iloc, and malformed bodies with 422, writing nothing', async () => {
    const supplier = await makeSupplier(k);
    const gone = await sku(k);
    await k.sql(`UPDATE skus SET status = 'discontinued' WHERE id = '${gone.id}'`);
    const before = [await countRows(k.t, 'purchase_orders'), await countRows(k.t, 'purchase_order_lines')];
    const res = await k.api('POST', '/purchase-orders', k.acme, poBody(k, supplier, [{ sku: 'NO-SUCH-SKU', quantity: 1 }, { sku: gone.code, quantity: 1 }]));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'lines.0.sku': ['SKU not found'], 'lines.1.sku': ['The SKU is discontinued'] });
    const missing = await k.api('POST', '/purchase-orders', k.acme, { ...poBody(k, '00000000-0000-4000-8000-000000000000', [{ sku: gone.code, quantity: 1 }]), iloc_id: '00000000-0000-4000-8000-000000000001' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['iloc_id', 'lines.0.sku', 'supplier_id']);
    const a = await sku(k);
    for (const bad of [
      poBody(k, supplier, []),
      poBody(k, supplier, [{ sku: a.code, quantity: 0 }]),
      poBody(k, supplier, [{ sku: a.code, quantity: 1.5 }]),
      poBody(k, supplier, [{ sku: a.code, quantity: 1, unit_cost: '-1' }]),
      poBody(k, supplier, [{ sku: a.code, quantity: 1 }], { estimated_delivery: '2026-02-31x' }),
      poBody(k, supplier, [{ sku: a.code, quantity: 1 }], { unknown: true }),
      { ...poBody(k, supplier, [{ sku: a.code, quantity: 1 }]), supplier_id: 'nope' },
      'not json',
    ]) {
      const r = await k.api('POST', '/purchase-orders', k.acme, bad);
      // A body sent as text, not JSON, is 415 (unsupported media type); JSON that breaks the schema is 422
      // with field errors.
      expect(r.statusCode, JSON.stringify(bad)).toBe(typeof bad === 'string' ? 415 : 422);
      expect(r.json()).toHaveProperty('message');
      if (typeof bad !== 'string') expect(Object.keys(r.json().errors ?? {}).length, JSON.stringify(bad)).toBeGreaterThan(0);
    }
    expect([await countRows(k.t, 'purchase_orders'), await countRows(k.t, 'purchase_order_lines')]).toEqual(before);
  });
});

describe('lifecycle (PO_TRANSITIONS)', () => {
  it('draft → confirm → open → submit → sent (e-mail job queued) → complete, each with its event; refused actions are 409 INVALID_TRANSITION', async () => {
    const supplier = await makeSupplier(k);
    const a = await sku(k);
    const po = await createPo(k, supplier, [{ sku: a.code, quantity: 4 }]);
    const refuse = async (action: string, from: string) => {
      const r = await act(k, po.id, action);
      expect(r.statusCode, `${action} from ${from}`).toBe(409);
      expect(r.json()).toMatchObject({ code: 'INVALID_TRANSITION', from, action });
    };
    for (const action of ['submit', 'email', 'complete']) await refuse(action, 'draft');
    expect((await k.ok<{ data: Po }>(200, 'POST', `/purchase-orders/${po.id}/confirm`, k.acme)).data).toMatchObject({
      status: 'open', allowed_actions: ['submit', 'cancel', 'edit'],
    });
    for (const action of ['confirm', 'email', 'complete']) await refuse(action, 'open');
    const submitted = await k.ok<{ data: Po & { sent_at: string }; email: { job_id: string } }>(200, 'POST', `/purchase-orders/${po.id}/submit`, k.acme);
    expect(submitted.data).toMatchObject({ status: 'sent', allowed_actions: ['acknowledge', 'email', 'complete', 'cancel', 'ship'] });
    expect(submitted.data.sent_at).toBeTruthy();
    expect(submitted.email.job_id).toMatch(/^[0-9a-f-]{36}$/);
    for (const action of ['confirm', 'submit']) await refuse(action, 'sent');
    const again = await k.ok<{ email: { job_id: string } }>(200, 'POST', `/purchase-orders/${po.id}/email`, k.acme);
    expect(again.email.job_id).not.toBe(submitted.email.job_id);
    expect((await k.ok<{ data: Po }>(200, 'POST', `/purchase-orders/${po.id}/complete`, k.acme)).data).toMatchObject({ status: 'completed', allowed_actions: [] });
    for (const action of ['confirm', 'submit', 'email', 'complete', 'cancel']) await refuse(action, 'completed');
    expect((await events(po.id)).map((e) => [e.action, e.from_status, e.to_status])).toEqual([
      ['create', null, 'draft'], ['confirm', 'draft', 'open'], ['submit', 'open', 'sent'], ['email', 'sent', 'sent'], ['complete', 'sent', 'completed'],
    ]);
    const unknown = await act(k, po.id, 'explode');
    expect(unknown.statusCode).toBe(422);
  });

  it('cancel works from draft, open, sent and error; a cancelled PO refuses everything; error may be confirmed again', async () => {
    const supplier = await makeSupplier(k);
    const a = await sku(k);
    for (const from of ['draft', 'open', 'sent', 'partially_confirmed', 'confirmed', 'error']) {
      const po = await createPo(k, supplier, [{ sku: a.code, quantity: 1 }]);
      await setStatus(po.id, from);
      expect((await k.ok<{ data: Po }>(200, 'POST', `/purchase-orders/${po.id}/cancel`, k.acme)).data.status, from).toBe('cancelled');
      for (const action of ['confirm', 'submit', 'email', 'complete', 'cancel']) {
        expect((await act(k, po.id, action)).json(), `${action} after cancel`).toMatchObject({ code: 'INVALID_TRANSITION', from: 'cancelled' });
      }
    }
    const errored = await createPo(k, supplier, [{ sku: a.code, quantity: 1 }]);
    await setStatus(errored.id, 'error', `, error_message = 'boom'`);
    expect((await get(errored.id)).allowed_actions).toEqual(['confirm', 'cancel', 'edit']);
    expect((await k.ok<{ data: Po }>(200, 'POST', `/purchase-orders/${errored.id}/confirm`, k.acme)).data).toMatchObject({ status: 'open', error_message: null });
  });

  it('confirm and submit are refused naming the SKU when a line SKU was discontinued or removed', async () => {
    const supplier = await makeSupplier(k);
    const a = await sku(k);
    const b = await sku(k);
    const po = await createPo(k, supplier, [{ sku: a.code, quantity: 1 }, { sku: b.code, quantity: 1 }]);
    await k.sql(`UPDATE skus SET status = 'discontinued' WHERE id = '${a.id}'`);
    const refused = await act(k, po.id, 'confirm');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'INVALID_TRANSITION', from: 'draft', action: 'confirm' });
    expect(refused.json().message).toContain(`${a.code} is discontinued`);
    expect((await get(po.id)).lines[0]).toMatchObject({ sku_status: 'discontinued' });
    await k.sql(`UPDATE skus SET status = 'active' WHERE id = '${a.id}'`);
    await k.ok(200, 'POST', `/purchase-orders/${po.id}/confirm`, k.acme);
    await k.sql(`DELETE FROM skus WHERE id = '${b.id}'`);
    const detail = await get(po.id);
    expect(detail.lines[1]).toMatchObject({ sku_id: null, sku: b.code, sku_status: 'removed' });
    const submit = await act(k, po.id, 'submit');
    expect(submit.statusCode).toBe(409);
    expect(submit.json().message).toContain(`${b.code} was removed`);
    expect((await get(po.id)).status).toBe('open');
    expect(await k.sql(`SELECT 1 FROM jobs WHERE payload->>'purchase_order_id' = '${po.id}'`)).toEqual([]);
  });

  it('cancel is refused while a shipment of the PO is in transit, arrived or processing', async () => {
    const supplier = await makeSupplier(k);
    const a = await sku(k);
    const po = await createPo(k, supplier, [{ sku: a.code, quantity: 2 }]);
    await setStatus(po.id, 'sent');
    const asn = uniq('ASN');
    await k.sql(`INSERT INTO supply_shipments (tenant_id, kind, purchase_order_id, asn_number, status, to_iloc_id)
      VALUES ('${k.acmeId}', 'purchase_order', '${po.id}', '${asn}', 'in_transit', '${k.iloc}')`);
    for (const status of ['in_transit', 'arrived', 'processing']) {
      await k.sql(`UPDATE supply_shipments SET status = '${status}' WHERE asn_number = '${asn}'`);
      const r = await act(k, po.id, 'cancel');
      expect(r.statusCode, status).toBe(409);
      expect(r.json().message).toContain(asn);
    }
    await k.sql(`UPDATE supply_shipments SET status = 'complete' WHERE asn_number = '${asn}'`);
    const detail = await get(po.id);
    expect(detail.shipments).toEqual([expect.objectContaining({ asn_number: asn, status: 'complete', qty_expected: 0, has_discrepancy: false })]);
    await k.ok(200, 'POST', `/purchase-orders/${po.id}/cancel`, k.acme);
  });

  it('recordPoLineProgress completes the PO by the system once every line has received its quantity', async () => {
    const supplier = await makeSupplier(k);
    const a = await sku(k);
    const b = await sku(k);
    const po = await createPo(k, supplier, [{ sku: a.code, quantity: 2 }, { sku: b.code, quantity: 3 }]);
    const progress = () => withTenant({ db: k.t.database.db, tenantId: k.acmeId }, (tx) => recordPoLineProgress(tx, k.acmeId, po.id));
    await k.sql(`UPDATE purchase_order_lines SET qty_received = quantity WHERE purchase_order_id = '${po.id}'`);
    expect(await progress()).toBe('draft'); // never sent: left alone
    await setStatus(po.id, 'confirmed');
    await k.sql(`UPDATE purchase_order_lines SET qty_received = 1 WHERE purchase_order_id = '${po.id}' AND line_no = 2`);
    expect(await progress()).toBe('confirmed');
    await k.sql(`UPDATE purchase_order_lines SET qty_received = 4 WHERE purchase_order_id = '${po.id}' AND line_no = 2`);
    expect(await progress()).toBe('completed');
    expect(await get(po.id)).toMatchObject({ status: 'completed', qty_received: 6 });
    expect((await events(po.id)).at(-1)).toMatchObject({ action: 'complete', from_status: 'confirmed', to_status: 'completed', user: null, data: { automatic: true } });
  });
});

describe('edit and delete', () => {
  it('PUT replaces the lines while edit is allowed, and is refused once sent', async () => {
    const supplier = await makeSupplier(k);
    const [a, b] = [await sku(k), await sku(k)];
    const po = await createPo(k, supplier, [{ sku: a.code, quantity: 1 }]);
    const edited = (await k.ok<{ data: Po }>(200, 'PUT', `/purchase-orders/${po.id}`, k.acme, poBody(k, supplier, [
      { sku: b.code, quantity: 7, unit_cost: '3' }, { sku: a.code, quantity: 2, unit_cost: '1.005' },
    ], { estimated_delivery: '2027-01-15', payment_terms: 'Net 30' }))).data;
    expect(edited).toMatchObject({ status: 'draft', total: '23.01', estimated_delivery: '2027-01-15', payment_terms: 'Net 30', line_count: 2, qty_ordered: 9 });
    expect(edited.lines.map((l) => [l.sku, l.quantity])).toEqual([[b.code, 7], [a.code, 2]]);
    const bad = await k.api('PUT', `/purchase-orders/${po.id}`, k.acme, poBody(k, supplier, [{ sku: 'NOPE-NOPE', quantity: 1 }]));
    expect(bad.statusCode).toBe(422);
    expect((await get(po.id)).lines).toHaveLength(2);
    await k.ok(200, 'POST', `/purchase-orders/${po.id}/confirm`, k.acme);
    await k.ok(200, 'PUT', `/purchase-orders/${po.id}`, k.acme, poBody(k, supplier, [{ sku: a.code, quantity: 1 }]));
    await k.ok(200, 'POST', `/purchase-orders/${po.id}/submit`, k.acme);
    const refused = await k.api('PUT', `/purchase-orders/${po.id}`, k.acme, poBody(k, supplier, [{ sku: a.code, quantity: 9 }]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'INVALID_TRANSITION', from: 'sent', action: 'edit' });
    expect((await get(po.id)).lines).toEqual([expect.objectContaining({ quantity: 1 })]);
  });

  it('DELETE removes a draft only', async () => {
    const supplier = await makeSupplier(k);
    const a = await sku(k);
    const draft = await createPo(k, supplier, [{ sku: a.code, quantity: 1 }]);
    await k.ok(204, 'DELETE', `/purchase-orders/${draft.id}`, k.acme);
    await k.ok(404, 'GET', `/purchase-orders/${draft.id}`, k.acme);
    const open = await createPo(k, supplier, [{ sku: a.code, quantity: 1 }]);
    await k.ok(200, 'POST', `/purchase-orders/${open.id}/confirm`, k.acme);
    expect((await k.ok(409, 'DELETE', `/purchase-orders/${open.id}`, k.acme))).toMatchObject({ code: 'INVALID_TRANSITION', from: 'open' });
  });
});

describe('list, counts, search', () => {
  it('lists with supplier and iloc, searches by status, number, SKU and supplier name, counts per status', async () => {
    const name = uniq('Zephyr Parts');
    const supplier = await makeSupplier(k, { name });
    const a = await sku(k);
    const p1 = await createPo(k, supplier, [{ sku: a.code, quantity: 2 }]);
    const p2 = await createPo(k, supplier, [{ sku: a.code, quantity: 3 }]);
    await k.ok(200, 'POST', `/purchase-orders/${p2.id}/confirm`, k.acme);
    type Page = { data: (Po & { supplier: { name: string } })[]; total: number };
    const bySupplier = await k.ok<Page>(200, 'GET', `/purchase-orders?search=supplier_id:${supplier}`, k.acme);
    expect(bySupplier.data.map((p) => p.id)).toEqual([p2.id, p1.id]);
    expect(bySupplier.data[0]).toMatchObject({ supplier: { id: supplier, name }, iloc: { id: k.iloc }, line_count: 1, qty_ordered: 3, status: 'open' });
    expect((await k.ok<Page>(200, 'GET', `/purchase-orders?search=${encodeURIComponent(`status:open;supplier_id:${supplier}`)}`, k.acme)).data.map((p) => p.id)).toEqual([p2.id]);
    expect((await k.ok<Page>(200, 'GET', `/purchase-orders?search=${encodeURIComponent(`sku:${a.code.toLowerCase()}`)}`, k.acme)).total).toBe(2);
    expect((await k.ok<Page>(200, 'GET', `/purchase-orders?search=${encodeURIComponent(name.toLowerCase())}`, k.acme)).total).toBe(2);
    expect((await k.ok<Page>(200, 'GET', `/purchase-orders?search=number:${p1.number}`, k.acme)).data.map((p) => p.id)).toEqual([p1.id]);
    const asc = await k.ok<Page>(200, 'GET', `/purchase-orders?search=supplier_id:${supplier}&order_by=number&order_direction=asc`, k.acme);
    expect(asc.data.map((p) => p.id)).toEqual([p1.id, p2.id]);
    const counts = await k.ok<{ data: Record<string, number> }>(200, 'GET', `/purchase-orders/counts?search=${encodeURIComponent(`status:open;supplier_id:${supplier}`)}`, k.acme);
    expect(counts.data).toMatchObject({ all: 2, draft: 1, open: 1, sent: 0, cancelled: 0 });
    const filtered = await k.ok<Page>(200, 'GET', `/purchase-orders?search=supplier_id:${supplier}&filters=${encodeURIComponent(JSON.stringify([{ field: 'total', operator: 'gt', value: 100 }]))}`, k.acme);
    expect(filtered.total).toBe(0);
    for (const bad of ['search=status:nope', 'search=color:red', 'order_by=constructor', 'filters=[{"field":"secret","operator":"where","value":1}]', 'per_page=501']) {
      expect((await k.api('GET', `/purchase-orders?${bad}`, k.acme)).statusCode, bad).toBe(422);
    }
  });
});

describe('tenancy', () => {
  it('another tenant gets 404 for every route of an Acme PO and never sees it listed', async () => {
    const supplier = await makeSupplier(k);
    const a = await sku(k);
    const po = await createPo(k, supplier, [{ sku: a.code, quantity: 1 }]);
    for (const [method, url, body] of [
      ['GET', `/purchase-orders/${po.id}`], ['GET', `/purchase-orders/${po.id}/events`], ['GET', `/purchase-orders/${po.id}/pdf`],
      ['PUT', `/purchase-orders/${po.id}`, poBody(k, supplier, [{ sku: a.code, quantity: 1 }])], ['DELETE', `/purchase-orders/${po.id}`],
      ['POST', `/purchase-orders/${po.id}/confirm`], ['POST', `/purchase-orders/${po.id}/cancel`],
      ['POST', `/purchase-orders/${po.id}/acknowledge`, { lines: [{ line_id: po.lines[0]!.id, confirmed_quantity: 1 }] }],
    ] as const) {
      expect((await k.api(method, url, k.globex, body as object | undefined)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await k.ok<{ total: number }>(200, 'GET', `/purchase-orders?search=number:${po.number}`, k.globex)).total).toBe(0);
    // Globex cannot order from Acme's supplier or into Acme's iloc either.
    const globexSku = await sku(k, uniq('G-SKU'), k.globexId);
    const cross = await k.api('POST', '/purchase-orders', k.globex, { supplier_id: supplier, iloc_id: k.iloc, lines: [{ sku: globexSku.code, quantity: 1 }] });
    expect(cross.statusCode).toBe(422);
    expect(Object.keys(cross.json().errors).sort()).toEqual(['iloc_id', 'supplier_id']);
    expect((await get(po.id)).status).toBe('draft');
  });
});

describe('PDF and e-mail', () => {
  it('GET /pdf answers the PO as a PDF', async () => {
    const supplier = await makeSupplier(k);
    const a = await sku(k);
    const po = await createPo(k, supplier, [{ sku: a.code, quantity: 2, unit_cost: '4.5' }], { notes_to_supplier: 'Call before delivery — merci' });
    const res = await k.api('GET', `/purchase-orders/${po.id}/pdf`, k.acme);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toContain(po.number);
  });

  it('submit mails the PO with its PDF through the tenant mail configuration, and records emailed', async () => {
    const sink = await startAttachmentSink();
    try {
      await k.ok(200, 'PUT', '/mail-configuration', k.acme, { from_email: 'buyer@acme.test', from_name: 'Acme Buying', host: '127.0.0.1', port: sink.port, encryption: 'none' });
      const email = `${uniq('orders').toLowerCase()}@supplier.test`;
      const supplier = await makeSupplier(k, { email });
      const a = await sku(k);
      const po = await createPo(k, supplier, [{ sku: a.code, quantity: 5, unit_cost: '2' }], { estimated_delivery: '2031-06-15' });
      await k.ok(200, 'POST', `/purchase-orders/${po.id}/confirm`, k.acme);
      await k.ok(200, 'POST', `/purchase-orders/${po.id}/submit`, k.acme);
      expect(sink.messages).toHaveLength(0); // sent by the job, after the commit
      await drain();
      const mail = sink.messages.find((m) => m.to.includes(email))!;
      expect(mail).toBeTruthy();
      expect(mail.from).toBe('buyer@acme.test');
      expect(mail.subject).toBe(`Purchase order ${po.number} from Acme Outfitters`);
      expect(mail.text).toContain(a.code);
      expect(mail.text).toContain('Estimated delivery: Jun 15, 2031'); // issue 24: the app's one date format
      expect(mail.attachments).toHaveLength(1);
      const [pdf] = mail.attachments;
      expect(pdf!.filename).toBe(`${po.number}.pdf`);
      expect(pdf!.contentType).toBe('application/pdf');
      expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf!.content.toString('latin1')).toContain(po.number);
      expect((await events(po.id)).at(-1)).toMatchObject({ action: 'emailed', from_status: 'sent', to_status: 'sent', data: { to: email, through: 'mail_configuration' } });
    } finally {
      await k.ok(204, 'DELETE', '/mail-configuration', k.acme);
      await sink.close();
    }
  });

  it('without a mail configuration the platform mailer sends it from the company name; no supplier address is an email_failed event', async () => {
    const email = `${uniq('plain').toLowerCase()}@supplier.test`;
    const supplier = await makeSupplier(k, { email });
    const a = await sku(k);
    const po = await createPo(k, supplier, [{ sku: a.code, quantity: 1 }]);
    await k.ok(200, 'POST', `/purchase-orders/${po.id}/confirm`, k.acme);
    await k.ok(200, 'POST', `/purchase-orders/${po.id}/submit`, k.acme);
    await drain();
    const mail = await k.t.smtp.waitFor(email);
    expect(mail.subject).toBe(`Purchase order ${po.number} from Acme Outfitters`);
    expect(mail.text).toContain(`attached as ${po.number}.pdf`);
    expect((await events(po.id)).at(-1)).toMatchObject({ action: 'emailed', data: { through: 'platform' } });

    const silent = await makeSupplier(k, { email: null });
    const po2 = await createPo(k, silent, [{ sku: a.code, quantity: 1 }]);
    await k.ok(200, 'POST', `/purchase-orders/${po2.id}/confirm`, k.acme);
    await k.ok(200, 'POST', `/purchase-orders/${po2.id}/submit`, k.acme);
    await drain();
    expect((await events(po2.id)).at(-1)).toMatchObject({ action: 'email_failed', data: { error: 'The supplier has no e-mail address' } });
    expect((await get(po2.id)).status).toBe('sent');
  });
});

describe('PO by SKUs', () => {
  it('suggests from sales velocity, lead time, cover, stock and what is on order; the cheapest supplier wins', async () => {
    const iloc = k.iloc;
    const [cheap, dear] = [await makeSupplier(k, { leadTimeDays: 10 }), await makeSupplier(k, { leadTimeDays: 2 })];
    const fast = await sku(k, uniq('FAST'));
    const slow = await sku(k, uniq('SLOW'));
    const none = await sku(k, uniq('NOSALE'));
    await supplierPrice(k, cheap, fast.id, '3.00', { supplierSku: 'C-FAST' });
    await supplierPrice(k, dear, fast.id, '4.00');
    await supplierPrice(k, dear, slow.id, '1.00', { minQuantity: 50 });
    // 60 units of FAST in the window (one order 5 days ago, one 20 days ago, partly shipped), 100 outside it,
    // 500 in a cancelled order; 3 of SLOW.
    const order = async (skuId: string, code: string, qty: number, shipped: number, daysAgo: number, status = 'open') => {
      const [o] = await k.sql(`INSERT INTO orders (tenant_id, number, status, created_at) VALUES ('${k.acmeId}', '${uniq('SO')}', '${status}', now() - interval '${daysAgo} days') RETURNING id`);
      const [l] = await k.sql(`INSERT INTO order_lines (tenant_id, order_id, line_no, sku_text, sku_id, quantity) VALUES ('${k.acmeId}', '${o!.id}', 1, '${code}', '${skuId}', ${qty}) RETURNING id`);
      await k.sql(`INSERT INTO order_allocations (tenant_id, order_id, line_id, sku_id, iloc_id, quantity, qty_shipped)
        VALUES ('${k.acmeId}', '${o!.id}', '${l!.id}', '${skuId}', '${iloc}', ${qty - shipped}, ${shipped})`);
    };
    await order(fast.id, fast.code, 40, 0, 5);
    await order(fast.id, fast.code, 20, 15, 20, 'closed');
    await order(fast.id, fast.code, 100, 100, 45, 'closed');
    await order(fast.id, fast.code, 500, 0, 3, 'cancelled');
    await order(slow.id, slow.code, 3, 0, 1);
    await k.ok(201, 'POST', '/inventory/adjustments', k.acme, { adjustments: [{ sku: fast.code, iloc_id: iloc, bucket: 'good', delta: 12, reason: 'received' }] });
    await createPo(k, cheap, [{ sku: fast.code, quantity: 8 }]); // on order

    type S = { sku: string; supplier: { id: string } | null; supplier_sku: string | null; unit_cost: string | null; lead_time_days: number | null; sold: number; velocity: string; on_hand: number; in_transit: number; on_order: number; suggested_quantity: number };
    const page = await k.ok<{ data: S[]; total: number }>(200, 'GET', `/purchase-orders/suggestions?iloc_id=${iloc}&window_days=30&cover_days=20`, k.acme);
    // FAST: 60 / 30 = 2 a day × (10 lead + 20 cover) = 60 − 12 on hand − 8 on order = 40.
    const f = page.data.find((s) => s.sku === fast.code)!;
    expect(f).toMatchObject({ supplier: { id: cheap }, supplier_sku: 'C-FAST', unit_cost: '3.0000', lead_time_days: 10, sold: 60, velocity: '2.000', on_hand: 12, in_transit: 0, on_order: 8, suggested_quantity: 40 });
    // SLOW: 0.1 a day × (2 + 20) = 2.2 → 3, raised to the supplier minimum of 50.
    expect(page.data.find((s) => s.sku === slow.code)).toMatchObject({ supplier: { id: dear }, velocity: '0.100', suggested_quantity: 50 });
    expect(page.data.find((s) => s.sku === none.code)).toBeUndefined();
    const all = await k.ok<{ data: S[] }>(200, 'GET', `/purchase-orders/suggestions?iloc_id=${iloc}&only_needed=false&search=${none.code}`, k.acme);
    expect(all.data).toEqual([expect.objectContaining({ sku: none.code, supplier: null, sold: 0, velocity: '0.000', suggested_quantity: 0 })]);
    const dearOnly = await k.ok<{ data: S[] }>(200, 'GET', `/purchase-orders/suggestions?iloc_id=${iloc}&supplier_id=${dear}&window_days=30&cover_days=20`, k.acme);
    expect(dearOnly.data.find((s) => s.sku === fast.code)).toMatchObject({ supplier: { id: dear }, unit_cost: '4.0000', lead_time_days: 2, suggested_quantity: 24 });
    for (const bad of ['', `iloc_id=${iloc}&window_days=0`, `iloc_id=${iloc}&cover_days=400`, 'iloc_id=nope', `iloc_id=${k.acmeId}`]) {
      expect((await k.api('GET', `/purchase-orders/suggestions?${bad}`, k.acme)).statusCode, bad).toBe(422);
    }
    expect((await k.api('GET', `/purchase-orders/suggestions?iloc_id=${iloc}`, k.globex)).statusCode).toBe(422);
  });

  it('by-skus creates one draft per supplier with the lines grouped; a bad line writes nothing', async () => {
    const [s1, s2] = [await makeSupplier(k), await makeSupplier(k)];
    const [a, b, c] = [await sku(k), await sku(k), await sku(k)];
    await supplierPrice(k, s2, b.id, '7.25');
    const before = await countRows(k.t, 'purchase_orders');
    const bad = await k.api('POST', '/purchase-orders/by-skus', k.acme, { iloc_id: k.iloc, lines: [
      { sku: a.code, supplier_id: s1, quantity: 1 }, { sku: 'NOPE-X', supplier_id: s2, quantity: 1 }, { sku: c.code, supplier_id: '00000000-0000-4000-8000-000000000000', quantity: 1 },
    ] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['lines.1.sku', 'lines.2.supplier_id']);
    expect(await countRows(k.t, 'purchase_orders')).toBe(before);
    const made = await k.ok<{ data: (Po & { supplier: { id: string }; total: string; line_count: number })[] }>(201, 'POST', '/purchase-orders/by-skus', k.acme, {
      iloc_id: k.iloc, estimated_delivery: '2027-03-01', lines: [
        { sku: a.code, supplier_id: s1, quantity: 4, unit_cost: '1.5' }, { sku: b.code, supplier_id: s2, quantity: 2 }, { sku: c.code, supplier_id: s1, quantity: 1 },
      ],
    });
    expect(made.data.map((p) => [p.supplier.id, p.status, p.line_count, p.total, p.estimated_delivery])).toEqual([
      [s1, 'draft', 2, '6.00', '2027-03-01'], [s2, 'draft', 1, '14.50', '2027-03-01'],
    ]);
    expect(made.data[0]).not.toHaveProperty('lines');
    expect((await get(made.data[0]!.id)).lines.map((l) => [l.sku, l.quantity])).toEqual([[a.code, 4], [c.code, 1]]);
  });
});
