import { extensionFor } from '../../mail/mime/attachments.ts';
import {
  isRowId,
  type EmailDetail,
  type EmailListItem,
  type EmailSelection,
} from '@brieftaube/shared';
import { displayNameFor } from '../../mail/imap/folder-types.ts';
import { sanitizeStoredHtml } from '../../mail/mime/sanitized-cache.ts';
import type { EmailFullRow, EmailListRow, EmailsRepository } from './emails.repository.ts';
import { safeFileName } from '../../mail/mime/safe-file-name.ts';

export function toListItem(row: EmailListRow): EmailListItem {
  const e = row.email;
  return {
    id: e.id,
    account: e.accountId,
    account_email: row.accountEmail,
    folder: e.folderId,
    folder_name: displayNameFor(row.folderType, row.folderName),
    folder_type: row.folderType,
    subject: e.subject,
    from_name: e.fromName,
    from_address: e.fromAddress,
    to: e.toAddresses,
    date: e.mailDate.toISOString(),
    preview: e.preview,
    is_read: e.isRead,
    is_flagged: e.isFlagged,
    is_answered: e.isAnswered,
    has_attachments: e.hasAttachments,
    category: e.categoryId,
    category_source: e.categorySource,
    category_confidence: e.categorySource === 'ai' ? (e.categoryConfidence ?? null) : null,
    thread_id: e.threadId,
    size: e.size,
  };
}

export function toDetail(
  row: EmailFullRow,
  thread: EmailListRow[],
  allowRemote: boolean,
): EmailDetail {
  const e = row.email;
  const sanitized = e.bodyHtml ? sanitizeStoredHtml(e.id, e.bodyHtml, { allowRemote }) : null;
  return {
    ...toListItem(row),
    cc: e.ccAddresses,
    bcc: e.bccAddresses,
    reply_to: e.replyTo,
    sent_at: e.sentAt?.toISOString() ?? null,
    received_at: e.receivedAt.toISOString(),
    message_id: e.messageId,
    in_reply_to: e.inReplyTo,
    references: e.references,
    body_text: e.bodyText ?? '',
    body_html: sanitized?.html ?? null,
    has_remote_content: sanitized?.hasRemoteContent ?? false,
    body_status: e.bodyStatus,
    parse_error: e.parseError,
    attachments: e.attachments.map((a) => ({
      part: a.part,
      // A name of nothing but forbidden characters is named like an unnamed part, by its type.
      filename: safeFileName(a.filename) || `Anhang-${a.part}${extensionFor(a.contentType)}`,
      content_type: a.contentType,
      size: a.size,
      inline: a.inline,
      content_id: a.contentId,
      url: `/api/emails/${e.id}/attachments/${encodeURIComponent(a.part)}/`,
    })),
    thread: thread.map(toListItem),
  };
}

/** Keyset cursor over (mail_date, id), opaque to clients. */
export function encodeCursor(row: EmailListRow): string {
  return Buffer.from(`${row.email.mailDate.toISOString()}|${row.email.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { date: Date; id: number } | undefined {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(iso ?? '');
  const n = Number(id);
  // Only what this server could have written: a made-up one must not reach the query (an id or
  // a year out of the columns' range fails it).
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || !isRowId(n) || year < 1 || year > 9999
    ? undefined
    : { date, id: n };
}

/** "Select all": the rows as compact tuples, at most `cap` of them (one more tells it was cut). */
export function toSelection(
  { folders, rows }: Awaited<ReturnType<EmailsRepository['selection']>>,
  cap: number,
): EmailSelection {
  return {
    truncated: rows.length > cap,
    folders: folders.map((f) => ({ id: f.id, account: f.accountId, folder_type: f.folderType })),
    rows: rows
      .slice(0, cap)
      .map((r) => [r.id, r.folderId, (r.isRead ? 1 : 0) + (r.isFlagged ? 2 : 0), r.categoryId]),
  };
}
