import { sql } from 'drizzle-orm';
import { SHIPMENT_SENT_STATUSES } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows, textArray } from '../../platform/db/rows';
import type { RunContext } from '../channels/channel-run.job';
import type { EdiLineRef } from './edi-850-order';
import { allocateSsccs } from './edi-controls';
import { recordCsvOutbound } from './edi-csv';
import { withRunMailbox } from './edi-connection';
import { deliverOutbox, recordOutbound } from './edi-outbox';
import { partnerProfile, type PartnerProfile } from './edi-profile';
import { build810 } from './x12/x12-810';
import { build856, validate856, type ShipNotice } from './x12/x12-856';

/**
 * update_tracking for an EDI partner: each shipped shipment of one of its orders becomes an 856 (shipment →
 * order → pack → item, one SSCC-18 per box, allocated once and kept with the box), checked against the 856
 * rules before it is recorded, and an 810 when the partner is invoiced by EDI. Both go in the mailbox at the
 * end of the run; the partner's 997 settles them later.
 */

interface PendingShipment {
  id: string;
  number: string;
  carrier: string | null;
  tracking: string | null;
  ship_date: string | null;
  order_id: string;
  external_id: string;
  channel_ref: { po_number?: string; po_date?: string | null; lines?: EdiLineRef[]; refs?: Record<string, string> } | null;
  shipping_address: Record<string, string | undefined> | null;
  iloc: { name: string; address1: string | null; city: string | null; region: string | null; postal_code: string | null; country: string | null } | null;
  boxes: { id: string; box_no: number; weight: string; tracking: string | null; items: { line_no: number; sku: string; quantity: number; price: string }[] }[];
}

export async function runEdiShipNotices(run: RunContext): Promise<Record<string, unknown>> {
  const { process, rec, job } = run;
  const profile = partnerProfile(process.settings, run.cctx.credentials);
  const only = job.payload.shipment_ids;
  const shipments = await run.inTenant((tx) => queryRows<PendingShipment>(tx, sql`
    SELECT s.id, s.number, s.carrier, s.tracking, s.ship_date::text, o.id AS order_id, o.external_id, o.channel_ref, o.shipping_address,
      (SELECT json_build_object('name', i.name, 'address1', i.address1, 'city', i.city, 'region', i.region, 'postal_code', i.postal_code, 'country', i.country)
         FROM ilocs i WHERE i.tenant_id = s.tenant_id AND i.id = s.iloc_id) AS iloc,
      (SELECT json_agg(json_build_object('id', b.id, 'box_no', b.box_no, 'weight', b.weight::text, 'tracking', b.tracking,
          'items', (SELECT coalesce(json_agg(json_build_object('line_no', l.line_no, 'sku', l.sku_text, 'quantity', sl.quantity, 'price', l.price::text) ORDER BY l.line_no), '[]'::json)
                    FROM shipment_lines sl JOIN order_lines l ON l.tenant_id = sl.tenant_id AND l.id = sl.order_line_id
                    WHERE sl.tenant_id = b.tenant_id AND sl.box_id = b.id)) ORDER BY b.box_no)
         FROM shipment_boxes b WHERE b.tenant_id = s.tenant_id AND b.shipment_id = s.id) AS boxes
    FROM shipments s JOIN orders o ON o.tenant_id = s.tenant_id AND o.id = s.order_id
    WHERE o.process_id = ${process.id}::uuid AND o.external_id IS NOT NULL AND s.status = ANY(${textArray(SHIPMENT_SENT_STATUSES)}::text[])
      AND ${only ? sql`s.id = ANY(${textArray(only)}::uuid[]) AND coalesce(s.channel_push_status, 'pending') <> 'sent'` : sql`s.channel_push_status IN ('pending', 'failed')`}
    ORDER BY s.created_at LIMIT 2000`));
  let sent = 0;
  for (const s of shipments) {
    rec.count('received');
    await run.inTenant(async (tx) => {
      const problem = await recordShipNotice(tx, run, profile, s);
      if (problem) {
        rec.count('failed');
        rec.error({ external_id: s.external_id, code: 'edi_856_invalid', message: `Shipment ${s.number}: ${problem}` });
      } else {
        rec.count('updated');
        sent++;
      }
      await tx.execute(sql`
        UPDATE shipments SET channel_push_status = ${problem ? 'failed' : 'sent'}, channel_push_error = ${problem},
          channel_pushed_at = CASE WHEN ${problem === null} THEN now() ELSE channel_pushed_at END
        WHERE tenant_id = ${job.tenantId}::uuid AND id = ${s.id}::uuid`);
      await rec.flush(tx);
    });
  }
  if (!shipments.length) await run.inTenant((tx) => rec.flush(tx));
  const delivered = await withRunMailbox(run, profile, (mailbox) => deliverOutbox(run, mailbox, profile));
  return { shipments: shipments.length, sent, delivered };
}

const party = (a: Record<string, string | undefined> | null) => ({
  name: [a?.first_name, a?.last_name].filter(Boolean).join(' ') || a?.company || null,
  address1: a?.address1 ?? null, address2: a?.address2 ?? null, city: a?.city ?? null, state: a?.state ?? null, postal: a?.zip ?? null, country: a?.country ?? null,
});

