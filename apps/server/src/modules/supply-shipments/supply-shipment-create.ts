import { sql } from 'drizzle-orm';
import { checkBoxContents, poTransition, supplyShipmentTransition, transferTransition, type TSupplyShipmentInput } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { recordStatusEvent } from '../../platform/db/status-events';
import { withTenant } from '../../platform/db/tenant';
import { queryRows } from '../../platform/db/rows';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, fieldError, FieldErrors, invalidTransition, notFound } from '../../platform/http/errors';
import { committedUnits, lockParent, parentLines, type ShipmentKind, type ShipmentParent } from './supply-parents';
import { answerShipment, lockShipmentWithParent, type ShipmentScope } from './supply-shipment-access';
import type { SupplyShipmentDto } from './supply-shipments.read';

/** Creating and editing PO and transfer shipments (ASNs) in draft (docs/api-supply-chain.md). */

export const ASN_TAKEN = 'The ASN number is already used';
const ASN_INDEX = 'supply_shipments_asn_key';

/** The parent must allow shipping: a sent or confirmed PO, a confirmed transfer. */
function assertParentShips(parent: ShipmentParent): void {
  const next = parent.kind === 'purchase_order' ? poTransition(parent.status, 'ship') : transferTransition(parent.status, 'ship');
  if (next !== null) return;
  const what = parent.kind === 'purchase_order' ? `purchase order ${parent.number}` : `transfer ${parent.number}`;
  throw invalidTransition(parent.status, 'ship', `Shipments cannot be created for ${what}: it is ${parent.status}`);
}

interface CheckedLine { line_no: number; parent_line_id: string; sku_id: string; sku: string; qty: number }

/**
 * Spec 5 checks of a shipment body against its parent: every line is the parent's (once), its SKU still
 * exists, and its quantity fits what is left to ship; the packing template exists; boxes add up; the ASN
 * number is free. All problems of the body answer together as one 422.
 */
async function checkInput(tx: Tx, tenantId: string, parent: ShipmentParent, input: TSupplyShipmentInput, shipmentId: string | null): Promise<{
  lines: CheckedLine[]; boxes: { box_no: number; length: string; width: string; height: string; weight: string; contents: { line_no: number; quantity: number }[] }[];
  templateName: string | null;
}> {
  const errors = new FieldErrors();
  const ids = input.lines.map((l) => l.line_id.toLowerCase());
  const known = await parentLines(tx, tenantId, parent, ids);
  const committed = await committedUnits(tx, tenantId, parent.kind, [...known.keys()], shipmentId);
  const seen = new Set<string>();
  const noun = parent.kind === 'purchase_order' ? 'purchase order' : 'transfer';
  const lines: CheckedLine[] = [];
  input.lines.forEach((l, i) => {
    const id = ids[i]!;
    const line = known.get(id);
    if (!line) return errors.add(`lines.${i}.line_id`, `The line is not on this ${noun}`);
    if (seen.has(id)) return errors.add(`lines.${i}.line_id`, 'The line is already on this shipment');
    seen.add(id);
    if (!line.sku_id) return errors.add(`lines.${i}.line_id`, `The SKU ${line.sku} was removed`);
    const left = Math.max(0, line.cap - (committed.get(id) ?? 0));
    if (l.quantity > left) {
      errors.add(`lines.${i}.quantity`, parent.kind === 'purchase_order'
        ? `Only ${left} units of ${line.sku} are left to ship`
        : `Only ${left} reserved units of ${line.sku} are left to ship`);
    }
    lines.push({ line_no: i + 1, parent_line_id: id, sku_id: line.sku_id, sku: line.sku, qty: l.quantity });
  });

  const { kept, problems } = checkBoxContents(input.lines.map((l) => l.quantity), input.boxes);
  for (const p of problems) errors.add(p.field, p.message);

  let templateName: string | null = null;
  if (input.packing_template_id) {
    const [t] = await queryRows<{ name: string }>(tx, sql`
      SELECT name FROM packing_templates WHERE tenant_id = ${tenantId}::uuid AND id = ${input.packing_template_id.toLowerCase()}::uuid`);
    if (!t) errors.add('packing_template_id', 'The packing template does not exist');
    else templateName = t.name;
  }
  const [taken] = await queryRows(tx, sql`
    SELECT 1 FROM supply_shipments WHERE tenant_id = ${tenantId}::uuid AND asn_key = ${input.asn_number.toLowerCase()}
      AND id IS DISTINCT FROM ${shipmentId}::uuid`);
  if (taken) errors.add('asn_number', ASN_TAKEN);
  errors.throwIfAny(errors.first);

  const boxes = kept.map(({ box }, i) => {
    // Units of one line in one box add up when the body names it twice.
    const byLine = new Map<number, number>();
    for (const c of box.contents) byLine.set(c.line + 1, (byLine.get(c.line + 1) ?? 0) + c.quantity);
    return {
      box_no: i + 1, length: box.length, width: box.width, height: box.height, weight: box.weight,
      contents: [...byLine].map(([line_no, quantity]) => ({ line_no, quantity })),
    };
  });
  return { lines, boxes, templateName };
}

