import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, categories, emails, folders } from '../../db/schema/index.ts';

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccountRow = typeof accounts.$inferInsert;

/** Every query is scoped to the owner: an id of another user behaves as if it did not exist. */
export function createAccountsRepository(db: Db) {
  return {
    list(userId: string): Promise<AccountRow[]> {
      return db
        .select()
        .from(accounts)
        .where(eq(accounts.userId, userId))
        .orderBy(asc(accounts.id));
    },

    /** Every user's accounts that finished a first fetch: the ones kept live (IDLE). */
    listSynced(): Promise<AccountRow[]> {
      return db
        .select()
        .from(accounts)
        .where(sql`${accounts.lastSyncAt} IS NOT NULL`)
        .orderBy(asc(accounts.id));
    },

    async find(userId: string, id: number): Promise<AccountRow | undefined> {
      const [row] = await db
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.id, id)))
        .limit(1);
      return row;
    },

    /**
     * Spec §3 account totals: the sum over its folders, without virtual views like "All Mail" and
     * without Trash and Spam — the same mail the unified lists ('Posteingang', 'Ungelesene',
     * 'Ohne Kategorie') show, so badge and list always agree.
     */
    async counts(userId: string): Promise<Map<number, { total: number; unread: number }>> {
      const rows = await db
        .select({
          accountId: folders.accountId,
          total: sql<number>`coalesce(sum(${folders.totalEmails}), 0)::int`,
          unread: sql<number>`coalesce(sum(${folders.unreadEmails}), 0)::int`,
        })
        .from(folders)
        .where(
          and(
            eq(folders.userId, userId),
            sql`${folders.folderType} NOT IN ('other', 'trash', 'spam')`,
          ),
        )
        .groupBy(folders.accountId);
      return new Map(
        rows.map((r) => [r.accountId, { total: Number(r.total), unread: Number(r.unread) }]),
      );
    },

    async statistics(accountId: number) {
      const [stored] = await db
        .select({
          stored: sql<number>`count(*)::int`,
          unread: sql<number>`count(*) FILTER (WHERE NOT ${emails.isRead})::int`,
          flagged: sql<number>`count(*) FILTER (WHERE ${emails.isFlagged})::int`,
          withAttachments: sql<number>`count(*) FILTER (WHERE ${emails.hasAttachments})::int`,
          categorized: sql<number>`count(*) FILTER (WHERE ${emails.categoryId} IS NOT NULL)::int`,
          // What the categories' own counts hold: not Trash and Spam (as the account totals).
          categorizedShown: sql<number>`count(*) FILTER (WHERE ${emails.categoryId} IS NOT NULL AND ${folders.folderType} NOT IN ('other', 'trash', 'spam'))::int`,
          bytes: sql<number>`coalesce(sum(${emails.size}), 0)::bigint`,
          bodiesPending: sql<number>`count(*) FILTER (WHERE ${emails.bodyStatus} = 'pending')::int`,
          bodiesFailed: sql<number>`count(*) FILTER (WHERE ${emails.bodyStatus} = 'failed')::int`,
        })
        .from(emails)
        .innerJoin(folders, eq(folders.id, emails.folderId))
        .where(eq(emails.accountId, accountId));
      const [folderCount] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(folders)
        .where(eq(folders.accountId, accountId));
      const [categoryCount] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(categories)
        .where(eq(categories.accountId, accountId));
      return {
        stored: stored!,
        folders: Number(folderCount?.n ?? 0),
        categories: Number(categoryCount?.n ?? 0),
      };
    },

    async emailTaken(userId: string, email: string, exceptId?: number): Promise<boolean> {
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(
          and(
            eq(accounts.userId, userId),
            sql`lower(${accounts.emailAddress}) = ${email.toLowerCase()}`,
            exceptId === undefined ? undefined : sql`${accounts.id} <> ${exceptId}`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async insert(values: NewAccountRow): Promise<AccountRow> {
      const [row] = await db.insert(accounts).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(
      userId: string,
      id: number,
      patch: Partial<NewAccountRow>,
    ): Promise<AccountRow | undefined> {
      const [row] = await db
        .update(accounts)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(accounts.userId, userId), eq(accounts.id, id)))
        .returning();
      return row;
    },

    /** Stored mail, folders and categories of the account go with it (ON DELETE CASCADE). */
    async delete(userId: string, id: number): Promise<boolean> {
      const rows = await db
        .delete(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.id, id)))
        .returning({ id: accounts.id });
      return rows.length === 1;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
