import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, emails, folders } from '../../db/schema/index.ts';
import { typesNamed } from '../../mail/imap/folder-types.ts';
import { hasOperators, type SearchQuery } from '../../mail/search/search-query.ts';
import { fullTextQuery } from './email-search-sql.ts';

export interface EmailFilter {
  accountIds?: number[];
  folderIds?: number[];
  folderName?: string;
  folderTypes?: string[];
  categoryIds?: number[];
  hasCategory?: boolean;
  read?: boolean;
  flagged?: boolean;
  /** The search box's text, parsed (mail/search/search-query.ts). */
  search?: SearchQuery;
  /** Any of these thread ids (a thread whose parts were named by different ancestors). */
  threadIds?: string[];
}

export interface Cursor {
  /** The mail date (emails.mail_date) of the last row of the previous page. */
  date: Date;
  id: number;
}

// What a list row needs; the bodies and the search vector stay in the database.
const {
  bodyText: _bodyText,
  bodyHtml: _bodyHtml,
  searchText: _searchText,
  ...listEmailColumns
} = getTableColumns(emails);

const listColumns = {
  email: emails,
  accountEmail: accounts.emailAddress,
  folderName: folders.name,
  folderPath: folders.path,
  folderType: folders.folderType,
  folderUidValidity: folders.uidValidity,
};

/** in:sent, in:inbox: the folder types by their English names, as Gmail's operators use them. */
const FOLDER_TYPES = new Set(['inbox', 'sent', 'drafts', 'archive', 'spam', 'trash']);

/** A folder named by name, path, the German name the app shows it by, or its type. */
function folderNamed(name: string): SQL {
  const lower = name.toLocaleLowerCase('de');
  const types: string[] = typesNamed(name);
  if (FOLDER_TYPES.has(lower)) types.push(lower);
  return types.length
    ? sql`(lower(${folders.name}) = ${lower} OR lower(${folders.path}) = ${lower} OR ${inArray(folders.folderType, types as never[])})`
    : sql`(lower(${folders.name}) = ${lower} OR lower(${folders.path}) = ${lower})`;
}

