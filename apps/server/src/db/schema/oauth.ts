import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './users.ts';

/**
 * An OAuth sign-in under way (ADR 0027): begun by one user, finished once by the same user within
 * minutes. Kept in the database, not in a process, so that any API process can finish it.
 */
export const oauthFlows = pgTable(
  'oauth_flows',
  {
    /** SHA-256 of the `state` sent to the provider; the state itself is never stored. */
    stateHash: text('state_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** PKCE code verifier, sealed like a password. */
    codeVerifierSealed: text('code_verifier_sealed').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** The app's path to go back to afterwards. */
    returnTo: text('return_to').notNull(),
    /** Set when the flow renews (or converts) this account instead of adding one. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_flows_expires_idx').on(t.expiresAt)],
);
