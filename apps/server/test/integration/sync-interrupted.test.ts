import { sql } from 'drizzle-orm';
import { accountPayload, imapClient } from '@brieftaube/test-support/mail-fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { buildMessage, generateMessages, seedMaildir } from '@brieftaube/test-support/mailbox.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';

const COUNT = 4000;

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
    // Large enough that the crash below always lands in the middle of the work.
    const messages = generateMessages(COUNT);
    const raws = await Promise.all(messages.map((m) => buildMessage(m)));
    seedMaildir(
      dovecot.homeOf(user),
      dovecot.mailUid,
      raws.map((raw, i) => ({ raw, date: messages[i]!.date! })),
    );
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
    const rows = await queryRows<{ uid: number; pending: number; failed: number }>(
      t.database.db,
      sql`SELECT e.uid::int AS uid, (e.body_status = 'pending')::int AS pending,
            (e.body_status = 'failed')::int AS failed
          FROM emails e JOIN folders f ON f.id = e.folder_id
          WHERE e.account_id = ${accountId} AND f.path = 'INBOX' ORDER BY e.uid`,
    );
    expect(serverUids).toHaveLength(COUNT);
    expect(rows.map((r) => r.uid)).toEqual(serverUids);
    expect(rows.filter((r) => r.pending)).toEqual([]);
    // A server going down ends sessions at a message too: none may be taken for unreadable.
    expect(rows.filter((r) => r.failed)).toEqual([]);

    // The bulk went to the background indexer; once it is through, the oldest mail is found too.
    for (let i = 0; i < 600; i++) {
      const [{ unindexed }] = await queryRows<{ unindexed: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS unindexed FROM emails e
            WHERE e.account_id = ${accountId} AND NOT EXISTS (SELECT 1 FROM email_search s WHERE s.email_id = e.id)`,
      );
      if (unindexed === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const subjects: string[] = [];
    let url = '/api/emails/?q=Rechnung%20November&limit=200';
    for (let page = 0; page < 50; page++) {
      const res = await owner.request({ method: 'GET', url });
      subjects.push(...res.json<{ subject: string }[]>().map((m) => m.subject));
      const next = res.headers['x-next-cursor'];
      if (!next) break;
      url = `/api/emails/?q=Rechnung%20November&limit=200&cursor=${String(next)}`;
    }
    expect(subjects).toContain('Ihre Rechnung für November #1');
  }, 180_000);
});
