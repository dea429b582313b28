import { ErrorCode, FieldErrorCode } from '@brieftaube/shared/codes';
import i18n from '../../i18n/index.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-messages.ts';

/**
 * The mail server refused the stored login (a password changed elsewhere): that, not "not
 * reachable", is what the user must hear, with where to fix it.
 */
export const isMailLoginRefused = (error: unknown): boolean =>
  error instanceof ApiRequestError &&
  error.code === ErrorCode.MAIL_SERVER_UNAVAILABLE &&
  error.fields.server?.[0] === 'AUTH_FAILED';

/**
 * Why the mail server could not be used, where the reason asks something else of the user than
 * waiting a moment: a refused login, a server address the operator does not allow, a server that
 * takes no more connections, too many failed attempts (ADR 0018). Undefined otherwise.
 */
export function mailServerReason(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  if (isMailLoginRefused(error)) return i18n.t('mailbox.errors.mailLogin');
  const reason = error.fields.server?.[0];
  if (error.code === ErrorCode.RATE_LIMITED && reason === 'TOO_MANY_ATTEMPTS') {
    const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
    return i18n.t('mailbox.errors.tooManyAttempts', { count: minutes, minutes });
  }
  if (error.code !== ErrorCode.MAIL_SERVER_UNAVAILABLE) return undefined;
  if (reason === 'HOST_BLOCKED') return i18n.t('mailbox.errors.hostBlocked');
  if (reason === 'TOO_MANY_CONNECTIONS') return i18n.t('mailbox.errors.tooManyConnections');
  return undefined;
}

/** German sentence for a failed mail action; adds the cases the generic mapping does not know. */
export function mailErrorMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return errorMessage(error);
  if (error.fields.target_folder_id?.includes(FieldErrorCode.WRONG_ACCOUNT))
    return i18n.t('mailbox.errors.wrongAccount');
  const reason = mailServerReason(error);
  if (reason) return reason;
  switch (error.code) {
    case ErrorCode.NOT_FOUND:
      return i18n.t('mailbox.errors.notFound');
    case ErrorCode.MAIL_SERVER_UNAVAILABLE:
      return i18n.t('mailbox.errors.mailServer');
    case ErrorCode.CONFLICT:
      return /trash/i.test(error.message)
        ? i18n.t('mailbox.errors.noTrash')
        : i18n.t('mailbox.errors.conflict');
    default:
      return errorMessage(error);
  }
}
