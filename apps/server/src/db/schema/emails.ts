import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { categories } from './categories.ts';
import { folders } from './folders.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * 1990: older dates in a mailbox are the zero points of broken clocks (1970 Unix, 1980 DOS),
 * hardly ever mail of that time. A day after arrival: a sender's clock may be off by hours, and
 * spam dates itself into the future to stay on top. Judged against the arrival, not against
 * now, so that a row's date never changes with the clock. Only immutable operators (timestamptz
 * minus timestamptz, interval comparison) may appear in a generated column.
 */
const MAIL_DATE = sql`CASE WHEN sent_at >= '1990-01-01 00:00:00+00'::timestamptz AND sent_at - received_at <= interval '1 day' THEN sent_at ELSE received_at END`;

export interface AddressEntry {
  name: string;
  address: string;
}

export interface AttachmentMeta {
  /** IMAP body part number (BODYSTRUCTURE), for download on demand. */
  part: string;
  filename: string;
  contentType: string;
  size: number;
  contentId: string | null;
  inline: boolean;
}

export type BodyStatus = 'pending' | 'ok' | 'failed';

export const emails = pgTable(
  'emails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    uid: bigint('uid', { mode: 'number' }).notNull(),
    messageId: text('message_id'),
    inReplyTo: text('in_reply_to'),
    references: text('references')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    threadId: text('thread_id'),
    subject: text('subject').notNull().default(''),
    fromName: text('from_name').notNull().default(''),
    fromAddress: text('from_address').notNull().default(''),
    toAddresses: jsonb('to_addresses').$type<AddressEntry[]>().notNull().default([]),
    ccAddresses: jsonb('cc_addresses').$type<AddressEntry[]>().notNull().default([]),
    bccAddresses: jsonb('bcc_addresses').$type<AddressEntry[]>().notNull().default([]),
    replyTo: jsonb('reply_to').$type<AddressEntry[]>().notNull().default([]),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /**
     * The date a list shows and sorts by: the sender's Date header, unless it is missing or
     * absurd (before 1990, or more than a day after the mail arrived), then the arrival (ADR 0017).
     * Computed by the database from the row alone, so every process and the migration agree.
     */
    mailDate: timestamp('mail_date', { withTimezone: true }).notNull().generatedAlwaysAs(MAIL_DATE),
    size: integer('size').notNull().default(0),
    flags: text('flags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isRead: boolean('is_read').notNull().default(false),
    isFlagged: boolean('is_flagged').notNull().default(false),
    isAnswered: boolean('is_answered').notNull().default(false),
    isDraft: boolean('is_draft').notNull().default(false),
    hasAttachments: boolean('has_attachments').notNull().default(false),
    modseq: bigint('modseq', { mode: 'bigint' }),
    preview: text('preview').notNull().default(''),
    bodyStatus: text('body_status').$type<BodyStatus>().notNull().default('pending'),
    bodyText: text('body_text'),
    bodyHtml: text('body_html'),
    /**
     * The mail's own words (quoted replies and the signature cut off), for search and the AI;
     * null where they are the whole body_text (read coalesce(search_text, body_text)).
     */
    searchText: text('search_text'),
    attachments: jsonb('attachments').$type<AttachmentMeta[]>().notNull().default([]),
    parseError: text('parse_error'),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    categorySource: text('category_source').$type<'user' | 'ai'>(),
    /** The AI's calibrated probability for a category it filed; null for the user's own choice. */
    categoryConfidence: real('category_confidence'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Plain DESC (nulls first), exactly as the lists' ORDER BY: Drizzle's default NULLS LAST
  // would not match it, and the planner would sort the whole mailbox instead of walking the index.
  (t) => [
    uniqueIndex('emails_folder_uid_idx').on(t.folderId, t.uid),
    // One per list the app has (all mail, a folder, unread, an account, a category): each page
    // is a walk down one of them that stops after the page, at any depth (ADR 0006, 0017).
    index('emails_user_date_idx').on(
      t.userId,
      t.mailDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('emails_folder_date_idx').on(
      t.folderId,
      t.mailDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('emails_account_date_idx').on(
      t.accountId,
      t.mailDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('emails_message_id_idx').on(t.userId, t.messageId),
    index('emails_thread_idx').on(t.userId, t.threadId),
    index('emails_unread_idx')
      .on(t.userId, t.mailDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`NOT is_read`),
    // With the uid in it, "newest pending first" is one walk of this (usually empty) index;
    // on folder_id alone the planner walked the whole folder by (folder_id, uid) instead.
    index('emails_pending_body_idx')
      .on(t.folderId, t.uid)
      .where(sql`body_status = 'pending'`),
    index('emails_category_date_idx').on(
      t.categoryId,
      t.mailDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * The full-text index of each mail, apart from the mail itself: written once per message by the
 * search indexer after the sync has stored it (see mail/search/search-indexer.ts). Building the
 * German tsvector is most of the cost of storing a message; kept out of the sync's INSERT, a large
 * mailbox is listable and readable in half the time, and the emails row is never rewritten for it.
 */
export const emailSearch = pgTable(
  'email_search',
  {
    emailId: bigint('email_id', { mode: 'number' })
      .primaryKey()
      .references(() => emails.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    vector: tsvector('vector').notNull(),
  },
  (t) => [index('email_search_vector_idx').using('gin', t.vector)],
);

/** Messages stored or given a body since the indexer last ran; it empties this newest first. */
export const emailSearchQueue = pgTable('email_search_queue', {
  emailId: bigint('email_id', { mode: 'number' })
    .primaryKey()
    .references(() => emails.id, { onDelete: 'cascade' }),
});

/**
 * Stored mail whose text, search text and preview are to be made again from what is stored, by
 * the current HTML-to-text step (mail/sync/text-rederiver.ts). A migration fills it when that step
 * changes; the next sync of the account, and a job at start, empty it.
 */
export const emailTextQueue = pgTable('email_text_queue', {
  emailId: bigint('email_id', { mode: 'number' })
    .primaryKey()
    .references(() => emails.id, { onDelete: 'cascade' }),
});

/**
 * The user's category choices for mail the sync had to drop and will store again: a folder whose
 * UIDVALIDITY changed, or one renamed or deleted on the server by another client. Kept by
 * Message-ID until the message is stored again; a choice is worth more than its rows.
 */
export const keptCategories = pgTable(
  'kept_categories',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    source: text('source').$type<'user' | 'ai'>(),
    // Two different messages may carry one Message-ID (broken mailers): the subject tells them
    // apart, so the choice goes back only to the message it was made for.
    subject: text('subject'),
    keptAt: timestamp('kept_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.messageId] })],
);

/** Background work with the app's own progress record (pg-boss has no progress field). */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    accountEmail: text('account_email'),
    taskType: text('task_type').notNull(),
    status: text('status').notNull().default('PENDING'),
    percent: integer('percent').notNull().default(0),
    message: text('message').notNull().default('Task wird gestartet...'),
    result: jsonb('result'),
    jobId: text('job_id'),
    /** The presence key of the process running the task (modules/tasks/worker-presence.ts). */
    workerKey: integer('worker_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tasks_user_idx').on(t.userId, t.createdAt.desc()),
    // Start-up looks at every running task of every user for a worker that is gone.
    index('tasks_running_idx')
      .on(t.workerKey)
      .where(sql`${t.status} = 'STARTED'`),
  ],
);