/** The unique index decides a race two pre-checks both passed: the loser answers the same 422. */
async function mapAsnRace<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const e = err as { code?: unknown; constraint?: unknown; message?: unknown; cause?: { code?: unknown; constraint?: unknown; message?: unknown } };
    const hit = (x: typeof e | undefined) => !!x && x.code === '23505' && (x.constraint === ASN_INDEX || String(x.message ?? '').includes(ASN_INDEX));
    if (hit(e) || hit(e.cause)) throw fieldError('asn_number', ASN_TAKEN);
    throw err;
  }
}

async function writeContents(tx: Tx, tenantId: string, shipmentId: string, kind: ShipmentKind, checked: Awaited<ReturnType<typeof checkInput>>): Promise<void> {
  const lineRows = checked.lines.map((l) => ({
    line_no: l.line_no, po: kind === 'purchase_order' ? l.parent_line_id : null, tr: kind === 'transfer' ? l.parent_line_id : null,
    sku_id: l.sku_id, sku: l.sku, qty: l.qty,
  }));
  await tx.execute(sql`
    INSERT INTO supply_shipment_lines (tenant_id, shipment_id, line_no, po_line_id, transfer_line_id, sku_id, sku, qty_expected)
    SELECT ${tenantId}::uuid, ${shipmentId}::uuid, x.line_no, x.po, x.tr, x.sku_id, x.sku, x.qty
    FROM jsonb_to_recordset(${JSON.stringify(lineRows)}::jsonb) AS x(line_no int, po uuid, tr uuid, sku_id uuid, sku text, qty int)`);
  if (checked.boxes.length) {
    await tx.execute(sql`
      INSERT INTO supply_shipment_boxes (tenant_id, shipment_id, box_no, length, width, height, weight, contents)
      SELECT ${tenantId}::uuid, ${shipmentId}::uuid, x.box_no, x.length, x.width, x.height, x.weight, x.contents
      FROM jsonb_to_recordset(${JSON.stringify(checked.boxes)}::jsonb)
        AS x(box_no int, length numeric, width numeric, height numeric, weight numeric, contents jsonb)`);
  }
}

