import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, emails, folders } from '../../db/schema/index.ts';

export interface EmailFilter {
  accountIds?: number[];
  folderId?: number;
  folderName?: string;
  folderTypes?: string[];
  categoryId?: number;
  hasCategory?: boolean;
  read?: boolean;
  flagged?: boolean;
  query?: string;
  threadId?: string;
}

export interface Cursor {
  receivedAt: Date;
  id: number;
}

const listColumns = {
  email: emails,
  accountEmail: accounts.emailAddress,
  folderName: folders.name,
  folderPath: folders.path,
  folderType: folders.folderType,
};

/** "Rechn novemb" → "rechn:* & novemb:*": every word, as a prefix, stemmed by the German parser. */
export function prefixQuery(text: string): string | undefined {
  const words = text.match(/[\p{L}\p{N}]+/gu)?.slice(0, 12);
  return words?.length ? words.map((w) => `${w.toLowerCase()}:*`).join(' & ') : undefined;
}

export function createEmailsRepository(db: Db) {
  function conditions(userId: string, filter: EmailFilter): (SQL | undefined)[] {
    const c: (SQL | undefined)[] = [eq(emails.userId, userId)];
    if (filter.accountIds?.length) c.push(inArray(emails.accountId, filter.accountIds));
    if (filter.folderId !== undefined) c.push(eq(emails.folderId, filter.folderId));
    if (filter.folderName) {
      c.push(
        sql`(lower(${folders.name}) = ${filter.folderName.toLowerCase()} OR lower(${folders.path}) = ${filter.folderName.toLowerCase()})`,
      );
    }
    if (filter.folderTypes?.length)
      c.push(inArray(folders.folderType, filter.folderTypes as never[]));
    else if (filter.folderId === undefined && !filter.folderName && filter.threadId === undefined) {
      // The unified view shows all mail but what the user threw away or the server deemed spam.
      c.push(sql`${folders.folderType} NOT IN ('trash', 'spam')`);
    }
    if (filter.categoryId !== undefined) c.push(eq(emails.categoryId, filter.categoryId));
    if (filter.hasCategory === false) c.push(sql`${emails.categoryId} IS NULL`);
    if (filter.hasCategory === true) c.push(sql`${emails.categoryId} IS NOT NULL`);
    if (filter.read !== undefined) c.push(eq(emails.isRead, filter.read));
    if (filter.flagged !== undefined) c.push(eq(emails.isFlagged, filter.flagged));
    if (filter.threadId !== undefined) c.push(eq(emails.threadId, filter.threadId));
    const tsquery = filter.query ? prefixQuery(filter.query) : undefined;
    if (tsquery) c.push(sql`${emails.searchVector} @@ to_tsquery('german', ${tsquery})`);
    return c;
  }

  return {
    async list(
      userId: string,
      filter: EmailFilter,
      page: { limit: number; after?: Cursor | undefined; oldestFirst?: boolean },
    ) {
      const c = conditions(userId, filter);
      if (page.after) {
        c.push(
          sql`(${emails.receivedAt}, ${emails.id}) < (${page.after.receivedAt.toISOString()}::timestamptz, ${page.after.id})`,
        );
      }
      return db
        .select(listColumns)
        .from(emails)
        .innerJoin(folders, eq(folders.id, emails.folderId))
        .innerJoin(accounts, eq(accounts.id, emails.accountId))
        .where(and(...c))
        .orderBy(
          ...(page.oldestFirst
            ? [asc(emails.receivedAt), asc(emails.id)]
            : [desc(emails.receivedAt), desc(emails.id)]),
        )
        .limit(page.limit);
    },

    async find(userId: string, id: number) {
      const [row] = await db
        .select(listColumns)
        .from(emails)
        .innerJoin(folders, eq(folders.id, emails.folderId))
        .innerJoin(accounts, eq(accounts.id, emails.accountId))
        .where(and(eq(emails.userId, userId), eq(emails.id, id)))
        .limit(1);
      return row;
    },

    async findMany(userId: string, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select(listColumns)
        .from(emails)
        .innerJoin(folders, eq(folders.id, emails.folderId))
        .innerJoin(accounts, eq(accounts.id, emails.accountId))
        .where(and(eq(emails.userId, userId), inArray(emails.id, ids)));
    },

    /** Addresses the user corresponds with, most frequent first; those written to count double. */
    async suggestContacts(
      userId: string,
      query: string,
      limit = 10,
    ): Promise<{ name: string; address: string; count: number }[]> {
      const like = `%${query
        .trim()
        .toLowerCase()
        .replace(/[%_\\]/g, '\\$&')}%`;
      const raw: unknown = await db.execute(sql`
        SELECT address, max(name) AS name, sum(weight)::int AS count FROM (
          SELECT lower(e.from_address) AS address, e.from_name AS name, 1 AS weight
            FROM emails e WHERE e.user_id = ${userId} AND e.from_address <> ''
          UNION ALL
          SELECT lower(a->>'address'), a->>'name', 2
            FROM emails e JOIN folders f ON f.id = e.folder_id, jsonb_array_elements(e.to_addresses || e.cc_addresses) a
            WHERE e.user_id = ${userId} AND f.folder_type = 'sent'
        ) c
        WHERE address LIKE ${like} OR lower(name) LIKE ${like}
        GROUP BY address ORDER BY count DESC, address LIMIT ${limit}`);
      const result = raw as { rows: { name: string | null; address: string; count: number }[] };
      return result.rows.map((r) => ({
        name: r.name ?? '',
        address: r.address,
        count: Number(r.count),
      }));
    },

    async update(id: number, patch: Partial<typeof emails.$inferInsert>): Promise<void> {
      await db.update(emails).set(patch).where(eq(emails.id, id));
    },

    async delete(ids: number[]): Promise<void> {
      if (ids.length) await db.delete(emails).where(inArray(emails.id, ids));
    },
  };
}

export type EmailsRepository = ReturnType<typeof createEmailsRepository>;
export type EmailListRow = Awaited<ReturnType<EmailsRepository['list']>>[number];
