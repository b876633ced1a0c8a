import { and, asc, count, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import {
  checkFlow, flowConflicts, flowLifecycle, paginate, ZFlowNodes,
  type FlowAction, type FlowDto, type FlowHookPoint, type FlowSummaryDto, type FlowValidationDto, type FlowVersionDetailDto,
  type FlowVersionDto, type Paginated, type TFlowCreate, type TFlowNode, type TFlowUpdate, type TFlowValidate, type TListQuery,
  type RuleTemplateDto,
} from '@omnio/domain';
import type { Tx } from '../../platform/db/client';
import { containsPattern, offsetOf, orderByClause, searchOf } from '../../platform/db/list-query';
import { queryRows } from '../../platform/db/rows';
import { withTenant } from '../../platform/db/tenant';
import { recordStatusEvent } from '../../platform/db/status-events';
import type { TenantCtx } from '../../platform/http/context';
import { assertId, conflict, FieldErrors, fieldError, invalidTransition, notFound } from '../../platform/http/errors';
import { uuidArray } from '../inventory/holder-sql';
import { getRuleTemplate, listRuleTemplates } from '../templates/templates.service';
import { ruleFlows, ruleFlowVersions } from './rules.tables';

/**
 * A company's flows: CRUD, every save of nodes a version, roll back, enable/disable by flowLifecycle, the
 * checks that make a bad flow a 422 at save (never a failure at run time) and the conflicts shown to the
 * author (docs/api-rules.md).
 */

type FlowRow = typeof ruleFlows.$inferSelect;

const FLOW_ACTION_PERMISSION: Record<FlowAction, string> = { enable: 'update-flow', disable: 'update-flow', delete: 'delete-flow' };

const summaryOf = (r: FlowRow, held: ReadonlySet<string>): FlowSummaryDto => ({
  id: r.id, name: r.name, description: r.description, hook_point: r.hookPoint as FlowHookPoint, status: r.status as 'active' | 'inactive',
  priority: r.priority, version: r.version, node_count: (r.nodes as unknown[]).length,
  last_run_at: r.lastRunAt?.toISOString() ?? null, created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString(),
  allowed_actions: flowLifecycle.permittedActions(r.status, held, FLOW_ACTION_PERMISSION),
});

const held = (ctx: TenantCtx) => ctx.principal.permissions;

const ORDER = { name: ruleFlows.nameKey, hook_point: ruleFlows.hookPoint, status: ruleFlows.status, priority: ruleFlows.priority, created_at: ruleFlows.createdAt, updated_at: ruleFlows.updatedAt, last_run_at: ruleFlows.lastRunAt } as const;

/** Filters of GET /rules beside the list query (each also accepted as a search field). */
export interface FlowFilters {
  hook_point?: string;
  status?: string;
}

/** search: bare text (name), or `hook_point:…;status:active;name:…`; the `hook_point` and `status` query filters win. */
export async function listFlows(ctx: TenantCtx, query: TListQuery, filters: FlowFilters = {}): Promise<Paginated<FlowSummaryDto>> {
  const { fields, text } = searchOf(query);
  const hook = filters.hook_point ?? fields.hook_point;
  const status = (filters.status ?? fields.status)?.toLowerCase();
  const where: SQL[] = [ne(ruleFlows.status, 'deleted')];
  if (hook) where.push(eq(ruleFlows.hookPoint, hook.toLowerCase()));
  // A deleted flow is never listed, even when asked for.
  if (status) where.push(eq(ruleFlows.status, status === 'deleted' ? '-' : status));
  const words = fields.name ?? text;
  if (words) where.push(ilike(ruleFlows.name, containsPattern(words)));
  const { order } = orderByClause(query, ORDER, 'priority', 'ASC');
  return withTenant(ctx, async (tx) => {
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(ruleFlows).where(and(...where));
    const rows = await tx.select().from(ruleFlows).where(and(...where)).orderBy(order, asc(ruleFlows.createdAt), asc(ruleFlows.id))
      .limit(query.per_page).offset(offsetOf(query));
    return paginate(rows.map((r) => summaryOf(r, held(ctx))), Number(total), query.page, query.per_page);
  });
}

async function loadFlow(tx: Tx, idParam: string, lock = false): Promise<FlowRow> {
  const id = assertId(idParam, 'Rule');
  const q = tx.select().from(ruleFlows).where(and(eq(ruleFlows.id, id), ne(ruleFlows.status, 'deleted'))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Rule');
  return row;
}

/** The other active flows of the hook point and what they write. */
async function othersAt(tx: Tx, hook: string, exceptId: string | null) {
  const rows = await queryRows<{ id: string; name: string; writes: string[] }>(tx, sql`
    SELECT id, name, writes FROM rule_flows WHERE hook_point = ${hook} AND status = 'active'
      ${exceptId ? sql`AND id <> ${exceptId}::uuid` : sql``}`);
  return rows;
}

async function flowView(ctx: TenantCtx, tx: Tx, row: FlowRow): Promise<FlowDto> {
  const nodes = row.nodes as TFlowNode[];
  const check = checkFlow(row.hookPoint as FlowHookPoint, nodes);
  const conflicts = flowConflicts({ id: row.id, writes: row.writes }, await othersAt(tx, row.hookPoint, row.id));
  return { ...summaryOf(row, held(ctx)), nodes, conflicts, warnings: check.warnings };
}

export const getFlow = (ctx: TenantCtx, id: string): Promise<FlowDto> => withTenant(ctx, async (tx) => flowView(ctx, tx, await loadFlow(tx, id)));

/** The problems as a 422: `nodes.2.formData.conditions.0.operator` → the message. */
function throwProblems(problems: { path: Array<string | number>; message: string }[]): void {
  const errors = new FieldErrors();
  for (const p of problems) errors.add(p.path.length ? p.path.join('.') : 'nodes', p.message);
  errors.throwIfAny(errors.first);
}

/** The iLocs a flow names that are not the company's. */
async function foreignIlocs(tx: Tx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string }>(tx, sql`SELECT id FROM ilocs WHERE id = ANY(${uuidArray(ids)})`);
  const mine = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !mine.has(id));
}

