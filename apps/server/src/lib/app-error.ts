import { ErrorCode, type FieldErrorCode } from '@brieftaube/shared';

/** One table from error code to HTTP status; services throw codes, never statuses. */
const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  TOKEN_INVALID: 401,
  NOT_FOUND: 404,
  MAIL_SERVER_UNAVAILABLE: 502,
  MAIL_SERVER_REFUSED: 422,
  SEND_FAILED: 502,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  OAUTH_FAILED: 400,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

export type FieldErrors = Record<string, FieldErrorCode[]>;

export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;
  /** What was not found ('Account', 'Email', …), for the German message. */
  subject: string | undefined;
  constructor(
    code: ErrorCode,
    message: string,
    fields?: FieldErrors,
    headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = statusByCode[code];
    this.fields = fields;
    this.headers = headers;
  }

  static validation(fields: FieldErrors): AppError {
    return new AppError(ErrorCode.VALIDATION_FAILED, 'Validation failed', fields);
  }

  static notFound(what = 'Resource'): AppError {
    const error = new AppError(ErrorCode.NOT_FOUND, `${what} not found`);
    error.subject = what;
    return error;
  }
}
