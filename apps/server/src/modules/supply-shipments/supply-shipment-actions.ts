import { sql } from 'drizzle-orm';
import {
  isTransitOpen, poTransition, receiptLineOutcome, receiptStatus, supplyShipmentTransition, transferTransition, type SupplyShipmentAction,
  type TReceiveInput,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { recordStatusEvent } from '../../platform/db/status-events';
import { withTenant } from '../../platform/db/tenant';
import { queryRows } from '../../platform/db/rows';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, fieldError, FieldErrors, invalidTransition } from '../../platform/http/errors';
import { applyMovementBatch, type MovementInput } from '../inventory/ledger';
import { HOLDER_OF_S, SYNSET_OF_S } from '../inventory/holder-sql';
import { completeTransferIfReceived } from '../transfers/transfer-progress';
import { recordPoLineProgress } from '../purchase-orders/po-actions';
import { addToParentLines, type ShipmentParent } from './supply-parents';
import { answerShipment, lockShipmentWithParent, type ShipmentHead, type ShipmentScope } from './supply-shipment-access';
import { emitSupplyEvent } from './supply-events';
import type { SupplyShipmentDto } from './supply-shipments.read';

/**
 * The lifecycle of PO and transfer shipments through the ledger (docs/api-supply-chain.md): `ship` puts
 * the units in transit at the destination (a transfer also takes them out of its source), `arrive` marks
 * the dock, `receive` moves them out of transit into good, hold or hurt in one batch, `cancel` takes
 * whatever is still in transit back out. Every step is set-based: a handful of statements whatever the
 * number of lines.
 */

interface LineRow {
  id: string;
  line_no: number;
  parent_line_id: string;
  sku: string;
  qty_expected: number;
  received: number;
  /** The stock holder and holder units per unit (a pack brings pack_quantity base units). */
  holder_id: string | null;
  factor: number;
}

async function shipmentLines(tx: Tx, tenantId: string, shipmentId: string): Promise<LineRow[]> {
  const rows = await queryRows<LineRow>(tx, sql`
    SELECT l.id, l.line_no, coalesce(l.po_line_id, l.transfer_line_id) AS parent_line_id, l.sku, l.qty_expected,
      l.qty_good + l.qty_hold + l.qty_hurt AS received,
      CASE WHEN s.id IS NULL THEN NULL ELSE ${HOLDER_OF_S} END AS holder_id, coalesce(s.pack_quantity, 1) AS factor
    FROM supply_shipment_lines l
    LEFT JOIN skus s ON s.tenant_id = l.tenant_id AND s.id = l.sku_id
    ${SYNSET_OF_S}
    WHERE l.tenant_id = ${tenantId}::uuid AND l.shipment_id = ${shipmentId}::uuid
    ORDER BY l.line_no`);
  return rows.map((r) => ({ ...r, line_no: Number(r.line_no), qty_expected: Number(r.qty_expected), received: Number(r.received), factor: Number(r.factor) }));
}

const reference = (id: string) => ({ type: 'supply_shipment', id });

function assertAllowed(shipment: ShipmentHead, action: SupplyShipmentAction): string {
  const next = supplyShipmentTransition(shipment.status, action);
  if (!next) throw invalidTransition(shipment.status, action, `A shipment that is ${shipment.status.replace('_', ' ')} cannot be ${ACTION_WORDS[action]}`);
  return next;
}
const ACTION_WORDS: Record<SupplyShipmentAction, string> = { ship: 'shipped', arrive: 'marked arrived', receive: 'received', cancel: 'cancelled', edit: 'edited' };

/** The conditional status update: of two concurrent requests one wins, the other is refused from what it finds. */
async function moveStatus(tx: Tx, tenantId: string, shipment: ShipmentHead, action: SupplyShipmentAction, to: string, set = sql``): Promise<void> {
  const done = await queryRows(tx, sql`
    UPDATE supply_shipments SET status = ${to}, updated_at = now() ${set}
    WHERE tenant_id = ${tenantId}::uuid AND id = ${shipment.id}::uuid AND status = ${shipment.status} RETURNING id`);
  if (!done.length) throw invalidTransition(shipment.status, action, 'The shipment changed meanwhile; reload it');
}

