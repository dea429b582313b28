import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { fetchAccount } from '@brieftaube/test-support/mail-fixtures.ts';
import { startSmtpServer, type TestSmtpServer } from '@brieftaube/test-support/smtp-server.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';
import { startLiveSync } from '@brieftaube/server/mail/live/live-sync.ts';

const BLOCKED =
  'Diese Serveradresse führt in ein internes Netz und ist hier nicht erlaubt. Bitte geben Sie die Adresse des Mailservers Ihres Anbieters an.';

/** A relay to a test server on this machine that counts every connection reaching it. */
async function countingRelay(targetPort: number) {
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted += 1;
    const upstream = net.connect(targetPort, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    const done = () => {
      socket.destroy();
      upstream.destroy();
    };
    for (const side of [socket, upstream]) {
      side.on('close', done);
      side.on('error', done);
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    accepted: () => accepted,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

// PGlite runs as on a laptop (its own networks allowed), PostgreSQL as a provider's server
// without an allow-list: there the test servers on 127.0.0.1 stand for the provider's own network.
describe.each(DATABASE_KINDS)('where the server may connect, on %s', (kind) => {
  const serverMode = kind === 'postgres';
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let imapRelay: Awaited<ReturnType<typeof countingRelay>>;
  let smtpRelay: Awaited<ReturnType<typeof countingRelay>>;
  let owner: ApiUser;
  const address = 'intern@beispiel.de';

  beforeAll(async () => {
    [t, dovecot, smtp] = await Promise.all([
      startTestApp(
        kind,
        { MAIL_ALLOWED_HOSTS: '', MAIL_CONNECT_TIMEOUT_SECONDS: '3' },
        { jobs: true },
      ),
      startDovecot([{ user: address, password: 'pw' }]),
      startSmtpServer({ [address]: 'pw' }),
    ]);
    [imapRelay, smtpRelay] = await Promise.all([
      countingRelay(dovecot.imapPort),
      countingRelay(smtp.port),
    ]);
    owner = await registerApiUser(t.app, 'netz');
  });
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.close()]);
    await Promise.all([imapRelay?.close(), smtpRelay?.close()]);
  });

  const settings = (host = '127.0.0.1') => ({
    email_address: address,
    imap_server: host,
    imap_port: imapRelay.port,
    imap_security: 'none',
    smtp_server: host,
    smtp_port: smtpRelay.port,
    smtp_security: 'none',
    password: 'pw',
  });
  const connections = () => imapRelay.accepted() + smtpRelay.accepted();

  it('tests settings on this machine only where its networks are allowed', async () => {
    // 0.0.0.0 reaches this machine too; 2130706433 is 127.0.0.1 as one number.
    for (const host of ['127.0.0.1', 'localhost', '0.0.0.0', '2130706433']) {
      const before = connections();
      const res = await owner.request({
        method: 'POST',
        url: '/api/actions/test-connection/',
        payload: settings(host),
      });
      expect(res.statusCode, res.body).toBe(200);
      const result = res.json<{ imap: { error_code: string | null; message: string | null } }>();
      if (serverMode) {
        expect(result.imap).toMatchObject({ error_code: 'HOST_BLOCKED', message: BLOCKED });
        expect(res.json()).toMatchObject({ smtp: { error_code: 'HOST_BLOCKED' } });
        expect(connections()).toBe(before);
      } else if (host === '127.0.0.1' || host === 'localhost') {
        expect(res.json()).toMatchObject({ success: true });
        expect(connections()).toBe(before + 2);
      }
    }
  });

  it('never tries a cloud metadata address, in any of its spellings', async () => {
    for (const host of ['169.254.169.254', '2852039166', '0251.0376.0251.0376']) {
      const res = await owner.request({
        method: 'POST',
        url: '/api/actions/test-connection/',
        payload: { ...settings(host), imap_port: 80, smtp_port: 80 },
      });
      // Refused before any packet: not a timeout, not "refused by the host".
      expect(res.json(), host).toMatchObject({
        imap: { error_code: 'HOST_BLOCKED', message: BLOCKED },
        smtp: { error_code: 'HOST_BLOCKED' },
      });
    }
  });

  it('keeps a saved account, its fetch, its actions, its mail and its live sync to the policy', async () => {
    const created = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: settings(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const accountId = created.json<{ id: number }>().id;
    const before = connections();

    const task = await fetchAccount(owner, accountId);
    const folders = await owner.request({
      method: 'POST',
      url: '/api/folders/sync_account_folders/',
      payload: { account_id: accountId },
    });
    const sent = await owner.request({
      method: 'POST',
      url: '/api/emails/send/',
      payload: { account: accountId, to: 'jemand@beispiel.de', subject: 'Hallo', text: 'Test' },
    });
    if (!serverMode) {
      expect(task.status, task.message).toBe('SUCCESS');
      expect(folders.statusCode).toBe(200);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(connections()).toBeGreaterThan(before);
      return;
    }
    expect(task).toMatchObject({ status: 'FAILURE', result: { error_code: 'HOST_BLOCKED' } });
    expect(task.message).toContain('internes Netz');
    expect(folders.statusCode).toBe(502);
    expect(folders.json()).toMatchObject({
      error: { fields: { server: ['HOST_BLOCKED'] }, message: BLOCKED },
    });
    expect(sent.statusCode).toBe(502);
    expect(sent.json()).toMatchObject({
      error: { code: 'SEND_FAILED', fields: { smtp: ['HOST_BLOCKED'] } },
    });

    // An account that was fetched before the policy came: its live sync stays away too, and
    // says why on the account.
    await t.database.db.execute(
      sql`UPDATE accounts SET last_sync_at = now(), last_sync_error = NULL WHERE id = ${accountId}`,
    );
    const live = await startLiveSync(t.database, t.services.sync, {
      pollSeconds: 600,
      rescanSeconds: 600,
      backoffMs: 100,
    });
    try {
      expect(live.watching()).toContain(accountId);
      let error: string | null = null;
      for (let i = 0; i < 100 && !error; i++) {
        await new Promise((r) => setTimeout(r, 50));
        error = (await owner.request({ method: 'GET', url: `/api/accounts/${accountId}/` })).json<{
          last_sync_error: string | null;
        }>().last_sync_error;
      }
      expect(error).toContain('internes Netz');
    } finally {
      await live.stop();
    }
    expect(connections()).toBe(before);
  });
});
