import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import type { Config } from '../config/env.ts';
import * as schema from './schema/index.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { createDatabase } from './first-start.ts';
import { applyMigrations } from './migrate.ts';
import { pgliteOptions } from './pglite-options.ts';
import { createReopeningPglite, type PgliteReopener } from './reopening-pglite.ts';

export type Schema = typeof schema;
/** The Drizzle API both drivers share; repositories see only this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle =
  | {
      kind: 'pglite';
      db: Db;
      pglite: PGlite;
      /** On a data folder: closes and reopens PGlite to give its memory back (ADR 0021). */
      reopener?: PgliteReopener;
      close(): Promise<void>;
    }
  | { kind: 'postgres'; db: Db; pool: Pool; connectionString: string; close(): Promise<void> };

export interface OpenDatabaseOptions {
  /** In-memory PGlite for tests; no folder, no lock. */
  memory?: boolean;
}

/** Opens the embedded or server database and brings its schema up to date. */
export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'dataDir'>,
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  return openPglite(options.memory ? undefined : config.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  if (dataDir) lock = acquireDataDirLock(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const open = () =>
      PGlite.create(
        dataDir ? path.join(dataDir, 'pgdata') : undefined,
        pgliteOptions(PGlite.defaultStartParams),
      );
    // A new folder: its database is made apart, in steps that each leave their memory behind
    // (ADR 0021).
    const fresh = dataDir !== undefined && (await createDatabase(dataDir));
    const first = await open();
    // An in-memory database would be empty after a reopen: only a data folder can be reopened.
    const { pglite, reopener } = dataDir
      ? createReopeningPglite(first, open)
      : { pglite: first, reopener: undefined };
    const db = drizzle(pglite, { schema }) as unknown as Db;
    await applyMigrations({ kind: 'pglite', db });
    // Every migration ran in this instance's memory, which never shrinks: the app starts on a
    // fresh one, as after a restart.
    if (fresh) await reopener?.reopen();
    return {
      kind: 'pglite',
      db,
      pglite,
      ...(reopener ? { reopener } : {}),
      async close() {
        await pglite.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function openPostgres(connectionString: string, poolSize: number): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection the server closes (restart, failover, admin) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  try {
    const db = drizzle(pool, { schema }) as unknown as Db;
    await applyMigrations({ kind: 'postgres', pool });
    return { kind: 'postgres', db, pool, connectionString, close: () => pool.end() };
  } catch (error) {
    await pool.end();
    throw error;
  }
}
