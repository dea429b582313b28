import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { accountPayload, imapClient, waitForTask } from '@brieftaube/test-support/mail-fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { appendMessages, generateMessages } from '@brieftaube/test-support/mailbox.ts';
import {
  queryRows,
  startTestApp,
  TEST_APP_SECRET,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';

const workerMain = path.resolve(import.meta.dirname, '../../src/worker.ts');

describe('two worker processes on one PostgreSQL queue', () => {
  let t: TestApp;
  let dovecot: Dovecot;
  let owner: ApiUser;
  const workers: { child: ChildProcess; output: string }[] = [];

  beforeAll(async () => {
    [t, dovecot] = await Promise.all([startTestApp('postgres'), startDovecot()]);
    owner = await registerApiUser(t.app, 'verteilt');
    // The API process runs no jobs here; two separate worker processes do.
    t.services.jobs.attach(await startSender(t));
    for (let i = 0; i < 2; i++) {
      const child = spawn(process.execPath, [workerMain], {
        env: {
          ...process.env,
          DATABASE_URL: t.config.DATABASE_URL,
          MAIL_ALLOWED_HOSTS: t.config.MAIL_ALLOWED_HOSTS,
          APP_SECRET: TEST_APP_SECRET,
          LOG_LEVEL: 'info',
          DATA_DIR: t.config.dataDir,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const entry = { child, output: '' };
      child.stdout.on('data', (d: Buffer) => (entry.output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (entry.output += d.toString()));
      workers.push(entry);
    }
  }, 60_000);
  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGTERM');
    await Promise.all(
      workers.map(
        (w) => new Promise((r) => (w.child.exitCode !== null ? r(null) : w.child.once('exit', r))),
      ),
    );
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  it('shares the fetch tasks between them and runs each exactly once', async () => {
    for (let i = 0; i < 8; i++) {
      const user = `verteilt${i}@beispiel.de`;
      dovecot.addUser(user, 'pw');
      const client = await imapClient(dovecot, user);
      await appendMessages(client, 'INBOX', generateMessages(20));
      await client.logout();
      await owner.request({
        method: 'POST',
        url: '/api/accounts/',
        payload: accountPayload(dovecot, user),
      });
    }
    const started = await owner.request({ method: 'POST', url: '/api/tasks/fetch-emails/' });
    expect(started.statusCode, started.body).toBe(202);
    const { tasks } = started.json<{ tasks: { task_id: string }[] }>();
    expect(tasks).toHaveLength(8);
    for (let i = 0; i < 600; i++) {
      const all = (await owner.request({ method: 'GET', url: '/api/status/all-tasks/' })).json<
        Record<string, { status: string }>
      >();
      if (tasks.every((task) => all[task.task_id]?.status === 'SUCCESS')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const all = (await owner.request({ method: 'GET', url: '/api/status/all-tasks/' })).json<
      Record<string, { status: string; result: { new_emails: number } }>
    >();
    for (const task of tasks)
      expect(
        all[task.task_id],
        workers.map((w) => w.output.slice(-1500)).join('\n----\n'),
      ).toMatchObject({ status: 'SUCCESS', result: { new_emails: 20 } });

    const runs = tasks.map((task) => workers.map((w) => w.output.split(task.task_id).length - 1));
    for (const perWorker of runs) expect(perWorker.reduce((a, b) => a + b, 0)).toBe(1);
    // Both processes took part.
    expect(workers.map((_, i) => runs.filter((r) => r[i]! > 0).length).every((n) => n > 0)).toBe(
      true,
    );
  }, 120_000);

  it('runs AI tasks in either process, and both answer alike from the stored model', async () => {
    const [account] = (await owner.request({ method: 'GET', url: '/api/accounts/' })).json<
      { id: number }[]
    >();
    const create = async (name: string, description: string) =>
      (
        await owner.request({
          method: 'POST',
          url: '/api/categories/',
          payload: { account: account!.id, name, description },
        })
      ).json<{ id: number }>().id;
    const bills = await create('Rechnungen', 'Rechnungen, Mahnungen und Zahlungsbelege.');
    const travel = await create('Reisen', 'Reiseunterlagen, Tickets, Zugfahrten und Hotels.');
    const mails = (
      await owner.request({ method: 'GET', url: `/api/emails/?accounts=${account!.id}&limit=50` })
    ).json<{ id: number; subject: string }[]>();
    const filed = [
      ...mails
        .filter((m) => m.subject.startsWith('Ihre Rechnung'))
        .slice(0, 2)
        .map((m) => [m.id, bills]),
      ...mails
        .filter((m) => m.subject.startsWith('Reiseunterlagen'))
        .slice(0, 2)
        .map((m) => [m.id, travel]),
    ];
    for (const [id, category] of filed)
      await owner.request({ method: 'PATCH', url: `/api/emails/${id}/`, payload: { category } });
    const run = async (payload: object) =>
      (await owner.request({ method: 'POST', url: '/api/tasks/ai-categorize/', payload })).json<{
        task_id: string;
      }>().task_id;
    const trained = await waitForTask(owner, await run({ account_id: account!.id }));
    expect(trained.status, trained.message).toBe('SUCCESS');
    // The same question six times at once: whichever process takes it loads the same rows.
    const others = mails.map((m) => m.id).filter((id) => !filed.some(([f]) => f === id));
    const ids = await Promise.all(
      Array.from({ length: 6 }, () =>
        run({ email_pks: others, reclassify_uncategorized_only: false }),
      ),
    );
    const results = await Promise.all(ids.map((id) => waitForTask(owner, id)));
    const first = results[0]!.result as { categorized: number; uncertain: number };
    expect(first.categorized + first.uncertain).toBe(others.length);
    for (const result of results) {
      expect(result.status, result.message).toBe('SUCCESS');
      expect(result.result).toEqual(results[0]!.result);
    }
    const keys = await queryRows<{ worker_key: number }>(
      t.database.db,
      sql`SELECT DISTINCT worker_key FROM tasks WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    expect(keys).toHaveLength(2);
  }, 120_000);
});

/** The API side only sends jobs: a pg-boss instance without workers. */
async function startSender(t: TestApp) {
  const { startJobQueue } = await import('../../src/jobs/job-queue.ts');
  const { createLogger } = await import('../../src/lib/logger.ts');
  const queue = await startJobQueue(t.database, { logger: createLogger('silent'), work: false });
  const stop = t.close;
  t.close = async () => {
    await queue.stop();
    await stop();
  };
  return queue.boss;
}