/** Checks the nodes as a save would: the answer of POST /rules/validate, or a 422 (`strict`). */
async function checked(tx: Tx, hook: FlowHookPoint, nodes: TFlowNode[], flowId: string | null, strict: boolean): Promise<FlowValidationDto & { writes: string[]; ilocIds: string[] }> {
  const check = checkFlow(hook, nodes);
  const problems = [...check.problems];
  const uuidLike = check.ilocIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  for (const id of await foreignIlocs(tx, uuidLike)) problems.push({ path: ['nodes'], message: `The iLoc ${id} is not one of the company's` });
  if (strict) throwProblems(problems);
  const conflicts = flowConflicts({ id: flowId ?? '', writes: check.writes }, await othersAt(tx, hook, flowId));
  return { valid: problems.length === 0, problems, warnings: check.warnings, conflicts, writes: check.writes, ilocIds: uuidLike };
}

/** A draft's nodes, checked as a save would check them (a dry run of unsaved nodes). */
export async function assertRunnable(tx: Tx, hook: FlowHookPoint, nodes: TFlowNode[], flowId: string): Promise<void> {
  await checked(tx, hook, nodes, flowId, true);
}

export const validateFlow = (ctx: TenantCtx, input: TFlowValidate): Promise<FlowValidationDto> =>
  withTenant(ctx, async (tx) => {
    const { writes: _w, ilocIds: _i, ...answer } = await checked(tx, input.hook_point, input.nodes, input.flow_id ?? null, false);
    return answer;
  });

