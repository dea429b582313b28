import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { accountPayload, imapClient } from '@brieftaube/test-support/mail-fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { appendMessages, generateMessages } from '@brieftaube/test-support/mailbox.ts';
import { startTestApp, TEST_APP_SECRET, type TestApp } from '@brieftaube/test-support/test-app.ts';

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
