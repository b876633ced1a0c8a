import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SftpFake } from '../../test/fakes/sftp/sftp-fake';
import { ordersOf, runAction, stockedSkus, uniq, type ChannelKit } from '../channels/channels.test-kit';
import { checkCredentials } from '../channels/process-config';
import { registerConnector } from '../channels/registry';
import type { Config } from '../../platform/config';
import { FieldErrors, type DomainError } from '../../platform/http/errors';
import { ediConnector } from './edi.connector';
import { documentsOf, ediKit, interchange850, interchange860, interchange997, makePartner, sentFiles, type EdiPartner } from './edi.test-kit';
import { isValidSscc } from './x12/sscc';
import { read997 } from './x12/x12-997';
import { validate856 } from './x12/x12-856';
import { parseInterchanges, validateInterchange } from './x12/x12-parse';

/**
 * An X12 trading partner end to end against a real SFTP mailbox on 127.0.0.1: 850s become orders with a 997 and
 * an 855 back, a shipment becomes an 856 with an SSCC per carton, the partner's 997 settles it, an 846 carries
 * the availability; duplicates and garbled interchanges import nothing; control numbers only go up; another
 * company sees none of it.
 */

let k: ChannelKit<SftpFake>;
const SKUS = ['EDI-100', 'EDI-200', 'EDI-300'];
let control = 500;
const nextControl = () => ++control;

beforeAll(async () => {
  registerConnector(ediConnector);
  k = await ediKit();
  await stockedSkus(k, SKUS, 200);
});
afterAll(() => k.close());

const drop = (p: EdiPartner, name: string, text: string) => k.fake.putFile(`${p.inbound}/${name}`, text);
const interchangesOf = (text: string) => parseInterchanges(text);

