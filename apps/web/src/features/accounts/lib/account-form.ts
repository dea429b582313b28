import type { Account, AccountInput } from '@brieftaube/shared';
import { isHostName, isMailAddress } from '@brieftaube/shared/addresses';
import { z } from 'zod';
import i18n from '../../../i18n/index.ts';

export type Security = 'ssl' | 'starttls' | 'none';
export const SECURITIES: Security[] = ['ssl', 'starttls', 'none'];

export interface AccountFormValues {
  email_address: string;
  display_name: string;
  password: string;
  username: string;
  imap_server: string;
  imap_port: string;
  imap_security: Security;
  smtp_server: string;
  smtp_port: string;
  smtp_security: Security;
}
export type ServerField = 'imap_server' | 'imap_port' | 'smtp_server' | 'smtp_port';
export const SERVER_FIELDS: (keyof AccountFormValues)[] = [
  'imap_server',
  'imap_port',
  'imap_security',
  'smtp_server',
  'smtp_port',
  'smtp_security',
  'username',
];

// Messages are looked up when a rule fails, not when the module loads.
const t = (key: string) => ({ error: () => i18n.t(key) });
const port = z
  .string()
  .trim()
  .refine(
    (v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 65_535),
    t('accounts.setup.portInvalid'),
  );
const host = z
  .string()
  .trim()
  .min(1, t('accounts.fieldErrors.REQUIRED'))
  .refine(isHostName, t('accounts.fieldErrors.HOST_INVALID'));

/** Field rules; the authentication rule lives in the configuration check (spec §5). */
export const accountFormSchema = z.object({
  email_address: z
    .string()
    .trim()
    .min(1, t('accounts.check.missingEmail'))
    .refine(isMailAddress, t('accounts.fieldErrors.EMAIL_INVALID')),
  display_name: z.string(),
  password: z.string(),
  username: z.string(),
  imap_server: host,
  imap_port: port,
  imap_security: z.enum(SECURITIES),
  smtp_server: host,
  smtp_port: port,
  smtp_security: z.enum(SECURITIES),
});

export const emptyAccountForm: AccountFormValues = {
  email_address: '',
  display_name: '',
  password: '',
  username: '',
  imap_server: '',
  imap_port: '993',
  imap_security: 'ssl',
  smtp_server: '',
  smtp_port: '587',
  smtp_security: 'starttls',
};

export function formValuesOf(account: Account): AccountFormValues {
  return {
    email_address: account.email_address,
    display_name: account.display_name ?? '',
    password: '',
    username: account.username ?? '',
    imap_server: account.imap_server,
    imap_port: String(account.imap_port),
    imap_security: account.imap_security,
    smtp_server: account.smtp_server,
    smtp_port: String(account.smtp_port),
    smtp_security: account.smtp_security,
  };
}

/**
 * The request body. Spec §5: ports are sent only when set; on update the password only when it
 * is not blank (a blank one keeps the stored password).
 */
export function toAccountInput(values: AccountFormValues, isUpdate: boolean): AccountInput {
  const input: AccountInput = {
    email_address: values.email_address.trim(),
    display_name: values.display_name.trim() || null,
    imap_server: values.imap_server.trim(),
    imap_security: values.imap_security,
    smtp_server: values.smtp_server.trim(),
    smtp_security: values.smtp_security,
    username: values.username.trim() || null,
  };
  if (values.imap_port.trim()) input.imap_port = Number(values.imap_port);
  if (values.smtp_port.trim()) input.smtp_port = Number(values.smtp_port);
  if (!isUpdate || values.password.trim()) input.password = values.password;
  return input;
}

/**
 * Whether the stored password may be used with these settings: the server lends it only towards
 * the servers it was saved for, reached on the same port with the same encryption.
 */
export function sameTarget(values: AccountFormValues, account: Account): boolean {
  const stored = formValuesOf(account);
  return SERVER_FIELDS.filter((field) => field !== 'username').every(
    (field) => String(values[field]).trim().toLowerCase() === stored[field].toLowerCase(),
  );
}

/** Whether the form still holds the stored server settings (then the stored test applies). */
export function sameServerSettings(values: AccountFormValues, account: Account): boolean {
  const stored = formValuesOf(account);
  return (
    values.email_address.trim() === stored.email_address &&
    values.username.trim() === stored.username &&
    SERVER_FIELDS.every(
      (field) => String(values[field]).trim().toLowerCase() === stored[field].toLowerCase(),
    )
  );
}
