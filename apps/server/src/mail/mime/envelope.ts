import type { MessageEnvelopeObject } from 'imapflow';
import type { AddressEntry } from '../../db/schema/emails.ts';
import { readMailDate } from './mail-date.ts';
import { cleanWords, misreadWords } from './encoded-words.ts';
import { c1AsWindows1252, undoMojibake } from './mojibake.ts';

/** Dovecot's stand-ins for a missing part ("From: Hans Meier", "From: <>", "From: root"). */
const PLACEHOLDER = /(^|@)missing_(mailbox|domain)$|^missing_mailbox@/i;

// eslint-disable-next-line no-control-regex -- control characters are what is replaced
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * A field as a reader should see it: Windows-1252 where iconv left C1 controls, and any other
 * control character as U+FFFD. Those are what imapflow's decoder makes of words it misreads
 * (base64 joined across words), and U+FFFD is the mark on which the sync reads the field again
 * from the source (latin1Headers).
 */
function readable(text: string): string {
  return c1AsWindows1252(text.replace(/\s+/g, ' ').trim()).replace(CONTROL, '\uFFFD');
}

export function addresses(list: { name?: string; address?: string }[] | undefined): AddressEntry[] {
  return (list ?? [])
    .map((a) => {
      const address = (a.address ?? '').trim().toLowerCase();
      if (!PLACEHOLDER.test(address))
        return { name: undoMojibake(readable(a.name ?? '')), address };
      // "From: MAILER-DAEMON" (a bounce) has no domain: the local part is all there is to show.
      const local = (a.address ?? '').trim().replace(/@[^@]*$/, '');
      const shown = /^missing_mailbox$/i.test(local) ? '' : local;
      return { name: (a.name ?? '').trim() || shown, address: '' };
    })
    .filter((a) => a.address || a.name);
}

/**
 * Ids longer than this are garbage (RFC 5322 lines end at 998 characters) and would not fit an
 * index entry; they are dropped rather than refused by the database.
 */
const MAX_ID_LENGTH = 500;

/** Message-IDs from a References or In-Reply-To header, in order, without angle brackets. */
export function parseMessageIds(value: string | undefined | null): string[] {
  if (!value) return [];
  return [...value.matchAll(/<([^<>\s]+)>/g)]
    .map((m) => m[1]!)
    .filter((id) => id && id.length <= MAX_ID_LENGTH);
}

export function stripAngles(id: string | undefined | null): string | null {
  if (!id) return null;
  const inner = /<([^<>]+)>/.exec(id)?.[1] ?? id.trim();
  return inner && inner.length <= MAX_ID_LENGTH ? inner : null;
}

/** The header value of one field from imapflow's raw header bytes (folded lines joined). */
export function headerValue(raw: Buffer | undefined, name: string): string | undefined {
  if (!raw) return undefined;
  const text = raw.toString('utf8').replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(text);
  return match?.[1]?.trim();
}

/**
 * A thread is named by its first message: the oldest reference (RFC 5322 §3.6.4 keeps the thread
 * root first), else the parent, else the message itself.
 */
export function threadIdFor(
  messageId: string | null,
  inReplyTo: string | null,
  references: string[],
): string | null {
  return references[0] ?? inReplyTo ?? messageId;
}

/**
 * imapflow gives a group's name (RFC 5322 §3.4 "Team: a@…, b@…;", "undisclosed-recipients:;")
 * as an entry without an address, beside the members: the name is no recipient.
 */
const recipients = (list: { name?: string; address?: string }[] | undefined) =>
  addresses((list ?? []).filter((a) => a.address));

export function envelopeFields(envelope: MessageEnvelopeObject | undefined) {
  const from = addresses(envelope?.from)[0];
  return {
    subject: undoMojibake(readable(envelope?.subject ?? '')),
    fromName: from?.name ?? '',
    fromAddress: from?.address ?? '',
    toAddresses: recipients(envelope?.to),
    ccAddresses: recipients(envelope?.cc),
    bccAddresses: recipients(envelope?.bcc),
    replyTo: recipients(envelope?.replyTo),
    sentAt: plausibleDate(envelope?.date),
    messageId: stripAngles(envelope?.messageId),
    inReplyTo: stripAngles(envelope?.inReplyTo),
  };
}

