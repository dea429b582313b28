import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { oauthFlows } from '../../db/schema/oauth.ts';

export type OAuthFlowRow = typeof oauthFlows.$inferSelect;

export function createOAuthRepository(db: Db) {
  return {
    async insertFlow(values: typeof oauthFlows.$inferInsert): Promise<void> {
      // Abandoned flows go with the next one begun.
      await db.delete(oauthFlows).where(lt(oauthFlows.expiresAt, new Date()));
      await db.insert(oauthFlows).values(values);
    },

    /** Takes a flow of this user out, once: a second call with the same state finds nothing. */
    async takeFlow(userId: string, stateHash: string): Promise<OAuthFlowRow | undefined> {
      const [row] = await db
        .delete(oauthFlows)
        .where(and(eq(oauthFlows.stateHash, stateHash), eq(oauthFlows.userId, userId)))
        .returning();
      return row;
    },

    /** Any account by id, for the token refresh of the sync (no user in sight there). */
    async account(id: number) {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
      return row;
    },

    /** OAuth accounts whose access token ends before `before` and that can renew it. */
    async dueForRenewal(before: Date): Promise<number[]> {
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(
          and(
            sql`${accounts.provider} <> 'imap'`,
            isNotNull(accounts.refreshTokenSealed),
            isNull(accounts.passwordSealed),
            sql`(${accounts.tokenExpiry} IS NULL OR ${accounts.tokenExpiry} < ${before})`,
          ),
        );
      return rows.map((r) => r.id);
    },

    async storeTokens(
      id: number,
      tokens: { accessSealed: string; refreshSealed: string | null; expiry: Date },
    ): Promise<void> {
      await db
        .update(accounts)
        .set({
          accessTokenSealed: tokens.accessSealed,
          refreshTokenSealed: tokens.refreshSealed,
          tokenExpiry: tokens.expiry,
          updatedAt: sql`now()`,
        })
        .where(eq(accounts.id, id));
    },

    /** The provider refused the refresh token: the account waits for a new sign-in. */
    async clearTokens(id: number): Promise<void> {
      await db
        .update(accounts)
        .set({ accessTokenSealed: null, refreshTokenSealed: null, updatedAt: sql`now()` })
        .where(eq(accounts.id, id));
    },
  };
}

export type OAuthRepository = ReturnType<typeof createOAuthRepository>;