describe('850 in', () => {
  it('becomes an order through the one pipeline, with a 997 accepting the group and an 855 acknowledging it', async () => {
    const p = await makePartner(k);
    const po = uniq('PO');
    const ctl = nextControl();
    drop(p, 'po-1.edi', interchange850({ control: ctl, pos: [{ po, lines: [{ sku: SKUS[0]!, qty: 2, price: '19.99' }, { sku: SKUS[1]!, qty: 1, price: '5.00' }] }] }));
    const run = await runAction(k, p.id, 'import_orders');
    expect(run.status).toBe('COMPLETED');
    expect(run.counts).toMatchObject({ created: 1, failed: 0 });

    const [order] = await ordersOf(k, p.id);
    expect(order).toMatchObject({ external_id: po, status: 'open' });
    expect(order!.shipping_address).toMatchObject({ first_name: 'JOHN', last_name: 'SMITH', address1: '123 MAIN ST', address2: 'APT 4', city: 'SPRINGFIELD', zip: '62701' });
    const lines = await k.sql(`SELECT sku_text, quantity, price::text FROM order_lines WHERE order_id = '${order!.id}' ORDER BY line_no`);
    expect(lines).toEqual([{ sku_text: SKUS[0], quantity: 2, price: '19.99' }, { sku_text: SKUS[1], quantity: 1, price: '5.00' }]);
    // The file left the inbound folder once it was taken.
    expect(k.fake.listFiles(p.inbound)).toEqual([]);

    const sent = sentFiles(k, p);
    expect(sent).toHaveLength(2);
    const ics = sent.map((f) => interchangesOf(f.text)[0]!);
    const ack = ics.find((ic) => ic.groups[0]!.functionalId === 'FA');
    const poAck = ics.find((ic) => ic.groups[0]!.functionalId === 'PR');
    expect(ack!.senderId).toBe('ACMESUPPLY');
    expect(ack!.receiverId).toBe('RETAILCO');
    const fa = read997(ack!.groups[0]!.transactions[0]!);
    expect(fa).toMatchObject({ functionalId: 'PO', groupControl: String(ctl), status: 'A', included: 1, accepted: 1 });
    const bak = poAck!.groups[0]!.transactions[0]!.segments.find((s) => s.id === 'BAK')!;
    expect(bak.elements.slice(0, 3)).toEqual(['00', 'AD', po]);
    for (const ic of [ack!, poAck!]) expect(validateInterchange(ic)).toEqual([]);

    const docs = await documentsOf(k, p.id);
    const inbound = docs.find((d) => d.direction === 'in')!;
    expect(inbound).toMatchObject({ doc_type: '850', status: 'imported', ack_status: 'A', interchange_control: String(ctl).padStart(9, '0'), order_ids: [order!.id] });
    expect(docs.filter((d) => d.direction === 'out').map((d) => d.doc_type).sort()).toEqual(['855', '997']);
    const detail = (await k.ok<{ data: { orders: { id: string; number: string; external_id: string }[]; raw: string; readable: { set_id: string; segments: { segment: string; name: string; elements: { position: string; value: string }[] }[] }[]; related: { doc_type: string }[] } }>(
      200, 'GET', `/processes/${p.id}/edi/documents/${inbound.id}`, k.acme)).data;
    expect(detail.raw).toContain(`BEG*00*DS*${po}`);
    const beg = detail.readable[0]!.segments.find((s) => s.segment === 'BEG')!;
    expect(beg.elements.find((e) => e.position === 'BEG03')!.value).toBe(po);
    expect(detail.related.map((r) => r.doc_type)).toContain('997');
    expect(detail.orders).toEqual([expect.objectContaining({ id: order!.id, external_id: po, number: expect.stringMatching(/\S/) })]);
  });

  it('resolves the buyer\'s item ids to our SKUs through alternative SKUs and barcodes; an unknown one keeps the order in error', async () => {
    const p = await makePartner(k);
    const [skuRow] = await k.sql(`SELECT id FROM skus WHERE tenant_id = '${k.acmeId}' AND sku = '${SKUS[2]}'`);
    const alias = uniq('BUYER').replace(/-/g, '');
    await k.sql(`INSERT INTO sku_aliases (tenant_id, alias, sku_id) VALUES ('${k.acmeId}', '${alias}', '${skuRow!.id}')`);
    const known = uniq('PO');
    const unknown = uniq('PO');
    drop(p, 'po.edi', interchange850({
      control: nextControl(),
      pos: [
        { po: known, lines: [{ sku: alias, qty: 1, price: '3.00', qualifier: 'BP', upc: '000000000000' }] },
        { po: unknown, lines: [{ sku: 'NOT-OURS-1', qty: 1, price: '3.00', upc: '000000000001' }] },
      ],
    }));
    const run = await runAction(k, p.id, 'import_orders');
    expect(run.status).toBe('COMPLETED');
    const orders = await ordersOf(k, p.id);
    const ok = orders.find((o) => o.external_id === known)!;
    const bad = orders.find((o) => o.external_id === unknown)!;
    expect((await k.sql(`SELECT sku_text FROM order_lines WHERE order_id = '${ok.id}'`))[0]!.sku_text).toBe(SKUS[2]);
    expect(bad.status).toBe('error');
    // Only the order taken cleanly is acknowledged with an 855.
    const poAck = sentFiles(k, p).map((f) => interchangesOf(f.text)[0]!).find((ic) => ic.groups[0]!.functionalId === 'PR')!;
    expect(poAck.groups[0]!.transactions).toHaveLength(1);
  });

  it('a partner\'s ORDER mapper changes what differs from the standard: the SKU from the buyer\'s part number, the ship-to name', async () => {
    const p = await makePartner(k);
    const mapper = (await k.ok<{ data: { id: string } }>(201, 'POST', '/mappers', k.acme, {
      name: uniq('RetailCo 850'), type: 'ORDER', file_type: 'x12',
      definition: {
        root: "transactions[set='850']",
        relations: [
          { source: '"RC " & po.parties.ST.name', target: 'shipping_address.company' },
          { source: 'po.lines[].{ "line_no": lineNo, "sku": ids.BP, "quantity": quantity, "price": unitPrice }', target: 'lines' },
        ],
      },
    })).data;
    const po = uniq('PO');
    const text = interchange850({ control: nextControl(), pos: [{ po, lines: [{ sku: SKUS[1]!, qty: 3, price: '2.50', qualifier: 'BP' }] }] });
    await k.ok(201, 'POST', `/mappers/${mapper.id}/samples`, k.acme, { name: 'po.edi', content: text });
    await k.ok(200, 'PUT', `/mappers/${mapper.id}`, k.acme, { process_id: p.id });
    drop(p, 'po.edi', text);
    const run = await runAction(k, p.id, 'import_orders');
    expect(run.errors.filter((e) => e.code === 'edi_mapper_failed')).toEqual([]);
    const [order] = await ordersOf(k, p.id);
    expect(order).toMatchObject({ external_id: po, status: 'open' });
    expect(order!.shipping_address).toMatchObject({ company: 'RC JOHN SMITH', city: 'SPRINGFIELD' });
    expect(await k.sql(`SELECT sku_text, quantity FROM order_lines WHERE order_id = '${order!.id}'`)).toEqual([{ sku_text: SKUS[1], quantity: 3 }]);
  });

  it('one interchange with a 997 group and a PO group: the 997 settles our 855 and the new PO is imported', async () => {
    const p = await makePartner(k);
    drop(p, 'first.edi', interchange850({ control: nextControl(), pos: [{ po: uniq('PO'), lines: [{ sku: SKUS[0]!, qty: 1, price: '1.00' }] }] }));
    await runAction(k, p.id, 'import_orders');
    const [poAck] = await documentsOf(k, p.id, '&doc_type=855');
    const ctl = nextControl();
    const second = uniq('PO');
    const po = interchange850({ control: ctl, pos: [{ po: second, lines: [{ sku: SKUS[1]!, qty: 1, price: '1.00' }] }] }).trim().split('\n');
    const fa = interchange997({ control: nextControl(), fid: 'PR', gs06: poAck!.group_control!, setId: '855', sets: poAck!.set_controls, verdict: 'A' }).trim().split('\n');
    drop(p, 'both.edi', [...po.slice(0, -1), ...fa.slice(1, -1), `IEA*2*${String(ctl).padStart(9, '0')}~`].join('\n') + '\n');
    const run = await runAction(k, p.id, 'import_orders');
    expect(run.status, run.failure ?? '').toBe('COMPLETED');
    expect((await ordersOf(k, p.id)).map((o) => o.external_id)).toContain(second);
    expect((await documentsOf(k, p.id, '&doc_type=855')).find((d) => d.id === poAck!.id)).toMatchObject({ status: 'accepted', ack_status: 'A' });
  });

  it('a second file with the same ISA13 is a duplicate: logged, removed, nothing imported again', async () => {
    const p = await makePartner(k);
    const ctl = nextControl();
    const text = interchange850({ control: ctl, pos: [{ po: uniq('PO'), lines: [{ sku: SKUS[0]!, qty: 1, price: '1.00' }] }] });
    drop(p, 'a.edi', text);
    await runAction(k, p.id, 'import_orders');
    drop(p, 'a-again.edi', text);
    const again = await runAction(k, p.id, 'import_orders');
    expect(again.counts).toMatchObject({ created: 0, duplicates: 1 });
    expect(again.errors).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'edi_duplicate_interchange' })]));
    expect(await ordersOf(k, p.id)).toHaveLength(1);
    expect(k.fake.listFiles(p.inbound)).toEqual([]);
    const inbound = await documentsOf(k, p.id, '&direction=in');
    expect(inbound.map((d) => d.status).sort()).toEqual(['duplicate', 'imported']);
    // No second 997 for the duplicate.
    expect((await documentsOf(k, p.id, '&doc_type=997')).length).toBe(1);
  });

  it('a set whose SE count is wrong is rejected with a 997 R and nothing of it is imported', async () => {
    const p = await makePartner(k);
    const ctl = nextControl();
    drop(p, 'bad.edi', interchange850({ control: ctl, seCountDelta: 3, pos: [{ po: uniq('PO'), lines: [{ sku: SKUS[0]!, qty: 1, price: '1.00' }] }] }));
    const run = await runAction(k, p.id, 'import_orders');
    expect(run.status).toBe('COMPLETED');
    expect(run.counts).toMatchObject({ created: 0, failed: 1 });
    expect(run.errors).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'edi_set_rejected' })]));
    expect(await ordersOf(k, p.id)).toHaveLength(0);
    const ack = interchangesOf(sentFiles(k, p)[0]!.text)[0]!;
    const fa = read997(ack.groups[0]!.transactions[0]!);
    expect(fa.status).toBe('R');
    expect(fa.sets[0]!.status).toBe('R');
    const [doc] = await documentsOf(k, p.id, '&direction=in');
    expect(doc).toMatchObject({ status: 'rejected', ack_status: 'R' });
  });

  it('an 860 cancelling a PO cancels its order; any other change is left for a person, said in the feed history', async () => {
    const p = await makePartner(k);
    const [po, po2] = [uniq('PO'), uniq('PO')];
    drop(p, 'po.edi', interchange850({ control: nextControl(), pos: [po, po2].map((n) => ({ po: n, lines: [{ sku: SKUS[0]!, qty: 1, price: '1.00' }] })) }));
    await runAction(k, p.id, 'import_orders');
    const ctl = nextControl();
    drop(p, 'change.edi', interchange860({ control: ctl, changes: [{ po, purpose: '01' }, { po: po2, purpose: '04' }] }));
    const run = await runAction(k, p.id, 'import_orders');
    expect(run.status).toBe('COMPLETED');
    const orders = await ordersOf(k, p.id);
    expect(orders.find((o) => o.external_id === po)!.status).toBe('cancelled');
    expect(orders.find((o) => o.external_id === po2)!.status).toBe('open');
    expect(run.errors).toEqual(expect.arrayContaining([expect.objectContaining({ external_id: po2, code: 'edi_change_not_applied' })]));
    const [change] = await documentsOf(k, p.id, '&doc_type=860');
    expect(change).toMatchObject({ status: 'partially_imported', ack_status: 'A' });
    const fa = sentFiles(k, p).map((f) => interchangesOf(f.text)[0]!).filter((ic) => ic.groups[0]!.functionalId === 'FA')
      .map((ic) => read997(ic.groups[0]!.transactions[0]!)).find((a) => a.functionalId === 'PC')!;
    expect(fa).toMatchObject({ groupControl: String(ctl), status: 'A', accepted: 2 });
  });

  it('a file that is not X12 is refused and logged, with the reason in the feed history', async () => {
    const p = await makePartner(k);
    drop(p, 'garbage.edi', 'HELLO this is not an interchange\n');
    drop(p, 'short.edi', 'ISA*00*short~');
    const run = await runAction(k, p.id, 'import_orders');
    expect(run.status).toBe('COMPLETED');
    expect(run.counts.failed).toBe(2);
    expect(run.errors.filter((e) => e.code === 'edi_garbled')).toHaveLength(2);
    const docs = await documentsOf(k, p.id);
    expect(docs.map((d) => [d.doc_type, d.status])).toEqual([['unknown', 'rejected'], ['unknown', 'rejected']]);
    expect(await ordersOf(k, p.id)).toHaveLength(0);
  });

  it('an interchange addressed to someone else is refused without importing', async () => {
    const p = await makePartner(k);
    drop(p, 'other.edi', interchange850({ control: nextControl(), to: 'SOMEONEELSE', pos: [{ po: uniq('PO'), lines: [{ sku: SKUS[0]!, qty: 1, price: '1.00' }] }] }));
    const run = await runAction(k, p.id, 'import_orders');
    expect(run.errors).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'edi_wrong_party' })]));
    expect(await ordersOf(k, p.id)).toHaveLength(0);
  });
});