/** A Date header's time, if it is one a mail could have: 1900 to 2200, else unknown. */
export function plausibleDate(value: Date | string | undefined | null): Date | null {
  if (!value) return null;
  const plausible = (date: Date | null) => {
    const year = date?.getUTCFullYear() ?? NaN;
    return date && !Number.isNaN(date.getTime()) && year >= 1900 && year <= 2200 ? date : null;
  };
  // Our reading first: JavaScript's takes a header without a zone as the server's local time.
  // A form we know is not read again by JavaScript, which makes year 1 into 2001 and 29 February
  // 2026 into 1 March: no date is better, the received time stands in.
  const ours = typeof value === 'string' ? readMailDate(value) : undefined;
  return ours !== undefined ? plausible(ours) : plausible(new Date(value));
}

type HeaderRepair = Partial<{
  subject: string;
  fromName: string;
  fromAddress: string;
  toAddresses: AddressEntry[];
  ccAddresses: AddressEntry[];
  bccAddresses: AddressEntry[];
  replyTo: AddressEntry[];
}>;

type ParsedAddress = { name?: string; address?: string; group?: ParsedAddress[] };
/** A group ("Team: a@…, b@…;") lists its members; the group's name is no recipient. */
const members = (list: ParsedAddress[] | undefined): ParsedAddress[] =>
  (list ?? []).flatMap((a) => (a.group ? members(a.group) : [a]));

const utf8 = new TextDecoder('utf-8', { fatal: true });
const cp1252 = new TextDecoder('windows-1252');
const isUtf8 = (bytes: Buffer) => {
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/** Every field of the header row that the source can say better than the ENVELOPE. */
const FIELDS = ['Subject', 'From', 'Reply-To', 'To', 'Cc', 'Bcc'] as const;

/**
 * The ENVELOPE misreads two things that the source shows. Old clients write umlauts into headers
 * as raw Latin-1/Windows-1252 bytes, which IMAP servers hand on as they are and which read as
 * UTF-8 come out as "Gr��e"; and imapflow garbles some encoded words (misreadWords). Each field
 * is read again only where its own bytes need it: a Latin-1 "Received" line must not turn a
 * correct UTF-8 subject into "GrÃ¼ÃŸe". Only the repaired fields are returned.
 */
export async function latin1Headers(source: Buffer): Promise<HeaderRepair | null> {
  let end = source.indexOf('\r\n\r\n');
  if (end === -1) end = source.indexOf('\n\n');
  const block = source.subarray(0, end === -1 ? Math.min(source.length, 64 * 1024) : end);
  if (!block.includes('=?') && isUtf8(block)) return null;
  // Latin-1 keeps every byte as one character, so a field's bytes can be taken out as they are.
  const bytes = block.toString('latin1').replace(/\r?\n[ \t]+/g, ' ');
  const field = (name: string) =>
    Buffer.from(new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(bytes)?.[1] ?? '', 'latin1');
  const broken = FIELDS.map((name) => ({ name, value: field(name) })).filter(
    ({ value }) => !isUtf8(value) || misreadWords(value.toString('latin1')),
  );
  if (broken.length === 0) return null;
  const text = (value: Buffer) =>
    cleanWords(isUtf8(value) ? value.toString() : cp1252.decode(value));
  const { default: PostalMime } = await import('postal-mime');
  const parsed = await PostalMime.parse(
    Buffer.from(
      `${broken.map(({ name, value }) => `${name}: ${text(value)}\r\n`).join('')}\r\n`,
      'utf8',
    ),
  );
  const fixed = new Set<string>(broken.map(({ name }) => name));
  const sender = addresses(parsed.from ? [parsed.from] : [])[0];
  const list = (name: string, key: keyof HeaderRepair, value: ParsedAddress[] | undefined) =>
    fixed.has(name) ? { [key]: addresses(members(value)) } : {};
  return {
    ...(fixed.has('Subject') ? { subject: undoMojibake(readable(parsed.subject ?? '')) } : {}),
    ...(fixed.has('From')
      ? { fromName: sender?.name ?? '', fromAddress: sender?.address ?? '' }
      : {}),
    ...list('Reply-To', 'replyTo', parsed.replyTo),
    // Without a Reply-To the ENVELOPE repeats the sender there (RFC 3501 §7.4.2), misread alike.
    ...(fixed.has('From') && !/^Reply-To:/im.test(bytes)
      ? { replyTo: sender ? [sender] : [] }
      : {}),
    ...list('To', 'toAddresses', parsed.to),
    ...list('Cc', 'ccAddresses', parsed.cc),
    ...list('Bcc', 'bccAddresses', parsed.bcc),
  };
}
