import { z } from 'zod';

/**
 * The header search (issue 24, docs/api-search.md): `GET /search?q=&limit=` finds records of the areas the
 * user may read, grouped by kind. The web puts its own screen-name matches in front of these groups.
 */

/** Kinds of record, in the order the answer lists their groups. */
export const SEARCH_KINDS = ['orders', 'shipments', 'skus', 'products', 'customers', 'purchase_orders', 'transfers'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** A shorter text matches too much to be useful: the answer has no groups. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 10;

export const ZSearchQuery = z.object({
  q: z.string().max(SEARCH_MAX_LENGTH, `Search for at most ${SEARCH_MAX_LENGTH} characters`).default(''),
  /** Items per group. */
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT, `The limit is at most ${SEARCH_MAX_LIMIT}`).default(SEARCH_DEFAULT_LIMIT),
});
export type SearchQuery = z.output<typeof ZSearchQuery>;

/** One record found: what the list shows and the web route of its page. */
export const ZSearchItem = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  url: z.string(),
});
export type SearchItemDto = z.input<typeof ZSearchItem>;

export const ZSearchGroup = z.object({ kind: z.enum(SEARCH_KINDS), items: z.array(ZSearchItem) });
export type SearchGroupDto = z.input<typeof ZSearchGroup>;

/** Only groups with items, in SEARCH_KINDS order; none for a text shorter than SEARCH_MIN_LENGTH. */
export const ZSearchResult = z.object({ groups: z.array(ZSearchGroup) });
export type SearchResultDto = z.input<typeof ZSearchResult>;