const total = (lines: { qty_expected: number }[]) => lines.reduce((a, l) => a + l.qty_expected, 0);

/* ------------------------------------------------------------------ ship */

async function ship(tx: Tx, ctx: TenantCtx, shipment: ShipmentHead, parent: ShipmentParent): Promise<void> {
  const to = assertAllowed(shipment, 'ship');
  const parentShips = parent.kind === 'purchase_order' ? poTransition(parent.status, 'ship') : transferTransition(parent.status, 'ship');
  if (!parentShips) throw invalidTransition(parent.status, 'ship', `The ${parent.kind === 'purchase_order' ? 'purchase order' : 'transfer'} ${parent.number} is ${parent.status}: nothing of it can ship`);
  const lines = await shipmentLines(tx, ctx.tenantId, shipment.id);
  const removed = lines.filter((l) => !l.holder_id);
  if (removed.length) throw fieldError('lines', `The SKU ${removed.map((l) => l.sku).slice(0, 5).join(', ')} was removed: edit the shipment first`);
  const userId = ctx.principal.userId;
  const inputs: MovementInput[] = lines.map((l) => ({
    skuId: l.holder_id!, ilocId: shipment.toIlocId, delta: { in_transit: l.qty_expected * l.factor }, reason: 'in_transit', reference: reference(shipment.id), userId, field: 'lines',
  }));
  if (parent.kind === 'transfer') {
    // The reservation made at confirm leaves with the units: good and reserved both drop at the source.
    for (const l of lines) {
      const q = l.qty_expected * l.factor;
      inputs.push({ skuId: l.holder_id!, ilocId: shipment.fromIlocId!, delta: { good: -q, reserved: -q }, reason: 'transfer_out', reference: reference(shipment.id), userId, field: 'lines' });
    }
  }
  await applyMovementBatch(tx, ctx.tenantId, inputs);
  await moveStatus(tx, ctx.tenantId, shipment, 'ship', to, sql`, shipped_at = now(), ship_date = coalesce(ship_date, current_date)`);
  await addToParentLines(tx, ctx.tenantId, parent, 'qty_shipped', lines.map((l) => ({ line_id: l.parent_line_id, n: l.qty_expected })));
  const units = total(lines);
  await recordStatusEvent(tx, ctx.tenantId, { subjectType: 'supply_shipment', subjectId: shipment.id, action: 'ship', from: shipment.status, to, userId, data: { units, lines: lines.length } });
  if (parent.kind === 'purchase_order') {
    await emitSupplyEvent(tx, 'po_shipment.in_transit', payload(ctx, shipment, parent, units), ctx.log);
  }
}

const payload = (ctx: TenantCtx, shipment: ShipmentHead, parent: ShipmentParent, units: number) => ({
  tenantId: ctx.tenantId, shipmentId: shipment.id, asnNumber: shipment.asnNumber,
  purchaseOrderId: parent.kind === 'purchase_order' ? parent.id : null, transferId: parent.kind === 'transfer' ? parent.id : null,
  toIlocId: shipment.toIlocId, userId: ctx.principal.userId, units,
});

/* ------------------------------------------------------------------ arrive, cancel */

async function arrive(tx: Tx, ctx: TenantCtx, shipment: ShipmentHead): Promise<void> {
  const to = assertAllowed(shipment, 'arrive');
  await moveStatus(tx, ctx.tenantId, shipment, 'arrive', to, sql`, arrived_at = now()`);
  await recordStatusEvent(tx, ctx.tenantId, { subjectType: 'supply_shipment', subjectId: shipment.id, action: 'arrive', from: shipment.status, to, userId: ctx.principal.userId });
}

