import { FieldErrorCode, isMailAddress } from '@brieftaube/shared';
import addressparser from 'nodemailer/lib/addressparser';
import type { FieldErrors } from '../../lib/app-error.ts';

export interface Recipient {
  name: string;
  address: string;
}

type Parsed = { name: string; address?: string; group?: Parsed[] };

/**
 * "Müller, Anna <anna@x.de>; bob@y.de" (or an array of such) → validated recipients with their
 * display names. RFC 5322 parsing, so a quoted or angle-bracketed name may contain commas;
 * semicolons separate like commas, as people type them; groups are flattened. A line break is
 * refused, not read as a separator: no field of a form holds one, so it was put there to smuggle
 * a recipient past whoever checked the visible line (or a header past a sloppier MIME writer).
 */
export function parseRecipients(
  value: string | string[] | undefined,
  field: string,
  errors: FieldErrors,
): Recipient[] {
  const values = Array.isArray(value) ? value : [value ?? ''];
  if (values.some((v) => /[\r\n]/.test(v))) {
    errors[field] = [FieldErrorCode.ADDRESS_INVALID];
    return [];
  }
  const entries = values
    .flatMap((v) => addressparser(v) as Parsed[])
    .flatMap((entry) => entry.group ?? [entry]);
  const seen = new Set<string>();
  const recipients: Recipient[] = [];
  for (const entry of entries) {
    const address = (entry.address ?? '').trim();
    const name = entry.name.trim();
    if (!address && !name) continue;
    if (!isMailAddress(address)) {
      errors[field] = [FieldErrorCode.ADDRESS_INVALID];
      continue;
    }
    if (seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    recipients.push({ name: name === address ? '' : name, address });
  }
  return recipients;
}
