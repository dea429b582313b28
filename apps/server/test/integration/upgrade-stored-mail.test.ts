import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { releasedDatabase } from '@brieftaube/test-support/released-database.ts';
import { DATABASE_KINDS, queryRows } from '@brieftaube/test-support/test-app.ts';

/** The last migration of the release before the sender's date and the new HTML text. */
const BEFORE = '0014_unfiled_sent';

const STORED = [
  // subject, Date header, arrival, HTML, text, body status
  ['Importiert', '2019-03-04T09:00:00Z', '2026-11-20T08:00:00Z', null, 'Hallo', 'ok'],
  ['Ohne Datum', null, '2026-11-20T09:00:00Z', null, 'Hallo', 'ok'],
  ['Aus der Zukunft', '2099-01-01T00:00:00Z', '2026-11-20T10:00:00Z', null, 'Hallo', 'ok'],
  ['Newsletter', '2026-11-19T07:00:00Z', '2026-11-19T07:01:00Z', '<b>2026</b>.', '2026 .', 'ok'],
  ['Noch ohne Inhalt', '2026-11-18T07:00:00Z', '2026-11-18T07:01:00Z', null, null, 'pending'],
] as const;

const opened: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
});

describe.each(DATABASE_KINDS)('mail stored before the upgrade, on %s', (kind) => {
  it("gets the sender's date and is queued for a new text, without a new sync", async () => {
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
    let uid = 0;
    for (const [subject, sent, received, html, text, status] of STORED)
      await db.execute(sql`
        INSERT INTO emails (user_id, account_id, folder_id, uid, subject, sent_at, received_at, body_html, body_text, body_status)
        SELECT user_id, account_id, id, ${++uid}, ${subject}, ${sent}::timestamptz, ${received}::timestamptz, ${html}, ${text}, ${status}
        FROM folders`);

    await database.upgrade();

    const rows = await queryRows<{ subject: string; mail_date: string | Date; queued: boolean }>(
      db,
      sql`SELECT subject, mail_date, EXISTS (SELECT 1 FROM email_text_queue q WHERE q.email_id = e.id) AS queued
        FROM emails e ORDER BY mail_date DESC, id DESC`,
    );
    const dates = rows.map((r) => [r.subject, new Date(r.mail_date).toISOString()]);
    expect(dates).toEqual([
      ['Aus der Zukunft', '2026-11-20T10:00:00.000Z'],
      ['Ohne Datum', '2026-11-20T09:00:00.000Z'],
      ['Newsletter', '2026-11-19T07:00:00.000Z'],
      ['Noch ohne Inhalt', '2026-11-18T07:00:00.000Z'],
      ['Importiert', '2019-03-04T09:00:00.000Z'],
    ]);
    // Only what has a text made from HTML; a body still to come is made by the new step anyway.
    expect(rows.filter((r) => r.queued).map((r) => r.subject)).toEqual(['Newsletter']);
  });
});
