import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, FORBIDDEN_MESSAGE, type ErrorCode } from './errors';
import { isDatabaseUnavailable, sqlStateOf } from '../db/sql-state';

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VALIDATION: 422,
  INVALID_TRANSITION: 409,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYMENT_REQUIRED: 402,
};

function domainBody(err: DomainError): Record<string, unknown> {
  switch (err.code) {
    case 'UNAUTHENTICATED':
      return { message: 'Unauthenticated.' };
    case 'FORBIDDEN':
      return { message: FORBIDDEN_MESSAGE };
    case 'VALIDATION':
      return { message: err.message, errors: err.extra.errors ?? {} };
    case 'INVALID_TRANSITION':
      return { message: err.message, code: 'INVALID_TRANSITION', from: err.extra.from, action: err.extra.action };
    case 'CONFLICT':
      return { message: err.message, code: err.extra.reason ?? 'CONFLICT' };
    case 'PAYMENT_REQUIRED':
      return { message: err.message, code: err.extra.reason, ...(err.extra.limit !== undefined ? { limit: err.extra.limit, used: err.extra.used } : {}) };
    default:
      return { message: err.message };
  }
}

/** The shape fastify-type-provider-zod gives each zod issue (see its createValidationError). */
type ValidationItem = { keyword?: string; instancePath?: string; message?: string; params?: { keys?: string[] } };

/** Fastify + zod validation errors to the API.md 422 shape, keyed by dotted field path. */
function validationErrors(err: FastifyError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  for (const item of (err.validation ?? []) as unknown as ValidationItem[]) {
    const base = (item.instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean);
    if (item.keyword === 'unrecognized_keys' && item.params?.keys) {
      // Name the unexpected field itself, as a form would.
      for (const k of item.params.keys) add([...base, k].join('.'), 'This field is not allowed');
      continue;
    }
    add(base.join('.') || (err.validationContext ?? 'body'), item.message ?? 'Invalid value');
  }
  return errors;
}

/** Postgres errors that reach here are races a service did not pre-check: report them, never as a 500. */
function pgError(err: unknown): { status: number; body: Record<string, unknown> } | null {
  const code = sqlStateOf(err);
  if (code === '23505') return { status: 409, body: { message: 'A record with these values already exists', code: 'CONFLICT' } };
  if (code === '23503') return { status: 409, body: { message: 'The record is still referenced by other records', code: 'CONFLICT' } };
  if (code === '40001' || code === '40P01') return { status: 409, body: { message: 'Concurrent update, try again', code: 'CONFLICT' } };
  // 22021: a NUL character, which PostgreSQL text cannot hold.
  if (code === '22P02' || code === '22001' || code === '22003' || code === '22021' || code === '22007' || code === '22008') return { status: 422, body: { message: 'Invalid value', errors: {} } };
  return null;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) {
      if (error.code === 'RATE_LIMITED') void reply.header('Retry-After', '60');
      return reply.status(STATUS[error.code]).send(domainBody(error));
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.status(422).send({ message: 'The given data was invalid.', errors: validationErrors(error) });
    }
    const pg = pgError(error);
    if (pg) return reply.status(pg.status).send(pg.body);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      void reply.header('Retry-After', '5');
      return reply.status(503).send({ message: 'Service temporarily unavailable, try again shortly', code: 'DATABASE_UNAVAILABLE', request_id: request.id });
    }
    // @fastify/multipart answers 406 (Not Acceptable, which is about the response) to a body that is not
    // multipart; the request's media type is what is wrong, so the upload routes say 415.
    if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return reply.status(415).send({ message: 'Send the file as multipart/form-data' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: error.message || 'Too Many Requests' });
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Malformed JSON body'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type'
              : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    // The id finds this request's log lines (the X-Request-Id header carries it on every answer).
    return reply.status(500).send({ message: 'Server Error', request_id: request.id });
  });
}
