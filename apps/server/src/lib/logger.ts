import pino from 'pino';

export type Logger = pino.Logger;

/** Paths never written to a log, whatever a handler or library passes along. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.password1',
  '*.password2',
  '*.refresh',
  '*.access',
  '*.accessToken',
  '*.refreshToken',
];

/**
 * A failed query's values are the user's data (a search, a draft, an address): its error is logged
 * with the SQL and without them. Drizzle writes them into the message (and so the stack) as well
 * as into `params`; PostgreSQL's message, `detail` and `where` quote the values it refused.
 */
function scrubbed(error: Record<string, unknown>, depth = 0): Record<string, unknown> {
  for (const key of ['params', 'parameters', 'detail', 'where', 'internalQuery'])
    if (key in error) error[key] = '[redacted]';
  // PostgreSQL quotes the value it refused: 'invalid input syntax for type bigint: "…"'.
  if (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code)) {
    for (const key of ['message', 'stack'] as const)
      if (typeof error[key] === 'string')
        error[key] = error[key].replace(/"[\s\S]*"/, '"[redacted]"');
  }
  const message = typeof error.message === 'string' ? error.message : '';
  const at = message.indexOf('\nparams: ');
  if (at >= 0) {
    const kept = `${message.slice(0, at)}\nparams: [redacted]`;
    error.message = kept;
    // The stack starts with the message; the values may span lines, so it is cut by the message.
    if (typeof error.stack === 'string') error.stack = error.stack.split(message).join(kept);
  }
  const cause = error.cause;
  if (cause && typeof cause === 'object' && depth < 5)
    scrubbed(cause as Record<string, unknown>, depth + 1);
  return error;
}

export function errorWithoutValues(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  return scrubbed(pino.stdSerializers.errWithCause(error));
}

export function loggerOptions(level: string): pino.LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: { err: errorWithoutValues, error: errorWithoutValues },
  };
}

export function createLogger(level: string, stream?: NodeJS.WritableStream): Logger {
  return stream ? pino(loggerOptions(level), stream) : pino(loggerOptions(level));
}
