import { z } from 'zod';
import { ZTimestamp } from './responses';

/** Tenant media (docs/api-media.md, spec 7 /tenants/{id}/mediables): product and SKU images, channel logos. */

/** What a media file can belong to; each kind has its own read and write permissions (server mediable-types.ts). */
export const MEDIABLE_TYPES = ['product', 'sku', 'process'] as const;
export type MediableType = (typeof MEDIABLE_TYPES)[number];

// ---- Answers (the response contract; see responses.ts) ----

export const ZMediable = z.object({
  id: z.string(),
  tenant_id: z.string(),
  mediable_type: z.enum(MEDIABLE_TYPES),
  mediable_id: z.string(),
  folder: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  custom_properties: z.record(z.string(), z.unknown()),
  position: z.number().int(),
  created_by: z.string().nullable(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
  /** `/api/1.0/tenants/{id}/mediables/{id}/file`: the bytes, behind the bearer token like every API path. */
  url: z.string(),
});
export type MediableDto = z.input<typeof ZMediable>;

/** The answer of destroy-bulk: how many media were removed (all named ones, or none). */
export const ZMediablesDeleted = z.object({ deleted: z.number().int() });
export type MediablesDeletedDto = z.input<typeof ZMediablesDeleted>;
