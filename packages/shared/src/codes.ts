/**
 * Every error the API can answer with carries one of these codes. The server never sends
 * user-facing prose; the web app maps codes to German sentences (apps/web/src/i18n/de.ts).
 */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  RATE_LIMITED: 'RATE_LIMITED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  TOKEN_INVALID: 'TOKEN_INVALID',
  NOT_FOUND: 'NOT_FOUND',
  MAIL_SERVER_UNAVAILABLE: 'MAIL_SERVER_UNAVAILABLE',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Per-field reasons inside a VALIDATION_FAILED error. */
export const FieldErrorCode = {
  REQUIRED: 'REQUIRED',
  INVALID: 'INVALID',
  TOO_LONG: 'TOO_LONG',
  USERNAME_INVALID: 'USERNAME_INVALID',
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  EMAIL_INVALID: 'EMAIL_INVALID',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  PASSWORD_MISMATCH: 'PASSWORD_MISMATCH',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  PASSWORD_TOO_COMMON: 'PASSWORD_TOO_COMMON',
  PASSWORD_TOO_SIMILAR: 'PASSWORD_TOO_SIMILAR',
  PASSWORD_ENTIRELY_NUMERIC: 'PASSWORD_ENTIRELY_NUMERIC',
  HOST_INVALID: 'HOST_INVALID',
  PORT_INVALID: 'PORT_INVALID',
  ACCOUNT_EXISTS: 'ACCOUNT_EXISTS',
  AUTH_METHOD_MISSING: 'AUTH_METHOD_MISSING',
  FOLDER_EXISTS: 'FOLDER_EXISTS',
  FOLDER_NAME_INVALID: 'FOLDER_NAME_INVALID',
  FOLDER_PROTECTED: 'FOLDER_PROTECTED',
  CATEGORY_EXISTS: 'CATEGORY_EXISTS',
  COLOR_INVALID: 'COLOR_INVALID',
} as const;
export type FieldErrorCode = (typeof FieldErrorCode)[keyof typeof FieldErrorCode];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const USERNAME_MAX_LENGTH = 150;
/** Letters (including umlauts), digits and .+-_; no "@", so a login name is never mistaken for an address. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}.+\-_]+$/u;
