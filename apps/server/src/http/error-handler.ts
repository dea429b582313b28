import { ErrorCode, FieldErrorCode, type ApiError } from '@brieftaube/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

function body(code: string, message: string, fields?: Record<string, string[]>): ApiError {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

/** Every error leaves the API in one shape, with a code the web app translates. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.code(error.status).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const base = issue.instancePath.split('/').filter(Boolean).join('.');
        const params = issue.params as { input?: unknown; keys?: string[] };
        if (issue.keyword === 'unrecognized_keys' && params.keys) {
          for (const key of params.keys)
            (fields[base ? `${base}.${key}` : key] ??= []).push(FieldErrorCode.INVALID);
          continue;
        }
        const missing = issue.keyword === 'invalid_type' && params.input === undefined;
        (fields[base || 'body'] ??= []).push(
          missing ? FieldErrorCode.REQUIRED : FieldErrorCode.INVALID,
        );
      }
      return reply
        .code(400)
        .send(body(ErrorCode.VALIDATION_FAILED, 'Request validation failed', fields));
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.code(413).send(body(ErrorCode.PAYLOAD_TOO_LARGE, 'Request body too large'));
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, described in English.
      return reply.code(status).send(body(ErrorCode.VALIDATION_FAILED, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(body(ErrorCode.INTERNAL, 'Internal server error'));
  });
}
