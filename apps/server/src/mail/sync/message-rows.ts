import type { FetchMessageObject } from 'imapflow';
import type { NewEmailRow } from '../../modules/emails/email-sync.repository.ts';
import { attachmentsFrom } from '../mime/attachments.ts';
import { envelopeFields, headerValue, parseMessageIds, threadIdFor } from '../mime/envelope.ts';

/** The row of a message as far as its headers tell; the body follows in a second pass. */
export function headerRow(
  message: FetchMessageObject,
  ids: { userId: string; accountId: number; folderId: number },
): NewEmailRow {
  const fields = envelopeFields(message.envelope);
  const references = parseMessageIds(headerValue(message.headers, 'references'));
  const flags = [...(message.flags ?? new Set<string>())];
  const attachments = attachmentsFrom(message.bodyStructure);
  const internal = message.internalDate ? new Date(message.internalDate) : null;
  return {
    ...ids,
    uid: message.uid,
    ...fields,
    references,
    threadId: threadIdFor(fields.messageId, fields.inReplyTo, references),
    receivedAt:
      internal && !Number.isNaN(internal.getTime()) ? internal : (fields.sentAt ?? new Date()),
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
