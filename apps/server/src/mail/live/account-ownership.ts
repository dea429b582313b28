import type { Client as PgClient } from 'pg';
import type { DatabaseHandle } from '../../db/client.ts';

/**
 * Which process keeps which account live. Exactly one IDLE connection per account, however many
 * worker processes run: on PostgreSQL a session-level advisory lock per account on one dedicated
 * connection (a crashed worker's locks vanish with its session, and another worker takes over);
 * on PGlite there is one process and it owns everything.
 */
export interface AccountOwnership {
  tryClaim(accountId: number): Promise<boolean>;
  release(accountId: number): Promise<void>;
  /** False once the claims were lost (the session ended); every watcher must stop then. */
  readonly healthy: boolean;
  close(): Promise<void>;
}

/** First key of the two-key advisory lock space; the second is the account id. */
const LOCK_CLASS = 0x4254_0001;

export async function createAccountOwnership(database: DatabaseHandle): Promise<AccountOwnership> {
  if (database.kind === 'pglite') {
    return {
      tryClaim: async () => true,
      release: async () => undefined,
      healthy: true,
      close: async () => undefined,
    };
  }
  const { default: pg } = await import('pg');
  const client: PgClient = new pg.Client({ connectionString: database.connectionString });
  const state = { healthy: true };
  client.on('error', () => {
    state.healthy = false;
  });
  client.on('end', () => {
    state.healthy = false;
  });
  await client.connect();
  return {
    async tryClaim(accountId) {
      if (!state.healthy) return false;
      const { rows } = await client.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock($1, $2) AS ok',
        [LOCK_CLASS, accountId],
      );
      return rows[0]?.ok === true;
    },
    async release(accountId) {
      if (!state.healthy) return;
      await client.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_CLASS, accountId]);
    },
    get healthy() {
      return state.healthy;
    },
    async close() {
      state.healthy = false;
      await client.end().catch(() => undefined);
    },
  };
}
