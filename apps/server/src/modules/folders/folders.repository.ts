import { and, asc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { folders, type FolderType } from '../../db/schema/index.ts';
import { keepCategories } from '../emails/kept-categories.ts';

export type FolderRow = typeof folders.$inferSelect;
export type NewFolderRow = typeof folders.$inferInsert;

export interface FolderFilter {
  accountIds?: number[];
  types?: FolderType[];
  nameContains?: string;
  parentId?: number | null;
  syncEnabled?: boolean;
  /** A filter that can match nothing (only unknown values asked for). */
  nothing?: boolean;
}

export function createFoldersRepository(db: Db) {
  return {
    /** See kept-categories.ts: before folders gone from the server are dropped. */
    keepCategories: (folderIds: number[]) => keepCategories(db, folderIds),

    list(userId: string, filter: FolderFilter = {}): Promise<FolderRow[]> {
      const conditions: (SQL | undefined)[] = [eq(folders.userId, userId)];
      if (filter.nothing) conditions.push(sql`false`);
      if (filter.accountIds?.length) conditions.push(inArray(folders.accountId, filter.accountIds));
      if (filter.types?.length) conditions.push(inArray(folders.folderType, filter.types));
      if (filter.nameContains)
        conditions.push(
          sql`${folders.name} ILIKE ${`%${filter.nameContains.replace(/[%_\\]/g, '\\$&')}%`}`,
        );
      if (filter.parentId !== undefined) {
        conditions.push(
          filter.parentId === null
            ? sql`${folders.parentId} IS NULL`
            : eq(folders.parentId, filter.parentId),
        );
      }
      if (filter.syncEnabled !== undefined)
        conditions.push(eq(folders.syncEnabled, filter.syncEnabled));
      return db
        .select()
        .from(folders)
        .where(and(...conditions))
        .orderBy(asc(folders.accountId), asc(folders.path));
    },

    async find(userId: string, id: number): Promise<FolderRow | undefined> {
      const [row] = await db
        .select()
        .from(folders)
        .where(and(eq(folders.userId, userId), eq(folders.id, id)))
        .limit(1);
      return row;
    },

    async findByPath(accountId: number, path: string): Promise<FolderRow | undefined> {
      const [row] = await db
        .select()
        .from(folders)
        .where(and(eq(folders.accountId, accountId), eq(folders.path, path)))
        .limit(1);
      return row;
    },

    async insert(values: NewFolderRow): Promise<FolderRow> {
      const [row] = await db.insert(folders).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(id: number, patch: Partial<NewFolderRow>): Promise<FolderRow> {
      const [row] = await db.update(folders).set(patch).where(eq(folders.id, id)).returning();
      if (!row) throw new Error('folder vanished');
      return row;
    },

    /** After an IMAP RENAME the descendants' paths carry the new prefix too. */
    async renamePrefix(accountId: number, oldPrefix: string, newPrefix: string): Promise<void> {
      await db
        .update(folders)
        // substr counts characters, JavaScript's length UTF-16 units: an emoji is one and two.
        .set({ path: sql`${newPrefix} || substr(${folders.path}, ${[...oldPrefix].length + 1})` })
        .where(
          and(
            eq(folders.accountId, accountId),
            like(folders.path, `${oldPrefix.replace(/[%_\\]/g, '\\$&')}%`),
          ),
        );
    },

    /** Counts from the stored messages, after the app itself moved, deleted or (un)read mail. */
    async recount(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.execute(sql`
        UPDATE folders f SET (total_emails, unread_emails) = (
          SELECT count(*)::int, (count(*) FILTER (WHERE NOT e.is_read))::int
          FROM emails e WHERE e.folder_id = f.id
        )
        WHERE f.id = ANY(${sql.param(ids)}::int[])`);
    },

    async delete(ids: number[]): Promise<void> {
      if (ids.length) await db.delete(folders).where(inArray(folders.id, ids));
    },
  };
}

export type FoldersRepository = ReturnType<typeof createFoldersRepository>;
