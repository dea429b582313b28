import type { MessageEnvelopeObject } from 'imapflow';
import type { AddressEntry } from '../../db/schema/emails.ts';
import { parseLenientDate } from './mail-date.ts';
import { undoMojibake } from './mojibake.ts';

/** Dovecot's stand-ins for a missing part ("From: Hans Meier", "From: <>", "From: root"). */
const PLACEHOLDER = /(^|@)missing_(mailbox|domain)$|^missing_mailbox@/i;

export function addresses(list: { name?: string; address?: string }[] | undefined): AddressEntry[] {
  return (list ?? [])
    .map((a) => {
      const address = (a.address ?? '').trim().toLowerCase();
      if (!PLACEHOLDER.test(address)) return { name: undoMojibake((a.name ?? '').trim()), address };
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

export function envelopeFields(envelope: MessageEnvelopeObject | undefined) {
  const from = addresses(envelope?.from)[0];
  return {
    subject: undoMojibake((envelope?.subject ?? '').replace(/\s+/g, ' ').trim()),
    fromName: from?.name ?? '',
    fromAddress: from?.address ?? '',
    toAddresses: addresses(envelope?.to),
    ccAddresses: addresses(envelope?.cc),
    bccAddresses: addresses(envelope?.bcc),
    replyTo: addresses(envelope?.replyTo),
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
  return (
    (typeof value === 'string' ? plausible(parseLenientDate(value)) : null) ??
    plausible(new Date(value))
  );
}

type Latin1Repair = Partial<{
  subject: string;
  fromName: string;
  fromAddress: string;
  toAddresses: AddressEntry[];
  ccAddresses: AddressEntry[];
}>;

type ParsedAddress = { name?: string; address?: string; group?: ParsedAddress[] };
/** A group ("Team: a@…, b@…;") lists its members; the group's name is no recipient. */
const members = (list: ParsedAddress[] | undefined): ParsedAddress[] =>
  (list ?? []).flatMap((a) => (a.group ? members(a.group) : [a]));

/**
 * Old clients write umlauts into headers as raw Latin-1/Windows-1252 bytes, which IMAP servers
 * hand on as they are and which read as UTF-8 come out as "Gr��e". Subject, sender and
 * recipients are read again as Windows-1252 each only where its own bytes are not UTF-8: a
 * Latin-1 "Received" line must not turn a correct UTF-8 subject into "GrÃ¼ÃŸe". Only the
 * repaired fields are returned.
 */
export async function latin1Headers(source: Buffer): Promise<Latin1Repair | null> {
  let end = source.indexOf('\r\n\r\n');
  if (end === -1) end = source.indexOf('\n\n');
  const block = source.subarray(0, end === -1 ? Math.min(source.length, 64 * 1024) : end);
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const isUtf8 = (bytes: Buffer) => {
    try {
      utf8.decode(bytes);
      return true;
    } catch {
      return false;
    }
  };
  if (isUtf8(block)) return null;
  // Latin-1 keeps every byte as one character, so a field's bytes can be taken out as they are.
  const bytes = block.toString('latin1').replace(/\r?\n[ \t]+/g, ' ');
  const field = (name: string) =>
    Buffer.from(new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(bytes)?.[1] ?? '', 'latin1');
  const broken = (['Subject', 'From', 'To', 'Cc'] as const)
    .map((name) => ({ name, value: field(name) }))
    .filter(({ value }) => !isUtf8(value));
  if (broken.length === 0) return null;
  const cp1252 = new TextDecoder('windows-1252');
  const { default: PostalMime } = await import('postal-mime');
  const parsed = await PostalMime.parse(
    Buffer.from(
      `${broken.map(({ name, value }) => `${name}: ${cp1252.decode(value)}\r\n`).join('')}\r\n`,
      'utf8',
    ),
  );
  const fixed = new Set(broken.map(({ name }) => name));
  const sender = addresses(parsed.from ? [parsed.from] : [])[0];
  return {
    ...(fixed.has('Subject')
      ? { subject: (parsed.subject ?? '').replace(/\s+/g, ' ').trim() }
      : {}),
    ...(fixed.has('From')
      ? { fromName: sender?.name ?? '', fromAddress: sender?.address ?? '' }
      : {}),
    ...(fixed.has('To') ? { toAddresses: addresses(members(parsed.to)) } : {}),
    ...(fixed.has('Cc') ? { ccAddresses: addresses(members(parsed.cc)) } : {}),
  };
}
