import { z } from 'zod';

/**
 * The building blocks of the response contract (docs/ARCHITECTURE.md, "One response contract").
 *
 * Every route declares what it answers as a zod schema from this package, in `schema.response`. The server's
 * serializer encodes the handler's value through it, so a field the schema does not name never leaves the server,
 * and a value of the wrong shape is a 500 that a test sees rather than a client. The web imports the wire types
 * (`z.input` of the same schema), so a fixture or a screen that expects a field the server does not send fails to
 * type-check.
 *
 * Naming: `Z<Thing>` is the schema, `<Thing>Dto` is `z.input` (the JSON a client receives). Services that build
 * these values may use `z.output` (`<Thing>Out`), which also accepts a Date where a timestamp goes.
 */

/**
 * A timestamp on the wire: an ISO 8601 string. Services may hand over a Date (a Drizzle timestamp column) or the
 * string they already formatted; either leaves as the same string.
 */
export const ZTimestamp = z.codec(z.string(), z.union([z.string(), z.date()]), {
  decode: (s) => s,
  encode: (v) => (v instanceof Date ? v.toISOString() : v),
});

/** A decimal amount kept exact: PostgreSQL `numeric` arrives as a string and is answered as one. */
export const ZDecimal = z.string();

/** `{ data: … }`, the envelope of every single answer. */
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** A page of a list (the list-query contract of API.md): the rows and where they sit in the whole. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  });

/** 204: nothing is sent. Declared so the route's contract says so, and so a body sent by mistake is refused. */
export const ZNoContent = z.void().describe('No content');

/** What a handler may send as a file: text, bytes (a Buffer is a Uint8Array) or a readable stream. */
type FileBody = string | Uint8Array | { pipe: (...args: never[]) => unknown };

/**
 * A file (CSV, PDF, image, script): Fastify sends a string, a Buffer or a stream as it is, never through the
 * serializer, so the schema documents the route and lets the handler send any of the three without a cast.
 */
export const ZFileBody = z
  .custom<FileBody>((v) => typeof v === 'string' || v instanceof Uint8Array || (typeof v === 'object' && v !== null && 'pipe' in v))
  .describe('A file download; see the content-type header');

/** The common `{ id, name }` reference to another object. */
export const ZRef = z.object({ id: z.string(), name: z.string() });

export type RefDto = z.input<typeof ZRef>;
