import { ErrorCode, FieldErrorCode } from '@brieftaube/shared/codes';
import i18n from '../../i18n/index.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-messages.ts';

/** German sentence for a failed mail action; adds the cases the generic mapping does not know. */
export function mailErrorMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return errorMessage(error);
  if (error.fields.target_folder_id?.includes(FieldErrorCode.WRONG_ACCOUNT))
    return i18n.t('mailbox.errors.wrongAccount');
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
