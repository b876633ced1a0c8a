/**
 * The one error vocabulary of the server. Services throw DomainError; http/error-handler.ts maps each
 * code to the API.md status and body in one place.
 */
export type ErrorCode =
  /** Malformed request (bad JSON, wrong content type). The caller must fix the request. */
  | 'BAD_REQUEST'
  /** No valid token. The web client refreshes once, then signs the user out. */
  | 'UNAUTHENTICATED'
  /** Signed in but the permission is missing. Show the denial message; do not retry. */
  | 'FORBIDDEN'
  /** Missing, or belonging to another tenant (never say which). */
  | 'NOT_FOUND'
  /** Field errors: show them next to the fields. */
  | 'VALIDATION'
  /** The object's status does not allow the action; reload it and use allowed_actions. */
  | 'INVALID_TRANSITION'
  /** Lost a concurrent update or a uniqueness race; reload and try again. */
  | 'CONFLICT'
  /** Too many requests; wait for Retry-After. */
  | 'RATE_LIMITED'
  /** The subscription does not allow it (no subscription, or the plan's monthly orders are used): subscribe or upgrade. */
  | 'PAYMENT_REQUIRED';

export interface DomainErrorExtra {
  errors?: Record<string, string[]>;
  from?: string;
  action?: string;
  /** The body's `code` when more precise than the error code (PAYMENT_REQUIRED: NO_ACTIVE_SUBSCRIPTION, PLAN_LIMIT_REACHED; CONFLICT: NO_PORTAL). */
  reason?: string;
  limit?: number;
  used?: number;
}

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: DomainErrorExtra = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const FORBIDDEN_MESSAGE = 'You do not have permission for this action';

export const notFound = (what = 'Resource') => new DomainError('NOT_FOUND', `${what} not found`);
export const forbidden = () => new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
export const unauthenticated = () => new DomainError('UNAUTHENTICATED', 'Unauthenticated.');
export const conflict = (message: string) => new DomainError('CONFLICT', message);
/** A 422 naming one field: the common case of a rule the database or a service checks. */
export const fieldError = (field: string, message: string) =>
  new DomainError('VALIDATION', message, { errors: { [field]: [message] } });

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_RE.test(value);
/** Ids are opaque to clients: one that cannot exist is simply not found. */
export function assertId(value: string, what: string): string {
  if (!isUuid(value)) throw notFound(what);
  return value.toLowerCase();
}

/** 409 INVALID_TRANSITION (API.md): the object's status does not allow the action. */
export const invalidTransition = (from: string, action: string, message: string) =>
  new DomainError('INVALID_TRANSITION', message, { from, action });

/**
 * Collects field errors of one request and throws them as one 422 (at most 100 kept, so a 10,000-row body
 * cannot make a 10,000-entry answer).
 */
export class FieldErrors {
  private readonly errors: Record<string, string[]> = {};
  private count = 0;

  add(field: string, message: string): void {
    if (this.count++ < 100) (this.errors[field] ??= []).push(message);
  }

  get empty(): boolean {
    return this.count === 0;
  }

  /** The first message, the natural summary when one field is wrong. */
  get first(): string | undefined {
    return Object.values(this.errors)[0]?.[0];
  }

  /** Throws the collected errors, if any, with `message` as the summary. */
  throwIfAny(message = 'The given data was invalid.'): void {
    if (this.count) throw new DomainError('VALIDATION', message, { errors: this.errors });
  }
}
