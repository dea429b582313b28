import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { accountPayload, waitForTask } from '@brieftaube/test-support/mail-fixtures.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';
import { WORKER_LOCK_CLASS } from '../../src/modules/tasks/worker-presence.ts';

// Which running or queued fetch still has a worker, decided from what every process can see:
// the presence locks in pg_locks and pg-boss's job states (killed-worker.test.ts does it for real
// with kill -9; here the leftovers are written directly).

const INTERRUPTED = 'Der Abruf wurde unterbrochen. Bitte versuchen Sie es erneut.';

describe.each(DATABASE_KINDS)('fetch tasks whose worker is gone, on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let owner: ApiUser;
  let accountId: number;
  const user = `leer-${kind}@beispiel.de`;

  beforeAll(async () => {
    [t, dovecot] = await Promise.all([
      startTestApp(kind, {}, { jobs: true }),
      startDovecot([{ user, password: 'pw' }]),
    ]);
    owner = await registerApiUser(t.app, 'verlassen');
    accountId = (
      await owner.request({
        method: 'POST',
        url: '/api/accounts/',
        payload: accountPayload(dovecot, user),
      })
    ).json<{ id: number }>().id;
  });
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  /** This process's presence key, as any process reads it from pg_locks. */
  const liveKey = async () =>
    (
      await queryRows<{ key: number }>(
        t.database.db,
        sql`SELECT objid::text::int AS key FROM pg_locks
            WHERE locktype = 'advisory' AND granted AND classid = ${WORKER_LOCK_CLASS}::int::oid
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      )
    )[0].key;
  const leftover = async (values: {
    status: string;
    workerKey?: number;
    jobId?: string;
    age?: string;
    type?: string;
  }) =>
    (
      await queryRows<{ id: string }>(
        t.database.db,
        sql`INSERT INTO tasks (user_id, account_id, account_email, task_type, status, percent, message,
              worker_key, job_id, created_at, updated_at)
            SELECT user_id, id, email_address, ${values.type ?? 'FETCH'}, ${values.status}, 40, 'Posteingang wird abgerufen …',
              ${values.workerKey ?? null}::int, ${values.jobId ?? null},
              now() - ${values.age ?? '0 seconds'}::interval, now() - ${values.age ?? '0 seconds'}::interval
            FROM accounts WHERE id = ${accountId} RETURNING id`,
      )
    )[0].id;
  const stored = async (id: string) =>
    (
      await queryRows<{ status: string; message: string }>(
        t.database.db,
        sql`SELECT status, message FROM tasks WHERE id = ${id}`,
      )
    )[0];
  const fetchAgain = async () =>
    (await owner.request({ method: 'POST', url: `/api/tasks/fetch-emails/${accountId}/` })).json<{
      task_id: string;
    }>().task_id;
  const endAll = () =>
    t.database.db.execute(
      sql`UPDATE tasks SET status = 'REVOKED' WHERE status IN ('PENDING', 'STARTED')`,
    );

  it('a running task whose worker holds no presence ends at once; one whose worker lives is joined', async () => {
    const key = await liveKey();
    const dead = await leftover({ status: 'STARTED', workerKey: key === 1 ? 2 : key - 1 });
    const next = await fetchAgain();
    expect(next).not.toBe(dead);
    expect(await stored(dead)).toEqual({ status: 'FAILURE', message: INTERRUPTED });
    await waitForTask(owner, next);

    const alive = await leftover({ status: 'STARTED', workerKey: key });
    expect(await fetchAgain()).toBe(alive);
    expect((await stored(alive)).status).toBe('STARTED');
    await endAll();
  });

  it('the task list ends such a task too, so that no card keeps spinning', async () => {
    const dead = await leftover({ status: 'STARTED', workerKey: (await liveKey()) ^ 1 });
    const all = (await owner.request({ method: 'GET', url: '/api/status/all-tasks/' })).json<
      Record<string, { status: string; message: string }>
    >();
    expect(all[dead]).toMatchObject({ status: 'FAILURE', message: INTERRUPTED });
    // A task of the AI is no fetch: its card says the task was interrupted.
    const ai = await leftover({
      status: 'STARTED',
      workerKey: (await liveKey()) ^ 1,
      type: 'AI_CATEGORIZE',
    });
    const after = (await owner.request({ method: 'GET', url: '/api/status/all-tasks/' })).json<
      Record<string, { status: string; message: string }>
    >();
    expect(after[ai]).toMatchObject({
      status: 'FAILURE',
      message: 'Die Aufgabe wurde unterbrochen. Bitte versuchen Sie es erneut.',
    });
  });

  it('a queued task whose job is finished, gone or never sent does not block the account', async () => {
    // A job some worker took and finished, without the task ever moving (it died in between).
    const finishedJob = await t.services.jobs.send('mail.fetch', { taskId: crypto.randomUUID() });
    await waitForJob(finishedJob!);
    for (const values of [
      { status: 'PENDING', jobId: finishedJob! },
      { status: 'PENDING', jobId: crypto.randomUUID() },
      { status: 'PENDING', age: '2 minutes' },
    ]) {
      const stuck = await leftover(values);
      const next = await fetchAgain();
      expect(next, JSON.stringify(values)).not.toBe(stuck);
      expect(await stored(stuck)).toEqual({ status: 'FAILURE', message: INTERRUPTED });
      await waitForTask(owner, next);
    }
    // Just created by a request that is still sending its job: joined.
    const fresh = await leftover({ status: 'PENDING' });
    expect(await fetchAgain()).toBe(fresh);
    await endAll();
  });

  async function waitForJob(jobId: string) {
    for (let i = 0; i < 500; i++) {
      if ((await t.services.jobs.state('mail.fetch', jobId)) === 'completed') return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the job did not complete');
  }
});

describe('a worker whose presence connection is cut, on postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres', {}, { jobs: true });
  });
  afterAll(async () => t?.close());

  // No rows while the lock is away.
  const presence = (): Promise<{ pid: number; key: number }[]> =>
    queryRows<{ pid: number; key: number }>(
      t.database.db,
      sql`SELECT pid, objid::text::int AS key FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND classid = ${WORKER_LOCK_CLASS}::int::oid
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    ).catch(() => []);

  it('takes its key again once the database lets it back in', async () => {
    const [before] = await presence();
    expect(before).toBeDefined();
    // As a restarted server or a network cut would: the session, and with it the lock, is gone.
    await t.database.db.execute(sql`SELECT pg_terminate_backend(${before!.pid})`);
    let after: { pid: number; key: number } | undefined;
    for (let i = 0; i < 300 && !after; i++) {
      await new Promise((r) => setTimeout(r, 50));
      after = (await presence()).find((p) => p.pid !== before!.pid);
    }
    expect(after?.key).toBe(before!.key);
  });
});
