import net from 'node:net';
import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import {
  accountPayload,
  fetchAccount,
  imapClient,
  waitForTask,
} from '@brieftaube/test-support/mail-fixtures.ts';
import { appendMessages, generateMessages } from '@brieftaube/test-support/mailbox.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';

// Dovecot's own per user+IP limit, made small: the app's bound per account (3) stays below it,
// as the default (5) stays below Dovecot's default (10) and Gmail's 15 per account.
const DOVECOT_LIMIT = 4;

interface ListedEmail {
  id: number;
}

/** A TCP relay to Dovecot that counts the connections open through it at the same time. */
async function countingRelay(targetPort: number) {
  let open = 0;
  let most = 0;
  let total = 0;
  const server = net.createServer((socket) => {
    open += 1;
    total += 1;
    most = Math.max(most, open);
    let counted = true;
    const upstream = net.connect(targetPort, '127.0.0.1');
    const done = () => {
      // The app's FIN is the end of its session, however long the relay takes to tear down.
      if (counted) open -= 1;
      counted = false;
      socket.destroy();
      upstream.destroy();
    };
    socket.pipe(upstream).pipe(socket);
    for (const side of [socket, upstream]) {
      side.on('end', done);
      side.on('close', done);
      side.on('error', done);
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    most: () => most,
    total: () => total,
    reset: () => {
      most = open;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.each(DATABASE_KINDS)('IMAP connections within bounds, on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let owner: ApiUser;
  let relay: Awaited<ReturnType<typeof countingRelay>>;

  beforeAll(async () => {
    dovecot = await startDovecot([], { maxUserIpConnections: DOVECOT_LIMIT });
    relay = await countingRelay(dovecot.imapPort);
    t = await startTestApp(
      kind,
      {
        MAIL_MAX_CONNECTIONS_PER_ACCOUNT: '3',
        MAIL_MAX_CONNECTIONS_PER_SERVER: '3',
        MAIL_SYNC_FIRST_PAGE: '20',
        MAIL_SYNC_WORKER_MIN: '1',
        MAIL_CONNECT_TIMEOUT_SECONDS: '5',
      },
      { jobs: true, liveSync: { pollSeconds: 600, rescanSeconds: 600 } },
    );
    owner = await registerApiUser(t.app, 'verbindungen');
  });
  afterAll(async () => {
    await t?.close();
    await relay?.close();
    await dovecot?.stop();
  });

  async function account(user: string, messages: number, port = dovecot.imapPort) {
    dovecot.addUser(user, 'pw');
    const client = await imapClient(dovecot, user);
    await appendMessages(client, 'INBOX', generateMessages(messages));
    await client.logout();
    const created = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: { ...accountPayload(dovecot, user), imap_port: port },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number }>().id;
  }

  const listed = async (accountId: number) =>
    (
      await owner.request({ method: 'GET', url: `/api/emails/?accounts=${accountId}&limit=200` })
    ).json<ListedEmail[]>();

  it("reports Dovecot's refusal of one more session as too many connections, not as a wrong password", async () => {
    const user = 'voll@beispiel.de';
    const accountId = await account(user, 3);
    // Another mail client of the same user holds every session Dovecot allows.
    const others: ImapFlow[] = [];
    for (let i = 0; i < DOVECOT_LIMIT; i++) others.push(await imapClient(dovecot, user));
    try {
      const test = await owner.request({
        method: 'POST',
        url: `/api/accounts/${accountId}/test_connection/`,
      });
      const imap = test.json<{ imap: { error_code: string; message: string; error: string } }>()
        .imap;
      expect(imap.error_code).toBe('TOO_MANY_CONNECTIONS');
      expect(imap.message).toContain('zu viele gleichzeitige Verbindungen');
      expect(imap.error).toContain('Maximum number of connections');

      const task = await fetchAccount(owner, accountId);
      expect(task.status).toBe('FAILURE');
      expect(task.message).toContain('zu viele gleichzeitige Verbindungen');
      expect(task.message).not.toContain('Anmeldung');
      expect(task.result).toMatchObject({ error_code: 'TOO_MANY_CONNECTIONS' });

      const action = await owner.request({
        method: 'POST',
        url: '/api/folders/sync_account_folders/',
        payload: { account_id: accountId },
      });
      expect(action.statusCode).toBe(502);
      expect(action.json<{ error: { message: string } }>().error.message).toContain(
        'zu viele gleichzeitige Verbindungen',
      );
    } finally {
      await Promise.all(others.map((c) => c.logout()));
    }
    // Once the other client lets go, the same account works.
    expect((await fetchAccount(owner, accountId)).status).toBe('SUCCESS');
  });

  it('queues a fetch with its workers, the live sync and many actions of one account within its bound', async () => {
    const user = 'viel@beispiel.de';
    const accountId = await account(user, 130);
    const countAll = () =>
      owner.request({
        method: 'POST',
        url: '/api/folders/update_all_counts/',
        payload: { account_id: accountId },
      });
    // A first fetch of 130 messages: the first page, then the rest through the bulk workers with
    // sessions of their own; beside it ten actions that each need a session. Together far more
    // than Dovecot allows this user at once.
    const started = await owner.request({
      method: 'POST',
      url: `/api/tasks/fetch-emails/${accountId}/`,
    });
    expect(started.statusCode).toBe(202);
    const during = await Promise.all(Array.from({ length: 10 }, countAll));
    for (const res of during) expect(res.statusCode, res.body).toBe(200);
    const task = await waitForTask(owner, started.json<{ task_id: string }>().task_id);
    expect(task.status, task.message).toBe('SUCCESS');
    const emails = await listed(accountId);
    expect(emails).toHaveLength(130);

    // The fetch made the account live: its IDLE session now holds one of the three for good.
    await until(() => t.queue!.live!.watching().includes(accountId));
    const actions = await Promise.all([
      ...emails.slice(0, 8).map((e) =>
        owner.request({
          method: 'PATCH',
          url: `/api/emails/${e.id}/`,
          payload: { is_read: true },
        }),
      ),
      ...emails
        .slice(0, 4)
        .map((e) => owner.request({ method: 'GET', url: `/api/emails/${e.id}/raw/` })),
      countAll(),
      countAll(),
    ]);
    for (const res of actions) expect(res.statusCode, res.body).toBe(200);
    expect(dovecot.log()).not.toMatch(/Maximum number of connections[^\n]*user=<viel@/);
  });

  it('holds one server to its bound across accounts', async () => {
    const ids: number[] = [];
    for (const user of ['a1@beispiel.de', 'a2@beispiel.de', 'a3@beispiel.de', 'a4@beispiel.de'])
      ids.push(await account(`${kind}-${user}`, 2, relay.port));
    relay.reset();
    const before = relay.total();
    const results = await Promise.all(
      ids.flatMap((id) =>
        [0, 1, 2].map(() =>
          owner.request({
            method: 'POST',
            url: '/api/folders/update_all_counts/',
            payload: { account_id: id },
          }),
        ),
      ),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    expect(relay.total() - before).toBe(12);
    expect(relay.most()).toBeLessThanOrEqual(3);
  });
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
