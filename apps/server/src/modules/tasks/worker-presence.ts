import crypto from 'node:crypto';
import type { Client as PgClient } from 'pg';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';

/**
 * First key of the two-key advisory lock space for worker presence; the second is the worker's
 * key, which its running tasks carry (tasks.worker_key). Account ownership (live sync) uses
 * 0x4254_0001.
 */
export const WORKER_LOCK_CLASS = 0x4254_0002;

/**
 * That this process is alive, as every process can see it: a session-level advisory lock held
 * for the process's lifetime. PostgreSQL drops it the moment the session ends (kill -9, a crash,
 * a lost machine once TCP keepalive gives up), so "is the worker of this task alive" is a look
 * into pg_locks, with no heartbeat to wait out (ADR 0019). On PGlite the one process holds it on
 * its only connection; after a restart the old key is simply no longer held.
 */
export interface WorkerPresence {
  readonly key: number;
  close(): Promise<void>;
}

// A dead machine sends no FIN: without keepalive its session, and its lock, could outlive it by
// hours. These make the server drop such a session after about 25 seconds.
const KEEPALIVE_SQL =
  'SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3';

const randomKey = () => crypto.randomInt(1, 2 ** 31 - 1);
const LOCK_SQL = 'SELECT pg_try_advisory_lock($1, $2) AS ok';

export async function startWorkerPresence(
  database: DatabaseHandle,
  logger: Logger,
): Promise<WorkerPresence> {
  if (database.kind === 'pglite') {
    const { pglite } = database;
    let key = randomKey();
    while (!firstOk(await pglite.query(LOCK_SQL, [WORKER_LOCK_CLASS, key]))) key = randomKey();
    // A reopened PGlite is a new session without the lock: taken again before any task is seen.
    const forget = database.reopener?.onReopen((next) =>
      next.query(LOCK_SQL, [WORKER_LOCK_CLASS, key]),
    );
    return {
      key,
      async close() {
        forget?.();
        await pglite
          .query('SELECT pg_advisory_unlock($1, $2)', [WORKER_LOCK_CLASS, key])
          .catch(() => undefined);
      },
    };
  }

  const { default: pg } = await import('pg');
  let client: PgClient | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const state = { key: 0 };
  const connect = async (key: number | undefined): Promise<number> => {
    const next = new pg.Client({ connectionString: database.connectionString, keepAlive: true });
    next.on('error', (err) => logger.warn({ err }, 'worker presence connection lost'));
    await next.connect();
    let chosen = key ?? randomKey();
    try {
      await next.query(KEEPALIVE_SQL).catch(() => undefined); // a Unix socket has no TCP options
      // Another live process holds the key (a collision, or our old session not yet reaped).
      while (!firstOk(await next.query(LOCK_SQL, [WORKER_LOCK_CLASS, chosen])))
        chosen = randomKey();
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return chosen;
    }
    next.on('end', () => {
      if (closed) return;
      // Until the lock is back, this process counts as gone: the tasks it runs may be ended by
      // any other process, and each notices that at its next progress check and stops.
      const reconnect = (delay: number) => {
        retry = setTimeout(() => {
          connect(state.key).then(
            (k) => {
              if (k !== state.key) logger.warn({ key: k }, 'worker presence taken with a new key');
              state.key = k;
            },
            () => reconnect(Math.min(delay * 2, 30_000)),
          );
        }, delay);
      };
      reconnect(1_000);
    });
    client = next;
    return chosen;
  };
  state.key = await connect(undefined);
  return {
    get key() {
      return state.key;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

function firstOk(result: { rows: unknown[] }): boolean {
  return (result.rows[0] as { ok?: boolean } | undefined)?.ok === true;
}
