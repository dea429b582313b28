import { mailServerReason } from '../../../components/mail/errors.ts';
import { ErrorCode, FieldErrorCode } from '@brieftaube/shared/codes';
import i18n from '../../../i18n/index.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import type { Recipient } from './addresses.ts';
import { type ComposeValues, RECIPIENT_FIELDS, invalidAddressMessage } from './compose-values.ts';

export type ComposeFieldErrors = Partial<
  Record<'account' | 'to' | 'cc' | 'bcc' | 'attachments', string>
>;

export interface ComposeFailure {
  /** The sentence shown above the form. */
  message: string;
  /** Messages next to the fields the server named. */
  fields: ComposeFieldErrors;
  /** Set when the server kept the refused message as a draft (SEND_FAILED, fields.draft_id). */
  draftId?: number;
}

const t = (key: string, options?: Record<string, unknown>) =>
  i18n.t(`compose.${key}`, options ?? {});

function smtpReason(error: ApiRequestError): string {
  const code = error.fields.smtp?.[0] ?? 'UNKNOWN';
  return t(`errors.smtp.${code}`, { defaultValue: t('errors.smtp.UNKNOWN') });
}

function fieldMessage(field: string, code: string, values: ComposeValues): string {
  switch (code) {
    case FieldErrorCode.RECIPIENT_REQUIRED:
      return t('validation.recipientRequired');
    case FieldErrorCode.ADDRESS_INVALID: {
      const list: Recipient[] = RECIPIENT_FIELDS.includes(field as never)
        ? values[field as 'to']
        : [];
      // The server found one the client took for valid: name them all, the server names none.
      return (
        invalidAddressMessage(list) ??
        t('validation.invalidAddress', { addresses: list.map((r) => r.address).join(', ') })
      );
    }
    case FieldErrorCode.ATTACHMENTS_TOO_LARGE:
      return t('errors.payloadTooLarge');
    case FieldErrorCode.WRONG_ACCOUNT:
      return t('errors.wrongAccount');
    default:
      if (field === 'account') return t('errors.accountInvalid');
      return i18n.t(`fieldErrors.${code}`, { defaultValue: i18n.t('fieldErrors.INVALID') });
  }
}

/** German text for a failed send or draft save; the form keeps everything the user wrote. */
export function composeFailure(error: unknown, values: ComposeValues): ComposeFailure {
  if (!(error instanceof ApiRequestError)) return { message: errorMessage(error), fields: {} };
  if (error.status === 0) return { message: t('errors.network'), fields: {} };
  switch (error.code) {
    case ErrorCode.SEND_FAILED: {
      const draftId = Number(error.fields.draft_id?.[0]);
      const reason = smtpReason(error);
      return Number.isInteger(draftId) && draftId > 0
        ? { message: t('errors.sendFailed', { reason }), fields: {}, draftId }
        : { message: t('errors.sendFailedNoDraft', { reason }), fields: {} };
    }
    case ErrorCode.VALIDATION_FAILED: {
      const fields: ComposeFieldErrors = {};
      for (const [field, codes] of Object.entries(error.fields)) {
        const code = codes[0];
        if (!code) continue;
        const key = (['account', 'to', 'cc', 'bcc', 'attachments'] as const).find(
          (f) => f === field,
        );
        if (key) fields[key] = fieldMessage(field, code, values);
      }
      return { message: i18n.t('compose.validation.fixErrors'), fields };
    }
    case ErrorCode.PAYLOAD_TOO_LARGE:
      return { message: t('errors.payloadTooLarge'), fields: {} };
    case ErrorCode.NOT_FOUND:
      return { message: t('errors.originalNotFound'), fields: {} };
    case ErrorCode.CONFLICT:
      return { message: t('errors.noDraftsFolder'), fields: {} };
    case ErrorCode.MAIL_SERVER_UNAVAILABLE:
    case ErrorCode.RATE_LIMITED:
      return {
        message:
          mailServerReason(error) ??
          (error.code === ErrorCode.RATE_LIMITED
            ? errorMessage(error)
            : t('errors.mailServerUnavailable')),
        fields: {},
      };
    case ErrorCode.UNAUTHENTICATED:
    case ErrorCode.TOKEN_INVALID:
      return { message: t('errors.sessionExpired'), fields: {} };
    default:
      return { message: errorMessage(error), fields: {} };
  }
}

/** One line for the draft status when saving failed. */
export function draftFailureReason(error: unknown, values: ComposeValues): string {
  return composeFailure(error, values).message;
}
