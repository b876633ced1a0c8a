import { and, asc, count, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import {
  PACKING_TEMPLATE_NAME_TAKEN, paginate, type PackingTemplateType, type PackingTemplateDto as PackingTemplateAnswer, type Paginated, type TListQuery, type TPackingTemplateBox,
  type TPackingTemplateCreate, type TPackingTemplateUpdate,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { containsPattern, filterConditions, offsetOf, orderByClause, searchOf } from '../../platform/db/list-query';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, fieldError, notFound } from '../../platform/http/errors';
import { packingTemplates, type StoredBox } from './packing-templates.tables';

/** Packing templates: how a shipment (ASN) is usually packed, boxes with their size, weight and units. */

export type PackingTemplateDto = PackingTemplateAnswer;

const toDto = (r: typeof packingTemplates.$inferSelect): PackingTemplateDto => ({
  // The column's CHECK holds it to PACKING_TEMPLATE_TYPES (migration 0009).
  id: r.id, name: r.name, type: r.type as PackingTemplateType, boxes: r.boxes, notes: r.notes, created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString(),
});

const storedBoxes = (boxes: TPackingTemplateBox[]): StoredBox[] =>
  boxes.map((b) => ({ length: b.length, width: b.width, height: b.height, weight: b.weight, units_per_box: b.units_per_box }));

const ORDER = { name: packingTemplates.nameKey, type: packingTemplates.type, created_at: packingTemplates.createdAt, updated_at: packingTemplates.updatedAt };

/** Search form: name (contains), type; bare text matches the name. Default order: name. */
export async function listPackingTemplates(ctx: TenantCtx, query: TListQuery): Promise<Paginated<PackingTemplateDto>> {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [];
  if (fields.name) where.push(ilike(packingTemplates.name, containsPattern(fields.name)));
  if (fields.type) where.push(eq(packingTemplates.type, fields.type));
  if (text) where.push(ilike(packingTemplates.name, containsPattern(text)));
  where.push(...filterConditions(query.filters, {
    name: packingTemplates.name, type: packingTemplates.type, created_at: packingTemplates.createdAt, updated_at: packingTemplates.updatedAt,
  }));
  const condition = and(...where);
  const { order } = orderByClause(query, ORDER, 'name', 'ASC');
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(packingTemplates).where(condition);
    const rows = await tx.select().from(packingTemplates).where(condition).orderBy(order, asc(packingTemplates.id)).limit(query.per_page).offset(offsetOf(query));
    return paginate(rows.map(toDto), total, query.page, query.per_page);
  });
}

async function load(tx: Tx, id: string): Promise<PackingTemplateDto> {
  const [row] = await tx.select().from(packingTemplates).where(eq(packingTemplates.id, id)).limit(1);
  if (!row) throw notFound('Packing template');
  return toDto(row);
}

export async function getPackingTemplate(ctx: TenantCtx, idParam: string): Promise<PackingTemplateDto> {
  const id = assertId(idParam, 'Packing template');
  return withTenant(ctx, (tx) => load(tx, id));
}

/** Names are unique per company, whatever their case. */
async function assertNameFree(tx: Tx, name: string, exceptId?: string): Promise<void> {
  const same = and(eq(packingTemplates.nameKey, name.toLowerCase()), exceptId ? ne(packingTemplates.id, exceptId) : undefined);
  const [row] = await tx.select({ id: packingTemplates.id }).from(packingTemplates).where(same).limit(1);
  if (row) throw fieldError('name', PACKING_TEMPLATE_NAME_TAKEN);
}

/** A concurrent write that won the unique index answers the pre-check's 422. */
async function mapNameRace<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
    const on = e.constraint === 'packing_templates_name_key' || (typeof e.message === 'string' && e.message.includes('packing_templates_name_key'));
    if (e.code === '23505' && on) throw fieldError('name', PACKING_TEMPLATE_NAME_TAKEN);
    throw err;
  }
}

export async function createPackingTemplate(ctx: TenantCtx, input: TPackingTemplateCreate): Promise<PackingTemplateDto> {
  return mapNameRace(() =>
    withTenant(ctx, async (tx) => {
      await assertNameFree(tx, input.name);
      const [row] = await tx
        .insert(packingTemplates)
        .values({ tenantId: ctx.tenantId, name: input.name, type: input.type, boxes: storedBoxes(input.boxes), notes: input.notes ?? null })
        .returning();
      return toDto(row!);
    }),
  );
}

export async function updatePackingTemplate(ctx: TenantCtx, idParam: string, input: TPackingTemplateUpdate): Promise<PackingTemplateDto> {
  const id = assertId(idParam, 'Packing template');
  return mapNameRace(() =>
    withTenant(ctx, async (tx) => {
      const [row] = await tx.select({ id: packingTemplates.id }).from(packingTemplates).where(eq(packingTemplates.id, id)).for('update').limit(1);
      if (!row) throw notFound('Packing template');
      if (input.name !== undefined) await assertNameFree(tx, input.name, id);
      await tx
        .update(packingTemplates)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.type !== undefined ? { type: input.type } : {}),
          ...(input.boxes !== undefined ? { boxes: storedBoxes(input.boxes) } : {}),
          ...(input.notes !== undefined ? { notes: input.notes } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(packingTemplates.id, id));
      return load(tx, id);
    }),
  );
}

/** Shipments packed with it keep its name (supply_shipments.packing_template_name); their link is cleared by the foreign key. */
export async function deletePackingTemplate(ctx: TenantCtx, idParam: string): Promise<void> {
  const id = assertId(idParam, 'Packing template');
  await withTenant(ctx, async (tx) => {
    const [row] = await tx.delete(packingTemplates).where(eq(packingTemplates.id, id)).returning({ id: packingTemplates.id });
    if (!row) throw notFound('Packing template');
  });
}
