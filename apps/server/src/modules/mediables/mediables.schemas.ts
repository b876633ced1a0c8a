import { z } from 'zod';
import { MEDIABLE_TYPES, type MediableType } from '@omnio/domain';

/**
 * Request shapes of /tenants/{id}/mediables. They live with the module rather than in packages/domain
 * because only the server validates them: the web sends a file and three fields, nothing to share.
 */

// The kinds of owner are part of the answers too, so they live in @omnio/domain (media.ts).
export { MEDIABLE_TYPES, type MediableType };

const FOLDER_RE = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const ZFolder = z.string().regex(FOLDER_RE, 'Use 1 to 64 lower-case letters, digits, - or _ (for example images or logos)');
export const ZMediableType = z.enum(MEDIABLE_TYPES, { error: `Use one of: ${MEDIABLE_TYPES.join(', ')}` });
export const ZMediableId = z.string().trim().min(1, 'Name what the media belongs to').max(64);

const CUSTOM_PROPERTIES_BYTES = 4096;
/** Free-form JSON object, small; no NUL anywhere (PostgreSQL jsonb cannot hold \u0000, in keys either). */
export const ZCustomProperties = z
  .record(z.string().max(64), z.unknown())
  .refine((v) => Object.keys(v).length <= 50, 'At most 50 properties')
  .refine((v) => JSON.stringify(v).length <= CUSTOM_PROPERTIES_BYTES, `At most ${CUSTOM_PROPERTIES_BYTES} characters of JSON`)
  .refine((v) => !JSON.stringify(v).includes('\\u0000'), 'The text contains a character that is not allowed');

/** Multipart text fields of an upload (POST and store-bulk); custom_properties arrives as JSON text. */
export const ZMediableUploadFields = z
  .object({
    mediable_type: ZMediableType,
    mediable_id: ZMediableId,
    folder: ZFolder,
    custom_properties: z
      .string()
      .max(CUSTOM_PROPERTIES_BYTES)
      .optional()
      .transform((raw, ctx) => {
        if (raw === undefined || raw.trim() === '') return {};
        try {
          return JSON.parse(raw) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'custom_properties must be a JSON object' });
          return z.NEVER;
        }
      })
      .pipe(ZCustomProperties),
  })
  .strict();
export type TMediableUploadFields = z.infer<typeof ZMediableUploadFields>;

export const ZMediableUpdate = z
  .object({
    folder: ZFolder.optional(),
    position: z.number().int().min(0).max(1_000_000).optional(),
    custom_properties: ZCustomProperties.optional(),
  })
  .strict();
export type TMediableUpdate = z.infer<typeof ZMediableUpdate>;

/** Where copies go: by default where the originals are. */
const ZCloneTarget = {
  mediable_type: ZMediableType.optional(),
  mediable_id: ZMediableId.optional(),
  folder: ZFolder.optional(),
};
export type TCloneTarget = { mediable_type?: MediableType | undefined; mediable_id?: string | undefined; folder?: string | undefined };

export const ZMediableClone = z.object({ id: z.string().max(64), ...ZCloneTarget }).strict();
export type TMediableClone = z.infer<typeof ZMediableClone>;

const ZIds = (max: number) => z.array(z.string().max(64)).min(1, 'Name at least one media id').max(max);
export const ZMediableCloneBulk = z.object({ ids: ZIds(100), ...ZCloneTarget }).strict();
export type TMediableCloneBulk = z.infer<typeof ZMediableCloneBulk>;

export const ZMediableDestroyBulk = z.object({ ids: ZIds(500) }).strict();
