import { ErrorCode } from '@brieftaube/shared/codes';
import i18n from '../i18n/index.ts';
import { ApiRequestError } from './api-client.ts';

/**
 * The German sentence for a failed call; field errors are handled by the form itself. `action`
 * names what was throttled when it was not a sign-in.
 */
export function errorMessage(error: unknown, action: 'login' | 'registration' = 'login'): string {
  if (!(error instanceof ApiRequestError)) return i18n.t('errors.unexpected');
  if (error.status === 0) return i18n.t('errors.network');
  switch (error.code) {
    case ErrorCode.INVALID_CREDENTIALS:
      return i18n.t('errors.invalidCredentials');
    case ErrorCode.RATE_LIMITED: {
      const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
      const key =
        action === 'registration' ? 'errors.registrationRateLimited' : 'errors.rateLimited';
      return i18n.t(key, { count: minutes, minutes });
    }
    case ErrorCode.VALIDATION_FAILED: {
      // The search text of a list (an operator's date) has no form field to mark: its reason is
      // the message.
      const search = error.fields.q?.[0];
      return search
        ? i18n.t(`fieldErrors.${search}`, { defaultValue: i18n.t('errors.fieldsInvalid') })
        : i18n.t('errors.fieldsInvalid');
    }
    case ErrorCode.UNAUTHENTICATED:
    case ErrorCode.TOKEN_INVALID:
      return i18n.t('errors.sessionExpired');
    case ErrorCode.MAIL_SERVER_REFUSED:
    case ErrorCode.OAUTH_FAILED:
      // The server's own German sentence names the reason (full mailbox, missing folder, a
      // consent refused at the provider, a sign-in used up, …).
      return error.message;
    default:
      return i18n.t('errors.unexpected');
  }
}

/** German text for each field code the server sent, keyed by field. */
export function fieldMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError)) return {};
  const result: Record<string, string> = {};
  for (const [field, codes] of Object.entries(error.fields)) {
    const code = codes[0];
    if (code)
      result[field] = i18n.t(`fieldErrors.${code}`, {
        defaultValue: i18n.t('fieldErrors.INVALID'),
      });
  }
  return result;
}
