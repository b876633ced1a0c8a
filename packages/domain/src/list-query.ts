import { z } from 'zod';

/** Spec filter operators (section 3) that list endpoints accept in `filters`. */
export const FILTER_OPERATORS = ['where', 'in', 'between', 'like', 'null', 'not_null', 'gt', 'gte', 'lt', 'lte'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const ZFilter = z.object({
  field: z.string().min(1).max(64),
  operator: z.enum(FILTER_OPERATORS),
  value: z.unknown().optional(),
});
export type TFilter = z.infer<typeof ZFilter>;

export const MAX_PER_PAGE = 500;

/** The list query parameters every list endpoint takes (API.md conventions). */
export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(25),
  search: z.string().max(500).optional(),
  order_by: z.string().max(64).optional(),
  order_direction: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC']))
    .optional(),
  include: z.string().max(200).optional(),
  filters: z
    .string()
    .max(4000)
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return [] as TFilter[];
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'filters must be a JSON array' });
        return z.NEVER;
      }
      const result = z.array(ZFilter).max(20).safeParse(parsed);
      if (!result.success) {
        ctx.addIssue({ code: 'custom', message: 'filters must be an array of {field, operator, value}' });
        return z.NEVER;
      }
      return result.data;
    }),
});
export type TListQuery = z.infer<typeof ZListQuery>;

/**
 * Parses the spec's `search=field:value;field:value` form. A bare text without a colon is the
 * free-text search of the resource's main fields, returned under `text`.
 */
export function parseSearch(search: string | undefined): { fields: Record<string, string>; text?: string } {
  const fields: Record<string, string> = {};
  if (!search) return { fields };
  const parts = search.split(';').map((p) => p.trim()).filter(Boolean);
  let text: string | undefined;
  for (const part of parts) {
    const colon = part.indexOf(':');
    if (colon <= 0) {
      text = text ? `${text} ${part}` : part;
      continue;
    }
    fields[part.slice(0, colon).trim()] = part.slice(colon + 1).trim();
  }
  return text === undefined ? { fields } : { fields, text };
}

export function parseInclude(include: string | undefined): Set<string> {
  return new Set((include ?? '').split(',').map((s) => s.trim()).filter(Boolean));
}

export interface Paginated<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export function paginate<T>(data: T[], total: number, page: number, perPage: number): Paginated<T> {
  return { data, current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
