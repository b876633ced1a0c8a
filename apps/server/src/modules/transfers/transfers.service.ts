import { and, sql, type SQL } from 'drizzle-orm';
import { paginate, transferTransition, type Paginated, type TListQuery, type TTransferInput } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { recordStatusEvent } from '../../platform/db/status-events';
import { withTenant } from '../../platform/db/tenant';
import { queryRows } from '../../platform/db/rows';
import { takeDocumentNumbers } from '../../platform/db/document-numbers';
import { containsPattern, offsetOf, orderByClause, searchOf, uuidOrNone } from '../../platform/db/list-query';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, FieldErrors, invalidTransition, notFound } from '../../platform/http/errors';
import { resolveSkuCodes } from '../inventory/resolve';
import { listSubjectEvents, type EventDto } from '../../platform/db/status-event-history';
import { loadTransfer, loadTransferSummaries, TRANSFER_FROM, type TransferDto, type TransferSummaryDto } from './transfers.read';

/** Transfers between ilocs (docs/api-supply-chain.md "Transfers"): list, detail, history, create, edit, delete. */

const ORDER = {
  created_at: sql`t.created_at`,
  number: sql`t.number`,
  status: sql`t.status`,
  estimated_delivery: sql`t.estimated_delivery`,
} as unknown as Parameters<typeof orderByClause>[1];

/** `search=status:…;number:TR-;from_iloc_id:…;to_iloc_id:…;sku:<code>`; bare text matches the number. */
function conditions(ctx: TenantCtx, query: TListQuery): SQL {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [sql`t.tenant_id = ${ctx.tenantId}::uuid`];
  if (fields.status) where.push(sql`t.status = ${fields.status.toLowerCase()}`);
  if (fields.number) where.push(sql`t.number ILIKE ${containsPattern(fields.number)}`);
  if (fields.from_iloc_id) where.push(sql`t.from_iloc_id = ${uuidOrNone(fields.from_iloc_id)}::uuid`);
  if (fields.to_iloc_id) where.push(sql`t.to_iloc_id = ${uuidOrNone(fields.to_iloc_id)}::uuid`);
  if (fields.sku) {
    where.push(sql`EXISTS (SELECT 1 FROM transfer_lines l WHERE l.tenant_id = t.tenant_id AND l.transfer_id = t.id AND lower(l.sku) = ${fields.sku.toLowerCase()})`);
  }
  if (text) where.push(sql`t.number ILIKE ${containsPattern(text)}`);
  return and(...where)!;
}

