import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export const SEARCH_INDEX_QUEUE = 'search.index';

/**
 * A tsvector holds at most 1 MB; a long enough text (a log file, a book) would make to_tsvector
 * fail and with it every batch that contains the message. The first 100,000 characters of a mail
 * are what anyone searches for.
 */
const MAX_INDEXED_CHARS = 100_000;

/**
 * People as words: "Anna Beispiel <anna.beispiel@firma.de>" also as "anna beispiel firma de", since
 * the parser keeps an address as one token and a search for "firma.de" or "beispiel" must find it.
 */
const people = (text: string) => `(${text}) || ' ' || translate(${text}, '@._+-', '     ')`;
/** "Übersicht_März-2026.pdf" also as "Übersicht März 2026 pdf": what a search for "März" needs. */
const FILE_NAMES =
  `coalesce((SELECT string_agg(coalesce(a->>'filename', ''), ' ') FROM jsonb_array_elements(` +
  `CASE WHEN jsonb_typeof(e.attachments) = 'array' THEN e.attachments ELSE '[]'::jsonb END) a), '')`;
const RECIPIENTS =
  `coalesce((SELECT string_agg(coalesce(r->>'name', '') || ' ' || coalesce(r->>'address', ''), ' ') ` +
  `FROM jsonb_array_elements(e.to_addresses || e.cc_addresses) r), '')`;

/**
 * Subject (A), sender, recipients and attachment names (B) and the mail's own words (C), stemmed by the German
 * configuration. A reply's quote is left out (the quoted mail is in the mailbox itself, and a
 * search would list every reply beside it); a forward's quoted part is indexed (D), since the
 * forwarded mail usually exists nowhere else in the mailbox.
 */
const VECTOR = sql.raw(
  `setweight(to_tsvector('german', coalesce(e.subject, '')), 'A') || ` +
    `setweight(to_tsvector('german', ${people(`coalesce(e.from_name, '') || ' ' || coalesce(e.from_address, '')`)}), 'B') || ` +
    `setweight(to_tsvector('german', left(${people(RECIPIENTS)}, ${MAX_INDEXED_CHARS})), 'B') || ` +
    `setweight(to_tsvector('german', left(${people(FILE_NAMES)}, ${MAX_INDEXED_CHARS})), 'B') || ` +
    `setweight(to_tsvector('german', left(coalesce(e.search_text, e.body_text, ''), ${MAX_INDEXED_CHARS})), 'C') || ` +
    `CASE WHEN e.search_text IS NULL OR e.subject !~* '^\\s*(wg|fwd?|weitergeleitet|tr)\\s*:' THEN ''::tsvector ` +
    `ELSE setweight(to_tsvector('german', left(coalesce(e.body_text, ''), ${MAX_INDEXED_CHARS})), 'D') END`,
);

export interface SearchIndexer {
  /** Indexes up to `limit` queued messages, newest first; returns how many. */
  indexQueued(limit: number): Promise<number>;
  /** Indexes until the queue is empty. */
  drain(batch?: number): Promise<number>;
  /** Hands the queue to a background job (bulk syncs); set once the job queue runs. */
  schedule(): Promise<void>;
  attachScheduler(schedule: () => Promise<void>): void;
}

/**
 * Builds the full-text index apart from the sync (ADR 0010). Small changes (IDLE, incremental
 * syncs) are indexed at once by the sync itself; a large first sync leaves its messages queued
 * for a background job, so the mailbox is listable and readable before it is fully searchable.
 * SKIP LOCKED lets several workers drain one queue without doing anything twice.
 */
export function createSearchIndexer(db: Db): SearchIndexer {
  let scheduler: (() => Promise<void>) | undefined;
  const indexer: SearchIndexer = {
    async indexQueued(limit) {
      const result = await db.execute(sql`
        WITH picked AS (
          DELETE FROM email_search_queue WHERE email_id IN (
            SELECT email_id FROM email_search_queue ORDER BY email_id DESC
            LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING email_id)
        INSERT INTO email_search (email_id, user_id, vector)
        SELECT e.id, e.user_id, ${VECTOR} FROM emails e JOIN picked p ON p.email_id = e.id
        ON CONFLICT (email_id) DO UPDATE SET vector = EXCLUDED.vector
        RETURNING email_id`);
      return (result as { rows: unknown[] }).rows.length;
    },

    async drain(batch = 500) {
      let total = 0;
      for (;;) {
        const n = await indexer.indexQueued(batch);
        total += n;
        if (n < batch) return total;
        // PGlite runs each query synchronously on this thread, and a resolved query continues
        // this loop before any socket is read: without a turn of the event loop here, API
        // requests would wait until the whole queue is indexed.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },

    async schedule() {
      if (scheduler) await scheduler();
      else await indexer.drain();
    },

    attachScheduler(schedule) {
      scheduler = schedule;
    },
  };
  return indexer;
}
