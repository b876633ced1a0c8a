import { and, asc, count, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import { paginate, type GroupDto, type GroupType, type Paginated, type TGroupCreate, type TGroupUpdate, type TListQuery } from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { containsPattern, filterConditions, offsetOf, orderByClause, searchOf } from '../../platform/db/list-query';
import { withTenant } from '../../platform/db/tenant';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, fieldError, notFound } from '../../platform/http/errors';
import { GROUP_NAME_TAKEN, mapUniqueRaces } from './customer-rules';
import { groups } from './customers.tables';

/** Groups that sort customers and suppliers (screens /customer-groups and /supplier-groups). */

export type { GroupDto };

const members = sql<number>`(CASE WHEN groups.type = 'supplier'
  THEN (SELECT count(*)::int FROM suppliers s WHERE s.group_id = groups.id)
  ELSE (SELECT count(*)::int FROM customers c WHERE c.group_id = groups.id) END)`;
const ORDER = { name: groups.nameKey, type: groups.type, created_at: groups.createdAt, updated_at: groups.updatedAt };

async function load(tx: Tx, where: SQL | undefined, page?: { order: SQL; limit: number; offset: number }): Promise<GroupDto[]> {
  let q = tx.select({ row: groups, members }).from(groups).where(where).$dynamic();
  if (page) q = q.orderBy(page.order, asc(groups.id)).limit(page.limit).offset(page.offset);
  return (await q).map(({ row, members: n }) => ({
    id: row.id,
    type: row.type as GroupType,
    name: row.name,
    description: row.description,
    member_count: Number(n),
    customer_count: Number(n),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** Search form: type (customer|supplier), name (contains); bare text matches the name. Default order: name. */
export async function listGroups(ctx: TenantCtx, query: TListQuery): Promise<Paginated<GroupDto>> {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [];
  if (fields.type) where.push(eq(groups.type, fields.type));
  if (fields.name) where.push(ilike(groups.name, containsPattern(fields.name)));
  if (text) where.push(ilike(groups.name, containsPattern(text)));
  where.push(
    ...filterConditions(query.filters, { type: groups.type, name: groups.name, created_at: groups.createdAt, updated_at: groups.updatedAt }),
  );
  const condition = and(...where);
  const { order } = orderByClause(query, ORDER, 'name', 'ASC');
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(groups).where(condition);
    const data = await load(tx, condition, { order, limit: query.per_page, offset: offsetOf(query) });
    return paginate(data, total, query.page, query.per_page);
  });
}

async function answer(tx: Tx, id: string): Promise<GroupDto> {
  const [dto] = await load(tx, eq(groups.id, id));
  if (!dto) throw notFound('Group');
  return dto;
}

export async function getGroup(ctx: TenantCtx, idParam: string): Promise<GroupDto> {
  const id = assertId(idParam, 'Group');
  return withTenant(ctx, (tx) => answer(tx, id));
}

/** Names are unique within a type, whatever their case. */
async function assertNameFree(tx: Tx, type: string, name: string, exceptId?: string): Promise<void> {
  const same = and(eq(groups.type, type), eq(groups.nameKey, name.toLowerCase()), exceptId ? ne(groups.id, exceptId) : undefined);
  const [row] = await tx.select({ id: groups.id }).from(groups).where(same).limit(1);
  if (row) throw fieldError('name', GROUP_NAME_TAKEN);
}

export async function createGroup(ctx: TenantCtx, input: TGroupCreate): Promise<GroupDto> {
  return mapUniqueRaces(() =>
    withTenant(ctx, async (tx) => {
      await assertNameFree(tx, input.type, input.name);
      const [row] = await tx
        .insert(groups)
        .values({ tenantId: ctx.tenantId, type: input.type, name: input.name, description: input.description ?? null })
        .returning({ id: groups.id });
      return answer(tx, row!.id);
    }),
  );
}

export async function updateGroup(ctx: TenantCtx, idParam: string, input: TGroupUpdate): Promise<GroupDto> {
  const id = assertId(idParam, 'Group');
  return mapUniqueRaces(() =>
    withTenant(ctx, async (tx) => {
      const [row] = await tx.select({ type: groups.type }).from(groups).where(eq(groups.id, id)).for('update').limit(1);
      if (!row) throw notFound('Group');
      if (input.name !== undefined) await assertNameFree(tx, row.type, input.name, id);
      await tx
        .update(groups)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(groups.id, id));
      return answer(tx, id);
    }),
  );
}

/** The group's customers or suppliers stay, ungrouped (the foreign key sets their group to null). */
export async function deleteGroup(ctx: TenantCtx, idParam: string): Promise<void> {
  const id = assertId(idParam, 'Group');
  await withTenant(ctx, async (tx) => {
    const [row] = await tx.delete(groups).where(eq(groups.id, id)).returning({ id: groups.id });
    if (!row) throw notFound('Group');
  });
}