describe('856 out and the partner\'s 997', () => {
  it('shipping the order sends an 856 (SSCC per carton, valid HL tree), and a 997 from the partner marks it accepted', async () => {
    const p = await makePartner(k, { settings: { send_855: false, send_810: true } });
    const po = uniq('PO');
    drop(p, 'po.edi', interchange850({ control: nextControl(), pos: [{ po, lines: [{ sku: SKUS[0]!, qty: 2, price: '19.99' }, { sku: SKUS[1]!, qty: 1, price: '5.00' }] }] }));
    await runAction(k, p.id, 'import_orders');
    const [order] = await ordersOf(k, p.id);
    const lines = await k.sql(`SELECT id FROM order_lines WHERE order_id = '${order!.id}' ORDER BY line_no`);
    await k.ok(201, 'POST', `/orders/${order!.id}/shipments`, k.acme, {
      carrier: 'UPSN', tracking: '1Z999AA10123456784',
      boxes: [
        { length: '30', width: '20', height: '10', weight: '1.5', items: [{ line_id: lines[0]!.id, quantity: 2 }] },
        { length: '30', width: '20', height: '10', weight: '2', items: [{ line_id: lines[1]!.id, quantity: 1 }] },
      ],
    });
    await k.drain();
    const [ship] = await k.sql(`SELECT channel_push_status, channel_push_error FROM shipments WHERE order_id = '${order!.id}'`);
    expect(ship).toMatchObject({ channel_push_status: 'sent', channel_push_error: null });

    const files = sentFiles(k, p).map((f) => ({ ...f, ic: interchangesOf(f.text)[0]! }));
    const asn = files.find((f) => f.ic.groups[0]!.functionalId === 'SH')!;
    expect(asn).toBeTruthy();
    expect(validateInterchange(asn.ic)).toEqual([]);
    const body = asn.ic.groups[0]!.transactions[0]!.segments;
    expect(validate856(body)).toEqual([]);
    const ssccs = body.filter((s) => s.id === 'MAN' && s.elements[0] === 'GM').map((s) => s.elements[1]!);
    expect(ssccs).toHaveLength(2);
    for (const m of ssccs) {
      expect(m).toMatch(/^00\d{18}$/);
      expect(isValidSscc(m.slice(2))).toBe(true);
      expect(m.slice(3, 10)).toBe('0614141');
    }
    expect(new Set(ssccs).size).toBe(2);
    expect(body.find((s) => s.id === 'PRF')!.elements[0]).toBe(po);
    expect(body.filter((s) => s.id === 'SN1').map((s) => s.elements.slice(0, 2))).toEqual([['1', '2'], ['2', '1']]);
    // The 810 went with it: TDS = 2 × 19.99 + 5.00 in implied decimals.
    const invoice = files.find((f) => f.ic.groups[0]!.functionalId === 'IN')!;
    expect(invoice.ic.groups[0]!.transactions[0]!.segments.find((s) => s.id === 'TDS')!.elements[0]).toBe('4498');

    // The SSCCs stay with their boxes: never given again to another carton.
    const kept = await k.sql(`SELECT sscc FROM shipment_box_ssccs WHERE tenant_id = '${k.acmeId}'`);
    expect(new Set(kept.map((r) => r.sscc)).size).toBe(kept.length);

    const [sentAsn] = await documentsOf(k, p.id, '&doc_type=856');
    expect(sentAsn).toMatchObject({ status: 'sent', direction: 'out' });
    expect(sentAsn!.delivered_at).not.toBeNull();
    drop(p, '997.edi', interchange997({ control: nextControl(), fid: 'SH', gs06: sentAsn!.group_control!, setId: '856', sets: sentAsn!.set_controls, verdict: 'A' }));
    await runAction(k, p.id, 'import_orders');
    const [settled] = await documentsOf(k, p.id, '&doc_type=856');
    expect(settled).toMatchObject({ status: 'accepted', ack_status: 'A' });
    const detail = (await k.ok<{ data: { related: { doc_type: string; direction: string }[] } }>(200, 'GET', `/processes/${p.id}/edi/documents/${settled!.id}`, k.acme)).data;
    expect(detail.related).toEqual([expect.objectContaining({ doc_type: '997', direction: 'in' })]);

    // A rejecting 997 for the 810 carries the partner's reasons.
    const [inv] = await documentsOf(k, p.id, '&doc_type=810');
    drop(p, '997-r.edi', interchange997({ control: nextControl(), fid: 'IN', gs06: inv!.group_control!, setId: '810', sets: inv!.set_controls, verdict: 'R' }));
    await runAction(k, p.id, 'import_orders');
    const rejected = (await k.ok<{ data: { status: string; ack_details: { status: string; errors: { segment: string; position: number }[] }[] } }>(
      200, 'GET', `/processes/${p.id}/edi/documents/${inv!.id}`, k.acme)).data;
    expect(rejected.status).toBe('rejected');
    expect(rejected.ack_details[0]).toMatchObject({ status: 'R', errors: [expect.objectContaining({ segment: 'SN1', position: 21 })] });
  });

  it('a document with no 997 within the window turns overdue and the team is told', async () => {
    const p = await makePartner(k, { settings: { ack_window_hours: 1 } });
    drop(p, 'po.edi', interchange850({ control: nextControl(), pos: [{ po: uniq('PO'), lines: [{ sku: SKUS[0]!, qty: 1, price: '1.00' }] }] }));
    await runAction(k, p.id, 'import_orders');
    const [poAck] = await documentsOf(k, p.id, '&doc_type=855');
    expect(poAck).toMatchObject({ status: 'sent' });
    await k.sql(`UPDATE edi_documents SET due_at = now() - interval '1 minute' WHERE id = '${poAck!.id}'`);
    const run = await runAction(k, p.id, 'import_orders');
    expect(run.status).toBe('COMPLETED');
    const [late] = await documentsOf(k, p.id, '&doc_type=855');
    expect(late!.status).toBe('overdue');
    const notes = await k.sql(`SELECT data FROM notifications WHERE tenant_id = '${k.acmeId}' AND type = 'edi.ack-overdue' AND data->'params'->>'process_id' = '${p.id}'`);
    expect(notes.length).toBeGreaterThan(0);
  });
});