/**
 * Before shipping a cancel only closes the draft. In transit it takes the outstanding units back out of
 * transit at the destination, and a transfer's units go back to the source, reserved again for it.
 */
async function cancel(tx: Tx, ctx: TenantCtx, shipment: ShipmentHead, parent: ShipmentParent): Promise<void> {
  const to = assertAllowed(shipment, 'cancel');
  const userId = ctx.principal.userId;
  let units = 0;
  if (isTransitOpen(shipment.status)) {
    const lines = await shipmentLines(tx, ctx.tenantId, shipment.id);
    const inputs: MovementInput[] = [];
    for (const l of lines) {
      const outstanding = Math.max(0, l.qty_expected - l.received) * l.factor;
      if (!outstanding) continue;
      inputs.push({ skuId: l.holder_id!, ilocId: shipment.toIlocId, delta: { in_transit: -outstanding }, reason: 'transit_cancelled', reference: reference(shipment.id), userId });
      if (parent.kind === 'transfer') {
        inputs.push({ skuId: l.holder_id!, ilocId: shipment.fromIlocId!, delta: { good: outstanding, reserved: outstanding }, reason: 'transit_cancelled', reference: reference(shipment.id), userId });
      }
    }
    await applyMovementBatch(tx, ctx.tenantId, inputs);
    await addToParentLines(tx, ctx.tenantId, parent, 'qty_shipped', lines.map((l) => ({ line_id: l.parent_line_id, n: -(l.qty_expected - l.received) })));
    units = lines.reduce((a, l) => a + Math.max(0, l.qty_expected - l.received), 0);
  }
  await moveStatus(tx, ctx.tenantId, shipment, 'cancel', to, sql`, cancelled_at = now()`);
  await recordStatusEvent(tx, ctx.tenantId, { subjectType: 'supply_shipment', subjectId: shipment.id, action: 'cancel', from: shipment.status, to, userId, data: { units_out_of_transit: units } });
}

/* ------------------------------------------------------------------ receive */

/**
 * One receipt: per line the units into good, hold and hurt, out of transit up to what is outstanding;
 * closing takes each short line's rest out of transit and leaves the shipment complete or in discrepancy.
 * One ledger batch, one update of the lines, one of the parent's lines.
 */
