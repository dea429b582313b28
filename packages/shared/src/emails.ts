import { looseBoolean, rowId } from './ids.ts';
import { z } from 'zod';

export const addressSchema = z.object({ name: z.string(), address: z.string() });

export const emailListItemSchema = z.object({
  id: z.number().int(),
  account: z.number().int(),
  account_email: z.string(),
  folder: z.number().int(),
  folder_name: z.string(),
  folder_type: z.string(),
  subject: z.string(),
  from_name: z.string(),
  from_address: z.string(),
  to: z.array(addressSchema),
  /** The sender's date (Date header), or the arrival where that is missing or absurd. */
  date: z.string(),
  preview: z.string(),
  is_read: z.boolean(),
  is_flagged: z.boolean(),
  is_answered: z.boolean(),
  has_attachments: z.boolean(),
  category: z.number().int().nullable(),
  category_source: z.enum(['user', 'ai']).nullable(),
  /** How sure the AI was of a category it chose (0–1); null for the user's own choice. */
  category_confidence: z.number().nullable(),
  thread_id: z.string().nullable(),
  size: z.number().int(),
});
export type EmailListItem = z.infer<typeof emailListItemSchema>;

export const attachmentSchema = z.object({
  part: z.string(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  inline: z.boolean(),
  content_id: z.string().nullable(),
  url: z.string(),
});

export const emailDetailSchema = emailListItemSchema.extend({
  cc: z.array(addressSchema),
  bcc: z.array(addressSchema),
  reply_to: z.array(addressSchema),
  /** The Date header as written; `date` is this unless it is missing or absurd. */
  sent_at: z.string().nullable(),
  /** When the mail reached the mail server (IMAP INTERNALDATE). */
  received_at: z.string(),
  message_id: z.string().nullable(),
  in_reply_to: z.string().nullable(),
  references: z.array(z.string()),
  body_text: z.string(),
  /** Sanitised; remote images are held back unless the request allowed them. */
  body_html: z.string().nullable(),
  has_remote_content: z.boolean(),
  body_status: z.enum(['pending', 'ok', 'failed']),
  parse_error: z.string().nullable(),
  attachments: z.array(attachmentSchema),
  thread: z.array(emailListItemSchema),
});
export type EmailDetail = z.infer<typeof emailDetailSchema>;

export const emailPatchSchema = z.object({
  is_read: looseBoolean().optional(),
  is_flagged: looseBoolean().optional(),
  category: rowId().nullable().optional(),
});
export type EmailPatch = z.infer<typeof emailPatchSchema>;

export const bulkActionSchema = z.object({
  ids: z.array(rowId()).min(1).max(1000),
  action: z.enum(['read', 'unread', 'flag', 'unflag', 'delete', 'move', 'categorize']),
  target_folder_id: rowId().optional(),
  category: rowId().nullable().optional(),
});
export type BulkAction = z.infer<typeof bulkActionSchema>;

/** "Select all" reaches at most this many messages of a list, newest first. */
export const SELECTION_CAP = 100_000;

/**
 * Every message of a list as bulk actions need it, compact because it may be 100,000 of them:
 * each row is [id, folder id, 1 if read + 2 if flagged, category id or null].
 */
export const emailSelectionSchema = z.object({
  truncated: z.boolean(),
  folders: z.array(
    z.object({ id: z.number().int(), account: z.number().int(), folder_type: z.string() }),
  ),
  rows: z.array(
    z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int().nullable()]),
  ),
});
export type EmailSelection = z.infer<typeof emailSelectionSchema>;
