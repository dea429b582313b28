import type { PGlite } from '@electric-sql/pglite';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryWithUtf8Param } from '../../db/pglite-raw.ts';
import { emails, folders } from '../../db/schema/index.ts';
import { plausibleDate } from '../../mail/mime/envelope.ts';
import type { AddressEntry, AttachmentMeta } from '../../db/schema/emails.ts';
import { INSERT_COLUMNS, rowsAsJson, storable } from './email-row-json.ts';
import {
  keepCategories,
  keepCategoriesOfUids,
  newestEmailId,
  reapplyKeptCategories,
} from './kept-categories.ts';

export type EmailRow = typeof emails.$inferSelect;
export type NewEmailRow = typeof emails.$inferInsert;

export interface BodyUpdate {
  id: number;
  bodyStatus: 'ok' | 'failed';
  bodyText?: string;
  bodyHtml?: string | null;
  searchText?: string | null;
  preview?: string;
  parseError: string | null;
  /** Set where the body showed the stored headers to be misread (Latin-1 bytes). */
  subject?: string;
  fromName?: string;
  fromAddress?: string;
  toAddresses?: AddressEntry[];
  ccAddresses?: AddressEntry[];
  bccAddresses?: AddressEntry[];
  replyTo?: AddressEntry[];
  /** Set where a file name was misread the same way, or the text held files (yEnc). */
  attachments?: AttachmentMeta[];
  /** Set where the text held files: the list shows the paperclip. */
  hasAttachments?: boolean;
}

/** A repaired list as a JSON text; null keeps the stored one. */
const listJson = (list: unknown[] | undefined) =>
  list?.length ? JSON.stringify(list, storable) : null;

/** The queries the sync engine needs; the API's own queries live in emails.repository.ts. */
const JSON_OID = 114;

/** Inserts the JSON rows in `param`; complete rows go to the search queue in the same statement. */
function insertStatement(param: string): string {
  const columns = INSERT_COLUMNS.join(', ');
  return `WITH inserted AS (
      INSERT INTO emails (${columns})
      SELECT ${columns} FROM json_populate_recordset(NULL::emails, ${param}::json)
      ON CONFLICT DO NOTHING
      RETURNING id, body_status),
    queued AS (
      INSERT INTO email_search_queue (email_id)
      SELECT id FROM inserted WHERE body_status <> 'pending' ON CONFLICT DO NOTHING)
    SELECT count(*)::int AS n FROM inserted`;
}

const [INSERT_HEAD = '', INSERT_TAIL = ''] = insertStatement('{PARAM}').split('{PARAM}');

