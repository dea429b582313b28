import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { appendMessages, generateMessages } from '@brieftaube/test-support/mailbox.ts';
import {
  accountPayload,
  fetchAccount,
  imapClient,
} from '@brieftaube/test-support/mail-fixtures.ts';
import { startSmtpServer, type TestSmtpServer } from '@brieftaube/test-support/smtp-server.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';

const MAIL_PASSWORD = 'Postfach-Geheimnis-0815';
const WRONG_PASSWORD = 'Falsches-Geheimnis-4711';

/** Every way a password could show up: plain, and inside an AUTH PLAIN or LOGIN exchange. */
function forms(user: string, password: string): string[] {
  return [
    password,
    Buffer.from(password).toString('base64'),
    Buffer.from(`\0${user}\0${password}`).toString('base64'),
  ];
}

describe.each(DATABASE_KINDS)('mail passwords on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let user: ApiUser;
  let logged = '';
  const address = `geheim-${kind}@beispiel.de`;

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (logged += chunk.toString()));
    [t, dovecot, smtp] = await Promise.all([
      startTestApp(
        kind,
        { LOG_LEVEL: 'trace', MAIL_CONNECT_TIMEOUT_SECONDS: '5' },
        { jobs: true, logStream: stream },
      ),
      startDovecot([{ user: address, password: MAIL_PASSWORD }]),
      startSmtpServer({ [address]: MAIL_PASSWORD }),
    ]);
    user = await registerApiUser(t.app, 'geheim');
    const imap = await imapClient(dovecot, address, MAIL_PASSWORD);
    await appendMessages(imap, 'INBOX', generateMessages(5));
    await imap.logout();
  }, 60_000);
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.close()]);
  });

  it('appear neither in the logs nor anywhere in the database, whatever the mail operation', async () => {
    const settings = accountPayload(dovecot, address, {
      smtpPort: smtp.port,
      password: MAIL_PASSWORD,
    });
    // Connection tests, right and wrong, saved and unsaved.
    await user.request({ method: 'POST', url: '/api/actions/test-connection/', payload: settings });
    await user.request({
      method: 'POST',
      url: '/api/actions/test-connection/',
      payload: { ...settings, password: WRONG_PASSWORD },
    });
    const account = (
      await user.request({ method: 'POST', url: '/api/accounts/', payload: settings })
    ).json<{ id: number; password?: unknown }>();
    expect(account.password).toBeUndefined();
    await user.request({ method: 'POST', url: `/api/accounts/${account.id}/test_connection/` });
    // A sync, a message sent, a refused send kept as a draft.
    expect((await fetchAccount(user, account.id)).status).toBe('SUCCESS');
    const mail = { account: account.id, to: 'jemand@beispiel.de', subject: 'Hallo', text: 'Hallo' };
    expect(
      (await user.request({ method: 'POST', url: '/api/emails/send/', payload: mail })).statusCode,
    ).toBe(200);
    smtp.failNext(554, 'Transaction failed');
    await user.request({ method: 'POST', url: '/api/emails/send/', payload: mail });
    smtp.failNext(null);
    // The wrong password saved: sync and send fail, and the failure is logged.
    await user.request({
      method: 'PATCH',
      url: `/api/accounts/${account.id}/`,
      payload: { password: WRONG_PASSWORD },
    });
    expect((await fetchAccount(user, account.id)).status).toBe('FAILURE');
    await user.request({ method: 'POST', url: '/api/emails/send/', payload: mail });
    for (const row of (
      await user.request({ method: 'GET', url: `/api/accounts/${account.id}/` })
    ).body.split('\n'))
      expect(row).not.toContain(WRONG_PASSWORD);

    expect(logged).toContain('fetch task failed');
    const secrets = [...forms(address, MAIL_PASSWORD), ...forms(address, WRONG_PASSWORD)];
    for (const secret of secrets) expect(logged, 'log').not.toContain(secret);

    // Every row of every table (the app's and the job queue's) as text.
    const tables = await queryRows<{ name: string }>(
      t.database.db,
      sql`SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
          WHERE table_schema IN ('public', 'pgboss') AND table_type = 'BASE TABLE'`,
    );
    let scanned = 0;
    for (const { name } of tables) {
      const result: unknown = await t.database.db.execute(
        sql.raw(`SELECT t::text AS row FROM ${name} t`),
      );
      const { rows } = result as { rows: { row: string }[] };
      for (const { row } of rows) {
        scanned += 1;
        for (const secret of secrets) expect(row, `${name}`).not.toContain(secret);
      }
    }
    expect(scanned).toBeGreaterThan(10);
  }, 120_000);
});
