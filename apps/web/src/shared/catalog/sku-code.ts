import type { z } from 'zod';
import { ZSkuCode } from '@omnio/domain';

/** The first message a domain schema gives for a value, or null when the value passes. */
export function firstProblem(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}

/** A SKU code's problem under the domain rule (also for aliases, pack bases and synset members). */
export const skuCodeProblem = (value: string): string | null => firstProblem(ZSkuCode, value);
