import { z } from 'zod';
import { ZRuleNode } from '../services';
import {
  COMPARISONS, CONDITION_MATCHES, type FLOW_ACTIONS, FLOW_HOOK_POINTS, FLOW_MAX_NODES, FLOW_OPERATORS, ILOC_STRATEGIES, LINE_QUANTIFIERS,
} from './rule-catalog';

/**
 * The flow JSON (docs/api-rules.md "The flow"): spec 3 rule flow nodes. These schemas check the shape; the
 * meaning (a field the hook point has, an operator its kind takes, a reachable end, an iloc of the company)
 * is checkFlow's (rule-validate.ts), so both answer the same 422 at save.
 */

const scalar = z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]);

/** One condition: `field operator value`. See the catalog for which operators take which values. */
export const ZFlowCondition = z
  .object({
    field: z.string().trim().min(1, { message: 'Choose a field' }).max(120),
    operator: z.enum(FLOW_OPERATORS, { message: 'Unknown operator' }),
    value: z.union([scalar, z.array(scalar).max(500)]).optional(),
    value2: scalar.optional(),
    /** Line fields: does any line, every line, or no line have to match (default any). */
    quantifier: z.enum(LINE_QUANTIFIERS).optional(),
    /** Aggregates and custom_field: how the computed number (or the custom field) is compared with `value`. */
    compare: z.enum([...COMPARISONS, 'contains', 'starts_with', 'ends_with', 'is_blank'] as const).optional(),
    /** custom_count: the lines counted are those matching this (a line or sku field condition). */
    where: z
      .object({ field: z.string().trim().min(1).max(120), operator: z.enum(FLOW_OPERATORS), value: z.union([scalar, z.array(scalar).max(500)]).optional(), value2: scalar.optional() })
      .strict()
      .optional(),
  })
  .strict();
export type TFlowCondition = z.infer<typeof ZFlowCondition>;

/** formData of a condition node: its conditions and how they combine. next[0] is "yes", next[1] (optional) "no". */
export const ZConditionForm = z
  .object({
    match: z.enum(CONDITION_MATCHES).default('all'),
    conditions: z.array(ZFlowCondition).min(1, { message: 'Add at least one condition' }).max(50),
  })
  .strict();
export type TConditionForm = z.infer<typeof ZConditionForm>;

const uuidish = z.uuid({ message: 'Must be a valid id' });
const skuCode = z.string().trim().min(1, { message: 'Give a SKU' }).max(64);

/** formData per action_type. */
export const ZActionForms = {
  select_inventory_location: z
    .object({
      strategy: z.enum(ILOC_STRATEGIES, { message: 'Choose how the iLoc is chosen' }),
      /** strategy iloc: the iLoc (also the node's iloc_id). */
      iloc_id: uuidish.nullable().optional(),
      /** stock, distance, split: the candidates, in order of preference (none: every iLoc that ships). */
      iloc_ids: z.array(uuidish).max(100).optional(),
    })
    .strict(),
  set_ship_method: z
    .object({ ship_method: z.string().trim().min(1).max(60).nullable().optional(), ship_carrier: z.string().trim().min(1).max(60).nullable().optional() })
    .strict(),
  hold: z
    .object({
      /** Until a fixed time, or for a number of hours after import; neither: until released by hand. */
      until: z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date and time' }).nullable().optional(),
      hours: z.number().int().min(1).max(24 * 366).nullable().optional(),
    })
    .strict(),
  add_tag: z.object({ tag: z.string().trim().min(1, { message: 'Give a tag' }).max(60) }).strict(),
  add_note: z.object({ note: z.string().trim().min(1, { message: 'Give a note' }).max(1000) }).strict(),
  set_field: z.object({ field: z.string().trim().min(1).max(120), value: scalar }).strict(),
  cancel: z.object({ reason: z.string().trim().max(300).optional() }).strict(),
  notify: z
    .object({ title: z.string().trim().min(1, { message: 'Give a title' }).max(120), message: z.string().trim().max(1000).default('') })
    .strict(),
  add_line: z
    .object({ sku: skuCode, quantity: z.number().int().min(1).max(100_000), price: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/).optional(), once: z.boolean().default(true) })
    .strict(),
  replace_line: z
    .object({
      match_sku: skuCode,
      /** The lines that take its place; each quantity is per unit of the matched line. */
      with: z.array(z.object({ sku: skuCode, quantity: z.number().int().min(1).max(10_000) }).strict()).min(1).max(50),
    })
    .strict(),
} as const satisfies Record<(typeof FLOW_ACTIONS)[number], z.ZodType>;

/**
 * One node as the editor sends it: the owner's template node (services.ts, spec 3 names) with the editor's own
 * node uuids (any short text, not only a UUID). formData is checked per type by checkFlow.
 */
export const ZFlowNode = ZRuleNode.extend({ uuid: z.string().max(64).nullable().optional() }).strict();
export type TFlowNode = z.infer<typeof ZFlowNode>;

export const ZFlowNodes = z.array(ZFlowNode).min(2, { message: 'A flow needs a start and an end node' }).max(FLOW_MAX_NODES);

const flowName = z.string().trim().min(1, { message: 'Give the rule a name' }).max(120);

export const ZFlowCreate = z
  .object({
    name: flowName,
    hook_point: z.enum(FLOW_HOOK_POINTS, { message: 'Choose a hook point' }).default('before_import_order'),
    description: z.string().trim().max(1000).default(''),
    /** Lower runs first at the hook point (then the older flow). */
    priority: z.number().int().min(0).max(10_000).default(100),
    nodes: ZFlowNodes.optional(),
    /** Start from the owner's template (its nodes, unless nodes are given). */
    template_id: z.uuid().optional(),
  })
  .strict();
export type TFlowCreate = z.infer<typeof ZFlowCreate>;

export const ZFlowUpdate = z
  .object({
    name: flowName.optional(),
    description: z.string().trim().max(1000).optional(),
    priority: z.number().int().min(0).max(10_000).optional(),
    nodes: ZFlowNodes.optional(),
    /** The version the author edited: a save over a newer one is a 409 (someone else saved meanwhile). */
    version: z.number().int().min(1).optional(),
    /** A few words kept with the version ("route Texas to Dallas"). */
    note: z.string().trim().max(300).optional(),
  })
  .strict();
export type TFlowUpdate = z.infer<typeof ZFlowUpdate>;

export const ZFlowValidate = z.object({ hook_point: z.enum(FLOW_HOOK_POINTS).default('before_import_order'), nodes: ZFlowNodes, flow_id: z.uuid().optional() }).strict();
export type TFlowValidate = z.infer<typeof ZFlowValidate>;

export const ZFlowRollback = z.object({ version: z.number().int().min(1) }).strict();

export const ZDryRunCreate = z
  .object({
    /** The company's orders imported in the last `days` days. */
    days: z.number().int().min(1).max(365).default(30),
    /** An unsaved draft of the flow to try instead of its current version. */
    nodes: ZFlowNodes.optional(),
    version: z.number().int().min(1).optional(),
  })
  .strict();
export type TDryRunCreate = z.infer<typeof ZDryRunCreate>;

export const ZFlowApply = z.object({ order_ids: z.array(z.uuid({ message: 'Must be a valid id' })).min(1).max(200) }).strict();
export type TFlowApply = z.infer<typeof ZFlowApply>;
