import i18n from '../../../i18n/index.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import type { AccountFormValues } from './account-form.ts';

const FORM_FIELDS = new Set<keyof AccountFormValues>([
  'email_address',
  'display_name',
  'password',
  'username',
  'imap_server',
  'imap_port',
  'imap_security',
  'smtp_server',
  'smtp_port',
  'smtp_security',
]);

/** German messages for the fields the server refused (HOST_INVALID, ACCOUNT_EXISTS …). */
export function accountFieldErrors(
  error: unknown,
): Partial<Record<keyof AccountFormValues, string>> {
  if (!(error instanceof ApiRequestError)) return {};
  const result: Partial<Record<keyof AccountFormValues, string>> = {};
  for (const [field, codes] of Object.entries(error.fields)) {
    const code = codes[0];
    if (!code || !FORM_FIELDS.has(field as keyof AccountFormValues)) continue;
    // A missing password on create is spec §5's "no authentication method".
    result[field as keyof AccountFormValues] =
      field === 'password' && (code === 'REQUIRED' || code === 'AUTH_METHOD_MISSING')
        ? i18n.t('accounts.check.missingAuth')
        : i18n.t(`accounts.fieldErrors.${code}`, {
            defaultValue: i18n.t('accounts.fieldErrors.INVALID'),
          });
  }
  return result;
}
