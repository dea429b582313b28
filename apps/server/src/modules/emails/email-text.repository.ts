import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storable } from './email-row-json.ts';

export interface QueuedText {
  id: number;
  bodyText: string | null;
  bodyHtml: string | null;
  searchText: string | null;
  preview: string;
}

export interface TextUpdate {
  id: number;
  bodyText: string;
  searchText: string | null;
  preview: string;
}

/** The queue of stored mail whose text is made again (schema emailTextQueue). */
export function createEmailTextRepository(db: Db) {
  return {
    /** Queued mail, newest first: of one account, or of every account. */
    async queued(limit: number, accountId?: number): Promise<QueuedText[]> {
      const result = (await db.execute(sql`
        SELECT e.id::int AS id, e.body_text, e.body_html, e.search_text, e.preview
        FROM email_text_queue q JOIN emails e ON e.id = q.email_id
        ${accountId === undefined ? sql`` : sql`WHERE e.account_id = ${accountId}`}
        ORDER BY q.email_id DESC LIMIT ${limit}`)) as {
        rows: {
          id: number;
          body_text: string | null;
          body_html: string | null;
          search_text: string | null;
          preview: string;
        }[];
      };
      return result.rows.map((r) => ({
        id: Number(r.id),
        bodyText: r.body_text,
        bodyHtml: r.body_html,
        searchText: r.search_text,
        preview: r.preview,
      }));
    },

    /** New texts in one statement; the mails go to the search indexer's queue again. */
    async setTexts(updates: TextUpdate[]): Promise<void> {
      if (updates.length === 0) return;
      const col = <T>(pick: (u: TextUpdate) => T) => updates.map((u) => storable('', pick(u)) as T);
      await db.execute(sql`
        UPDATE emails AS e SET body_text = v.body_text, search_text = v.search_text, preview = v.preview
        FROM unnest(
          ${sql.param(col((u) => u.id))}::bigint[],
          ${sql.param(col((u) => u.bodyText))}::text[],
          ${sql.param(col((u) => u.searchText))}::text[],
          ${sql.param(col((u) => u.preview))}::text[]
        ) AS v(id, body_text, search_text, preview)
        WHERE e.id = v.id`);
      await db.execute(sql`
        INSERT INTO email_search_queue (email_id)
        SELECT unnest(${sql.param(updates.map((u) => u.id))}::bigint[]) ON CONFLICT DO NOTHING`);
    },

    async dequeue(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.execute(
        sql`DELETE FROM email_text_queue WHERE email_id = ANY(${sql.param(ids)}::bigint[])`,
      );
    },
  };
}

export type EmailTextRepository = ReturnType<typeof createEmailTextRepository>;