async function assertNameFree(tx: Tx, name: string, exceptId?: string) {
  const [row] = await queryRows<{ id: string }>(tx, sql`
    SELECT id FROM rule_flows WHERE name_key = ${name.toLowerCase()} AND status <> 'deleted' LIMIT 1`);
  if (row && row.id !== exceptId) throw fieldError('name', 'A rule with this name already exists');
}

export async function createFlow(ctx: TenantCtx, input: TFlowCreate): Promise<FlowDto> {
  let nodes = input.nodes;
  let templateId: string | null = null;
  if (input.template_id) {
    const template: RuleTemplateDto = await getRuleTemplate(ctx, input.template_id).catch(() => { throw fieldError('template_id', 'No such rule template'); });
    templateId = template.id;
    if (!nodes) {
      const parsed = ZFlowNodes.safeParse(template.nodes);
      if (!parsed.success) throw fieldError('template_id', 'The template\'s nodes are not a flow this version can run');
      nodes = parsed.data;
    }
  }
  if (!nodes) throw fieldError('nodes', 'Give the flow\'s nodes or a template');
  const flowNodes = nodes;
  return withTenant(ctx, async (tx) => {
    await assertNameFree(tx, input.name);
    const check = await checked(tx, input.hook_point, flowNodes, null, true);
    const [row] = await tx.insert(ruleFlows).values({
      tenantId: ctx.tenantId, name: input.name, description: input.description, hookPoint: input.hook_point, priority: input.priority,
      nodes: flowNodes, writes: check.writes, ilocIds: check.ilocIds, templateId, createdBy: ctx.principal.userId,
    }).returning();
    await tx.insert(ruleFlowVersions).values({ tenantId: ctx.tenantId, flowId: row!.id, version: 1, name: input.name, nodes: flowNodes, createdBy: ctx.principal.userId, note: templateId ? 'From a template' : null });
    return flowView(ctx, tx, row!);
  });
}

export async function updateFlow(ctx: TenantCtx, id: string, input: TFlowUpdate): Promise<FlowDto> {
  return withTenant(ctx, async (tx) => {
    const row = await loadFlow(tx, id, true);
    if (input.version !== undefined && input.version !== row.version) {
      throw conflict(`Someone saved version ${row.version} of this rule after the one you edited (${input.version}): reload it`);
    }
    if (input.name !== undefined) await assertNameFree(tx, input.name, row.id);
    const name = input.name ?? row.name;
    let nodesChange: { version: number; writes: string[]; ilocIds: string[] } | null = null;
    if (input.nodes) {
      const check = await checked(tx, row.hookPoint as FlowHookPoint, input.nodes, row.id, true);
      nodesChange = { version: row.version + 1, writes: check.writes, ilocIds: check.ilocIds };
      await tx.insert(ruleFlowVersions).values({ tenantId: ctx.tenantId, flowId: row.id, version: nodesChange.version, name, nodes: input.nodes, note: input.note ?? null, createdBy: ctx.principal.userId });
    }
    const [saved] = await tx.update(ruleFlows).set({
      name, description: input.description ?? row.description, priority: input.priority ?? row.priority,
      ...(nodesChange && input.nodes ? { nodes: input.nodes, version: nodesChange.version, writes: nodesChange.writes, ilocIds: nodesChange.ilocIds } : {}),
      updatedAt: sql`now()`,
    }).where(eq(ruleFlows.id, row.id)).returning();
    return flowView(ctx, tx, saved!);
  });
}

