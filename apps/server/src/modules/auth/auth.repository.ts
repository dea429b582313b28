import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export function createAuthRepository(db: Db) {
  return {
    async findUserByLogin(identifier: string): Promise<UserRow | undefined> {
      const needle = identifier.trim().toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = ${needle} OR lower(${users.email}) = ${needle}`)
        .limit(1);
      return row;
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async takenFields(
      username: string,
      email: string,
    ): Promise<{ username: boolean; email: boolean }> {
      // Login takes a user name or an address (a user name may hold "@"): neither may be
      // another user's of either kind, so that one sign-in name never fits two users.
      const name = username.toLowerCase();
      const address = email.toLowerCase();
      const either = (value: string) =>
        sql`(lower(${users.username}) = ${value} OR lower(${users.email}) = ${value})`;
      const rows = await db
        .select({
          username: sql<boolean>`bool_or(${either(name)})`,
          email: sql<boolean>`bool_or(${either(address)})`,
        })
        .from(users)
        .where(sql`${either(name)} OR ${either(address)}`);
      return { username: rows[0]?.username === true, email: rows[0]?.email === true };
    },

    async insertUser(values: {
      username: string;
      email: string;
      passwordHash: string;
    }): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateUser(
      id: string,
      patch: { onboardingComplete?: boolean },
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    async insertRefreshToken(values: {
      userId: string;
      tokenHash: string;
      familyId: string;
      parentId: string | null;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(refreshTokens).values(values);
    },

    async findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** Marks a token used; false when another request used or revoked it first. */
    async claimRefreshToken(id: string): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(refreshTokens.id, id),
            isNull(refreshTokens.usedAt),
            isNull(refreshTokens.revokedAt),
          ),
        )
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },

    async revokeFamily(familyId: string): Promise<void> {
      // The database's clock, as every process reads revocations against it.
      await db
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    /**
     * Families revoked after `since` (epoch seconds of the database clock), or within the last
     * `lookbackSeconds` on a first read; with the database's current time for the next read.
     */
    async revokedFamiliesSince(
      since: number | null,
      lookbackSeconds: number,
    ): Promise<{ now: number; families: string[] }> {
      const result = (await db.execute(sql`
        SELECT extract(epoch FROM n.t)::float8 AS now, r.family
        FROM (SELECT now() AS t) n
        LEFT JOIN (
          SELECT DISTINCT ${refreshTokens.familyId}::text AS family FROM ${refreshTokens}
          WHERE ${refreshTokens.revokedAt} > COALESCE(
            to_timestamp(${since}::float8), now() - make_interval(secs => ${lookbackSeconds}))
        ) r ON true`)) as { rows: { now: number | string; family: string | null }[] };
      return {
        now: Number(result.rows[0]?.now),
        families: result.rows.flatMap((row) => (row.family ? [row.family] : [])),
      };
    },

    async deleteExpiredRefreshTokens(): Promise<void> {
      await db
        .delete(refreshTokens)
        .where(sql`${refreshTokens.expiresAt} < now() - interval '1 day'`);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