export async function listTransfers(ctx: TenantCtx, query: TListQuery): Promise<Paginated<TransferSummaryDto>> {
  const where = conditions(ctx, query);
  const { order } = orderByClause(query, ORDER, 'created_at');
  return withTenant(ctx, async (tx) => {
    const [count] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${TRANSFER_FROM} WHERE ${where}`);
    const data = await loadTransferSummaries(tx, ctx.principal.permissions, where, sql`ORDER BY ${order}, t.id LIMIT ${query.per_page} OFFSET ${offsetOf(query)}`);
    return paginate(data, Number(count?.n ?? 0), query.page, query.per_page);
  });
}

export async function answerTransfer(tx: Tx, ctx: TenantCtx, id: string, include: { events?: boolean } = {}): Promise<TransferDto> {
  const dto = await loadTransfer(tx, ctx.tenantId, ctx.principal, id, include);
  if (!dto) throw notFound('Transfer');
  return dto;
}

export async function getTransfer(ctx: TenantCtx, idParam: string, include?: string): Promise<TransferDto> {
  const id = assertId(idParam, 'Transfer');
  const events = (include ?? '').split(',').map((s) => s.trim()).includes('events');
  return withTenant(ctx, (tx) => answerTransfer(tx, ctx, id, { events }));
}

export async function getTransferEvents(ctx: TenantCtx, idParam: string, query: TListQuery): Promise<Paginated<EventDto>> {
  const id = assertId(idParam, 'Transfer');
  return withTenant(ctx, async (tx) => {
    const [row] = await queryRows(tx, sql`SELECT 1 FROM transfers WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${id}::uuid`);
    if (!row) throw notFound('Transfer');
    return listSubjectEvents(tx, ctx.tenantId, 'transfer', id, query);
  });
}

/* ------------------------------------------------------------------ create, edit, delete */

interface CheckedLine { line_no: number; sku_id: string; sku: string; name: string | null; quantity: number }

/** Both ilocs exist and are not archived; every SKU resolves (code, case-insensitive code, alternative SKU). */
async function checkInput(tx: Tx, tenantId: string, input: TTransferInput): Promise<CheckedLine[]> {
  const errors = new FieldErrors();
  const from = input.from_iloc_id.toLowerCase();
  const to = input.to_iloc_id.toLowerCase();
  const ilocs = await queryRows<{ id: string; archived: boolean }>(tx, sql`
    SELECT id, archived_at IS NOT NULL AS archived FROM ilocs WHERE tenant_id = ${tenantId}::uuid AND id IN (${from}::uuid, ${to}::uuid)`);
  for (const [field, id] of [['from_iloc_id', from], ['to_iloc_id', to]] as const) {
    const iloc = ilocs.find((i) => i.id === id);
    if (!iloc) errors.add(field, 'The iloc does not exist');
    else if (iloc.archived) errors.add(field, 'The iloc is archived');
  }
  const resolved = await resolveSkuCodes(tx, tenantId, input.lines.map((l) => l.sku));
  const names = resolved.size
    ? new Map((await queryRows<{ id: string; name: string | null }>(tx, sql`
      SELECT id, name FROM skus WHERE tenant_id = ${tenantId}::uuid AND id = ANY(${`{${[...new Set([...resolved.values()].map((r) => r.id))].join(',')}}`}::uuid[])`)).map((r) => [r.id, r.name]))
    : new Map<string, string | null>();
  const lines: CheckedLine[] = [];
  input.lines.forEach((l, i) => {
    const sku = resolved.get(l.sku);
    if (!sku) return errors.add(`lines.${i}.sku`, 'SKU not found');
    lines.push({ line_no: i + 1, sku_id: sku.id, sku: sku.sku, name: names.get(sku.id) ?? null, quantity: l.quantity });
  });
  errors.throwIfAny(errors.first);
  return lines;
}

async function writeLines(tx: Tx, tenantId: string, transferId: string, lines: CheckedLine[]): Promise<void> {
  await tx.execute(sql`
    INSERT INTO transfer_lines (tenant_id, transfer_id, line_no, sku_id, sku, name, quantity)
    SELECT ${tenantId}::uuid, ${transferId}::uuid, x.line_no, x.sku_id, x.sku, x.name, x.quantity
    FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS x(line_no int, sku_id uuid, sku text, name text, quantity int)`);
}

export async function createTransfer(ctx: TenantCtx, input: TTransferInput): Promise<TransferDto> {
  const userId = ctx.principal.userId;
  return withTenant(ctx, async (tx) => {
    const lines = await checkInput(tx, ctx.tenantId, input);
    // TR-000001 per tenant; the counter row stays locked until commit.
    const [number] = await takeDocumentNumbers(tx, ctx.tenantId, 'transfer', 'TR-');
    const [row] = await queryRows<{ id: string }>(tx, sql`
      INSERT INTO transfers (tenant_id, number, from_iloc_id, to_iloc_id, status, estimated_delivery, notes, created_by)
      VALUES (${ctx.tenantId}::uuid, ${number}, ${input.from_iloc_id.toLowerCase()}::uuid, ${input.to_iloc_id.toLowerCase()}::uuid, 'draft',
        ${input.estimated_delivery ?? null}::date, ${input.notes ?? null}, ${userId}::uuid)
      RETURNING id`);
    const id = row!.id;
    await writeLines(tx, ctx.tenantId, id, lines);
    await recordStatusEvent(tx, ctx.tenantId, { subjectType: 'transfer', subjectId: id, action: 'create', from: null, to: 'draft', userId, data: { lines: lines.length } });
    return answerTransfer(tx, ctx, id);
  });
}

export async function lockTransferRow(tx: Tx, tenantId: string, id: string): Promise<{ id: string; number: string; status: string; from_iloc_id: string; to_iloc_id: string }> {
  const [row] = await queryRows<{ id: string; number: string; status: string; from_iloc_id: string; to_iloc_id: string }>(tx, sql`
    SELECT id, number, status, from_iloc_id, to_iloc_id FROM transfers WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid FOR UPDATE`);
  if (!row) throw notFound('Transfer');
  return row;
}

/** PUT: header and lines replaced while `edit` is allowed (draft, error). */
export async function updateTransfer(ctx: TenantCtx, idParam: string, input: TTransferInput): Promise<TransferDto> {
  const id = assertId(idParam, 'Transfer');
  return withTenant(ctx, async (tx) => {
    const transfer = await lockTransferRow(tx, ctx.tenantId, id);
    if (!transferTransition(transfer.status, 'edit')) throw invalidTransition(transfer.status, 'edit', `A ${transfer.status} transfer cannot be edited`);
    const lines = await checkInput(tx, ctx.tenantId, input);
    await tx.execute(sql`
      UPDATE transfers SET from_iloc_id = ${input.from_iloc_id.toLowerCase()}::uuid, to_iloc_id = ${input.to_iloc_id.toLowerCase()}::uuid,
        estimated_delivery = ${input.estimated_delivery ?? null}::date, notes = ${input.notes ?? null}, updated_at = now()
      WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${id}::uuid`);
    await tx.execute(sql`DELETE FROM transfer_lines WHERE tenant_id = ${ctx.tenantId}::uuid AND transfer_id = ${id}::uuid`);
    await writeLines(tx, ctx.tenantId, id, lines);
    await recordStatusEvent(tx, ctx.tenantId, { subjectType: 'transfer', subjectId: id, action: 'edit', from: transfer.status, to: transfer.status, userId: ctx.principal.userId, data: { lines: lines.length } });
    return answerTransfer(tx, ctx, id);
  });
}

/** DELETE: only a draft (nothing reserved, nothing shipped). */
export async function deleteTransfer(ctx: TenantCtx, idParam: string): Promise<void> {
  const id = assertId(idParam, 'Transfer');
  await withTenant(ctx, async (tx) => {
    const transfer = await lockTransferRow(tx, ctx.tenantId, id);
    if (transfer.status !== 'draft') throw invalidTransition(transfer.status, 'delete', `Only a draft transfer can be deleted; this one is ${transfer.status}`);
    await tx.execute(sql`DELETE FROM transfers WHERE tenant_id = ${ctx.tenantId}::uuid AND id = ${id}::uuid`);
  });
}
