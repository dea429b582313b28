import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codealltagMessages } from '@brieftaube/test-support/ai-mailbox.ts';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { appendMessages } from '@brieftaube/test-support/mailbox.ts';
import {
  accountPayload,
  fetchAccount,
  imapClient,
  waitForTask,
  type TaskStatus,
} from '@brieftaube/test-support/mail-fixtures.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';

const until = async <T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe.each(DATABASE_KINDS)('mail that arrives through IDLE is categorised on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let owner: ApiUser;
  let accountId: number;
  let address: string;
  const categorizeTasks = async () =>
    Object.values(
      (await owner.request({ method: 'GET', url: '/api/status/all-tasks/' })).json<
        Record<string, TaskStatus & { task_id: string; task_type: string }>
      >(),
    ).filter((task) => task.task_type === 'AI_CATEGORIZE');

  beforeAll(async () => {
    [t, dovecot] = await Promise.all([
      // A long poll: only IDLE can bring the new mail in while the test waits.
      startTestApp(kind, {}, { jobs: true, liveSync: { pollSeconds: 600, rescanSeconds: 600 } }),
      startDovecot(),
    ]);
    owner = await registerApiUser(t.app, 'kilive');
    address = `${owner.username}@beispiel.de`;
    dovecot.addUser(address, 'pw');
    const imap = await imapClient(dovecot, address);
    await appendMessages(imap, 'INBOX', codealltagMessages(24, address));
    await imap.logout();
    accountId = (
      await owner.request({
        method: 'POST',
        url: '/api/accounts/',
        payload: accountPayload(dovecot, address),
      })
    ).json<{ id: number }>().id;
    expect((await fetchAccount(owner, accountId)).status).toBe('SUCCESS');
    await until(async () => (t.queue!.live!.watching().includes(accountId) ? true : undefined));
  }, 120_000);
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  it('files a mail the live sync stored, in one debounced task per burst', async () => {
    const create = async (name: string, description: string) =>
      (
        await owner.request({
          method: 'POST',
          url: '/api/categories/',
          payload: { account: accountId, name, description },
        })
      ).json<{ id: number }>().id;
    const finance = await create('Finanzen', 'Bank, Konto, Aktien, Kredite und Steuern.');
    const travel = await create('Reisen', 'Urlaub, Flüge, Bahn, Hotels und Reiseziele.');
    const labelled = await queryRows<{ id: number; message_id: string }>(
      t.database.db,
      sql`SELECT id::int AS id, message_id FROM emails WHERE account_id = ${accountId} ORDER BY id`,
    );
    const user = labelled.filter((_, i) => i % 4 === 0);
    for (const mail of user) {
      const category = mail.message_id.startsWith('finance-') ? finance : travel;
      const res = await owner.request({
        method: 'PATCH',
        url: `/api/emails/${mail.id}/`,
        payload: { category },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // A full run trains the stored model; then a mail it filed confidently arrives once more
    // (a new copy of the same text): the run after IDLE must file it the same way.
    const full = await owner.request({
      method: 'POST',
      url: '/api/tasks/ai-categorize/',
      payload: { account_id: accountId },
    });
    const fullDone = await waitForTask(owner, full.json<{ task_id: string }>().task_id);
    expect(fullDone.status, fullDone.message).toBe('SUCCESS');
    const [filed] = await queryRows<{ message_id: string; category_id: number }>(
      t.database.db,
      sql`SELECT message_id, category_id FROM emails
          WHERE account_id = ${accountId} AND category_source = 'ai' ORDER BY id LIMIT 1`,
    );
    const original = codealltagMessages(24, address).find(
      (m) => m.messageId === `<${filed.message_id}>`,
    )!;
    const before = new Set((await categorizeTasks()).map((task) => task.task_id));

    const copies = [1, 2, 3].map((n) => ({
      ...original,
      date: new Date(Date.parse('2026-11-20T08:00:00Z') + n * 60_000),
      messageId: `<live-${n}@codealltag>`,
    }));
    const imap = await imapClient(dovecot, address);
    // A burst: three deliveries in a row.
    for (const copy of copies) await appendMessages(imap, 'INBOX', [copy]);
    await imap.logout();

    const stored = await until(async () => {
      const rows = await queryRows<{ category_id: number | null; source: string | null }>(
        t.database.db,
        sql`SELECT category_id, category_source AS source FROM emails
            WHERE account_id = ${accountId} AND message_id LIKE 'live-%'`,
      ).catch(() => []);
      return rows.length === 3 && rows.every((r) => r.category_id !== null) ? rows : undefined;
    });
    expect(stored).toEqual(
      Array.from({ length: 3 }, () => ({ category_id: filed.category_id, source: 'ai' })),
    );
    // Nobody fetched: the filing came from the live sync, and the burst was one task (or two
    // if IDLE reported the deliveries in two syncs), never one per message.
    const after = (await categorizeTasks()).filter((task) => !before.has(task.task_id));
    expect(after.length).toBeGreaterThanOrEqual(1);
    expect(after.length).toBeLessThan(3);
    const tasks = await Promise.all(after.map((task) => waitForTask(owner, task.task_id)));
    expect(tasks.map((task) => task.status)).toEqual(tasks.map(() => 'SUCCESS'));
  });
});
