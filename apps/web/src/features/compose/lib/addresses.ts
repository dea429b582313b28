import { isMailAddress } from '@brieftaube/shared/addresses';

/** One chip of a recipient field: what the user typed or picked, and whether it can be sent. */
export interface Recipient {
  name: string;
  address: string;
  valid: boolean;
}

// The server's rule (apps/server/src/modules/compose/recipients.ts): a chip shown as valid is
// never refused on sending.
export const isValidAddress = (address: string): boolean => isMailAddress(address);

/**
 * Splits "Anna <a@x.de>, "Müller, Bob" <b@y.de>; c@z.de" at commas, semicolons and line breaks
 * that are neither inside quotes nor inside angle brackets.
 */
export function splitAddressList(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let angled = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (char === '<' && !quoted) angled = true;
    else if (char === '>' && !quoted) angled = false;
    if (!quoted && !angled && (char === ',' || char === ';' || char === '\n' || char === '\r')) {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** "Anna Beispiel <anna@beispiel.de>", "<anna@beispiel.de>", "mailto:anna@…" or a bare address. */
export function parseRecipient(text: string): Recipient {
  const trimmed = text.trim();
  const angled = /^(.*?)\s*<([^<>]*)>\s*$/.exec(trimmed);
  let name = '';
  let address = trimmed;
  if (angled) {
    name = angled[1]!
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .replace(/\\(.)/g, '$1')
      .trim();
    address = angled[2]!.trim();
  }
  address = address.replace(/^mailto:/i, '').trim();
  return { name, address, valid: isValidAddress(address) };
}

export const parseRecipients = (text: string): Recipient[] =>
  splitAddressList(text).map(parseRecipient);

/** Adds to a field's chips, skipping addresses that are already there (case-insensitive). */
export function mergeRecipients(existing: Recipient[], added: Recipient[]): Recipient[] {
  const seen = new Set(existing.map((r) => r.address.toLowerCase()));
  const result = [...existing];
  for (const recipient of added) {
    const key = recipient.address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(recipient);
  }
  return result;
}

/** How a chip reads in a tooltip or an input: "Anna Beispiel <anna@beispiel.de>". */
export const formatRecipient = (r: Recipient): string =>
  r.name ? `${r.name} <${r.address}>` : r.address;

/** RFC 5322, as the server reads it: a name with commas or other specials goes in quotes. */
export function recipientForServer(r: Recipient): string {
  const name = r.name.replace(/[\r\n]+/g, ' ').trim();
  if (!name) return r.address;
  const quoted = /[()<>[\]:;@\\,."]/.test(name)
    ? `"${name.replace(/["\\]/g, (c) => `\\${c}`)}"`
    : name;
  return `${quoted} <${r.address}>`;
}
