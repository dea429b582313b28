import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config/env.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { pgliteOptions } from './pglite-options.ts';

/** Whether a data folder holds a database already. */
export function hasDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));
}

/**
 * Creates the embedded database of a new data folder (PGlite's initdb) and says whether it did.
 * initdb runs in two WebAssembly instances of its own beside the database's, each touching its
 * 128 MB of memory: the highest peak of a laptop instance's life. That memory is garbage once the
 * database is closed, and is collected at once here (where `npm start` exposes gc(), ADR 0021)
 * instead of lingering while the migrations run. The caller holds the folder's lock.
 */
export async function createDatabase(dataDir: string): Promise<boolean> {
  if (hasDatabase(dataDir)) return false;
  const { PGlite } = await import('@electric-sql/pglite');
  const database = await PGlite.create(
    path.join(dataDir, 'pgdata'),
    pgliteOptions(PGlite.defaultStartParams),
  );
  await database.close();
  (globalThis as { gc?: () => void }).gc?.();
  return true;
}

/**
 * `npm start` on a new data folder: the database is created before the server's modules are
 * imported, so that initdb's peak meets a process that holds nothing else yet. Whatever fails
 * here (configuration, a folder in use, initdb) is left for the start-up proper to report.
 */
export async function createDatabaseBeforeStart(): Promise<void> {
  let dataDir: string;
  try {
    const config = loadConfig();
    if (config.DATABASE_URL || hasDatabase(config.dataDir)) return;
    dataDir = config.dataDir;
  } catch {
    return;
  }
  let lock: DataDirLock;
  try {
    lock = acquireDataDirLock(dataDir);
  } catch {
    return;
  }
  try {
    await createDatabase(dataDir);
  } catch {
    // openDatabase tries once more and reports it.
  } finally {
    lock.release();
  }
}
