import { ErrorCode, FieldErrorCode, type ApiError } from '@brieftaube/shared';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { germanMessages } from './messages-de.ts';

function valueAt(input: unknown, segments: string[]): unknown {
  let value = input;
  for (const segment of segments) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function errorBody(
  code: ErrorCode,
  fields?: Record<string, string[]>,
  subject?: string,
): ApiError {
  return {
    error: { code, ...germanMessages(code, { fields, subject }), ...(fields ? { fields } : {}) },
  };
}

/**
 * Every error leaves the API in one shape: a code for programs, a German sentence for people,
 * and per field a code and a German message (ADR 0005).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.code(error.status).send(errorBody(error.code, error.fields, error.subject));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // An id in the path that cannot exist names nothing the caller owns.
      if (error.validationContext === 'params')
        return reply.code(404).send(errorBody(ErrorCode.NOT_FOUND));
      const fields: Record<string, string[]> = {};
      const input: unknown =
        error.validationContext === 'querystring' ? request.query : request.body;
      for (const issue of error.validation) {
        const segments = issue.instancePath.split('/').filter(Boolean);
        const base = segments.join('.');
        const params = issue.params as { keys?: string[]; origin?: string };
        if (issue.keyword === 'unrecognized_keys' && params.keys) {
          for (const key of params.keys)
            (fields[base ? `${base}.${key}` : key] ??= []).push(FieldErrorCode.INVALID);
          continue;
        }
        // Zod 4 keeps no input on the issue, and a coerced value arrives as NaN: look it up.
        const value = segments.length > 0 ? valueAt(input, segments) : undefined;
        const missing =
          segments.length > 0 && (isBlank(value) || (Array.isArray(value) && value.length === 0));
        (fields[base || 'body'] ??= []).push(
          missing
            ? FieldErrorCode.REQUIRED
            : // A number from the query string arrives as a string, yet is not "too long".
              issue.keyword === 'too_big' && typeof value === 'string' && params.origin !== 'number'
              ? FieldErrorCode.TOO_LONG
              : FieldErrorCode.INVALID,
        );
      }
      return reply.code(400).send(errorBody(ErrorCode.VALIDATION_FAILED, fields));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send(errorBody(ErrorCode.PAYLOAD_TOO_LARGE));
    if (status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type and the like: the client's fault.
      request.log.info({ reason: error.message }, 'request refused');
      return reply.code(status).send(errorBody(ErrorCode.VALIDATION_FAILED, { body: ['INVALID'] }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody(ErrorCode.INTERNAL));
  });
}

/**
 * A request Node's HTTP parser refuses (raw bytes in the URL, a broken header) never reaches a
 * route: it is answered here, in the API's own shape rather than Fastify's English default.
 */
export function answerMalformedRequest(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify(
    tooLarge
      ? errorBody(ErrorCode.PAYLOAD_TOO_LARGE)
      : errorBody(ErrorCode.VALIDATION_FAILED, { request: [FieldErrorCode.INVALID] }),
  );
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