/** SQLSTATE classes of errors caused by the data itself (22 data exception, 23 constraint, 54 limits). */
function isDataError(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && /^(22|23|54)[0-9A-Z]{3}$/.test(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The parts of a row that cannot be refused: ids, flags, a short subject and sender. */
function reducedRow(row: Record<string, unknown>, error: unknown): Record<string, unknown> {
  const short = (value: unknown, length: number) =>
    typeof value === 'string' ? value.slice(0, length) : '';
  return {
    ...row,
    message_id: null,
    in_reply_to: null,
    references: [],
    thread_id: null,
    subject: short(row.subject, 500),
    from_name: short(row.from_name, 300),
    from_address: short(row.from_address, 300),
    to_addresses: [],
    cc_addresses: [],
    bcc_addresses: [],
    reply_to: [],
    sent_at: null,
    received_at:
      plausibleDate(row.received_at as string)?.toISOString() ?? new Date().toISOString(),
    preview: short(row.preview, 200),
    body_status: 'failed',
    body_text: null,
    body_html: null,
    search_text: null,
    attachments: [],
    parse_error: `Not storable as received: ${String((error as Error).message).slice(0, 200)}`,
  };
}

/** `pglite`: the embedded database behind `db`, when it is one (for the raw insert path). */
export function createEmailSyncRepository(db: Db, pglite?: PGlite) {
  /** A message whose text is final goes to the search indexer's queue (search-indexer.ts). */
  async function enqueueForSearch(ids: number[]) {
    if (ids.length === 0) return;
    await db.execute(sql`
      INSERT INTO email_search_queue (email_id)
      SELECT unnest(${sql.param(ids)}::bigint[]) ON CONFLICT DO NOTHING`);
  }

  /**
   * Rows serialised by rowsAsJson: as a string, or UTF-8 encoded (the bulk fetch's workers encode
   * off this thread; on PGlite the bytes go to the database as they are, see pglite-raw.ts).
   */
  async function insertJson(json: string | Uint8Array): Promise<number> {
    try {
      return await insertJsonOnce(json);
    } catch (error) {
      if (!isDataError(error)) throw error;
      return insertOneByOne(json);
    }
  }

  /**
   * A value the database refuses (an index entry too long, a date out of range) must cost one
   * message its details, not the whole batch and every later sync: the rows go in one at a time,
   * and a refused one is stored with what is certainly storable, marked as broken.
   */
  async function insertOneByOne(json: string | Uint8Array): Promise<number> {
    const text = typeof json === 'string' ? json : new TextDecoder().decode(json);
    const rows = JSON.parse(text) as Record<string, unknown>[];
    let inserted = 0;
    for (const row of rows) {
      try {
        inserted += await insertJsonOnce(JSON.stringify([row]));
      } catch (error) {
        if (!isDataError(error)) throw error;
        inserted += await insertJsonOnce(JSON.stringify([reducedRow(row, error)]));
      }
    }
    return inserted;
  }

  async function insertJsonOnce(json: string | Uint8Array): Promise<number> {
    if (typeof json !== 'string' && pglite) {
      const rows = await queryWithUtf8Param(pglite, insertStatement('$1'), json, JSON_OID);
      return Number(rows[0]?.[0] ?? 0);
    }
    // node-postgres sends a Buffer as it is, in the binary format, which for json is its UTF-8
    // text (json_recv): no decoding here and no encoding again in the driver.
    const param =
      typeof json === 'string' ? json : Buffer.from(json.buffer, json.byteOffset, json.byteLength);
    const result = await db.execute(sql`${sql.raw(INSERT_HEAD)}${param}${sql.raw(INSERT_TAIL)}`);
    return Number((result as { rows: { n?: number }[] }).rows[0]?.n ?? 0);
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

    /**
     * One statement per batch with the rows as a single JSON parameter: building 30 bind
     * parameters per row cost more main-thread time than PGlite's insert itself. Complete rows
     * go to the search queue in the same statement.
     */
    async insertMany(rows: NewEmailRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      return insertJson(rowsAsJson(rows));
    },

    insertJson,

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
        .select({
          id: emails.id,
          uid: emails.uid,
          size: emails.size,
          attachments: emails.attachments,
        })
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
      const col = <T>(pick: (u: BodyUpdate) => T) => updates.map((u) => storable('', pick(u)) as T);
      await db.execute(sql`
        UPDATE emails AS e SET
          body_status = v.body_status,
          body_text = CASE WHEN v.body_status = 'ok' THEN v.body_text ELSE e.body_text END,
          body_html = CASE WHEN v.body_status = 'ok' THEN v.body_html ELSE e.body_html END,
          search_text = CASE WHEN v.body_status = 'ok' THEN v.search_text ELSE e.search_text END,
          preview = CASE WHEN v.body_status = 'ok' THEN v.preview ELSE e.preview END,
          parse_error = v.parse_error,
          subject = coalesce(nullif(v.subject, ''), e.subject),
          from_name = coalesce(nullif(v.from_name, ''), e.from_name),
          from_address = coalesce(nullif(v.from_address, ''), e.from_address),
          to_addresses = coalesce(v.to_addresses::jsonb, e.to_addresses),
          cc_addresses = coalesce(v.cc_addresses::jsonb, e.cc_addresses),
          bcc_addresses = coalesce(v.bcc_addresses::jsonb, e.bcc_addresses),
          reply_to = coalesce(v.reply_to::jsonb, e.reply_to),
          attachments = coalesce(v.attachments::jsonb, e.attachments),
          has_attachments = e.has_attachments OR coalesce(v.has_attachments, false)
        FROM unnest(
          ${sql.param(col((u) => u.id))}::bigint[],
          ${sql.param(col((u) => u.bodyStatus))}::text[],
          ${sql.param(col((u) => u.bodyText ?? null))}::text[],
          ${sql.param(col((u) => u.bodyHtml ?? null))}::text[],
          ${sql.param(col((u) => u.searchText ?? null))}::text[],
          ${sql.param(col((u) => u.preview ?? null))}::text[],
          ${sql.param(col((u) => u.parseError))}::text[],
          ${sql.param(col((u) => u.subject ?? null))}::text[],
          ${sql.param(col((u) => u.fromName ?? null))}::text[],
          ${sql.param(col((u) => u.fromAddress ?? null))}::text[],
          ${sql.param(col((u) => listJson(u.toAddresses)))}::text[],
          ${sql.param(col((u) => listJson(u.ccAddresses)))}::text[],
          ${sql.param(col((u) => listJson(u.bccAddresses)))}::text[],
          ${sql.param(col((u) => listJson(u.replyTo)))}::text[],
          ${sql.param(col((u) => listJson(u.attachments)))}::text[],
          ${sql.param(col((u) => u.hasAttachments ?? null))}::boolean[]
        ) AS v(id, body_status, body_text, body_html, search_text, preview, parse_error, subject, from_name, from_address, to_addresses, cc_addresses, bcc_addresses, reply_to, attachments, has_attachments)
        WHERE e.id = v.id`);
      await enqueueForSearch(updates.map((u) => u.id));
    },

    /** Marks a stored message whose source the server cannot deliver; false when none is stored. */
    async markUnreadable(folderId: number, uid: number, reason: string): Promise<boolean> {
      const result = (await db.execute(sql`
        UPDATE emails SET body_status = 'failed', parse_error = ${reason}
        WHERE folder_id = ${folderId} AND uid = ${uid}
        RETURNING id`)) as { rows: unknown[] };
      return result.rows.length > 0;
    },

    /** Categories by Message-ID, kept across a UIDVALIDITY change (the user's work must survive). */
    keepCategories: (folderIds: number[]) => keepCategories(db, folderIds),
    keepCategoriesOfUids: (folderId: number, uids: number[]) =>
      keepCategoriesOfUids(db, folderId, uids),

    reapplyKeptCategories: (accountId: number, storedAfterId: number) =>
      reapplyKeptCategories(db, accountId, storedAfterId),
    newestEmailId: () => newestEmailId(db),

    async deleteFolderEmails(folderId: number): Promise<void> {
      await db.delete(emails).where(eq(emails.folderId, folderId));
    },

    async touchFolder(folderId: number): Promise<void> {
      await db.update(folders).set({ lastSyncedAt: new Date() }).where(eq(folders.id, folderId));
    },

    async touchFolders(folderIds: number[]): Promise<void> {
      if (folderIds.length === 0) return;
      await db
        .update(folders)
        .set({ lastSyncedAt: new Date() })
        .where(inArray(folders.id, folderIds));
    },

    /**
     * Once a folder's messages are stored, its counts come from them: both in one pass over the
     * folder's rows (two subqueries read a large folder twice).
     */
    async recountFolder(folderId: number): Promise<void> {
      await db.execute(sql`
        UPDATE folders SET (total_emails, unread_emails) = (
          SELECT count(*)::int, (count(*) FILTER (WHERE NOT is_read))::int
          FROM emails WHERE folder_id = ${folderId}
        ), last_synced_at = now()
        WHERE id = ${folderId}`);
    },

    /**
     * Refreshes the planner's statistics. PGlite runs no autovacuum, so without this a grown
     * mailbox keeps the statistics of an empty one and every list sorts the whole table.
     */
    async analyze(): Promise<void> {
      // Only the columns lists filter and sort by: sampling the large text columns cost most of
      // the time and told the planner nothing it uses.
      await db.execute(
        sql`ANALYZE emails (user_id, account_id, folder_id, mail_date, is_read, is_flagged, category_id, thread_id, message_id, body_status)`,
      );
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
