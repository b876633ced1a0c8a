/** The SQLSTATE of a PostgreSQL error; Drizzle wraps the driver's error (DrizzleQueryError), so the code may be on a cause. */
export function sqlStateOf(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const c = (e as { code?: unknown }).code;
    if (typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c)) return c;
  }
  return null;
}

/** A unique index refused the row (23505). */
export const isUniqueViolation = (err: unknown) => sqlStateOf(err) === '23505';
