import { z } from 'zod';
import { ZTimestamp } from './responses';
import { MAPPER_FILE_TYPES, MAPPER_TYPES, RULE_HOOK_POINTS, RULE_NODE_TYPES } from './services';

/**
 * Answers of the platform's mapper and rule templates (docs/api-services.md). Definitions are checked by the
 * request schemas of services.ts when written; these describe them as stored, without re-running those checks.
 */

// ---- Answers (the response contract; see responses.ts) ----

export const ZMapperRelationView = z.object({
  source: z.string(),
  target: z.string(),
  default: z.string().nullable().optional(),
  transform: z.string().nullable().optional(),
});

export const ZMapperDefinitionView = z.object({
  root: z.string().optional(),
  relations: z.array(ZMapperRelationView),
});

export const ZMapperTemplate = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(MAPPER_TYPES),
  description: z.string(),
  file_type: z.enum(MAPPER_FILE_TYPES),
  definition: ZMapperDefinitionView,
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type MapperTemplateDto = z.input<typeof ZMapperTemplate>;

const optionalText = z.string().nullable().optional();

/** One node of a rule flow as stored, with the spec 3 field names. */
export const ZRuleNodeView = z.object({
  id: z.string(),
  type: z.enum(RULE_NODE_TYPES),
  name: z.string(),
  groupType: optionalText,
  prev: z.array(z.string()),
  next: z.array(z.string()),
  formData: z.record(z.string(), z.unknown()),
  uuid: optionalText,
  position: z.object({ x: z.number(), y: z.number() }).nullable().optional(),
  action_id: optionalText,
  action_type: optionalText,
  short_name: optionalText,
  weight: z.number().int().nullable().optional(),
  iloc_id: optionalText,
});

export const ZRuleTemplate = z.object({
  id: z.string(),
  name: z.string(),
  hook_point: z.enum(RULE_HOOK_POINTS),
  description: z.string(),
  nodes: z.array(ZRuleNodeView),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type RuleTemplateDto = z.input<typeof ZRuleTemplate>;
