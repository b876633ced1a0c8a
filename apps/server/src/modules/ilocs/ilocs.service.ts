import { and, asc, count, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { paginate, parseSearch, type IlocDto, type Paginated, type TIlocCreate, type TListQuery } from '@omnio/domain';
import type { TenantCtx } from '../../platform/http/context';
import type { Tx } from '../../platform/db/client';
import { containsPattern, offsetOf, orderByClause } from '../../platform/db/list-query';
import { withTenant } from '../../platform/db/tenant';
import { assertId, conflict, fieldError, notFound } from '../../platform/http/errors';
import { ilocs } from './ilocs.tables';

type IlocRow = typeof ilocs.$inferSelect;

export function toIlocDto(i: IlocRow): IlocDto {
  return {
    id: i.id,
    tenant_id: i.tenantId,
    name: i.name,
    code: i.code,
    type: i.type,
    company: i.company,
    menu: i.menu,
    status: i.status,
    archived: i.archivedAt !== null,
    archived_at: i.archivedAt?.toISOString() ?? null,
    address1: i.address1,
    city: i.city,
    region: i.region,
    postal_code: i.postalCode,
    country: i.country,
    priority: i.priority,
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
  };
}
export type { IlocDto };

/**
 * Other modules (rules, inventory) register why an iloc may not be deleted. Each guard answers a
 * reason when the iloc is still in use; the first reason stops the delete with a 409.
 */
export type IlocDeleteGuard = (tx: Tx, ilocId: string) => Promise<string | null>;
const deleteGuards: IlocDeleteGuard[] = [];
export function registerIlocDeleteGuard(guard: IlocDeleteGuard): void {
  deleteGuards.push(guard);
}

function columns(input: Partial<TIlocCreate>) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.code !== undefined ? { code: input.code } : {}),
    ...(input.type !== undefined ? { type: input.type } : {}),
    ...(input.company !== undefined ? { company: input.company } : {}),
    ...(input.menu !== undefined ? { menu: input.menu } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.address1 !== undefined ? { address1: input.address1 } : {}),
    ...(input.city !== undefined ? { city: input.city } : {}),
    ...(input.region !== undefined ? { region: input.region } : {}),
    ...(input.postal_code !== undefined ? { postalCode: input.postal_code } : {}),
    ...(input.country !== undefined ? { country: input.country } : {}),
    ...(input.priority !== undefined ? { priority: input.priority } : {}),
  };
}

async function assertUnique(tx: Tx, input: Partial<TIlocCreate>, exceptId?: string): Promise<void> {
  if (input.name !== undefined) {
    const rows = await tx.select({ id: ilocs.id }).from(ilocs).where(eq(sql`lower(${ilocs.name})`, input.name.toLowerCase())).limit(1);
    if (rows[0] && rows[0].id !== exceptId) throw fieldError('name', 'An iloc with this name already exists');
  }
  if (input.code) {
    const rows = await tx.select({ id: ilocs.id }).from(ilocs).where(eq(ilocs.code, input.code)).limit(1);
    if (rows[0] && rows[0].id !== exceptId) throw fieldError('code', 'An iloc with this code already exists');
  }
}

const ORDER = { name: ilocs.name, created_at: ilocs.createdAt, code: ilocs.code, status: ilocs.status, type: ilocs.type } as const;

/** Spec 7 search form: name, code, status, type, company (provider), menu, archived; bare text matches name or code. */
export async function listIlocs(ctx: TenantCtx, query: TListQuery): Promise<Paginated<IlocDto>> {
  const { fields, text } = parseSearch(query.search);
  const where: SQL[] = [];
  if (fields.name) where.push(ilike(ilocs.name, containsPattern(fields.name)));
  if (fields.code) where.push(eq(ilocs.code, fields.code));
  if (fields.status) where.push(eq(ilocs.status, fields.status.toUpperCase()));
  if (fields.type) where.push(eq(ilocs.type, fields.type));
  if (fields.company) where.push(eq(ilocs.company, fields.company.toLowerCase()));
  if (fields.menu) where.push(eq(ilocs.menu, fields.menu === 'true'));
  // Archived ilocs are hidden unless asked for: archive means "out of the way", not deleted.
  if (fields.archived === 'true') where.push(isNotNull(ilocs.archivedAt));
  else if (fields.archived !== 'all') where.push(isNull(ilocs.archivedAt));
  if (text) where.push(or(ilike(ilocs.name, containsPattern(text)), ilike(ilocs.code, containsPattern(text)))!);
  const { order } = orderByClause(query, ORDER, 'created_at');
  const condition = and(...where);
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(ilocs).where(condition);
    const rows = await tx
      .select()
      .from(ilocs)
      .where(condition)
      .orderBy(order, asc(ilocs.id))
      .limit(query.per_page)
      .offset(offsetOf(query));
    return paginate(rows.map(toIlocDto), total, query.page, query.per_page);
  });
}

export async function createIloc(ctx: TenantCtx, input: TIlocCreate): Promise<IlocDto> {
  return withTenant(ctx, async (tx) => {
    await assertUnique(tx, input);
    const [row] = await tx.insert(ilocs).values({ ...columns(input), name: input.name, tenantId: ctx.tenantId }).returning();
    return toIlocDto(row!);
  });
}

export async function getIloc(ctx: TenantCtx, idParam: string): Promise<IlocDto> {
  const id = assertId(idParam, 'Iloc');
  return withTenant(ctx, async (tx) => {
    const [row] = await tx.select().from(ilocs).where(eq(ilocs.id, id)).limit(1);
    if (!row) throw notFound('Iloc');
    return toIlocDto(row);
  });
}

export async function updateIloc(ctx: TenantCtx, idParam: string, input: Partial<TIlocCreate>): Promise<IlocDto> {
  const id = assertId(idParam, 'Iloc');
  return withTenant(ctx, async (tx) => {
    await assertUnique(tx, input, id);
    const [row] = await tx.update(ilocs).set({ ...columns(input), updatedAt: sql`now()` }).where(eq(ilocs.id, id)).returning();
    if (!row) throw notFound('Iloc');
    return toIlocDto(row);
  });
}

export async function archiveIloc(ctx: TenantCtx, idParam: string, archived: boolean): Promise<IlocDto> {
  const id = assertId(idParam, 'Iloc');
  return withTenant(ctx, async (tx) => {
    const [row] = await tx
      .update(ilocs)
      .set({ archivedAt: archived ? sql`coalesce(${ilocs.archivedAt}, now())` : null, updatedAt: sql`now()` })
      .where(eq(ilocs.id, id))
      .returning();
    if (!row) throw notFound('Iloc');
    return toIlocDto(row);
  });
}

export async function deleteIloc(ctx: TenantCtx, idParam: string): Promise<void> {
  const id = assertId(idParam, 'Iloc');
  await withTenant(ctx, async (tx) => {
    const [row] = await tx.select({ id: ilocs.id }).from(ilocs).where(eq(ilocs.id, id)).for('update').limit(1);
    if (!row) throw notFound('Iloc');
    for (const guard of deleteGuards) {
      const reason = await guard(tx, id);
      if (reason) throw conflict(reason);
    }
    await tx.delete(ilocs).where(eq(ilocs.id, id));
  });
}
