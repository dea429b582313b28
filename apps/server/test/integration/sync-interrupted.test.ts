import { sql } from 'drizzle-orm';
import { accountPayload, imapClient } from '@brieftaube/test-support/mail-fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { buildMessage, generateMessages } from '@brieftaube/test-support/mailbox.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';

interface TaskJson {
  status: string;
  percent: number;
  message: string;
}

describe.each(DATABASE_KINDS)('a mail server that goes away mid-sync, on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let owner: ApiUser;
  let accountId: number;
  const user = 'unterbrochen@beispiel.de';
  const imap = async () => {
    const client = await imapClient(dovecot, user);
    return client;
  };

  beforeAll(async () => {
    [t, dovecot] = await Promise.all([
      startTestApp(kind, { MAIL_CONNECT_TIMEOUT_SECONDS: '3' }, { jobs: true }),
      startDovecot([{ user, password: 'pw' }]),
    ]);
    owner = await registerApiUser(t.app, 'unterbrochen');
    const client = await imap();
    const messages = await Promise.all(generateMessages(1500).map((m) => buildMessage(m)));
    for (const raw of messages) await client.append('INBOX', raw, []);
    await client.logout();
    const account = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: accountPayload(dovecot, user),
    });
    accountId = account.json<{ id: number }>().id;
  }, 120_000);
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  const task = async (id: string) =>
    (await owner.request({ method: 'GET', url: '/api/status/all-tasks/' })).json<
      Record<string, TaskJson>
    >()[id]!;
  async function until(id: string, done: (task: TaskJson) => boolean): Promise<TaskJson> {
    for (let i = 0; i < 3000; i++) {
      const current = await task(id);
      if (done(current)) return current;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('task did not get there');
  }

  it('ends FAILURE in German, and the next sync after a restart misses and duplicates nothing', async () => {
    const first = (
      await owner.request({ method: 'POST', url: `/api/tasks/fetch-emails/${accountId}/` })
    ).json<{ task_id: string }>();
    // Stop the server once the messages are arriving, in the middle of the work.
    await until(
      first.task_id,
      (x) => x.percent >= 5 || (x.status !== 'PENDING' && x.status !== 'STARTED'),
    );
    await dovecot.crash();
    const failed = await until(first.task_id, (x) => ['SUCCESS', 'FAILURE'].includes(x.status));
    expect(failed.status).toBe('FAILURE');
    expect(failed.message).toMatch(/Mailserver/);

    await dovecot.start();
    const second = (
      await owner.request({ method: 'POST', url: `/api/tasks/fetch-emails/${accountId}/` })
    ).json<{ task_id: string }>();
    const done = await until(second.task_id, (x) => ['SUCCESS', 'FAILURE'].includes(x.status));
    expect(done.status).toBe('SUCCESS');

    const client = await imap();
    await client.mailboxOpen('INBOX');
    const serverUids = ((await client.search({ all: true }, { uid: true })) || []).sort(
      (a, b) => a - b,
    );
    await client.logout();
    const rows = await queryRows<{ uid: number; pending: number }>(
      t.database.db,
      sql`SELECT e.uid::int AS uid, (e.body_status = 'pending')::int AS pending FROM emails e JOIN folders f ON f.id = e.folder_id
          WHERE e.account_id = ${accountId} AND f.path = 'INBOX' ORDER BY e.uid`,
    );
    expect(serverUids).toHaveLength(1500);
    expect(rows.map((r) => r.uid)).toEqual(serverUids);
    expect(rows.filter((r) => r.pending)).toEqual([]);
  }, 180_000);
});
