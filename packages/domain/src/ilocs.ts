import { z } from 'zod';
import { ZTimestamp } from './responses';

/** Inventory locations (ilocs, spec 7). The request bodies are ZIlocCreate / ZIlocUpdate in schemas.ts. */

// ---- Answers (the response contract; see responses.ts) ----

export const ZIloc = z.object({
  id: z.string(),
  tenant_id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  /** One of ILOC_TYPES for what the API writes; a text column, so not narrowed here. */
  type: z.string(),
  /** Warehouse provider the iloc lives at; null for the tenant's own location. */
  company: z.string().nullable(),
  menu: z.boolean(),
  status: z.string(),
  archived: z.boolean(),
  archived_at: ZTimestamp.nullable(),
  address1: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  /** Allocation order: lower first. */
  priority: z.number().int(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type IlocDto = z.input<typeof ZIloc>;
