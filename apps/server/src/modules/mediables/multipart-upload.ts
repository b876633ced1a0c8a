import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DomainError, fieldError } from '../../platform/http/errors';
import { MAX_MEDIA_BYTES } from './media-files';
import type { UploadedFile } from './mediables.service';

/** A file (or the whole form) past the limits: answered 413 with the field named. */
export class TooLarge extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
}

const NUL = '\u0000';

/**
 * Reads a multipart upload: the image(s) in `file` (or `files` when several are allowed) and text fields
 * validated by `schema`. The whole form is read before anything is checked, so the order of the parts
 * does not matter; each file is buffered (at most 5 MB, refused with a 413 past it, before any write).
 */
export async function readUpload<S extends z.ZodType>(
  req: FastifyRequest,
  schema: S,
  maxFiles: number,
): Promise<{ fields: z.infer<S>; files: UploadedFile[] }> {
  const fileField = maxFiles > 1 ? 'files' : 'file';
  if (!req.isMultipart()) throw fieldError(fileField, `Send the image as multipart/form-data in the field "${fileField}"`);
  const raw: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const bad: Record<string, string[]> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const field = maxFiles > 1 ? `files.${files.length}` : 'file';
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new TooLarge(field, `The file is larger than ${MAX_MEDIA_BYTES / 1024 / 1024} MB`);
          }
          throw err;
        }
        if (part.fieldname !== 'file' && part.fieldname !== 'files') (bad[part.fieldname] ??= []).push(`Send the image in the field "${fileField}"`);
        else files.push({ bytes, fileName: part.filename, field });
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      if (part.valueTruncated) (bad[part.fieldname] ??= []).push('The value is too long');
      else if (value.includes(NUL) || part.fieldname.includes(NUL)) (bad[part.fieldname.replaceAll(NUL, '')] ??= []).push('The text contains a character that is not allowed');
      else raw[part.fieldname] = value;
    }
  } catch (err) {
    if (err instanceof TooLarge) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) throw new TooLarge(fileField, `At most ${maxFiles} file${maxFiles > 1 ? 's' : ''} and a few short fields per request`);
    if (status !== undefined && status < 500) throw err;
    // busboy's own complaints (a cut-off body, a bad boundary) carry no status: the request is malformed.
    throw new DomainError('BAD_REQUEST', 'Malformed multipart body');
  }
  if (files.length === 0 && !bad[fileField]) (bad[fileField] ??= []).push(`Attach an image in the field "${fileField}"`);
  if (files.length > maxFiles) (bad[fileField] ??= []).push(`Send one file per request (store-bulk takes several)`);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.join('.') || 'body'];
      const message = issue.code === 'unrecognized_keys' ? 'This field is not allowed' : issue.message;
      for (const key of path) (bad[key] ??= []).push(message);
    }
  }
  const keys = Object.keys(bad);
  if (keys.length) throw new DomainError('VALIDATION', bad[keys[0]!]![0]!, { errors: bad });
  return { fields: parsed.data as z.infer<S>, files };
}
