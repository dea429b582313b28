/**
 * Every error the API can answer with carries one of these codes, beside a German sentence;
 * the web app maps codes to German sentences of its own (apps/web/src/i18n/de.ts).
 */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  RATE_LIMITED: 'RATE_LIMITED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  TOKEN_INVALID: 'TOKEN_INVALID',
  NOT_FOUND: 'NOT_FOUND',
  MAIL_SERVER_UNAVAILABLE: 'MAIL_SERVER_UNAVAILABLE',
  /** The mail server answered, but refused the command (a tagged NO). */
  MAIL_SERVER_REFUSED: 'MAIL_SERVER_REFUSED',
  SEND_FAILED: 'SEND_FAILED',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** An OAuth sign-in did not finish; `fields.oauth` names why (ADR 0027). */
  OAUTH_FAILED: 'OAUTH_FAILED',
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
  FOLDER_HOLDS_NO_MAIL: 'FOLDER_HOLDS_NO_MAIL',
  CATEGORY_EXISTS: 'CATEGORY_EXISTS',
  COLOR_INVALID: 'COLOR_INVALID',
  CURSOR_INVALID: 'CURSOR_INVALID',
  /** before:/after: in a search with something that is no date. */
  SEARCH_DATE_INVALID: 'SEARCH_DATE_INVALID',
  WRONG_ACCOUNT: 'WRONG_ACCOUNT',
  RECIPIENT_REQUIRED: 'RECIPIENT_REQUIRED',
  ADDRESS_INVALID: 'ADDRESS_INVALID',
  ATTACHMENTS_TOO_LARGE: 'ATTACHMENTS_TOO_LARGE',
} as const;
export type FieldErrorCode = (typeof FieldErrorCode)[keyof typeof FieldErrorCode];

/**
 * The parse_error of a message the mail server itself cannot deliver (it ended the session on
 * it): nothing but its flags, date and size is known, and the original cannot be downloaded.
 */
export const UNREADABLE_ON_SERVER = 'the mail server ended the session on this message';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const USERNAME_MAX_LENGTH = 150;
/** Letters (including umlauts), digits and .+-_; no "@", so a login name is never mistaken for an address. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}.@+\-_]+$/u;
