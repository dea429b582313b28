import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * What is left to do for a mail that went out while its IMAP server could not be reached: its
 * copy in Sent, the draft it was sent from, the \Answered flag of the mail it answers. Done by
 * the next successful fetch of the account (compose.service retryUnfiled); the mail itself was
 * delivered, and the user's only record of it must not be lost.
 */
export const unfiledSent = pgTable(
  'unfiled_sent',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The Sent copy as built at sending (base64), null once it is filed. */
    copyBase64: text('copy_base64'),
    draftId: integer('draft_id'),
    answersEmailId: integer('answers_email_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('unfiled_sent_account_idx').on(t.accountId)],
);
