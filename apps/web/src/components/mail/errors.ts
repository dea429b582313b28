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

/** German sentence for a failed mail action; adds the cases the generic mapping does not know. */
export function mailErrorMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return errorMessage(error);
  if (error.fields.target_folder_id?.includes(FieldErrorCode.WRONG_ACCOUNT))
    return i18n.t('mailbox.errors.wrongAccount');
  switch (error.code) {
    case ErrorCode.NOT_FOUND:
      return i18n.t('mailbox.errors.notFound');
    case ErrorCode.MAIL_SERVER_UNAVAILABLE:
      return isMailLoginRefused(error)
        ? i18n.t('mailbox.errors.mailLogin')
        : i18n.t('mailbox.errors.mailServer');
    case ErrorCode.CONFLICT:
      return /trash/i.test(error.message)
        ? i18n.t('mailbox.errors.noTrash')
        : i18n.t('mailbox.errors.conflict');
    default:
      return errorMessage(error);
  }
}
