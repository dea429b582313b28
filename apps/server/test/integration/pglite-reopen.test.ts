import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '@brieftaube/server/config/env.ts';
import { openDatabase, type DatabaseHandle } from '@brieftaube/server/db/client.ts';
import { queryWithUtf8Param } from '@brieftaube/server/db/pglite-raw.ts';
import { reopenAfterBulk, type PgliteReopener } from '@brieftaube/server/db/reopening-pglite.ts';
import { startJobQueue } from '@brieftaube/server/jobs/job-queue.ts';
import { createLogger } from '@brieftaube/server/lib/logger.ts';
import {
  startWorkerPresence,
  WORKER_LOCK_CLASS,
} from '@brieftaube/server/modules/tasks/worker-presence.ts';

// PGlite on a data folder is closed and opened again after a bulk, to give back the WebAssembly
// memory the bulk left resident (ADR 0021). No call may be lost or run on the closing instance,
// and the session's state (LISTEN, the worker's advisory lock) must be there again.
const folders: string[] = [];
let database: DatabaseHandle | undefined;

async function openFolderDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-reopen-'));
  folders.push(dataDir);
  database = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  if (database.kind !== 'pglite' || !database.reopener) throw new Error('expected PGlite');
  return { ...database, reopener: database.reopener };
}

