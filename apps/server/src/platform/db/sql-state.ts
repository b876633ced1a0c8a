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

/** Network-level codes of a connection that is gone or cannot be made. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The database is not there (restarting, failing over, unreachable), as opposed to a statement it refused:
 * SQLSTATE class 08 (connection exception), 57P01-57P03 (shut down, crash shutdown, cannot connect now), a
 * refused or reset socket, or node-postgres's own "connection terminated" and connect-timeout errors. Such a
 * request gets 503 and may be tried again; the pool opens new connections once the database is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (code.startsWith('08') && code.length === 5) return true;
      if (code === '57P01' || code === '57P02' || code === '57P03') return true;
      if (CONNECTION_CODES.has(code)) return true;
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(message)) return true;
  }
  return false;
}
