import { z } from 'zod';
import { ZDecimal, ZTimestamp } from './responses';
import { PACKING_TEMPLATE_TYPES } from './suppliers';

/**
 * Answers of /packing-templates (docs/api-supply-chain.md "Packing templates"); the request bodies are in
 * suppliers.ts beside the other supply-chain shapes.
 */

// ---- Answers (the response contract; see responses.ts) ----

/** A box as stored: decimals as text, their scale kept; units as a whole number. */
export const ZPackingTemplateBoxView = z.object({
  length: ZDecimal,
  width: ZDecimal,
  height: ZDecimal,
  weight: ZDecimal,
  units_per_box: z.number().int(),
});
export type PackingTemplateBoxDto = z.input<typeof ZPackingTemplateBoxView>;

export const ZPackingTemplate = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(PACKING_TEMPLATE_TYPES),
  boxes: z.array(ZPackingTemplateBoxView),
  notes: z.string().nullable(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type PackingTemplateDto = z.input<typeof ZPackingTemplate>;
