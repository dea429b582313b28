import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { accountPayload, fetchAccount } from '@brieftaube/test-support/mail-fixtures.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';
import { CONNECTION_TESTS_PER_WINDOW } from '../../src/modules/accounts/accounts.service.ts';

/**
 * Some other service on a port: it accepts and hangs up at once. Whether a port answers like
 * this, refuses or stays silent is what a port scan through this server would learn.
 */
async function hangingUpService() {
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted += 1;
    socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    accepted: () => accepted,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.each(DATABASE_KINDS)('failed connections of saved accounts, on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let service: Awaited<ReturnType<typeof hangingUpService>>;
  let scanner: ApiUser;

  beforeAll(async () => {
    [t, dovecot, service] = await Promise.all([
      startTestApp(kind, { MAIL_CONNECT_TIMEOUT_SECONDS: '3' }, { jobs: true }),
      startDovecot([{ user: 'echt@beispiel.de', password: 'pw' }]),
      hangingUpService(),
    ]);
    scanner = await registerApiUser(t.app, 'scanner');
  });
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop(), service?.close()]);
  });

  const saveAccount = async (user: ApiUser, payload: object) => {
    const res = await user.request({ method: 'POST', url: '/api/accounts/', payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const listFolders = (user: ApiUser, accountId: number) =>
    user.request({
      method: 'POST',
      url: '/api/folders/sync_account_folders/',
      payload: { account_id: accountId },
    });

  it('count toward the per-user limit of connection tests; then nothing more is sent', async () => {
    // A real account of the same user, fetched before: its server is known to work.
    const real = await saveAccount(scanner, accountPayload(dovecot, 'echt@beispiel.de'));
    expect((await fetchAccount(scanner, real)).status).toBe('SUCCESS');
    const probe = await saveAccount(scanner, {
      email_address: 'sonde@beispiel.de',
      imap_server: '127.0.0.1',
      imap_port: service.port,
      smtp_server: '127.0.0.1',
      smtp_port: service.port,
      password: 'egal',
    });

    for (let i = 0; i < CONNECTION_TESTS_PER_WINDOW; i++) {
      const res = await listFolders(scanner, probe);
      expect(res.statusCode).toBe(502);
    }
    expect(service.accepted()).toBe(CONNECTION_TESTS_PER_WINDOW);

    const limited = await listFolders(scanner, probe);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json<{ error: { message: string } }>().error.message).toBe(
      'Zu viele fehlgeschlagene Verbindungsversuche in kurzer Zeit. Bitte warten Sie einige Minuten.',
    );
    const task = await fetchAccount(scanner, probe);
    expect(task).toMatchObject({ status: 'FAILURE', result: { error_code: 'TOO_MANY_ATTEMPTS' } });
    expect(task.message).toContain('Zu viele fehlgeschlagene Verbindungsversuche');
    const sent = await scanner.request({
      method: 'POST',
      url: '/api/emails/send/',
      payload: { account: probe, to: 'ziel@beispiel.de', subject: 'x', text: 'y' },
    });
    expect(sent.json()).toMatchObject({ error: { fields: { smtp: ['TOO_MANY_ATTEMPTS'] } } });
    // The same limit as the connection test of settings.
    const tested = await scanner.request({
      method: 'POST',
      url: `/api/accounts/${probe}/test_connection/`,
    });
    expect(tested.statusCode).toBe(429);
    expect(service.accepted()).toBe(CONNECTION_TESTS_PER_WINDOW);

    // The server that worked before still does, and another user is not held up.
    expect((await listFolders(scanner, real)).statusCode).toBe(200);
    const other = await registerApiUser(t.app, 'nachbar');
    const theirs = await saveAccount(other, {
      email_address: 'nachbar@beispiel.de',
      imap_server: '127.0.0.1',
      imap_port: service.port,
      smtp_server: '127.0.0.1',
      smtp_port: service.port,
      password: 'egal',
    });
    expect((await listFolders(other, theirs)).statusCode).toBe(502);
    expect(service.accepted()).toBe(CONNECTION_TESTS_PER_WINDOW + 1);
  });
});
