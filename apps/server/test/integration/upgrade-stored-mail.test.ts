import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestPostgresDatabase } from '@brieftaube/test-support/postgres.ts';
import { DATABASE_KINDS, queryRows } from '@brieftaube/test-support/test-app.ts';
import type { Db } from '../../src/db/client.ts';
import { applyMigrations, type MigrationTarget } from '../../src/db/migrate.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../src/db/migrations');
/** The last migration of the release before the sender's date and the new HTML text. */
const BEFORE = '0014_unfiled_sent';

/** The migrations folder as that release shipped it. */
function releasedMigrations(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === BEFORE);
  const entries = journal.entries.slice(0, last + 1);
  for (const { tag } of entries)
    fs.copyFileSync(path.join(MIGRATIONS, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  fs.writeFileSync(
    path.join(dir, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries }, null, 2),
  );
  return dir;
}

/** A database of that release, with `db` to query it and `upgrade` to start this version on it. */
async function releasedDatabase(kind: 'pglite' | 'postgres') {
  const folder = releasedMigrations();
  if (kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const pglite = await PGlite.create();
    const db = drizzle(pglite);
    await migrate(db, { migrationsFolder: folder });
    const target: MigrationTarget = { kind: 'pglite', db: db as unknown as Db };
    return {
      db: db as unknown as Db,
      upgrade: () => applyMigrations(target),
      close: async () => {
        await pglite.close();
        fs.rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const database = await createTestPostgresDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const db = drizzle(pool);
  await migrate(db, { migrationsFolder: folder });
  return {
    db: db as unknown as Db,
    upgrade: () => applyMigrations({ kind: 'postgres', pool }),
    close: async () => {
      await pool.end();
      await database.drop();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

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
    const database = await releasedDatabase(kind);
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
