import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { MapperType } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { queryRows, textArray } from '../../platform/db/rows';
import type { RunContext } from '../channels/channel-run.job';
import type { ChannelOrder } from '../channels/connector';
import { takeOrders } from '../channels/order-intake';
import { mapperInput } from '../mappers/mapper-input';
import { applyMapper, mapperFor } from '../mappers/mappers.service';
import { outboundFileName, type PartnerProfile } from './edi-profile';

/**
 * CSV partners (file_format csv): the same mailbox, but the partner's own CSV files, read and written by its
 * mappers — ORDER turns a file's rows into orders (`root` groups the rows of one order), ASN turns a shipment into
 * rows, INVENTORY the availability into rows. No envelope, no 997: a file is taken or refused as a whole.
 */

type Rec = Record<string, unknown>;
const text = (v: unknown): string | undefined => (v === undefined || v === null || v === '' ? undefined : String(v).trim());

export class MapperMissing extends Error {
  constructor(readonly type: MapperType) {
    super(`Link a ${type} mapper (Mappings) to this partner: its CSV files are read and written by it`);
  }
}

async function requireMapper(tx: Tx, processId: string, type: MapperType) {
  const mapper = await mapperFor(tx, processId, type);
  if (!mapper) throw new MapperMissing(type);
  return mapper;
}

function address(v: unknown): ChannelOrder['shippingAddress'] {
  if (!v || typeof v !== 'object') return null;
  const o = v as Rec;
  return {
    first_name: text(o.first_name), last_name: text(o.last_name), company: text(o.company), address1: text(o.address1), address2: text(o.address2),
    city: text(o.city), state: text(o.state), zip: text(o.zip), country: text(o.country), phone: text(o.phone),
  };
}

/** One mapper record as an order; a record without an id or lines is refused with the reason. */
export function orderFromRecord(r: Rec, sentAt: string): ChannelOrder | string {
  const externalId = text(r.external_id);
  if (!externalId) return 'external_id is empty';
  const raw = Array.isArray(r.lines) ? (r.lines as Rec[]) : r.lines && typeof r.lines === 'object' ? [r.lines as Rec] : [];
  if (!raw.length) return `order ${externalId} has no lines`;
  const lines = raw.map((l, i) => ({
    externalId: text(l.line_no) ?? String(i + 1), sku: text(l.sku) ?? '', name: text(l.name) ?? null, quantity: Number(l.quantity ?? 0), price: text(l.price) ?? '0',
  }));
  const bad = lines.find((l) => !Number.isInteger(l.quantity) || l.quantity <= 0);
  if (bad) return `order ${externalId}: the quantity of ${bad.sku || `line ${bad.externalId}`} is not a whole number above 0`;
  return {
    externalId, name: externalId, createdAt: sentAt, updatedAt: sentAt, cancelled: false, closed: false, financialStatus: null, fulfillmentStatus: null,
    tags: ['csv'], currency: text(r.currency) ?? null, email: text(r.email) ?? null, phone: text(r.phone) ?? null, customer: null,
    shippingAddress: address(r.shipping_address), billingAddress: address(r.billing_address), lines, shipping: text(r.shipping) ?? null,
    shipMethod: text(r.ship_method) ?? null, note: text(r.note) ?? null,
    ref: { po_number: externalId, lines: lines.map((l) => ({ line_no: l.externalId, sku: l.sku, uom: 'EA', price: l.price, ids: { VN: l.sku } })) },
  };
}