/** Records the 856 (and 810) of one shipment; answers what is wrong instead when it cannot be sent as it is. */
async function recordShipNotice(tx: Tx, run: RunContext, profile: PartnerProfile, s: PendingShipment): Promise<string | null> {
  const tenantId = run.job.tenantId;
  if (profile.format === 'csv') return recordCsvShipment(tx, run, profile, s);
  if (!profile.gs1Prefix) return 'Set your GS1 company prefix in the partner settings: each carton of an 856 needs an SSCC-18';
  const boxes = (s.boxes ?? []).filter((b) => b.items.length);
  if (!boxes.length) return 'The shipment has no boxed items';
  const kept = await queryRows<{ box_id: string; sscc: string }>(tx, sql`
    SELECT box_id, sscc FROM shipment_box_ssccs WHERE shipment_id = ${s.id}::uuid`);
  const ssccOf = new Map(kept.map((k) => [k.box_id, k.sscc]));
  const missing = boxes.filter((b) => !ssccOf.has(b.id));
  const fresh = await allocateSsccs(tx, tenantId, profile.gs1Prefix, missing.length);
  if (missing.length) {
    const rows = missing.map((b, i) => ({ box_id: b.id, sscc: fresh[i]! }));
    await tx.execute(sql`
      INSERT INTO shipment_box_ssccs (tenant_id, box_id, shipment_id, sscc)
      SELECT ${tenantId}::uuid, x.box_id, ${s.id}::uuid, x.sscc FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(box_id uuid, sscc text)`);
    rows.forEach((r) => ssccOf.set(r.box_id, r.sscc));
  }
  const refLines = s.channel_ref?.lines ?? [];
  const refOf = (lineNo: number, sku: string) => {
    const byIndex = refLines[lineNo - 1];
    return byIndex && byIndex.sku.toLowerCase() === sku.toLowerCase() ? byIndex : refLines.find((r) => r.sku.toLowerCase() === sku.toLowerCase()) ?? null;
  };
  const shipDate = s.ship_date ? new Date(s.ship_date) : new Date();
  const weight = boxes.reduce((sum, b) => sum + Number(b.weight), 0);
  const notice: ShipNotice = {
    shipmentId: s.number, date: shipDate,
    carrier: { scac: s.carrier ? s.carrier.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 4) || null : null, mode: 'U', service: s.carrier },
    bol: s.number, tracking: s.tracking, weightLb: weight > 0 ? weight.toFixed(2) : null,
    shipTo: party(s.shipping_address),
    shipFrom: { name: s.iloc?.name ?? null, address1: s.iloc?.address1 ?? null, address2: null, city: s.iloc?.city ?? null, state: s.iloc?.region ?? null, postal: s.iloc?.postal_code ?? null, country: s.iloc?.country ?? null },
    orders: [{
      poNumber: s.channel_ref?.po_number ?? s.external_id, poDate: s.channel_ref?.po_date ?? null,
      boxes: boxes.map((b) => ({
        sscc: ssccOf.get(b.id)!, carrierPackageId: b.tracking ?? null,
        items: b.items.map((it) => {
          const ref = refOf(it.line_no, it.sku);
          return { lineNo: ref?.line_no ?? String(it.line_no), quantity: it.quantity, uom: ref?.uom ?? 'EA', ids: ref?.ids ?? { VN: it.sku } };
        }),
      })),
    }],
  };
  const body = build856(notice);
  const issues = validate856(body);
  if (issues.length) return issues.map((i) => i.message).join('; ').slice(0, 1000);
  await recordOutbound(tx, tenantId, run.process.id, profile, {
    docType: '856', sets: [body], orderIds: [s.order_id], shipmentId: s.id, expectsAck: true, runId: run.rec.runId,
  });
  if (profile.send810) {
    // One IT1 per PO line, whatever the cartons it was packed in.
    const byLine = new Map<string, { lineNo: string; quantity: number; uom: string; unitPrice: string; ids: Record<string, string> }>();
    for (const it of boxes.flatMap((b) => b.items)) {
      const ref = refOf(it.line_no, it.sku);
      const lineNo = ref?.line_no ?? String(it.line_no);
      const seen = byLine.get(lineNo);
      if (seen) seen.quantity += it.quantity;
      else byLine.set(lineNo, { lineNo, quantity: it.quantity, uom: ref?.uom ?? 'EA', unitPrice: ref?.price ?? it.price, ids: ref?.ids ?? { VN: it.sku } });
    }
    const lines = [...byLine.values()];
    await recordOutbound(tx, tenantId, run.process.id, profile, {
      docType: '810',
      sets: [build810({
        invoiceNumber: `INV${s.number}`.slice(0, 22), invoiceDate: shipDate, poNumber: s.channel_ref?.po_number ?? s.external_id, poDate: s.channel_ref?.po_date ?? null,
        vendorRef: profile.vendorId, shipTo: party(s.shipping_address), netDays: 30, lines,
      })],
      orderIds: [s.order_id], shipmentId: s.id, expectsAck: true, runId: run.rec.runId,
    });
  }
  return null;
}

/** A CSV partner's ship notice: its ASN mapper turns the shipment into the rows of its file. */
async function recordCsvShipment(tx: Tx, run: RunContext, profile: PartnerProfile, s: PendingShipment): Promise<string | null> {
  try {
    await recordCsvOutbound(tx, run, profile, {
      type: 'ASN', docKey: s.number.replace(/[^A-Za-z0-9]/g, '').slice(-9) || '0', orderIds: [s.order_id], shipmentId: s.id,
      data: {
        shipment: {
          number: s.number, carrier: s.carrier, tracking: s.tracking, ship_date: s.ship_date,
          boxes: (s.boxes ?? []).map((b) => ({ box_no: b.box_no, weight: b.weight, tracking: b.tracking, items: b.items })),
        },
        order: { external_id: s.external_id, po_number: s.channel_ref?.po_number ?? s.external_id, shipping_address: s.shipping_address },
      },
    });
    return null;
  } catch (err) {
    return (err instanceof Error ? err.message : String(err)).slice(0, 1000);
  }
}
