import { z } from 'zod';
import { ZTimestamp } from '../responses';
import { FLOW_ACTIONS, FLOW_HOOK_POINTS } from './rule-catalog';

/** The answers of /rules (docs/api-rules.md). */

const nullableText = z.string().nullable();

export const FLOW_STATUSES = ['inactive', 'active'] as const;
export const FLOW_ACTION_NAMES = ['enable', 'disable', 'delete'] as const;

/** One change an action made (or a dry run would make): `path` as `ship_method`, `lines[2].iloc_id`, `metadata.tags`, `status`. */
export const ZFlowChange = z.object({ path: z.string(), before: z.unknown(), after: z.unknown() });
export type FlowChangeDto = z.input<typeof ZFlowChange>;

/** Two active flows of one hook point whose actions write the same field: shown to the author, not refused. */
export const ZFlowConflict = z.object({ flow_id: z.string(), flow_name: z.string(), field: z.string() });

export const ZFlowSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  hook_point: z.enum(FLOW_HOOK_POINTS),
  status: z.enum(FLOW_STATUSES),
  priority: z.number().int(),
  version: z.number().int(),
  node_count: z.number().int(),
  /** The last time the flow ran on an order (import, re-apply), not a dry run. */
  last_run_at: ZTimestamp.nullable(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
  allowed_actions: z.array(z.enum(FLOW_ACTION_NAMES)),
});
export type FlowSummaryDto = z.input<typeof ZFlowSummary>;

const ZNodeView = z.object({
  id: z.string(), type: z.enum(['start', 'condition', 'router', 'action', 'end']), name: z.string(), groupType: z.string().nullable().optional(),
  prev: z.array(z.string()), next: z.array(z.string()), formData: z.record(z.string(), z.unknown()), uuid: z.string().nullable().optional(),
  position: z.object({ x: z.number(), y: z.number() }).nullable().optional(), action_id: z.string().nullable().optional(),
  action_type: z.string().nullable().optional(), short_name: z.string().nullable().optional(), weight: z.number().int().nullable().optional(),
  iloc_id: z.string().nullable().optional(),
});

export const ZFlow = ZFlowSummary.extend({
  nodes: z.array(ZNodeView),
  conflicts: z.array(ZFlowConflict),
  warnings: z.array(z.string()),
});
export type FlowDto = z.input<typeof ZFlow>;

export const ZFlowProblem = z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() });
export const ZFlowValidation = z.object({
  valid: z.boolean(),
  problems: z.array(ZFlowProblem),
  warnings: z.array(z.string()),
  conflicts: z.array(ZFlowConflict),
});
export type FlowValidationDto = z.input<typeof ZFlowValidation>;

export const ZFlowVersion = z.object({
  version: z.number().int(),
  name: z.string(),
  note: nullableText,
  node_count: z.number().int(),
  created_at: ZTimestamp,
  created_by: z.object({ id: z.string(), name: nullableText }).nullable(),
  current: z.boolean(),
});
export type FlowVersionDto = z.input<typeof ZFlowVersion>;
export const ZFlowVersionDetail = ZFlowVersion.extend({ nodes: z.array(ZNodeView) });
export type FlowVersionDetailDto = z.input<typeof ZFlowVersionDetail>;

/** One condition as it was evaluated: what the field held (order fields) or which lines matched (line fields). */
export const ZTraceCondition = z.object({
  field: z.string(), operator: z.string(), value: z.unknown().optional(), result: z.boolean(),
  actual: z.unknown().optional(), lines: z.array(z.number().int()).optional(),
});
export const ZTraceStep = z.object({
  node_id: z.string(),
  node_name: z.string(),
  type: z.string(),
  action_type: z.enum(FLOW_ACTIONS).nullable().optional(),
  /** Condition nodes: the branch taken. */
  branch: z.enum(['yes', 'no']).nullable().optional(),
  conditions: z.array(ZTraceCondition).optional(),
  changes: z.array(ZFlowChange).optional(),
  /** Side effects that happen after the order is written (a notification, a cancel). */
  effects: z.array(z.record(z.string(), z.unknown())).optional(),
  error: z.string().nullable().optional(),
});
export type TraceStepDto = z.input<typeof ZTraceStep>;
export const ZFlowTrace = z.object({
  flow_id: z.string(),
  flow_name: z.string(),
  version: z.number().int(),
  steps: z.array(ZTraceStep),
  changes: z.array(ZFlowChange),
  error: z.string().nullable(),
  ms: z.number(),
});
export type FlowTraceDto = z.input<typeof ZFlowTrace>;

/** GET /orders/{id}/rule-traces: each time flows ran on the order (newest first). */
export const ZRuleTrace = z.object({
  id: z.string(),
  hook_point: z.enum(FLOW_HOOK_POINTS),
  /** import, submit, retry or apply (a flow re-applied by hand). */
  trigger: z.string(),
  error: z.boolean(),
  created_at: ZTimestamp,
  flows: z.array(ZFlowTrace),
});
export type RuleTraceDto = z.input<typeof ZRuleTrace>;

export const DRY_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export const ZDryRun = z.object({
  id: z.string(),
  flow_id: z.string(),
  /** Null when an unsaved draft was tried. */
  version: z.number().int().nullable(),
  days: z.number().int(),
  status: z.enum(DRY_RUN_STATUSES),
  examined: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  /** More orders would change than the run keeps (DRY_RUN_MAX_RESULTS). */
  truncated: z.boolean(),
  error: nullableText,
  duration_ms: z.number().int().nullable(),
  created_at: ZTimestamp,
  finished_at: ZTimestamp.nullable(),
});
export type DryRunDto = z.input<typeof ZDryRun>;

/** One order of a dry run that the flow would change (or that would fail), beside what happened to it. */
export const ZDryRunResult = z.object({
  order_id: z.string(),
  number: z.string(),
  created_at: ZTimestamp,
  outcome: z.enum(['changed', 'error']),
  /** before: what the order has now; after: what the flow would have made it. */
  changes: z.array(ZFlowChange),
  error: nullableText,
  /** What happened: the order's status, where its units were reserved or shipped from, its ship method. */
  actual: z.object({ status: z.string(), ilocs: z.array(z.string()), ship_method: nullableText, ship_carrier: nullableText }),
});
export type DryRunResultDto = z.input<typeof ZDryRunResult>;

export const ZFlowApplyResult = z.object({
  order_id: z.string(),
  number: nullableText,
  outcome: z.enum(['changed', 'unchanged', 'error', 'skipped']),
  changes: z.array(ZFlowChange),
  error: nullableText,
});
export type FlowApplyResultDto = z.input<typeof ZFlowApplyResult>;