/** enable / disable / delete, as flowLifecycle allows from the flow's status now (UPDATE … WHERE status = from). */
export async function applyFlowAction(ctx: TenantCtx, id: string, action: FlowAction): Promise<FlowDto | null> {
  return withTenant(ctx, async (tx) => {
    const row = await loadFlow(tx, id, true);
    const to = flowLifecycle.next(row.status, action);
    if (!to) throw invalidTransition(row.status, action, action === 'delete' ? 'Disable the rule before deleting it' : `A rule that is ${row.status} cannot ${action}`);
    if (action === 'enable') {
      const check = await checked(tx, row.hookPoint as FlowHookPoint, row.nodes as TFlowNode[], row.id, true);
      const foreign = await foreignIlocs(tx, check.ilocIds);
      if (foreign.length) throw fieldError('nodes', 'The rule names an iLoc that no longer exists');
    }
    const [saved] = await tx.update(ruleFlows).set({ status: to, updatedAt: sql`now()` })
      .where(and(eq(ruleFlows.id, row.id), eq(ruleFlows.status, row.status))).returning();
    if (!saved) throw conflict('The rule changed meanwhile; reload it');
    await recordStatusEvent(tx, ctx.tenantId, { subjectType: 'rule', subjectId: row.id, action, from: row.status, to, userId: ctx.principal.userId, data: { version: row.version } });
    return to === 'deleted' ? null : flowView(ctx, tx, saved);
  });
}

export async function listVersions(ctx: TenantCtx, id: string): Promise<FlowVersionDto[]> {
  return withTenant(ctx, async (tx) => {
    const row = await loadFlow(tx, id);
    const rows = await queryRows<{ version: number; name: string; note: string | null; nodes: unknown[]; created_at: string; created_by: string | null; user_name: string | null }>(tx, sql`
      SELECT v.version, v.name, v.note, v.nodes, v.created_at, v.created_by, u.name AS user_name
      FROM rule_flow_versions v LEFT JOIN users u ON u.id = v.created_by
      WHERE v.flow_id = ${row.id}::uuid ORDER BY v.version DESC LIMIT 500`);
    return rows.map((v) => versionView(v, row.version));
  });
}

const versionView = (v: { version: number; name: string; note: string | null; nodes: unknown[]; created_at: string; created_by: string | null; user_name: string | null }, current: number): FlowVersionDto => ({
  version: Number(v.version), name: v.name, note: v.note, node_count: v.nodes.length, created_at: new Date(v.created_at).toISOString(),
  created_by: v.created_by ? { id: v.created_by, name: v.user_name } : null, current: Number(v.version) === current,
});

export async function readVersionNodes(tx: Tx, flowId: string, version: number): Promise<TFlowNode[]> {
  const [v] = await tx.select().from(ruleFlowVersions).where(and(eq(ruleFlowVersions.flowId, flowId), eq(ruleFlowVersions.version, version))).limit(1);
  if (!v) throw notFound('Rule version');
  return v.nodes as TFlowNode[];
}

export async function getVersion(ctx: TenantCtx, id: string, version: number): Promise<FlowVersionDetailDto> {
  return withTenant(ctx, async (tx) => {
    const row = await loadFlow(tx, id);
    const [v] = await queryRows<{ version: number; name: string; note: string | null; nodes: TFlowNode[]; created_at: string; created_by: string | null; user_name: string | null }>(tx, sql`
      SELECT v.version, v.name, v.note, v.nodes, v.created_at, v.created_by, u.name AS user_name
      FROM rule_flow_versions v LEFT JOIN users u ON u.id = v.created_by
      WHERE v.flow_id = ${row.id}::uuid AND v.version = ${version}`);
    if (!v) throw notFound('Rule version');
    return { ...versionView(v, row.version), nodes: v.nodes };
  });
}

/** A roll back is a save: a new version with that one's nodes (checked again: an iLoc may be gone since). */
export async function rollbackFlow(ctx: TenantCtx, id: string, version: number): Promise<FlowDto> {
  const nodes = await withTenant(ctx, async (tx) => readVersionNodes(tx, (await loadFlow(tx, id)).id, version));
  return updateFlow(ctx, id, { nodes, note: `Rolled back to version ${version}` });
}

/** The owner's templates a company may start from. */
export const listFlowTemplates = (ctx: TenantCtx, query: TListQuery) => listRuleTemplates(ctx, query);

export { loadFlow };