describe('846 and control numbers', () => {
  it('sync_inventory sends an 846 with each SKU\'s availability; every interchange we send has a higher ISA13, GS06 and ST02', async () => {
    const p = await makePartner(k);
    const run = await runAction(k, p.id, 'sync_inventory');
    expect(run.status).toBe('COMPLETED');
    const advice = sentFiles(k, p).map((f) => interchangesOf(f.text)[0]!).find((ic) => ic.groups[0]!.functionalId === 'IB')!;
    const segs = advice.groups[0]!.transactions[0]!.segments;
    const lin = segs.findIndex((s) => s.id === 'LIN' && s.elements.includes(SKUS[0]!));
    expect(lin).toBeGreaterThan(-1);
    expect(segs[lin + 1]).toMatchObject({ id: 'QTY', elements: expect.arrayContaining(['17']) });
    const [avail] = (await k.ok<{ data: { sku: string; quantity: number }[] }>(200, 'POST', '/inventory/availability', k.acme, { skus: [SKUS[0]], iloc_ids: [k.iloc], reserve_percentage: 0 })).data;
    expect(Number(segs[lin + 1]!.elements[1])).toBe(avail!.quantity);

    drop(p, 'po.edi', interchange850({ control: nextControl(), pos: [{ po: uniq('PO'), lines: [{ sku: SKUS[0]!, qty: 1, price: '1.00' }] }] }));
    await runAction(k, p.id, 'import_orders');
    await runAction(k, p.id, 'sync_inventory');
    // Documents recorded in one transaction share a created_at: the order they were numbered in is the ISA13's.
    const out = (await documentsOf(k, p.id, '&direction=out')).sort((a, b) => Number(a.interchange_control) - Number(b.interchange_control));
    expect(out.length).toBeGreaterThanOrEqual(4);
    expect(new Set(out.map((d) => d.interchange_control)).size).toBe(out.length);
    const isa = out.map((d) => Number(d.interchange_control));
    const gs = out.map((d) => Number(d.group_control));
    const st = out.flatMap((d) => d.set_controls.map(Number));
    for (const list of [isa, gs, st]) {
      expect(list.every((v, i) => i === 0 || v > list[i - 1]!)).toBe(true);
    }
    // A reused ISA13 cannot be recorded.
    await expect(k.sql(`INSERT INTO edi_documents (tenant_id, process_id, direction, doc_type, interchange_control, status, raw)
      VALUES ('${k.acmeId}', '${p.id}', 'out', '846', '${out[0]!.interchange_control}', 'sent', 'x')`)).rejects.toThrow(/edi_documents_outbound_key/);
  });
});

