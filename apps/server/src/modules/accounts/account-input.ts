import { FieldErrorCode, isHostName, isMailAddress, type AccountInput } from '@brieftaube/shared';
import type { TransportSecurity } from '../../db/schema/accounts.ts';
import type { FieldErrors } from '../../lib/app-error.ts';
import { presetForAddress } from '../../mail/presets.ts';
import { defaultSecurity, DEFAULT_PORTS } from '../../mail/transport-settings.ts';

const SECURITIES = new Set<TransportSecurity>(['ssl', 'starttls', 'none']);

/** What a mail server and SMTP accept (RFC 5321 §4.5.3.1); more is a mistake or an attack. */
const TEXT_LIMITS = { display_name: 200, username: 320, password: 1024 } as const;

function isMailboxAddress(address: string): boolean {
  const local = address.slice(0, address.lastIndexOf('@'));
  return address.length <= 254 && local.length <= 64 && isMailAddress(address);
}

export interface NormalisedServerSettings {
  emailAddress: string;
  imap: { host: string; port: number; security: TransportSecurity };
  smtp: { host: string; port: number; security: TransportSecurity };
}

function parsePort(value: unknown): number | undefined | null {
  if (value === undefined || value === null || value === '') return undefined;
  const n =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 65_535 ? n : null;
}

/**
 * Validates account settings, filling gaps from the provider preset of the address domain and
 * from the well-known ports. `existing` holds the stored values on update (spec §5: ports and
 * password only change when sent).
 */
export function normaliseServerSettings(
  input: AccountInput,
  existing?: NormalisedServerSettings,
): { settings?: NormalisedServerSettings; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const add = (field: string, code: FieldErrorCode) => (errors[field] ??= []).push(code);

  const emailAddress = (input.email_address ?? existing?.emailAddress ?? '').trim();
  if (!emailAddress) add('email_address', FieldErrorCode.REQUIRED);
  else if (!isMailboxAddress(emailAddress)) add('email_address', FieldErrorCode.EMAIL_INVALID);
  for (const [field, max] of Object.entries(TEXT_LIMITS)) {
    const value = input[field as keyof typeof TEXT_LIMITS];
    if (typeof value === 'string' && value.length > max) add(field, FieldErrorCode.TOO_LONG);
  }
  const preset = emailAddress ? presetForAddress(emailAddress) : undefined;

  const side = (kind: 'imap' | 'smtp') => {
    const hostInput = input[`${kind}_server`]?.trim();
    const host = (hostInput || existing?.[kind].host || preset?.[kind].host || '').toLowerCase();
    if (!host) add(`${kind}_server`, FieldErrorCode.REQUIRED);
    // Umlaut host names (imap.bücher.de) are checked, and later connected to, in ASCII.
    else if (!isHostName(host)) add(`${kind}_server`, FieldErrorCode.HOST_INVALID);

    const parsed = parsePort(input[`${kind}_port`]);
    if (parsed === null) add(`${kind}_port`, FieldErrorCode.PORT_INVALID);
    const presetMatches = preset && preset[kind].host === host;
    const port =
      parsed ?? existing?.[kind].port ?? (presetMatches ? preset[kind].port : DEFAULT_PORTS[kind]);

    const securityInput = input[`${kind}_security`];
    if (securityInput !== undefined && !SECURITIES.has(securityInput as TransportSecurity)) {
      add(`${kind}_security`, FieldErrorCode.INVALID);
    }
    // A form that sends the stored port again changes nothing; only a new port without a
    // security setting has the well-known one derived from it.
    const portKept = parsed === undefined || parsed === existing?.[kind].port;
    const security =
      (securityInput as TransportSecurity | undefined) ??
      (portKept ? existing?.[kind].security : undefined) ??
      (presetMatches && preset[kind].port === port
        ? preset[kind].security
        : defaultSecurity(kind, port));
    return { host, port, security };
  };
  const imap = side('imap');
  const smtp = side('smtp');
  if (Object.keys(errors).length > 0) return { errors };
  return { settings: { emailAddress, imap, smtp }, errors };
}
