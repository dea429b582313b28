import type { FetchMessageObject, ImapFlow } from 'imapflow';
import type { NewEmailRow } from '../../modules/emails/email-sync.repository.ts';
import { assertUsable, uidSet } from '../imap/imap-client.ts';
import { exactSizes } from '../mime/attachment-sizes.ts';
import { attachmentsFrom } from '../mime/attachments.ts';
import { repairFileNames } from '../mime/file-names.ts';
import {
  envelopeFields,
  headerValue,
  latin1Headers,
  parseMessageIds,
  plausibleDate,
  threadIdFor,
} from '../mime/envelope.ts';
import { yencAttachments } from '../mime/yenc.ts';
import { journaled } from './fetch-journal.ts';
import type { ParsedBody } from '../mime/parse-message.ts';

/** What a sync fetches of each message besides its source. */
export const HEADER_QUERY = {
  uid: true,
  flags: true,
  envelope: true,
  bodyStructure: true,
  internalDate: true,
  size: true,
  // The Date header as written: imapflow's ENVELOPE date is JavaScript's reading, which takes a
  // date without a zone as this server's local time instead of German time (mail-date.ts).
  headers: ['references', 'date'],
};

/** The row of a message as far as its headers tell; the body follows in a second pass. */
export function headerRow(
  message: FetchMessageObject,
  ids: { userId: string; accountId: number; folderId: number },
): NewEmailRow {
  const envelope = envelopeFields(message.envelope);
  const fields = {
    ...envelope,
    // The envelope's date is JavaScript's guess at the same header: only where there is none.
    sentAt:
      headerValue(message.headers, 'date') !== undefined
        ? plausibleDate(headerValue(message.headers, 'date'))
        : envelope.sentAt,
  };
  const references = parseMessageIds(headerValue(message.headers, 'references'));
  const flags = [...(message.flags ?? new Set<string>())].filter((f) => f !== '\\Recent');
  const attachments = attachmentsFrom(message.bodyStructure);
  const internal = plausibleDate(message.internalDate);
  return {
    ...ids,
    uid: message.uid,
    ...fields,
    references,
    threadId: threadIdFor(fields.messageId, fields.inReplyTo, references),
    receivedAt: internal ?? fields.sentAt ?? new Date(),
    size: message.size ?? 0,
    flags,
    isRead: flags.includes('\\Seen'),
    isFlagged: flags.includes('\\Flagged'),
    isAnswered: flags.includes('\\Answered'),
    isDraft: flags.includes('\\Draft'),
    attachments,
    hasAttachments: attachments.some((a) => !a.inline),
  };
}

/** The complete row of a fetched message, given the parse of its source (or why it failed). */
export async function completeRow(
  message: FetchMessageObject,
  ids: { userId: string; accountId: number; folderId: number },
  parse: (source: Buffer) => Promise<ParsedBody>,
): Promise<NewEmailRow> {
  let row = headerRow(message, ids);
  if (!message.source) return row;
  const names = [
    ...(row.toAddresses ?? []),
    ...(row.ccAddresses ?? []),
    ...(row.bccAddresses ?? []),
    ...(row.replyTo ?? []),
  ].map((a) => a.name);
  if (/\uFFFD/.test(`${row.subject ?? ''}${row.fromName ?? ''}${names.join('')}`)) {
    const repaired = await latin1Headers(message.source).catch(() => null);
    if (repaired)
      row = {
        ...row,
        subject: repaired.subject || row.subject,
        fromName: repaired.fromName || row.fromName,
        fromAddress: repaired.fromAddress || row.fromAddress,
        toAddresses: repaired.toAddresses?.length ? repaired.toAddresses : row.toAddresses,
        ccAddresses: repaired.ccAddresses?.length ? repaired.ccAddresses : row.ccAddresses,
        bccAddresses: repaired.bccAddresses?.length ? repaired.bccAddresses : row.bccAddresses,
        replyTo: repaired.replyTo?.length ? repaired.replyTo : row.replyTo,
      };
  }
  const sized = exactSizes(row.attachments, message.source);
  if (sized) row = { ...row, attachments: sized };
  const attachments = repairFileNames(row.attachments, message.source);
  if (attachments) row = { ...row, attachments };
  try {
    const body = await parse(message.source);
    const files = yencAttachments(body.yencFiles ?? []);
    return {
      ...row,
      ...(files.length
        ? { attachments: [...(row.attachments ?? []), ...files], hasAttachments: true }
        : {}),
      bodyStatus: 'ok',
      bodyText: body.text,
      bodyHtml: body.html,
      searchText: body.searchText,
      preview: body.preview,
    };
  } catch (error) {
    // One unreadable message never stops the sync: it keeps its headers and is marked.
    return {
      ...row,
      bodyStatus: 'failed',
      parseError: String((error as Error)?.message ?? error).slice(0, 500),
    };
  }
}

/**
 * Header rows of messages too large to fetch whole, 100 per round trip: their text parts follow
 * in the body pass, their attachments only when opened.
 */
export async function* headerRowsOf(
  client: ImapFlow,
  ids: { userId: string; accountId: number; folderId: number },
  uids: number[],
): AsyncGenerator<NewEmailRow[]> {
  for (let i = 0; i < uids.length; i += 100) {
    const rows: NewEmailRow[] = [];
    const slice = uids.slice(i, i + 100);
    for await (const message of journaled(
      client,
      ids.folderId,
      slice,
      client.fetch(uidSet(slice), HEADER_QUERY, { uid: true }),
    ))
      rows.push(headerRow(message, ids));
    assertUsable(client);
    yield rows;
  }
}
