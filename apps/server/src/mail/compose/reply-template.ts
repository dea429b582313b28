import type { AddressEntry } from '../../db/schema/emails.ts';
import { germanDateFormat } from '../../lib/time-zone.ts';

const PREFIX = /^\s*((re|aw|antw|sv|wg|fw|fwd|wtrlt)(\[\d+\])?\s*:\s*)+/i;

/** German convention: "AW:" for replies, "WG:" for forwards, never stacked ("AW: AW: …"). */
export function replySubject(subject: string, kind: 'reply' | 'forward'): string {
  const bare = subject.replace(PREFIX, '').trim();
  return `${kind === 'forward' ? 'WG' : 'AW'}: ${bare}`;
}

/** "2. Mai 2026 um 11:00", in the zone of the person who writes (their browser's). */
export function writtenDate(date: Date, timeZone: string): string {
  return germanDateFormat(timeZone, { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/** RFC 5322: a display name with specials ("Müller, Anna") must be quoted to stay one name. */
export function formatAddress(a: AddressEntry): string {
  if (!a.name || a.name === a.address) return a.address;
  const name = /[()<>[\]:;@\\,."]/.test(a.name)
    ? `"${a.name.replace(/["\\]/g, (c) => `\\${c}`)}"`
    : a.name;
  return `${name} <${a.address}>`;
}

/** "Am 2. Mai 2026 um 11:00 schrieb Julia Wagner <julia@beispiel.de>:" */
export function quoteHeader(date: Date, from: AddressEntry, timeZone: string): string {
  // For people, not parsers: the name as written, unquoted.
  const who =
    from.name && from.name !== from.address ? `${from.name} <${from.address}>` : from.address;
  return `Am ${writtenDate(date, timeZone)} schrieb ${who}:`;
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

/** An address one can write to: "invalid-address" or "<>" from a broken header is none. */
const usable = (a: AddressEntry) => /^[^@\s]+@[^@\s]+$/.test(a.address);

/**
 * Who a reply goes to. Reply: the Reply-To, else the sender. Reply-all: that, plus everyone who
 * got the original, in Cc. The user's own addresses and duplicates are left out. A reply to the
 * user's own sent mail goes to its recipients again, as in Gmail and Thunderbird.
 */
export function replyRecipients(
  original: {
    from: AddressEntry[];
    replyTo: AddressEntry[];
    to: AddressEntry[];
    cc: AddressEntry[];
  },
  own: string[],
  all: boolean,
): { to: AddressEntry[]; cc: AddressEntry[] } {
  const mine = new Set(own.map((a) => a.toLowerCase()));
  const seen = new Set<string>();
  const keep = (list: AddressEntry[]) =>
    list.filter((a) => {
      const key = a.address.toLowerCase();
      if (!usable(a) || mine.has(key) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const fromMe =
    original.from.length > 0 && original.from.every((a) => mine.has(a.address.toLowerCase()));
  if (fromMe) {
    // A note to oneself is answered to oneself.
    const to = keep(original.to);
    if (to.length === 0) return { to: original.to.filter(usable).slice(0, 1), cc: [] };
    return { to, cc: all ? keep(original.cc) : [] };
  }
  const to = keep(original.replyTo.some(usable) ? original.replyTo : original.from);
  return { to, cc: all ? keep([...original.to, ...original.cc]) : [] };
}
