import path from 'node:path';
import type { Pool } from 'pg';
import type { Db } from './client.ts';

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
// Any fixed number; every process that migrates takes the same advisory lock.
const MIGRATION_LOCK_ID = 7_204_311;

export type MigrationTarget = { kind: 'pglite'; db: Db } | { kind: 'postgres'; pool: Pool };

export async function applyMigrations(target: MigrationTarget): Promise<void> {
  if (target.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(target.db as Parameters<typeof migrate>[0], { migrationsFolder });
    return;
  }
  // Many API and worker processes may start at once against one server: the advisory lock makes
  // them take turns, so each migration runs exactly once.
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = await target.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