afterEach(async () => {
  await database?.close();
  database = undefined;
});
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe('reopening PGlite on a data folder', () => {
  it('answers every call made before, during and after a reopen, none on a closing instance', async () => {
    const { db, pglite, reopener } = await openFolderDatabase();
    const before = reopener.reopened;
    await pglite.exec('CREATE TABLE t (n int, via text)');
    // Session state that a new instance does not have: shows which instance answered.
    await pglite.exec(`SET application_name = 'before'`);

    // A transaction still running when the reopen is asked for: it must end on its instance.
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const transaction = pglite.transaction(async (tx) => {
      await tx.query(`INSERT INTO t VALUES (0, 'transaction')`);
      inside();
      await sleep(300);
      await tx.query(`INSERT INTO t VALUES (1, 'transaction')`);
      return (await tx.query<{ application_name: string }>('SHOW application_name')).rows[0]!
        .application_name;
    });
    await entered;
    const reopen = reopener.reopen();
    // Every path the app takes to PGlite, while the reopen waits and runs.
    const calls = Array.from({ length: 30 }, (_, i) => {
      const n = 100 + i;
      if (i % 3 === 0) return pglite.query('INSERT INTO t VALUES ($1, $2)', [n, 'query']);
      if (i % 3 === 1) return db.execute(sql`INSERT INTO t VALUES (${n}, 'drizzle')`);
      return queryWithUtf8Param(
        pglite,
        `INSERT INTO t VALUES (${n}, $1) RETURNING via`,
        new TextEncoder().encode('raw'),
        25,
      );
    });
    const names = await Promise.all([
      pglite
        .query<{ application_name: string }>('SHOW application_name')
        .then((r) => r.rows[0]!.application_name),
      pglite
        .exec('SHOW application_name')
        .then((r) => r[0]!.rows[0] as { application_name: string }),
    ]);

    expect(await transaction).toBe('before');
    await reopen;
    await Promise.all(calls);
    expect(reopener.reopened).toBe(before + 1);
    // Held until the new instance was open: they ran in its new session.
    expect(names[0]).toBe('');
    expect(names[1].application_name).toBe('');
    const { rows } = await pglite.query<{ count: number; vias: string }>(
      `SELECT count(*)::int AS count, string_agg(DISTINCT via, ',' ORDER BY via) AS vias FROM t`,
    );
    expect(rows[0]).toEqual({ count: 32, vias: 'drizzle,query,raw,transaction' });
    // initdb, migrations and reopens on a machine shared with other work.
  }, 120_000);

  it('keeps the data, LISTEN registrations and the worker presence lock', async () => {
    const handle = await openFolderDatabase();
    const { pglite, reopener } = handle;
    await pglite.exec(`CREATE TABLE kept (word text); INSERT INTO kept VALUES ('Brieftaube')`);
    const heard: string[] = [];
    const unlisten = await pglite.listen('brieftaube', (payload) => heard.push(payload));
    const presence = await startWorkerPresence(handle, createLogger('silent'));
    const lockHeld = async () =>
      (
        await pglite.query<{ held: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory'
             AND classid = $1 AND objid = $2 AND granted) AS held`,
          [WORKER_LOCK_CLASS, presence.key],
        )
      ).rows[0]!.held;
    expect(await lockHeld()).toBe(true);

    await reopener.reopen();
    await reopener.reopen();

    expect(reopener.reopened).toBe(3);
    expect((await pglite.query('SELECT word FROM kept')).rows).toEqual([{ word: 'Brieftaube' }]);
    expect(await lockHeld()).toBe(true);
    await pglite.query(`SELECT pg_notify('brieftaube', 'nach dem Öffnen')`);
    await vi.waitFor(() => expect(heard).toEqual(['nach dem Öffnen']));
    // The unsubscribe given before the reopens ends the registration on the new instance.
    await unlisten();
    await pglite.query(`SELECT pg_notify('brieftaube', 'ungehört')`);
    await sleep(100);
    expect(heard).toEqual(['nach dem Öffnen']);
    await presence.close();
    expect(await lockHeld()).toBe(false);
  }, 120_000);

  it('starts on a new instance after initdb and the migrations of a new folder only', async () => {
    const handle = await openFolderDatabase();
    // What initdb and the migrations made the first instance's memory grow to goes with it.
    expect(handle.reopener.reopened).toBe(1);
    await handle.close();
    database = await openDatabase(loadConfig({ DATA_DIR: folders.at(-1)!, LOG_LEVEL: 'silent' }));
    expect(database.kind === 'pglite' && database.reopener?.reopened).toBe(0);
  }, 120_000);

  it('keeps pg-boss working across a reopen', async () => {
    const handle = await openFolderDatabase();
    const queue = await startJobQueue(handle, { logger: createLogger('silent'), work: false });
    try {
      await queue.boss.createQueue('test.reopen');
      await handle.reopener.reopen();
      const seen = new Promise<unknown>((resolve) => {
        void queue.boss.work<{ word: string }>(
          'test.reopen',
          { pollingIntervalSeconds: 0.5 },
          async ([job]) => resolve(job?.data),
        );
      });
      await queue.boss.send('test.reopen', { word: 'wieder da' });
      expect(await seen).toEqual({ word: 'wieder da' });
    } finally {
      await queue.stop();
    }
  }, 120_000);
});

describe('reopening after a bulk', () => {
  const fakeReopener = () => {
    const reopen = vi.fn(async () => undefined);
    return {
      reopener: { reopen, onReopen: () => () => false, reopened: 0 } as PgliteReopener,
      reopen,
    };
  };

  it('reopens once a bulk has come together and nothing more came for a while', async () => {
    const { reopener, reopen } = fakeReopener();
    const bulk = reopenAfterBulk(reopener, { threshold: 1_000, quietMs: 200 });
    bulk.note(600);
    await sleep(300);
    // A few messages now and then are no bulk.
    expect(reopen).not.toHaveBeenCalled();
    bulk.note(500);
    await sleep(100);
    bulk.note(100); // the bulk goes on: the quiet starts again
    await sleep(150);
    expect(reopen).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(reopen).toHaveBeenCalledTimes(1));
    // Counted from zero again.
    bulk.note(900);
    await sleep(300);
    expect(reopen).toHaveBeenCalledTimes(1);
    bulk.stop();
  });

  it('does nothing once stopped', async () => {
    const { reopener, reopen } = fakeReopener();
    const bulk = reopenAfterBulk(reopener, { threshold: 10, quietMs: 50 });
    bulk.note(20);
    bulk.stop();
    await sleep(150);
    expect(reopen).not.toHaveBeenCalled();
  });
});
