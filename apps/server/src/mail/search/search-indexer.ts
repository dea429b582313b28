import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { extraWords, MAX_EXTRA_CHARS } from './index-words.ts';

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

/** A forward's quoted part is the forwarded mail, which usually exists nowhere else. */
const IS_FORWARD = `(e.search_text IS NOT NULL AND coalesce(e.subject, '') ~* '^\\s*(wg|fwd?|weitergeleitet|tr)\\s*:')`;

/**
 * Subject (A), sender (B), the mail's own words (C) and recipients (D), stemmed by the German
 * configuration; each field has a weight of its own, so that the search operators from:, to:
 * and subject: are lookups in the same GIN index (`rechnung:*A`). A reply's quote is left out (the
 * quoted mail is in the mailbox itself, and a search would list every reply beside it); a
 * forward's quoted part is indexed with the mail's words. What only JavaScript can tell (compound
 * parts, the HTML part's own words: index-words.ts) comes in as x.subject_extra and x.body_extra.
 */
const VECTOR = sql.raw(
  `setweight(to_tsvector('german', coalesce(e.subject, '') || ' ' || x.subject_extra), 'A') || ` +
    `setweight(to_tsvector('german', ${people(`coalesce(e.from_name, '') || ' ' || coalesce(e.from_address, '')`)}), 'B') || ` +
    `setweight(to_tsvector('german', left(${people(RECIPIENTS)}, ${MAX_INDEXED_CHARS})), 'D') || ` +
    `setweight(to_tsvector('german', left(${people(FILE_NAMES)}, ${MAX_INDEXED_CHARS})), 'C') || ` +
    `setweight(to_tsvector('german', left(coalesce(e.search_text, e.body_text, ''), ${MAX_INDEXED_CHARS})), 'C') || ` +
    `CASE WHEN NOT ${IS_FORWARD} THEN ''::tsvector ` +
    `ELSE setweight(to_tsvector('german', left(coalesce(e.body_text, ''), ${MAX_INDEXED_CHARS})), 'C') END || ` +
    `setweight(to_tsvector('german', x.body_extra), 'C')`,
);

/** Everything index-words.ts reads, for the queued messages newest first. */
const SOURCES = sql.raw(
  `e.id, e.subject, left(e.body_text, ${MAX_INDEXED_CHARS}) AS body_text, ` +
    `left(coalesce(e.search_text, e.body_text, ''), ${MAX_INDEXED_CHARS}) || ` +
    `CASE WHEN ${IS_FORWARD} THEN E'\\n' || left(coalesce(e.body_text, ''), ${MAX_INDEXED_CHARS}) ELSE '' END AS own_text, ` +
    `left(e.body_html, ${MAX_EXTRA_CHARS * 4}) AS body_html, ${FILE_NAMES} AS file_names`,
);

interface SourceRow {
  id: number | string;
  subject: string | null;
  body_text: string | null;
  own_text: string;
  body_html: string | null;
  file_names: string;
}

/**
 * What is read into JavaScript at once: up to 500 messages, fewer when their texts add up to
 * more than 8 MB (a newsletter's HTML can be a few hundred KB). Each chunk is two statements;
 * at 50 a chunk, 100,000 short mails took PostgreSQL twice as long as one statement had.
 */
const CHUNK = 500;
const CHUNK_BYTES = 8_000_000;
/** What one message counts towards a chunk at most: what SOURCES reads of it. */
const MESSAGE_BYTES = (MAX_INDEXED_CHARS * 2 + MAX_EXTRA_CHARS * 4) * 2;

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

  /**
   * Reads up to `limit` queued messages (fewer where they are large), works out their extra words, then takes them off the
   * queue and writes their vectors in one statement. The app opens no interactive transactions
   * (pglite-raw.ts), so the queue is not locked while JavaScript works: a crash in between leaves
   * the messages queued, and a second worker that picked the same ones finds them gone at its
   * DELETE and writes nothing (it only did the JavaScript part twice).
   */
  async function indexChunk(limit: number): Promise<{ picked: number; written: number }> {
    // octet_length reads a stored text's size from its TOAST header, without the text.
    const read: unknown = await db.execute(sql`
      WITH q AS (SELECT email_id FROM email_search_queue ORDER BY email_id DESC LIMIT ${limit}),
      sized AS (
        SELECT e.id, least(${MESSAGE_BYTES}, coalesce(octet_length(e.body_html), 0) +
          coalesce(octet_length(e.body_text), 0) + coalesce(octet_length(e.search_text), 0)) AS bytes
        FROM emails e JOIN q ON q.email_id = e.id),
      running AS (
        SELECT id, sum(bytes) OVER (ORDER BY id DESC ROWS UNBOUNDED PRECEDING) - bytes AS before
        FROM sized)
      SELECT ${SOURCES} FROM emails e JOIN running r ON r.id = e.id
      WHERE r.before < ${CHUNK_BYTES}
      ORDER BY e.id DESC`);
    const picked = (read as { rows: SourceRow[] }).rows;
    // A queued id always has its message (ON DELETE CASCADE): nothing read, nothing queued.
    if (picked.length === 0) return { picked: 0, written: 0 };
    const extras = picked.map((row) => {
      const words = extraWords({
        subject: row.subject,
        bodyText: row.body_text,
        ownText: row.own_text,
        bodyHtml: row.body_html,
        fileNames: row.file_names,
      });
      return { id: Number(row.id), subject_extra: words.subject, body_extra: words.body };
    });
    const result = await db.execute(sql`
      WITH x AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(extras)}::jsonb)
          AS x(id bigint, subject_extra text, body_extra text)),
      taken AS (
        DELETE FROM email_search_queue WHERE email_id IN (SELECT id FROM x) RETURNING email_id)
      INSERT INTO email_search (email_id, user_id, vector)
      SELECT e.id, e.user_id, ${VECTOR} FROM emails e JOIN taken t ON t.email_id = e.id JOIN x ON x.id = e.id
      ON CONFLICT (email_id) DO UPDATE SET vector = EXCLUDED.vector
      RETURNING email_id`);
    return { picked: picked.length, written: (result as { rows: unknown[] }).rows.length };
  }

  const indexer: SearchIndexer = {
    async indexQueued(limit) {
      let total = 0;
      for (let read = 0; read < limit;) {
        const { picked, written } = await indexChunk(Math.min(CHUNK, limit - read));
        if (picked === 0) break;
        read += picked;
        total += written;
        // One statement per chunk, not per call: on PGlite, requests get a turn in between.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return total;
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