/** POST /purchase-orders/{id}/shipments and /transfers/{id}/shipments: a shipment in draft. */
export async function createSupplyShipment(ctx: TenantCtx, kind: ShipmentKind, parentIdParam: string, input: TSupplyShipmentInput): Promise<SupplyShipmentDto> {
  const parentId = assertId(parentIdParam, kind === 'purchase_order' ? 'Purchase order' : 'Transfer');
  const userId = ctx.principal.userId;
  return mapAsnRace(() => withTenant(ctx, async (tx) => {
    const parent = await lockParent(tx, ctx.tenantId, kind, parentId, ctx.principal, 'forShipment');
    assertParentShips(parent);
    const checked = await checkInput(tx, ctx.tenantId, parent, input, null);
    const [row] = await queryRows<{ id: string }>(tx, sql`
      INSERT INTO supply_shipments (tenant_id, kind, purchase_order_id, transfer_id, asn_number, bol_number, tracking_number, carrier, ship_date,
        status, from_iloc_id, to_iloc_id, packing_template_id, packing_template_name, created_by)
      VALUES (${ctx.tenantId}::uuid, ${kind}, ${kind === 'purchase_order' ? parent.id : null}::uuid, ${kind === 'transfer' ? parent.id : null}::uuid,
        ${input.asn_number}, ${input.bol_number ?? null}, ${input.tracking_number ?? null}, ${input.carrier ?? null}, ${input.ship_date ?? null}::date,
        'draft', ${parent.fromIlocId}::uuid, ${parent.toIlocId}::uuid, ${input.packing_template_id?.toLowerCase() ?? null}::uuid, ${checked.templateName},
        ${userId}::uuid)
      RETURNING id`);
    const id = row!.id;
    await writeContents(tx, ctx.tenantId, id, kind, checked);
    await recordStatusEvent(tx, ctx.tenantId, {
      subjectType: 'supply_shipment', subjectId: id, action: 'create', from: null, to: 'draft', userId,
      data: { [kind === 'purchase_order' ? 'purchase_order_id' : 'transfer_id']: parent.id, lines: checked.lines.length, units: checked.lines.reduce((a, l) => a + l.qty, 0) },
    });
    return answerShipment(tx, ctx, id);
  }));
}

/** PUT: the whole shipment again (lines and boxes replace the old ones) while it is a draft. */
export async function updateSupplyShipment(
  ctx: TenantCtx, idParam: string, input: TSupplyShipmentInput, scope: ShipmentScope | null = null,
): Promise<SupplyShipmentDto> {
  const id = assertId(idParam, 'Shipment');
  return mapAsnRace(() => withTenant(ctx, async (tx) => {
    const { shipment, parent } = await lockShipmentWithParent(tx, ctx, id, scope, 'forShipment');
    if (!supplyShipmentTransition(shipment.status, 'edit')) throw invalidTransition(shipment.status, 'edit', `Only a draft shipment can be edited; this one is ${shipment.status}`);
    const checked = await checkInput(tx, ctx.tenantId, parent, input, id);
    const done = await queryRows(tx, sql`
      UPDATE supply_shipments SET asn_number = ${input.asn_number}, bol_number = ${input.bol_number ?? null}, tracking_number = ${input.tracking_number ?? null},
        carrier = ${input.carrier ?? null}, ship_date = ${input.ship_date ?? null}::date, packing_template_id = ${input.packing_template_id?.toLowerCase() ?? null}::uuid,
        packing_template_name = ${checked.templateName}, updated_at = now()
      WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${id}::uuid AND status = ${shipment.status} RETURNING id`);
    if (!done.length) throw notFound('Shipment');
    await tx.execute(sql`DELETE FROM supply_shipment_boxes WHERE tenant_id = ${ctx.tenantId}::uuid AND shipment_id = ${id}::uuid`);
    await tx.execute(sql`DELETE FROM supply_shipment_lines WHERE tenant_id = ${ctx.tenantId}::uuid AND shipment_id = ${id}::uuid`);
    await writeContents(tx, ctx.tenantId, id, shipment.kind, checked);
    await recordStatusEvent(tx, ctx.tenantId, {
      subjectType: 'supply_shipment', subjectId: id, action: 'edit', from: shipment.status, to: shipment.status, userId: ctx.principal.userId,
      data: { lines: checked.lines.length },
    });
    return answerShipment(tx, ctx, id);
  }));
}
