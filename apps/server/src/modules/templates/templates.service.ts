import { and, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import {
  MAPPER_TYPES, paginate, RULE_HOOK_POINTS,
  type MapperTemplateDto, type Paginated, type RuleTemplateDto, type TListQuery, type TMapperTemplateCreate, type TMapperTemplateUpdate,
  type TRuleTemplateCreate, type TRuleTemplateUpdate,
} from '@omnio/domain';
import type { Queryable } from '../../platform/db/client';
import { containsPattern, offsetOf, orderByClause, searchOf } from '../../platform/db/list-query';
import type { AuthedCtx } from '../../platform/http/context';
import { assertId, fieldError, notFound } from '../../platform/http/errors';
import { mapperTemplates, ruleTemplates } from './templates.tables';

/**
 * Platform mapper and rule templates the owner curates (docs/api-services.md). Definitions are checked by the
 * domain schemas before they get here (a mapper has relations; a flow's nodes reference each other).
 */

type MapperRow = typeof mapperTemplates.$inferSelect;
type RuleRow = typeof ruleTemplates.$inferSelect;

const mapperView = (r: MapperRow): MapperTemplateDto => ({
  id: r.id, name: r.name, type: r.type as MapperTemplateDto['type'], description: r.description,
  file_type: r.fileType as MapperTemplateDto['file_type'], definition: r.definition as MapperTemplateDto['definition'],
  created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString(),
});

const ruleView = (r: RuleRow): RuleTemplateDto => ({
  id: r.id, name: r.name, hook_point: r.hookPoint as RuleTemplateDto['hook_point'], description: r.description,
  nodes: r.nodes as RuleTemplateDto['nodes'], created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString(),
});

function oneOf(value: string, allowed: readonly string[], what: string): string {
  if (!allowed.includes(value)) throw fieldError('search', `Unknown ${what} ${value}`);
  return value;
}

/* ------------------------------------------------------------------ mapper templates */

async function assertMapperNameFree(db: Queryable, name: string, exceptId?: string) {
  const [row] = await db.select({ id: mapperTemplates.id }).from(mapperTemplates).where(eq(sql`lower(${mapperTemplates.name})`, name.toLowerCase())).limit(1);
  if (row && row.id !== exceptId) throw fieldError('name', 'A mapper template with this name already exists');
}

const MAPPER_ORDER = { name: mapperTemplates.name, type: mapperTemplates.type, created_at: mapperTemplates.createdAt, updated_at: mapperTemplates.updatedAt } as const;

/** search: bare text (name), or `type:ORDER;file_type:csv;name:...`. */
export async function listMapperTemplates(ctx: AuthedCtx, query: TListQuery): Promise<Paginated<MapperTemplateDto>> {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [];
  if (fields.type) where.push(eq(mapperTemplates.type, oneOf(fields.type.toUpperCase(), MAPPER_TYPES, 'mapper type')));
  if (fields.file_type) where.push(eq(mapperTemplates.fileType, fields.file_type.toLowerCase()));
  const words = fields.name ?? text;
  if (words) where.push(ilike(mapperTemplates.name, containsPattern(words)));
  const condition = where.length ? and(...where) : undefined;
  const { order } = orderByClause(query, MAPPER_ORDER, 'name', 'ASC');
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(mapperTemplates).where(condition);
  const rows = await ctx.db.select().from(mapperTemplates).where(condition).orderBy(order, mapperTemplates.id).limit(query.per_page).offset(offsetOf(query));
  return paginate(rows.map(mapperView), Number(total), query.page, query.per_page);
}

export async function getMapperTemplate(ctx: AuthedCtx, id: string): Promise<MapperTemplateDto> {
  const [row] = await ctx.db.select().from(mapperTemplates).where(eq(mapperTemplates.id, assertId(id, 'Mapper template'))).limit(1);
  if (!row) throw notFound('Mapper template');
  return mapperView(row);
}

export const createMapperTemplate = (ctx: AuthedCtx, input: TMapperTemplateCreate) =>
  ctx.db.transaction(async (tx) => {
    await assertMapperNameFree(tx, input.name);
    const [row] = await tx
      .insert(mapperTemplates)
      .values({ name: input.name, type: input.type, description: input.description, fileType: input.file_type, definition: input.definition })
      .returning();
    return mapperView(row!);
  });

export const updateMapperTemplate = (ctx: AuthedCtx, idParam: string, input: TMapperTemplateUpdate) =>
  ctx.db.transaction(async (tx) => {
    const id = assertId(idParam, 'Mapper template');
    if (input.name !== undefined) await assertMapperNameFree(tx, input.name, id);
    const [row] = await tx
      .update(mapperTemplates)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.type !== undefined ? { type: input.type } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.file_type !== undefined ? { fileType: input.file_type } : {}),
        ...(input.definition !== undefined ? { definition: input.definition } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(mapperTemplates.id, id))
      .returning();
    if (!row) throw notFound('Mapper template');
    return mapperView(row);
  });

