import type { AddressEntry } from '../../db/schema/emails.ts';

const PREFIX = /^\s*((re|aw|antw|sv|wg|fw|fwd|wtrlt)(\[\d+\])?\s*:\s*)+/i;

/** German convention: "AW:" for replies, "WG:" for forwards, never stacked ("AW: AW: …"). */
export function replySubject(subject: string, kind: 'reply' | 'forward'): string {
  const bare = subject.replace(PREFIX, '').trim();
  return `${kind === 'forward' ? 'WG' : 'AW'}: ${bare}`;
}

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});

/** RFC 5322: a display name with specials ("Müller, Anna") must be quoted to stay one name. */
export function formatAddress(a: AddressEntry): string {
  if (!a.name || a.name === a.address) return a.address;
  const name = /[()<>[\]:;@\\,."]/.test(a.name)
    ? `"${a.name.replace(/["\\]/g, (c) => `\\${c}`)}"`
    : a.name;
  return `${name} <${a.address}>`;
}

/** "Am 2. Mai 2026 um 11:00 schrieb Julia Wagner <julia@beispiel.de>:" */
export function quoteHeader(date: Date, from: AddressEntry): string {
  // For people, not parsers: the name as written, unquoted.
  const who =
    from.name && from.name !== from.address ? `${from.name} <${from.address}>` : from.address;
  return `Am ${dateFormat.format(date)} schrieb ${who}:`;
}

export function quoteText(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => (line.startsWith('>') ? `>${line}` : `> ${line}`))
    .join('\n');
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Reply-all recipients: everyone who got the original, minus the user's own addresses, no duplicates. */
export function replyAllRecipients(
  original: {
    from: AddressEntry[];
    replyTo: AddressEntry[];
    to: AddressEntry[];
    cc: AddressEntry[];
  },
  own: string[],
): { to: AddressEntry[]; cc: AddressEntry[] } {
  const mine = new Set(own.map((a) => a.toLowerCase()));
  const seen = new Set<string>();
  const keep = (list: AddressEntry[]) =>
    list.filter((a) => {
      const key = a.address.toLowerCase();
      if (!key || mine.has(key) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const to = keep(original.replyTo.length ? original.replyTo : original.from);
  const cc = keep([...original.to, ...original.cc]);
  return { to, cc };
}