export function createEmailsRepository(db: Db) {
  /** Conditions on the e-mail rows themselves; folder conditions are resolved to ids first. */
  function conditions(
    userId: string,
    folderIds: number[],
    filter: EmailFilter,
  ): (SQL | undefined)[] {
    const c: (SQL | undefined)[] = [eq(emails.userId, userId), inArray(emails.folderId, folderIds)];
    // Redundant with the folders, but it lets the planner walk the account's own date index
    // instead of the user's whole mailbox, filtering out the other accounts' mail row by row.
    if (filter.accountIds?.length) c.push(inArray(emails.accountId, filter.accountIds));
    if (filter.categoryIds?.length) c.push(inArray(emails.categoryId, filter.categoryIds));
    if (filter.hasCategory === false) c.push(sql`${emails.categoryId} IS NULL`);
    if (filter.hasCategory === true) c.push(sql`${emails.categoryId} IS NOT NULL`);
    if (filter.read !== undefined) c.push(eq(emails.isRead, filter.read));
    if (filter.flagged !== undefined) c.push(eq(emails.isFlagged, filter.flagged));
    if (filter.threadIds !== undefined) c.push(inArray(emails.threadId, filter.threadIds));
    const search = filter.search;
    if (!search) return c;
    if (search.read !== undefined) c.push(eq(emails.isRead, search.read));
    if (search.flagged !== undefined) c.push(eq(emails.isFlagged, search.flagged));
    if (search.hasAttachment) c.push(eq(emails.hasAttachments, true));
    if (search.after) c.push(sql`${emails.mailDate} >= ${search.after.toISOString()}::timestamptz`);
    if (search.before)
      c.push(sql`${emails.mailDate} < ${search.before.toISOString()}::timestamptz`);
    const match = fullTextQuery(search);
    // The index lives in its own table (see schema emailSearch); the GIN lookup runs first.
    if (match)
      c.push(
        sql`${emails.id} IN (SELECT email_id FROM email_search WHERE user_id = ${userId} AND vector @@ ${match})`,
      );
    else if (search.words && !hasOperators(search)) {
      // No word to look up ("🎉", "€"): the full-text index has none of it, so the subject is
      // searched as text. Dropping the filter would answer with the whole mailbox.
      const like = `%${search.words.replace(/[%_\\]/g, '\\$&')}%`;
      c.push(sql`${emails.subject} ILIKE ${like}`);
    }
    return c;
  }

  /** The user's folders a list may show, with what each row needs for display. */
  async function visibleFolders(userId: string, filter: EmailFilter) {
    const c: (SQL | undefined)[] = [eq(folders.userId, userId)];
    if (filter.accountIds?.length) c.push(inArray(folders.accountId, filter.accountIds));
    if (filter.folderIds?.length) c.push(inArray(folders.id, filter.folderIds));
    // The name the lists show ("Gesendet" for "Sent") finds the folder as its own name does.
    if (filter.folderName) c.push(folderNamed(filter.folderName));
    // in:<folder> in the search box narrows whatever list it is typed into.
    const inFolder = filter.search?.folder;
    if (inFolder) c.push(folderNamed(inFolder));
    if (filter.folderTypes?.length)
      c.push(inArray(folders.folderType, filter.folderTypes as never[]));
    else if (
      !filter.folderIds?.length &&
      !filter.folderName &&
      !inFolder &&
      filter.threadIds === undefined
    ) {
      // The unified view shows all mail but what the user threw away or the server deemed spam.
      c.push(sql`${folders.folderType} NOT IN ('trash', 'spam')`);
    }
    return db
      .select({
        id: folders.id,
        accountId: folders.accountId,
        name: folders.name,
        path: folders.path,
        folderType: folders.folderType,
        uidValidity: folders.uidValidity,
        accountEmail: accounts.emailAddress,
      })
      .from(folders)
      .innerJoin(accounts, eq(accounts.id, folders.accountId))
      .where(and(...c));
  }

  return {
    /**
     * A page of a list, newest mail date first. The folders are resolved first (a user has few),
     * so that the page itself is one walk down a (user | folder | account | category, mail_date)
     * index that stops after `limit` rows; a join in the same query made the planner sort the
     * whole mailbox instead.
     */
    async list(
      userId: string,
      filter: EmailFilter,
      page: { limit: number; after?: Cursor | undefined; oldestFirst?: boolean; offset?: number },
    ) {
      const visible = await visibleFolders(userId, filter);
      if (visible.length === 0) return [];
      const byId = new Map(visible.map((f) => [f.id, f]));
      const c = conditions(userId, [...byId.keys()], filter);
      if (page.after) {
        c.push(
          sql`(${emails.mailDate}, ${emails.id}) < (${page.after.date.toISOString()}::timestamptz, ${page.after.id})`,
        );
      }
      const rows = await db
        .select(listEmailColumns)
        .from(emails)
        .where(and(...c))
        .orderBy(
          ...(page.oldestFirst
            ? [asc(emails.mailDate), asc(emails.id)]
            : [desc(emails.mailDate), desc(emails.id)]),
        )
        .limit(page.limit)
        .offset(page.offset ?? 0);
      return rows.map((email) => {
        const folder = byId.get(email.folderId)!;
        return {
          email,
          accountEmail: folder.accountEmail,
          folderName: folder.name,
          folderPath: folder.path,
          folderType: folder.folderType,
          folderUidValidity: folder.uidValidity,
        };
      });
    },

    /**
     * Everything a bulk action needs to know about every message of a list, up to `cap` rows, for
     * "select all N" beyond the loaded pages. The folder's account and type come from `folders`.
     */
    async selection(userId: string, filter: EmailFilter, cap: number) {
      const visible = await visibleFolders(userId, filter);
      if (visible.length === 0) return { folders: visible, rows: [] };
      const rows = await db
        .select({
          id: emails.id,
          folderId: emails.folderId,
          isRead: emails.isRead,
          isFlagged: emails.isFlagged,
          categoryId: emails.categoryId,
        })
        .from(emails)
        .where(
          and(
            ...conditions(
              userId,
              visible.map((f) => f.id),
              filter,
            ),
          ),
        )
        .orderBy(desc(emails.mailDate), desc(emails.id))
        .limit(cap);
      return { folders: visible, rows };
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

    /** The id of the caller's message with this Message-ID, outside Drafts (the one a draft answers). */
    async idByMessageId(userId: string, messageId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: emails.id })
        .from(emails)
        .innerJoin(folders, eq(folders.id, emails.folderId))
        .where(
          and(
            eq(emails.userId, userId),
            eq(emails.messageId, messageId),
            sql`${folders.folderType} <> 'drafts'`,
          ),
        )
        .limit(1);
      return row?.id;
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

    /**
     * Every thread id one conversation goes by. A message that names only its parent (In-Reply-To
     * without References, as some clients send) has the parent's id as its thread id: up the
     * chain to the thread of the oldest message there is, and down to every message that named
     * one of them, a few steps each way.
     */
    async threadIdsOf(userId: string, threadId: string): Promise<string[]> {
      const ids = new Set([threadId]);
      let current = threadId;
      for (let step = 0; step < 10; step++) {
        const [parent] = await db
          .select({ threadId: emails.threadId })
          .from(emails)
          .where(and(eq(emails.userId, userId), eq(emails.messageId, current)))
          .limit(1);
        if (!parent?.threadId || ids.has(parent.threadId)) break;
        ids.add(parent.threadId);
        current = parent.threadId;
      }
      for (let step = 0; step < 10; step++) {
        const members = await db
          .selectDistinct({ messageId: emails.messageId })
          .from(emails)
          .where(and(eq(emails.userId, userId), inArray(emails.threadId, [...ids])))
          .limit(200);
        const fresh = members
          .map((m) => m.messageId)
          .filter((m): m is string => !!m && !ids.has(m));
        if (fresh.length === 0) break;
        // Only those some message has as its thread id widen the thread.
        const named = await db
          .selectDistinct({ threadId: emails.threadId })
          .from(emails)
          .where(and(eq(emails.userId, userId), inArray(emails.threadId, fresh)));
        fresh.forEach((m) => ids.add(m));
        if (named.length === 0) break;
      }
      return [...ids];
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
export type EmailFullRow = NonNullable<Awaited<ReturnType<EmailsRepository['find']>>>;
