import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

export type FolderType =
  'inbox' | 'sent' | 'drafts' | 'archive' | 'spam' | 'trash' | 'custom' | 'other';

export const folders = pgTable(
  'folders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // The owner is repeated here so that every folder query can be scoped without a join.
    userId: uuid('user_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => folders.id, {
      onDelete: 'cascade',
    }),
    /** Full IMAP path, decoded from modified UTF-7 (RFC 3501 §5.1.3). */
    path: text('path').notNull(),
    name: text('name').notNull(),
    delimiter: text('delimiter'),
    folderType: text('folder_type').$type<FolderType>().notNull(),
    specialUse: text('special_use'),
    flags: text('flags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    selectable: boolean('selectable').notNull().default(true),
    subscribed: boolean('subscribed').notNull().default(true),
    syncEnabled: boolean('sync_enabled').notNull().default(true),
    uidValidity: bigint('uid_validity', { mode: 'bigint' }),
    uidNext: bigint('uid_next', { mode: 'bigint' }),
    highestModseq: bigint('highest_modseq', { mode: 'bigint' }),
    /** Counts as the server last reported them (STATUS), until the messages are synced. */
    totalEmails: integer('total_emails').notNull().default(0),
    unreadEmails: integer('unread_emails').notNull().default(0),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('folders_account_path_idx').on(t.accountId, t.path),
    index('folders_user_idx').on(t.userId),
    index('folders_parent_idx').on(t.parentId),
  ],
);
