import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { releasedDatabase } from '@brieftaube/test-support/released-database.ts';
import { DATABASE_KINDS, queryRows } from '@brieftaube/test-support/test-app.ts';
import { createSearchIndexer } from '../../src/mail/search/search-indexer.ts';

/** The last migration before the index held HTML-only words and compound parts (ADR 0016). */
const BEFORE = '0019_account_time_zone';

const opened: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
});

describe.each(DATABASE_KINDS)('search index of mail stored before the upgrade, on %s', (kind) => {
  it("is made again with the HTML's words and compound parts, without a new sync", async () => {
    const database = await releasedDatabase(kind, BEFORE);
    opened.push(database);
    const { db } = database;
    await db.execute(sql`
      WITH u AS (
        INSERT INTO users (username, email, password_hash) VALUES ('alt', 'alt@beispiel.de', 'x')
        RETURNING id),
      a AS (
        INSERT INTO accounts (user_id, email_address, imap_server, imap_port, imap_security, smtp_server, smtp_port, smtp_security)
        SELECT id, 'alt@beispiel.de', 'imap.beispiel.de', 993, 'ssl', 'smtp.beispiel.de', 465, 'ssl' FROM u
        RETURNING id, user_id)
      INSERT INTO folders (user_id, account_id, path, name, folder_type)
      SELECT user_id, id, 'INBOX', 'INBOX', 'inbox' FROM a`);
    await db.execute(sql`
      INSERT INTO emails (user_id, account_id, folder_id, uid, subject, sent_at, received_at, body_html, body_text, body_status)
      SELECT user_id, account_id, id, 1, 'Newsletter Oktober', now(), now(),
        '<p>Neu: Quittenmarmelade und Ihre Jahresabrechnung</p>', 'Unser Newsletter im Oktober.', 'ok'
      FROM folders`);
    // Indexed as that release did: the text part only.
    await db.execute(sql`
      INSERT INTO email_search (email_id, user_id, vector)
      SELECT id, user_id, to_tsvector('german', subject || ' ' || body_text) FROM emails`);
    const found = async (word: string) =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM email_search WHERE vector @@ to_tsquery('german', ${word})`,
        )
      )[0].n;
    expect(await found('quittenmarmelade')).toBe(0);

    await database.upgrade();
    const [queued] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM email_search_queue`,
    );
    expect(queued.n).toBe(1);
    expect(await createSearchIndexer(db).drain()).toBe(1);
    expect(await found('quittenmarmelade')).toBe(1);
    expect(await found('abrechnung')).toBe(1);
    expect(await found('newsletter')).toBe(1);
    // A fresh PGlite and twenty migrations take a while on a loaded machine.
  }, 120_000);
});