/** Takes one CSV file of orders in the caller's transaction; answers the document's id. */
export async function takeCsvOrders(tx: Tx, run: RunContext, fileName: string, raw: string): Promise<string> {
  const { rec, job, process } = run;
  const mapper = await requireMapper(tx, process.id, 'ORDER');
  let records: Rec[] = [];
  let error: string | null = null;
  try {
    const result = await applyMapper(mapper.definition, await mapperInput('csv', raw));
    records = result.records;
    if (result.errors.length) error = result.errors.slice(0, 3).map((e) => JSON.stringify(e)).join('; ');
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const sentAt = new Date().toISOString();
  const orders: ChannelOrder[] = [];
  let refused = 0;
  for (const r of records) {
    const order = orderFromRecord(r, sentAt);
    if (typeof order === 'string') {
      refused++;
      rec.count('received');
      rec.count('failed');
      rec.error({ external_id: fileName, code: 'csv_record_invalid', message: `${fileName}: ${order}` });
    } else orders.push(order);
  }
  if (error) rec.error({ external_id: fileName, code: 'edi_mapper_failed', message: `${fileName}: ${error}` });
  const before = { ...rec.counts };
  if (orders.length) await takeOrders(tx, job.tenantId, { driver: process.driver, processId: process.id, userId: job.userId, ilocId: process.actions.import_orders?.options?.iloc_id ?? null }, orders, rec);
  const taken = orders.length
    ? await queryRows<{ id: string }>(tx, sql`
        SELECT id FROM orders WHERE channel = ${process.driver} AND process_id = ${process.id}::uuid AND external_id = ANY(${textArray(orders.map((o) => o.externalId))}::text[])`)
    : [];
  const status = !orders.length ? 'rejected' : refused || error ? 'partially_imported' : 'imported';
  const [row] = await queryRows<{ id: string }>(tx, sql`
    INSERT INTO edi_documents (tenant_id, process_id, direction, doc_type, mapper_type, file_name, status, error, order_ids, counts, size, raw, run_id, delivered_at)
    VALUES (${job.tenantId}::uuid, ${process.id}::uuid, 'in', 'csv', 'ORDER', ${fileName}, ${status}, ${error ?? (refused ? `${refused} record(s) refused` : !orders.length ? 'No orders in the file' : null)},
      ${textArray(taken.map((t) => t.id))}::uuid[],
      ${JSON.stringify({ sets: records.length, created: rec.counts.created - before.created, duplicates: rec.counts.duplicates - before.duplicates, failed: refused + rec.counts.failed - before.failed })}::jsonb,
      ${Buffer.byteLength(raw)}, ${raw}, ${rec.runId}::uuid, now())
    RETURNING id`);
  return row!.id;
}

/** A CSV file we send, made by the partner's mapper of `type` from `input`; recorded for delivery after the commit. */
export async function recordCsvOutbound(
  tx: Tx, run: RunContext, profile: PartnerProfile,
  input: { type: 'ASN' | 'INVENTORY'; docKey: string; data: unknown; orderIds?: string[]; shipmentId?: string | null },
): Promise<{ id: string; rows: number }> {
  const mapper = await requireMapper(tx, run.process.id, input.type);
  const result = await applyMapper(mapper.definition, input.data);
  if (result.errors.length) throw new Error(`The ${input.type} mapper: ${result.errors.slice(0, 3).map((e) => JSON.stringify(e)).join('; ')}`);
  const rows = result.records.flatMap((r) => (Array.isArray(r.rows) ? (r.rows as Rec[]) : [r]));
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const raw = stringify(rows.map((r) => columns.map((c) => (r[c] === undefined || r[c] === null ? '' : typeof r[c] === 'object' ? JSON.stringify(r[c]) : String(r[c])))), { header: true, columns });
  const now = new Date();
  const fileName = outboundFileName(profile, input.type === 'ASN' ? '856' : '846', input.docKey, now, 'csv');
  const [row] = await queryRows<{ id: string }>(tx, sql`
    INSERT INTO edi_documents (tenant_id, process_id, direction, doc_type, mapper_type, file_name, status, order_ids, shipment_id, counts, size, raw, run_id)
    VALUES (${run.job.tenantId}::uuid, ${run.process.id}::uuid, 'out', 'csv', ${input.type}, ${fileName}, 'sent', ${textArray(input.orderIds ?? [])}::uuid[],
      ${input.shipmentId ?? null}::uuid, ${JSON.stringify({ sets: rows.length, created: 0, duplicates: 0, failed: 0 })}::jsonb, ${Buffer.byteLength(raw)}, ${raw}, ${run.rec.runId}::uuid)
    RETURNING id`);
  return { id: row!.id, rows: rows.length };
}
