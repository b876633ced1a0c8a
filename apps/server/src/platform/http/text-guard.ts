import type { FastifyInstance } from 'fastify';
import { DomainError } from './errors';

/** The first path (dotted) holding a string with a NUL character, which PostgreSQL text cannot store. */
function findNul(value: unknown, path: string[], depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const found = findNul(child, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Refuses NUL characters in bodies and query strings for every route, before any service sees them. */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = findNul(request.body, []) ?? findNul(request.query, []) ?? findNul(request.params, []);
    if (field !== null) {
      throw new DomainError('VALIDATION', 'The text contains a character that is not allowed', {
        errors: { [field]: ['The text contains a character that is not allowed'] },
      });
    }
  });
}
