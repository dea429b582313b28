import { FieldErrorCode } from '@brieftaube/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** How deep a body is searched; deeper structures are refused by the schemas anyway. */
const MAX_DEPTH = 32;

/** Text PostgreSQL cannot store: a NUL, or half of a surrogate pair (not even in JSON). */
const unstorable = (text: string) => text.includes('\u0000') || !text.isWellFormed();

/** The field (top-level key) that holds such text, 'body' for the value itself. */
function fieldWithNul(value: unknown, field: string, depth = 0): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? field : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const name = depth === 0 ? key : field;
    if (unstorable(key)) return name;
    const found = fieldWithNul(inner, name, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000, and its JSON no lone surrogate (`"\ud800"`, which JSON
 * itself allows): either in any value failed its query with a 500, and a task's parameters, a
 * JSON column, left the task queued for ever. No name, address or search a person types contains
 * one, so it is refused at the edge, for every route at once, as an invalid value of the field
 * that holds it.
 */
export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // "?account_id=1&account_id=2" (how axios and Django clients send lists) means what the
    // spec's comma-joined "?account_id=1,2" means.
    const query = request.query as Record<string, unknown> | undefined;
    if (query && typeof query === 'object')
      for (const [key, value] of Object.entries(query))
        if (Array.isArray(value)) query[key] = value.map(String).join(',');
    const field =
      fieldWithNul(request.query, 'body') ??
      (request.body !== undefined ? fieldWithNul(request.body, 'body') : undefined);
    if (field) throw AppError.validation({ [field]: [FieldErrorCode.INVALID] });
  });
}
