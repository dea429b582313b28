import type { NewEmailRow } from './email-sync.repository.ts';

/** The columns a synced message is stored with; the others keep their defaults. */
export const INSERT_COLUMNS = [
  'user_id',
  'account_id',
  'folder_id',
  'uid',
  'message_id',
  'in_reply_to',
  '"references"',
  'thread_id',
  'subject',
  'from_name',
  'from_address',
  'to_addresses',
  'cc_addresses',
  'bcc_addresses',
  'reply_to',
  'sent_at',
  'received_at',
  'size',
  'flags',
  'is_read',
  'is_flagged',
  'is_answered',
  'is_draft',
  'has_attachments',
  'preview',
  'body_status',
  'body_text',
  'body_html',
  'search_text',
  'attachments',
  'parse_error',
];

/**
 * PostgreSQL stores no NUL character in text or JSON, and JSON allows no lone surrogate: a hostile
 * or broken header must not make the whole batch fail.
 */
export function storable(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? value.replaceAll('\0', '').toWellFormed() : value;
}

function toJsonRows(rows: NewEmailRow[]) {
  return rows.map((r) => ({
    user_id: r.userId,
    account_id: r.accountId,
    folder_id: r.folderId,
    uid: r.uid,
    message_id: r.messageId ?? null,
    in_reply_to: r.inReplyTo ?? null,
    references: r.references ?? [],
    thread_id: r.threadId ?? null,
    subject: r.subject ?? '',
    from_name: r.fromName ?? '',
    from_address: r.fromAddress ?? '',
    to_addresses: r.toAddresses ?? [],
    cc_addresses: r.ccAddresses ?? [],
    bcc_addresses: r.bccAddresses ?? [],
    reply_to: r.replyTo ?? [],
    sent_at: r.sentAt ?? null,
    received_at: r.receivedAt,
    size: r.size ?? 0,
    flags: r.flags ?? [],
    is_read: r.isRead ?? false,
    is_flagged: r.isFlagged ?? false,
    is_answered: r.isAnswered ?? false,
    is_draft: r.isDraft ?? false,
    has_attachments: r.hasAttachments ?? false,
    preview: r.preview ?? '',
    body_status: r.bodyStatus ?? 'pending',
    body_text: r.bodyText ?? null,
    body_html: r.bodyHtml ?? null,
    search_text: r.searchText ?? null,
    attachments: r.attachments ?? [],
    parse_error: r.parseError ?? null,
  }));
}

/**
 * The rows as the one JSON parameter of EmailSyncRepository.insertJson. JSON.stringify writes a
 * NUL or a lone surrogate as an escape; only then (rarely) is every string cleaned, since a
 * replacer function on every value cost as much as the serialisation itself.
 */
export function rowsAsJson(rows: NewEmailRow[]): string {
  const plain = toJsonRows(rows);
  const json = JSON.stringify(plain);
  return /\\u0000|\\ud[89a-f]/i.test(json) ? JSON.stringify(plain, storable) : json;
}
