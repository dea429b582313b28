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

export function loggerOptions(level: string): pino.LoggerOptions {
  return { level, redact: { paths: redactPaths, censor: '[redacted]' } };
}

export function createLogger(level: string, stream?: NodeJS.WritableStream): Logger {
  return stream ? pino(loggerOptions(level), stream) : pino(loggerOptions(level));
}