export async function deleteMapperTemplate(ctx: AuthedCtx, id: string): Promise<void> {
  const gone = await ctx.db.delete(mapperTemplates).where(eq(mapperTemplates.id, assertId(id, 'Mapper template'))).returning({ id: mapperTemplates.id });
  if (!gone.length) throw notFound('Mapper template');
}

/* ------------------------------------------------------------------ rule templates */

async function assertRuleNameFree(db: Queryable, name: string, exceptId?: string) {
  const [row] = await db.select({ id: ruleTemplates.id }).from(ruleTemplates).where(eq(sql`lower(${ruleTemplates.name})`, name.toLowerCase())).limit(1);
  if (row && row.id !== exceptId) throw fieldError('name', 'A rule template with this name already exists');
}

const RULE_ORDER = { name: ruleTemplates.name, hook_point: ruleTemplates.hookPoint, created_at: ruleTemplates.createdAt, updated_at: ruleTemplates.updatedAt } as const;

/** search: bare text (name), or `hook_point:before_import_order;name:...`. */
export async function listRuleTemplates(ctx: AuthedCtx, query: TListQuery): Promise<Paginated<RuleTemplateDto>> {
  const { fields, text } = searchOf(query);
  const where: SQL[] = [];
  if (fields.hook_point) where.push(eq(ruleTemplates.hookPoint, oneOf(fields.hook_point.toLowerCase(), RULE_HOOK_POINTS, 'hook point')));
  const words = fields.name ?? text;
  if (words) where.push(ilike(ruleTemplates.name, containsPattern(words)));
  const condition = where.length ? and(...where) : undefined;
  const { order } = orderByClause(query, RULE_ORDER, 'name', 'ASC');
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(ruleTemplates).where(condition);
  const rows = await ctx.db.select().from(ruleTemplates).where(condition).orderBy(order, ruleTemplates.id).limit(query.per_page).offset(offsetOf(query));
  return paginate(rows.map(ruleView), Number(total), query.page, query.per_page);
}

export async function getRuleTemplate(ctx: AuthedCtx, id: string): Promise<RuleTemplateDto> {
  const [row] = await ctx.db.select().from(ruleTemplates).where(eq(ruleTemplates.id, assertId(id, 'Rule template'))).limit(1);
  if (!row) throw notFound('Rule template');
  return ruleView(row);
}

export const createRuleTemplate = (ctx: AuthedCtx, input: TRuleTemplateCreate) =>
  ctx.db.transaction(async (tx) => {
    await assertRuleNameFree(tx, input.name);
    const [row] = await tx
      .insert(ruleTemplates)
      .values({ name: input.name, hookPoint: input.hook_point, description: input.description, nodes: input.nodes })
      .returning();
    return ruleView(row!);
  });

export const updateRuleTemplate = (ctx: AuthedCtx, idParam: string, input: TRuleTemplateUpdate) =>
  ctx.db.transaction(async (tx) => {
    const id = assertId(idParam, 'Rule template');
    if (input.name !== undefined) await assertRuleNameFree(tx, input.name, id);
    const [row] = await tx
      .update(ruleTemplates)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.hook_point !== undefined ? { hookPoint: input.hook_point } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.nodes !== undefined ? { nodes: input.nodes } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(ruleTemplates.id, id))
      .returning();
    if (!row) throw notFound('Rule template');
    return ruleView(row);
  });

export async function deleteRuleTemplate(ctx: AuthedCtx, id: string): Promise<void> {
  const gone = await ctx.db.delete(ruleTemplates).where(eq(ruleTemplates.id, assertId(id, 'Rule template'))).returning({ id: ruleTemplates.id });
  if (!gone.length) throw notFound('Rule template');
}