describe('set-up, refused credentials, bad input, another company', () => {
  it('tests the mailbox; a wrong password is a 422 saying so, and a run with it fails without importing', async () => {
    const good = await makePartner(k);
    const ok = (await k.ok<{ data: { ok: boolean; mailbox: { host_key_sha256: string; inbound_files: number } } }>(200, 'POST', `/processes/${good.id}/test`, k.acme)).data;
    expect(ok.mailbox.host_key_sha256).toBe(k.fake.hostKeySha256);
    const bad = await makePartner(k, { password: 'wrong-password' });
    const res = await k.api('POST', `/processes/${bad.id}/test`, k.acme);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/refused the user name or password/i);
    drop(bad, 'po.edi', interchange850({ control: nextControl(), pos: [{ po: uniq('PO'), lines: [{ sku: SKUS[0]!, qty: 1, price: '1.00' }] }] }));
    const run = await runAction(k, bad.id, 'import_orders');
    expect(run.status).toBe('FAILED');
    expect(k.fake.listFiles(bad.inbound)).toHaveLength(1);
  });

  it('pins the host key on the first run; a different key later stops the run', async () => {
    const p = await makePartner(k);
    await runAction(k, p.id, 'import_orders');
    const [row] = await k.sql(`SELECT settings->>'sftp_host_key' AS key FROM processes WHERE id = '${p.id}'`);
    expect(row!.key).toBe(k.fake.hostKeySha256);
    await k.sql(`UPDATE processes SET settings = settings || '{"sftp_host_key":"AAAAnotthekeyAAAA"}'::jsonb WHERE id = '${p.id}'`);
    const run = await runAction(k, p.id, 'import_orders');
    expect(run.status).toBe('FAILED');
    expect(run.failure).toMatch(/host key/i);
  });

  it('refuses a partner without its identifiers, an unknown setting or a bad qualifier, writing nothing', async () => {
    const before = await k.sql(`SELECT count(*)::int AS n FROM processes WHERE tenant_id = '${k.acmeId}'`);
    const base = { name: uniq('Bad EDI'), driver: 'edi-x12', credentials: { sftp_host: '127.0.0.1', username: 'x', password: 'y', inbound_dir: '/in/x', outbound_dir: '/out/x' } };
    const missing = await k.api('POST', '/processes', k.acme, { ...base, settings: { isa_qualifier: 'ZZ' } });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['settings.isa_id', 'settings.partner_isa_id']));
    const badQualifier = await k.api('POST', '/processes', k.acme, { ...base, settings: { isa_qualifier: 'ZZZ', isa_id: 'A', partner_isa_qualifier: 'ZZ', partner_isa_id: 'B' } });
    expect(badQualifier.statusCode).toBe(422);
    const badPrefix = await k.api('POST', '/processes', k.acme, { ...base, settings: { isa_qualifier: 'ZZ', isa_id: 'A', partner_isa_qualifier: 'ZZ', partner_isa_id: 'B', gs1_company_prefix: '12AB' } });
    expect(badPrefix.statusCode).toBe(422);
    const unknownCredential = await k.api('POST', '/processes', k.acme, { ...base, credentials: { ...base.credentials, api_key: 'x' }, settings: { isa_qualifier: 'ZZ', isa_id: 'A', partner_isa_qualifier: 'ZZ', partner_isa_id: 'B' } });
    expect(unknownCredential.statusCode).toBe(422);
    const after = await k.sql(`SELECT count(*)::int AS n FROM processes WHERE tenant_id = '${k.acmeId}'`);
    expect(after[0]!.n).toBe(before[0]!.n);

    const p = await makePartner(k);
    const badQuery = await k.api('GET', `/processes/${p.id}/edi/documents?doc_type=999`, k.acme);
    expect(badQuery.statusCode).toBeGreaterThanOrEqual(400);
    expect(badQuery.statusCode).toBeLessThan(500);
    expect((await k.api('GET', `/processes/${p.id}/edi/documents/not-an-id`, k.acme)).statusCode).toBe(404);
  });

  it('a mailbox on a loopback or private host is refused unless the operator allows private targets', () => {
    const check = (allow: boolean, credentials: Record<string, string>) => {
      const errors = new FieldErrors();
      checkCredentials({ channelAllowPrivateTargets: allow } as Config, 'edi-x12', credentials, errors);
      try {
        errors.throwIfAny();
        return [];
      } catch (err) {
        return Object.keys((err as DomainError).extra.errors ?? {});
      }
    };
    for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '192.168.0.9', '::1', '169.254.169.254']) expect(check(false, { sftp_host: host })).toEqual(['credentials.sftp_host']);
    expect(check(false, { sftp_host: 'sftp.retailer.example.com' })).toEqual([]);
    expect(check(true, { sftp_host: '127.0.0.1' })).toEqual([]);
    expect(check(true, { sftp_host: '127.0.0.1', sftp_port: '70000', inbound_dir: '../etc' })).toEqual(['credentials.sftp_port', 'credentials.inbound_dir']);
  });

  it('another company gets 404 for the partner\'s documents and cannot run or test it', async () => {
    const p = await makePartner(k);
    drop(p, 'po.edi', interchange850({ control: nextControl(), pos: [{ po: uniq('PO'), lines: [{ sku: SKUS[0]!, qty: 1, price: '1.00' }] }] }));
    await runAction(k, p.id, 'import_orders');
    const [doc] = await documentsOf(k, p.id);
    expect((await k.api('GET', `/processes/${p.id}/edi/documents`, k.globex)).statusCode).toBe(404);
    expect((await k.api('GET', `/processes/${p.id}/edi/documents/${doc!.id}`, k.globex)).statusCode).toBe(404);
    expect((await k.api('POST', `/processes/${p.id}/test`, k.globex)).statusCode).toBe(404);
    expect((await k.api('POST', `/processes/${p.id}/actions/import_orders/run`, k.globex)).statusCode).toBe(404);
    // A Shopify process is not an EDI partner: no document log.
    const other = await k.sql(`SELECT id FROM processes WHERE tenant_id = '${k.acmeId}' AND driver <> 'edi-x12' LIMIT 1`);
    if (other[0]) expect((await k.api('GET', `/processes/${other[0].id}/edi/documents`, k.acme)).statusCode).toBe(404);
  });
});

