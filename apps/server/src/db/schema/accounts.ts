import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** 'ssl' = implicit TLS (993/465), 'starttls' = upgrade after connect (143/587), 'none' = plain. */
export type TransportSecurity = 'ssl' | 'starttls' | 'none';
export type AccountProvider = 'google' | 'microsoft' | 'yahoo' | 'imap';

export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailAddress: text('email_address').notNull(),
    displayName: text('display_name'),
    provider: text('provider').$type<AccountProvider>().notNull().default('imap'),
    imapServer: text('imap_server').notNull(),
    imapPort: integer('imap_port').notNull(),
    imapSecurity: text('imap_security').$type<TransportSecurity>().notNull(),
    smtpServer: text('smtp_server').notNull(),
    smtpPort: integer('smtp_port').notNull(),
    smtpSecurity: text('smtp_security').$type<TransportSecurity>().notNull(),
    /** Login name when it differs from the address. */
    username: text('username'),
    // Credentials are sealed (lib/secret-box.ts); plaintext never touches the database.
    passwordSealed: text('password_sealed'),
    accessTokenSealed: text('access_token_sealed'),
    refreshTokenSealed: text('refresh_token_sealed'),
    tokenExpiry: timestamp('token_expiry', { withTimezone: true }),
    folderSettings: jsonb('folder_settings').$type<Record<string, unknown>>().notNull().default({}),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastSyncError: text('last_sync_error'),
    /**
     * The zone (IANA) of the browser that last asked for a fetch of this account: the dates a
     * sync writes into stored text are in it (ADR 0017). Null: German time.
     */
    timeZone: text('time_zone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounts_user_idx').on(t.userId),
    uniqueIndex('accounts_user_email_idx').on(t.userId, sql`lower(${t.emailAddress})`),
  ],
);
