import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { appendMessages } from '@brieftaube/test-support/mailbox.ts';
import {
  accountPayload,
  fetchAccount,
  imapClient,
} from '@brieftaube/test-support/mail-fixtures.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';
import { bodyFromParts } from '../../src/mail/mime/parse-message.ts';
import { earlierHtmlToText } from '../../src/mail/mime/plain-text.ts';
import { TEXT_REDERIVE_QUEUE } from '../../src/mail/sync/text-rederiver.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../src/db/migrations');

/** The statement of the migration that queues stored mail for a new text (run as an upgrade would). */
function queueStatement(): string {
  const file = fs.readdirSync(MIGRATIONS).find((f) => /_rederive_html_text\.sql$/.test(f));
  if (!file) throw new Error('no migration queues stored mail for a new text');
  const statements = fs
    .readFileSync(path.join(MIGRATIONS, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim());
  return statements.find((s) => s.startsWith('INSERT INTO "email_text_queue"'))!;
}

const bill = (n: number) =>
  `<p>Sehr geehrte Frau Wagner,</p><p>Ihre <b>Jahresabrechnung 2026</b>. Ihr Guthaben beträgt <strong>${n},50&nbsp;€</strong>.</p>`;

interface Row {
  id: number;
  subject: string;
  body_text: string;
  preview: string;
}

describe.each(DATABASE_KINDS)('stored mail after the HTML-to-text step changed, on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let owner: ApiUser;
  let accountId: number;
  const address = `text-${kind}@beispiel.de`;

  beforeAll(async () => {
    [t, dovecot] = await Promise.all([startTestApp(kind, {}, { jobs: true }), startDovecot()]);
    owner = await registerApiUser(t.app, 'text');
    dovecot.addUser(address, 'pw');
    const client = await imapClient(dovecot, address);
    await appendMessages(client, 'INBOX', [
      { subject: 'Abrechnung HTML', html: bill(12), date: new Date('2026-11-02T09:00:00Z') },
      { subject: 'Abrechnung Job', html: bill(30), date: new Date('2026-11-03T09:00:00Z') },
      {
        subject: 'Abrechnung mit Text',
        // The sender's own text part, odd spacing and all: it stays as written.
        text: 'Ihre Jahresabrechnung 2026 . Guthaben: 7,50 €',
        html: bill(7),
        date: new Date('2026-11-01T09:00:00Z'),
      },
    ]);
    await client.logout();
    const account = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: accountPayload(dovecot, address),
    });
    accountId = account.json<{ id: number }>().id;
    const synced = await fetchAccount(owner, accountId);
    if (synced.status !== 'SUCCESS') throw new Error(`sync failed: ${synced.message}`);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  /** The rows as an earlier version stored them: text and preview made with a space per tag. */
  const storeAsEarlierVersion = async (subject: string) => {
    const [row] = await queryRows<{ id: number; body_html: string }>(
      t.database.db,
      sql`SELECT id::int AS id, body_html FROM emails WHERE account_id = ${accountId} AND subject = ${subject}`,
    );
    const earlier = bodyFromParts(earlierHtmlToText(row.body_html), undefined);
    await t.database.db.execute(
      sql`UPDATE emails SET body_text = ${earlier.text}, preview = ${earlier.preview}, search_text = ${earlier.searchText} WHERE id = ${row.id}`,
    );
    return row.id;
  };
  const rows = async () =>
    queryRows<Row>(
      t.database.db,
      sql`SELECT id::int AS id, subject, body_text, preview FROM emails WHERE account_id = ${accountId} ORDER BY subject`,
    );
  const queued = async () =>
    Number(
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM email_text_queue`,
        )
      )[0].n,
    );

  it('is made again from what is stored with the next sync of its account', async () => {
    const id = await storeAsEarlierVersion('Abrechnung HTML');
    const before = await rows();
    expect(before.find((r) => r.id === id)!.preview).toContain('Jahresabrechnung 2026 . Ihr');
    await t.database.db.execute(sql.raw(queueStatement()));
    expect(await queued()).toBe(3);

    const synced = await fetchAccount(owner, accountId);
    expect(synced.status).toBe('SUCCESS');
    expect(await queued()).toBe(0);
    const after = await rows();
    const html = after.find((r) => r.id === id)!;
    expect(html.preview).toBe(
      'Sehr geehrte Frau Wagner, Ihre Jahresabrechnung 2026. Ihr Guthaben beträgt 12,50 €.',
    );
    expect(html.body_text).toContain('Jahresabrechnung 2026. Ihr Guthaben');
    // Through the API as the list and the detail show it.
    const item = (await owner.request({ method: 'GET', url: `/api/emails/${id}/` })).json<{
      preview: string;
      body_text: string;
    }>();
    expect(item.preview).toBe(html.preview);
    const own = after.find((r) => r.subject === 'Abrechnung mit Text')!;
    expect(own.body_text.trimEnd()).toBe('Ihre Jahresabrechnung 2026 . Guthaben: 7,50 €');
    // The mail is searched by its new text: queued for the index, which the sync then drained.
    const res = await owner.request({ method: 'GET', url: '/api/emails/?q=Jahresabrechnung' });
    expect(res.json<{ id: number }[]>().map((e) => e.id)).toContain(id);
  });

  it('is made again by the job each process starts, without any sync', async () => {
    const id = await storeAsEarlierVersion('Abrechnung Job');
    await t.database.db.execute(sql.raw(queueStatement()));
    expect(await queued()).toBe(3);
    await t.services.jobs.send(TEXT_REDERIVE_QUEUE, {});
    for (let i = 0; i < 200 && (await queued()) > 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await queued()).toBe(0);
    const row = (await rows()).find((r) => r.id === id)!;
    expect(row.preview).toContain('Jahresabrechnung 2026. Ihr Guthaben beträgt 30,50 €.');
  });
});