describe('CSV partner over the same mailbox', () => {
  async function linkedMapper(p: EdiPartner, type: string, fileType: string, sample: string, definition: object): Promise<void> {
    const m = (await k.ok<{ data: { id: string } }>(201, 'POST', '/mappers', k.acme, { name: uniq(`CSV ${type}`), type, file_type: fileType, definition })).data;
    await k.ok(201, 'POST', `/mappers/${m.id}/samples`, k.acme, { name: `sample.${fileType}`, content: sample });
    await k.ok(200, 'PUT', `/mappers/${m.id}`, k.acme, { process_id: p.id });
  }

  it('orders come in from CSV rows by its ORDER mapper; shipments and stock go out as CSV by its ASN and INVENTORY mappers', async () => {
    const p = await makePartner(k, { settings: { file_format: 'csv' } });
    const [po1, po2] = [uniq('CSV'), uniq('CSV')];
    const csv = ['PO,Name,Street,City,Zip,Country,SKU,Qty,Price', `${po1},Ana Buyer,1 Main St,Austin,78701,US,${SKUS[0]},2,9.50`,
      `${po1},Ana Buyer,1 Main St,Austin,78701,US,${SKUS[1]},1,4.00`, `${po2},Bo Buyer,2 Elm St,Dallas,75201,US,${SKUS[0]},1,9.50`].join('\n') + '\n';
    drop(p, 'orders.csv', csv);
    // Nothing can read it yet: the run says why and the file waits in the mailbox.
    const early = await runAction(k, p.id, 'import_orders');
    expect(early.status).toBe('FAILED');
    expect(early.failure).toMatch(/ORDER mapper/);
    expect(k.fake.listFiles(p.inbound)).toEqual(['orders.csv']);

    await linkedMapper(p, 'ORDER', 'csv', csv, {
      root: '$each(rows{PO: [$]}, function($v, $k) { {"po": $k, "rows": $v} })',
      relations: [
        { source: 'po', target: 'external_id' },
        { source: '$substringBefore(rows[0].Name, " ")', target: 'shipping_address.first_name' },
        { source: '$substringAfter(rows[0].Name, " ")', target: 'shipping_address.last_name' },
        { source: 'rows[0].Street', target: 'shipping_address.address1' },
        { source: 'rows[0].City', target: 'shipping_address.city' },
        { source: 'rows[0].Zip', target: 'shipping_address.zip' },
        { source: 'rows[0].Country', target: 'shipping_address.country' },
        { source: 'rows.{ "sku": SKU, "quantity": $number(Qty), "price": Price }', target: 'lines' },
      ],
    });
    const run = await runAction(k, p.id, 'import_orders');
    expect(run.status).toBe('COMPLETED');
    expect(run.counts, JSON.stringify(run.errors)).toMatchObject({ created: 2, failed: 0 });
    const orders = await ordersOf(k, p.id);
    const first = orders.find((o) => o.external_id === po1)!;
    expect(first.shipping_address).toMatchObject({ first_name: 'Ana', last_name: 'Buyer', address1: '1 Main St', city: 'Austin' });
    expect(await k.sql(`SELECT sku_text, quantity FROM order_lines WHERE order_id = '${first.id}' ORDER BY line_no`)).toEqual([{ sku_text: SKUS[0], quantity: 2 }, { sku_text: SKUS[1], quantity: 1 }]);
    expect(k.fake.listFiles(p.inbound)).toEqual([]);
    expect((await documentsOf(k, p.id, '&direction=in'))[0]).toMatchObject({ doc_type: 'csv', status: 'imported' });

    const lines = await k.sql(`SELECT id FROM order_lines WHERE order_id = '${first.id}' ORDER BY line_no`);
    await k.ok(201, 'POST', `/orders/${first.id}/shipments`, k.acme, {
      carrier: 'UPS', tracking: '1ZCSV0001',
      boxes: [{ length: '30', width: '20', height: '10', weight: '1.5', items: [{ line_id: lines[0]!.id, quantity: 2 }, { line_id: lines[1]!.id, quantity: 1 }] }],
    });
    await k.drain();
    const [unsent] = await k.sql(`SELECT channel_push_status, channel_push_error FROM shipments WHERE order_id = '${first.id}'`);
    expect(unsent).toMatchObject({ channel_push_status: 'failed' });
    expect(String(unsent!.channel_push_error)).toMatch(/ASN mapper/);

    await linkedMapper(p, 'ASN', 'json', JSON.stringify({ shipment: { tracking: 'T', boxes: [{ items: [{ sku: 'S', quantity: 1 }] }] }, order: { po_number: 'P' } }), {
      root: 'shipment.boxes.items',
      relations: [
        { source: '$document.order.po_number', target: 'PO' }, { source: 'sku', target: 'SKU' }, { source: 'quantity', target: 'Shipped' },
        { source: '$document.shipment.tracking', target: 'Tracking' },
      ],
    });
    const tracking = await runAction(k, p.id, 'update_tracking');
    expect(tracking.status).toBe('COMPLETED');
    const asn = sentFiles(k, p).find((f) => f.name.endsWith('.csv'))!;
    expect(asn.text.trim().split('\n')).toEqual(['PO,SKU,Shipped,Tracking', `${po1},${SKUS[0]},2,1ZCSV0001`, `${po1},${SKUS[1]},1,1ZCSV0001`]);

    await linkedMapper(p, 'INVENTORY', 'json', JSON.stringify({ items: [{ sku: 'S', quantity: 1 }] }), {
      root: 'items', relations: [{ source: 'sku', target: 'Item' }, { source: 'quantity', target: 'Available' }],
    });
    const stock = await runAction(k, p.id, 'sync_inventory');
    expect(stock.status).toBe('COMPLETED');
    const inventory = sentFiles(k, p).filter((f) => f.name.endsWith('.csv')).find((f) => f.text.startsWith('Item,Available'))!;
    expect(inventory.text).toMatch(new RegExp(`^${SKUS[2]},\\d+$`, 'm'));
  });
});
