import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emails, folders } from '../../db/schema/index.ts';

export type EmailRow = typeof emails.$inferSelect;
export type NewEmailRow = typeof emails.$inferInsert;

export interface BodyUpdate {
  id: number;
  bodyStatus: 'ok' | 'failed';
  bodyText?: string;
  bodyHtml?: string | null;
  searchText?: string;
  preview?: string;
  parseError: string | null;
}

/** The queries the sync engine needs; the API's own queries live in emails.repository.ts. */
export function createEmailSyncRepository(db: Db) {
  /** A message whose text is final goes to the search indexer's queue (search-indexer.ts). */
  async function enqueueForSearch(ids: number[]) {
    if (ids.length === 0) return;
    await db.execute(sql`
      INSERT INTO email_search_queue (email_id)
      SELECT unnest(${sql.param(ids)}::bigint[]) ON CONFLICT DO NOTHING`);
  }

  return {
    async localUids(folderId: number): Promise<Set<number>> {
      const rows = await db
        .select({ uid: emails.uid })
        .from(emails)
        .where(eq(emails.folderId, folderId));
      return new Set(rows.map((r) => r.uid));
    },

    async localFlags(folderId: number): Promise<Map<number, string[]>> {
      const rows = await db
        .select({ uid: emails.uid, flags: emails.flags })
        .from(emails)
        .where(eq(emails.folderId, folderId));
      return new Map(rows.map((r) => [r.uid, r.flags]));
    },

    /** Flags of just these messages; a QRESYNC answer names few of a large folder's. */
    async localFlagsFor(folderId: number, uids: number[]): Promise<Map<number, string[]>> {
      const found = new Map<number, string[]>();
      for (let i = 0; i < uids.length; i += 1000) {
        const rows = await db
          .select({ uid: emails.uid, flags: emails.flags })
          .from(emails)
          .where(and(eq(emails.folderId, folderId), inArray(emails.uid, uids.slice(i, i + 1000))));
        for (const r of rows) found.set(r.uid, r.flags);
      }
      return found;
    },

    async countFolder(folderId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(emails)
        .where(eq(emails.folderId, folderId));
      return Number(row?.n ?? 0);
    },

    async insertMany(rows: NewEmailRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db
        .insert(emails)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: emails.id, bodyStatus: emails.bodyStatus });
      await enqueueForSearch(inserted.filter((r) => r.bodyStatus !== 'pending').map((r) => r.id));
      return inserted.length;
    },

    async updateFlags(
      folderId: number,
      uid: number,
      flags: string[],
      modseq: bigint | null,
    ): Promise<void> {
      await db
        .update(emails)
        .set({
          flags,
          isRead: flags.includes('\\Seen'),
          isFlagged: flags.includes('\\Flagged'),
          isAnswered: flags.includes('\\Answered'),
          isDraft: flags.includes('\\Draft'),
          ...(modseq !== null ? { modseq } : {}),
        })
        .where(and(eq(emails.folderId, folderId), eq(emails.uid, uid)));
    },

    /** Returns how many were stored (a VANISHED list may name UIDs never stored here). */
    async deleteUids(folderId: number, uids: number[]): Promise<number> {
      let deleted = 0;
      for (let i = 0; i < uids.length; i += 1000) {
        const rows = await db
          .delete(emails)
          .where(and(eq(emails.folderId, folderId), inArray(emails.uid, uids.slice(i, i + 1000))))
          .returning({ id: emails.id });
        deleted += rows.length;
      }
      return deleted;
    },

    /** Newest first: the mail a person is most likely to open next gets its body first. */
    pendingBodies(folderId: number, limit: number) {
      return db
        .select({ id: emails.id, uid: emails.uid, size: emails.size })
        .from(emails)
        .where(and(eq(emails.folderId, folderId), eq(emails.bodyStatus, 'pending')))
        .orderBy(desc(emails.uid))
        .limit(limit);
    },

    /**
     * A whole batch of bodies in one statement: per-row UPDATEs cost a round trip and a plan each,
     * which on PGlite made storing slower than fetching and parsing together. A failed message
     * keeps whatever body columns it had (none) and gets its error.
     */
    async setBodies(updates: BodyUpdate[]): Promise<void> {
      if (updates.length === 0) return;
      const col = <T>(pick: (u: BodyUpdate) => T) => updates.map(pick);
      await db.execute(sql`
        UPDATE emails AS e SET
          body_status = v.body_status,
          body_text = CASE WHEN v.body_status = 'ok' THEN v.body_text ELSE e.body_text END,
          body_html = CASE WHEN v.body_status = 'ok' THEN v.body_html ELSE e.body_html END,
          search_text = CASE WHEN v.body_status = 'ok' THEN v.search_text ELSE e.search_text END,
          preview = CASE WHEN v.body_status = 'ok' THEN v.preview ELSE e.preview END,
          parse_error = v.parse_error
        FROM unnest(
          ${sql.param(col((u) => u.id))}::bigint[],
          ${sql.param(col((u) => u.bodyStatus))}::text[],
          ${sql.param(col((u) => u.bodyText ?? null))}::text[],
          ${sql.param(col((u) => u.bodyHtml ?? null))}::text[],
          ${sql.param(col((u) => u.searchText ?? null))}::text[],
          ${sql.param(col((u) => u.preview ?? null))}::text[],
          ${sql.param(col((u) => u.parseError))}::text[]
        ) AS v(id, body_status, body_text, body_html, search_text, preview, parse_error)
        WHERE e.id = v.id`);
      await enqueueForSearch(updates.map((u) => u.id));
    },

    /** Categories by Message-ID, kept across a UIDVALIDITY change (the user's work must survive). */
    async categoryAssignments(folderId: number) {
      return db
        .select({
          messageId: emails.messageId,
          categoryId: emails.categoryId,
          source: emails.categorySource,
        })
        .from(emails)
        .where(
          and(
            eq(emails.folderId, folderId),
            sql`${emails.categoryId} IS NOT NULL AND ${emails.messageId} IS NOT NULL`,
          ),
        );
    },

    async reapplyCategories(
      folderId: number,
      assignments: {
        messageId: string | null;
        categoryId: number | null;
        source: 'user' | 'ai' | null;
      }[],
    ) {
      for (const a of assignments) {
        if (!a.messageId) continue;
        await db
          .update(emails)
          .set({ categoryId: a.categoryId, categorySource: a.source })
          .where(and(eq(emails.folderId, folderId), eq(emails.messageId, a.messageId)));
      }
    },

    async deleteFolderEmails(folderId: number): Promise<void> {
      await db.delete(emails).where(eq(emails.folderId, folderId));
    },

    async touchFolder(folderId: number): Promise<void> {
      await db.update(folders).set({ lastSyncedAt: new Date() }).where(eq(folders.id, folderId));
    },

    /** Once a folder's messages are stored, its counts come from them. */
    async recountFolder(folderId: number): Promise<void> {
      await db
        .update(folders)
        .set({
          totalEmails: sql`(SELECT count(*) FROM emails WHERE folder_id = ${folderId})::int`,
          unreadEmails: sql`(SELECT count(*) FROM emails WHERE folder_id = ${folderId} AND NOT is_read)::int`,
          lastSyncedAt: new Date(),
        })
        .where(eq(folders.id, folderId));
    },

    /**
     * Refreshes the planner's statistics. PGlite runs no autovacuum, so without this a grown
     * mailbox keeps the statistics of an empty one and every list sorts the whole table.
     */
    async analyze(): Promise<void> {
      await db.execute(sql`ANALYZE emails`);
      await db.execute(sql`ANALYZE folders`);
    },

    async setFolderSyncState(
      folderId: number,
      state: { uidValidity: bigint; uidNext: bigint | null; highestModseq: bigint | null },
    ) {
      await db.update(folders).set(state).where(eq(folders.id, folderId));
    },
  };
}

export type EmailSyncRepository = ReturnType<typeof createEmailSyncRepository>;
