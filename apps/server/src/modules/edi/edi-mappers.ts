import type { Tx } from '../../platform/db/client';
import type { ChannelAddress, ChannelOrder } from '../channels/connector';
import type { RunRecorder } from '../channels/run-recorder';
import { applyMapper, mapperFor } from '../mappers/mappers.service';
import type { EdiLineRef } from './edi-850-order';
import { x12MapperInput } from './edi-mapper-input';

/**
 * A partner whose 850s differ from the standard has an ORDER mapper (/mappings): it reads the file as its
 * samples were read (edi-mapper-input.ts) and each record's fields replace the standard reading's for the PO it
 * names (`external_id`, else the 850 at the same place in the file). A mapper that fails leaves the standard
 * reading, said in the run, so a partner's orders never stop arriving because of a mapping.
 */

type Rec = Record<string, unknown>;
const text = (v: unknown): string | undefined => (v === undefined || v === null || v === '' ? undefined : String(v));

function addressOver(base: ChannelAddress | null, over: unknown): ChannelAddress | null {
  if (!over || typeof over !== 'object') return base;
  const o = over as Rec;
  const keys = ['first_name', 'last_name', 'company', 'address1', 'address2', 'city', 'state', 'zip', 'country', 'phone'] as const;
  const next: ChannelAddress = { ...(base ?? {}) };
  for (const k of keys) if (text(o[k]) !== undefined) next[k] = text(o[k]);
  return next;
}

function overlay(order: ChannelOrder, r: Rec): ChannelOrder {
  const next: ChannelOrder = { ...order, shippingAddress: addressOver(order.shippingAddress, r.shipping_address), billingAddress: addressOver(order.billingAddress, r.billing_address) };
  if (text(r.email)) next.email = text(r.email)!;
  if (text(r.phone)) next.phone = text(r.phone)!;
  if (text(r.currency)) next.currency = text(r.currency)!;
  if (text(r.note)) next.note = text(r.note)!;
  if (text(r.ship_method)) next.shipMethod = text(r.ship_method)!;
  const lines = Array.isArray(r.lines) ? r.lines : r.lines && typeof r.lines === 'object' ? [r.lines] : null;
  if (lines) {
    const refLines = ((order.ref?.lines as EdiLineRef[] | undefined) ?? []);
    next.lines = lines.map((l: Rec, i) => {
      const lineNo = text(l.line_no) ?? refLines[i]?.line_no ?? String(i + 1);
      return { externalId: lineNo, sku: text(l.sku) ?? '', name: text(l.name) ?? null, quantity: Number(l.quantity ?? 0), price: text(l.price) ?? '0' };
    });
    // The 856 and 810 answer with the partner's line numbers and ids: keep them by line number.
    next.ref = {
      ...order.ref,
      lines: next.lines.map((l) => {
        const known = refLines.find((r) => r.line_no === l.externalId);
        return { line_no: l.externalId, sku: l.sku, uom: known?.uom ?? 'EA', price: l.price, ids: known?.ids ?? { VN: l.sku } };
      }),
    };
  }
  return next;
}

export async function applyOrderMapper(
  tx: Tx, processId: string, rec: RunRecorder, input: { raw: string; orders: ChannelOrder[]; controls: string[] },
): Promise<ChannelOrder[]> {
  if (!input.orders.length) return input.orders;
  const mapper = await mapperFor(tx, processId, 'ORDER');
  if (!mapper) return input.orders;
  let records: Rec[];
  try {
    const doc = (await x12MapperInput(input.raw)) as { transactions: { set: string; control: string }[] };
    const result = await applyMapper(mapper.definition, doc);
    for (const e of result.errors.slice(0, 20)) {
      rec.error({ code: 'edi_mapper_failed', message: `The ORDER mapper: ${'message' in e ? String(e.message) : JSON.stringify(e)}` });
    }
    records = result.records as Rec[];
    // One record per 850 of the file (a root like `transactions[set='850']`): record i is the i-th 850. Otherwise a
    // record applies to the PO its external_id names.
    const controls850 = doc.transactions.filter((t) => t.set === '850').map((t) => t.control);
    const aligned = records.length === controls850.length;
    const byPo = new Map(records.filter((r) => text(r.external_id)).map((r) => [text(r.external_id)!, r]));
    return input.orders.map((o, i) => {
      const r = aligned ? records[controls850.indexOf(input.controls[i]!)] : byPo.get(o.externalId);
      if (!r) return o;
      const next = overlay(o, r);
      // The PO number the partner knows stays in channel_ref.po_number for the 856 and 810.
      if (aligned && text(r.external_id)) next.externalId = text(r.external_id)!;
      return next;
    });
  } catch (err) {
    rec.error({ code: 'edi_mapper_failed', message: `The ORDER mapper could not run, the standard reading was used: ${err instanceof Error ? err.message : String(err)}` });
    return input.orders;
  }
}