async function receive(tx: Tx, ctx: TenantCtx, shipment: ShipmentHead, parent: ShipmentParent, input: TReceiveInput): Promise<void> {
  assertAllowed(shipment, 'receive');
  const lines = await shipmentLines(tx, ctx.tenantId, shipment.id);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const counts = new Map<string, { good: number; hold: number; hurt: number }>();
  const errors = new FieldErrors();
  input.lines.forEach((l, i) => {
    const id = l.line_id.toLowerCase();
    if (!byId.has(id)) errors.add(`lines.${i}.line_id`, 'The line is not on this shipment');
    else if (counts.has(id)) errors.add(`lines.${i}.line_id`, 'The line is named twice');
    else counts.set(id, { good: l.good, hold: l.hold, hurt: l.hurt });
  });
  errors.throwIfAny(errors.first);

  const open = isTransitOpen(shipment.status);
  const userId = ctx.principal.userId;
  const ref = reference(shipment.id);
  const inputs: MovementInput[] = [];
  const shortfalls: MovementInput[] = [];
  const changed: { id: string; g: number; h: number; u: number }[] = [];
  const parentDeltas: { line_id: string; n: number }[] = [];
  const after: { line_no: number; sku: string; expected: number; receivedAfter: number }[] = [];
  const sum = { good: 0, hold: 0, hurt: 0 };
  for (const l of lines) {
    const c = counts.get(l.id) ?? { good: 0, hold: 0, hurt: 0 };
    const o = receiptLineOutcome({ expected: l.qty_expected, received: l.received }, c, open, input.close);
    after.push({ line_no: l.line_no, sku: l.sku, expected: l.qty_expected, receivedAfter: o.receivedAfter });
    if (o.units) {
      inputs.push({
        skuId: l.holder_id!, ilocId: shipment.toIlocId, reason: 'transit_received', reference: ref, userId, note: input.note ?? null,
        delta: { good: c.good * l.factor, hold: c.hold * l.factor, hurt: c.hurt * l.factor, in_transit: -o.fromTransit * l.factor },
        field: 'lines',
      });
      changed.push({ id: l.id, g: c.good, h: c.hold, u: c.hurt });
      parentDeltas.push({ line_id: l.parent_line_id, n: o.units });
      sum.good += c.good; sum.hold += c.hold; sum.hurt += c.hurt;
    }
    if (o.shortfallOut) {
      shortfalls.push({ skuId: l.holder_id!, ilocId: shipment.toIlocId, delta: { in_transit: -o.shortfallOut * l.factor }, reason: 'transit_cancelled', reference: ref, userId, field: 'lines' });
    }
  }
  await applyMovementBatch(tx, ctx.tenantId, [...inputs, ...shortfalls]);
  if (changed.length) {
    await tx.execute(sql`
      UPDATE supply_shipment_lines l SET qty_good = l.qty_good + x.g, qty_hold = l.qty_hold + x.h, qty_hurt = l.qty_hurt + x.u
      FROM jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) AS x(id uuid, g int, h int, u int)
      WHERE l.tenant_id = ${ctx.tenantId}::uuid AND l.shipment_id = ${shipment.id}::uuid AND l.id = x.id`);
  }
  await addToParentLines(tx, ctx.tenantId, parent, 'qty_received', parentDeltas);

  const to = receiptStatus(after, shipment.status, input.close);
  await moveStatus(tx, ctx.tenantId, shipment, 'receive', to, sql`, received_at = now()`);
  const off = after.filter((a) => a.receivedAfter !== a.expected);
  await recordStatusEvent(tx, ctx.tenantId, {
    subjectType: 'supply_shipment', subjectId: shipment.id, action: 'receive', from: shipment.status, to, userId,
    data: {
      ...sum, close: input.close, note: input.note ?? null, lines_received: changed.length,
      discrepancy_count: to === 'processing' ? 0 : off.length,
      // Per line what differs, so the history shows it even after later receipts (the first 100).
      discrepancies: to === 'processing' ? [] : off.slice(0, 100).map((a) => ({ line_no: a.line_no, sku: a.sku, expected: a.expected, received: a.receivedAfter, difference: a.receivedAfter - a.expected })),
    },
  });
  if (parent.kind === 'purchase_order') {
    if (to === 'complete') await emitSupplyEvent(tx, 'po_shipment.complete', payload(ctx, shipment, parent, sum.good + sum.hold + sum.hurt), ctx.log);
    await recordPoLineProgress(tx, ctx.tenantId, parent.id);
  } else {
    await completeTransferIfReceived(tx, ctx.tenantId, parent.id, userId);
  }
}

/* ------------------------------------------------------------------ entry point */

export type ShipmentActionInput = { action: 'ship' | 'arrive' | 'cancel' } | { action: 'receive'; body: TReceiveInput };

/** POST /supply-shipments/{id}/{action} and the nested paths. */
export async function supplyShipmentAction(ctx: TenantCtx, idParam: string, input: ShipmentActionInput, scope: ShipmentScope | null = null): Promise<SupplyShipmentDto> {
  const id = assertId(idParam, 'Shipment');
  return withTenant(ctx, async (tx) => {
    const { shipment, parent } = await lockShipmentWithParent(tx, ctx, id, scope);
    switch (input.action) {
      case 'ship': await ship(tx, ctx, shipment, parent); break;
      case 'arrive': await arrive(tx, ctx, shipment); break;
      case 'cancel': await cancel(tx, ctx, shipment, parent); break;
      case 'receive': await receive(tx, ctx, shipment, parent, input.body); break;
    }
    return answerShipment(tx, ctx, id);
  });
}
