import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@brieftaube/server/config/env.ts';
import { openDatabase, type Db } from '@brieftaube/server/db/client.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { accountPayload, imapClient } from '@brieftaube/test-support/mail-fixtures.ts';
import { buildMessage, generateMessages, seedMaildir } from '@brieftaube/test-support/mailbox.ts';
import { startServer, type ServerProcess } from '@brieftaube/test-support/server-process.ts';
import {
  queryRows,
  startTestApp,
  TEST_APP_SECRET,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';

// kill -9 in the middle of a fetch: the task ends at once as interrupted (not after the ten
// minutes of silence), the next fetch runs, and the mail ends up complete and single.

const src = path.resolve(import.meta.dirname, '../../src');
const COUNT = 4000;
const INTERRUPTED = 'Der Abruf wurde unterbrochen. Bitte versuchen Sie es erneut.';

interface TaskJson {
  status: string;
  percent: number;
  message: string;
}

/** A child process with everything it printed. */
function run(file: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(src, file)], {
    env: { ...process.env, LOG_LEVEL: 'info', MAIL_IDLE: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const entry = { child, output: '' };
  child.stdout.on('data', (d: Buffer) => (entry.output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (entry.output += d.toString()));
  return entry;
}

function exited(child: ChildProcess): Promise<unknown> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((r) => child.once('exit', r));
}

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 6000; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${what} did not happen`);
}

/** An HTTP client of one API base URL with one user's token. */
function client(base: () => string) {
  let token = '';
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(base() + url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
    return (await res.json()) as T;
  };
  return {
    call,
    async register(name: string) {
      token = (
        await call<{ access: string }>('POST', '/api/auth/registration/', {
          username: name,
          email: `${name}@beispiel.de`,
          password1: 'Sonnenblume!42',
          password2: 'Sonnenblume!42',
        })
      ).access;
    },
    fetchAccount: async (id: number) =>
      (await call<{ task_id: string }>('POST', `/api/tasks/fetch-emails/${id}/`)).task_id,
    task: async (id: string) =>
      (await call<Record<string, TaskJson>>('GET', '/api/status/all-tasks/'))[id]!,
  };
}
type Client = ReturnType<typeof client>;

const midway = (api: Client, id: string) =>
  until(`task ${id} midway`, async () => {
    const task = await api.task(id);
    if (task.status !== 'PENDING' && task.status !== 'STARTED')
      throw new Error(`the fetch ended before it could be killed: ${JSON.stringify(task)}`);
    return task.status === 'STARTED' && task.percent >= 5 ? task : undefined;
  });
const finished = (api: Client, id: string) =>
  until(`task ${id} finished`, async () => {
    const task = await api.task(id);
    return ['SUCCESS', 'FAILURE', 'REVOKED'].includes(task.status) ? task : undefined;
  });

// Built once: the same messages seed every mailbox of this file (a second seed of one mailbox
// adds them again under new UIDs, which a fetch must store as well).
let built: Promise<{ raw: Buffer; date: Date }[]> | undefined;

async function seed(dovecot: Dovecot, user: string) {
  built ??= (async () => {
    const messages = generateMessages(COUNT);
    const raws = await Promise.all(messages.map((m) => buildMessage(m)));
    return raws.map((raw, i) => ({ raw, date: messages[i]!.date! }));
  })();
  seedMaildir(dovecot.homeOf(user), dovecot.mailUid, await built);
}

/** Every message of the server's inbox is stored once, with its body. */
async function expectCompleteAndSingle(db: Db, dovecot: Dovecot, user: string, accountId: number) {
  const imap = await imapClient(dovecot, user);
  await imap.mailboxOpen('INBOX');
  const serverUids = ((await imap.search({ all: true }, { uid: true })) || []).sort(
    (a, b) => a - b,
  );
  await imap.logout();
  const rows = await queryRows<{ uid: number; pending: number }>(
    db,
    sql`SELECT e.uid::int AS uid, (e.body_status = 'pending')::int AS pending
        FROM emails e JOIN folders f ON f.id = e.folder_id
        WHERE e.account_id = ${accountId} AND f.path = 'INBOX' ORDER BY e.uid`,
  );
  expect(rows.map((r) => r.uid)).toEqual(serverUids);
  expect(rows.filter((r) => r.pending)).toEqual([]);
}

describe('the laptop process killed with kill -9 mid-fetch, on pglite', () => {
  let dovecot: Dovecot;
  let server: ServerProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-killed-'));
  const user = 'getoetet@beispiel.de';
  let base = '';
  const api = client(() => base);

  async function startApp() {
    server = await startServer({
      env: {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        MAIL_IDLE: 'false',
        MAIL_CONNECT_TIMEOUT_SECONDS: '5',
      },
    });
    base = server.base;
  }

  beforeAll(async () => {
    dovecot = await startDovecot([{ user, password: 'pw' }]);
    await seed(dovecot, user);
    await startApp();
  }, 120_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await dovecot?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('after the restart the task is interrupted, and the next fetch completes the mail once', async () => {
    await api.register('getoetet');
    const account = await api.call<{ id: number }>(
      'POST',
      '/api/accounts/',
      accountPayload(dovecot, user),
    );
    const first = await api.fetchAccount(account.id);
    await midway(api, first);
    await server!.stop('SIGKILL');

    await startApp();
    // Start-up itself ends what the killed process left running, before anyone asks.
    await until('start-up ending the task', async () =>
      server!.output().includes('interrupted tasks ended') ? true : undefined,
    );
    expect(await api.task(first)).toMatchObject({ status: 'FAILURE', message: INTERRUPTED });
    const second = await api.fetchAccount(account.id);
    expect(second).not.toBe(first);
    expect(await finished(api, second)).toMatchObject({ status: 'SUCCESS' });

    await server!.stop();
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    try {
      await expectCompleteAndSingle(database.db, dovecot, user, account.id);
    } finally {
      await database.close();
    }
  }, 240_000);
});

describe('a worker process killed with kill -9 mid-fetch, on postgres', () => {
  let t: TestApp;
  let dovecot: Dovecot;
  let base = '';
  const api = client(() => base);
  const workers: ReturnType<typeof run>[] = [];
  const user = 'verwaist@beispiel.de';
  let accountId: number;

  const startWorker = () => {
    const worker = run('worker.ts', {
      DATABASE_URL: t.config.DATABASE_URL!,
      // Server mode keeps off internal networks (ADR 0018); the test Dovecot is on 127.0.0.1.
      MAIL_ALLOWED_HOSTS: t.config.MAIL_ALLOWED_HOSTS ?? '',
      APP_SECRET: TEST_APP_SECRET,
      DATA_DIR: t.config.dataDir,
      MAIL_CONNECT_TIMEOUT_SECONDS: '5',
    });
    workers.push(worker);
    return worker;
  };
  const runnerOf = (taskId: string) =>
    until(`a worker taking ${taskId}`, async () =>
      workers.find((w) => w.child.exitCode === null && w.output.includes(taskId)),
    );
  const storedStatus = async (taskId: string) =>
    (
      await queryRows<{ status: string; message: string }>(
        t.database.db,
        sql`SELECT status, message FROM tasks WHERE id = ${taskId}`,
      )
    )[0];

  beforeAll(async () => {
    [t, dovecot] = await Promise.all([startTestApp('postgres'), startDovecot()]);
    dovecot.addUser(user, 'pw');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // This API process runs no jobs; it only sends them, as with RUN_JOBS=false.
    const { startJobQueue } = await import('../../src/jobs/job-queue.ts');
    const { createLogger } = await import('../../src/lib/logger.ts');
    const queue = await startJobQueue(t.database, { logger: createLogger('silent'), work: false });
    t.services.jobs.attach(queue.boss);
    const close = t.close;
    t.close = async () => {
      await queue.stop();
      await close();
    };
    await seed(dovecot, user);
    await api.register('verwaist');
    accountId = (
      await api.call<{ id: number }>('POST', '/api/accounts/', accountPayload(dovecot, user))
    ).id;
    startWorker();
    startWorker();
  }, 120_000);
  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => exited(w.child)));
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  it('the next fetch request ends the task at once and runs on the worker still alive', async () => {
    const first = await api.fetchAccount(accountId);
    await midway(api, first);
    const victim = await runnerOf(first);
    victim.child.kill('SIGKILL');
    await exited(victim.child);

    const second = await api.fetchAccount(accountId);
    expect(second).not.toBe(first);
    expect(await storedStatus(first)).toEqual({ status: 'FAILURE', message: INTERRUPTED });
    expect(await finished(api, second)).toMatchObject({ status: 'SUCCESS' });
    await expectCompleteAndSingle(t.database.db, dovecot, user, accountId);
  }, 240_000);

  it('a worker starting up ends what a killed one left, before anyone asks', async () => {
    await seed(dovecot, user);
    const third = await api.fetchAccount(accountId);
    await midway(api, third);
    const victim = await runnerOf(third);
    victim.child.kill('SIGKILL');
    await exited(victim.child);

    startWorker();
    // No request reaches the API meanwhile: only the new worker's start-up can end it.
    const ended = await until('the task ending', async () => {
      const row = await storedStatus(third);
      return row.status === 'STARTED' ? undefined : row;
    });
    expect(ended).toEqual({ status: 'FAILURE', message: INTERRUPTED });
    const fourth = await api.fetchAccount(accountId);
    expect(fourth).not.toBe(third);
    expect(await finished(api, fourth)).toMatchObject({ status: 'SUCCESS' });
    await expectCompleteAndSingle(t.database.db, dovecot, user, accountId);
  }, 240_000);
});
