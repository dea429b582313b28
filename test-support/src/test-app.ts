import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@brieftaube/server/app';
import { loadConfig, type Config } from '@brieftaube/server/config/env.ts';
import { openDatabase, type DatabaseHandle, type Db } from '@brieftaube/server/db/client.ts';
import { startJobQueue, type JobQueue } from '@brieftaube/server/jobs/job-queue.ts';
import { createLogger } from '@brieftaube/server/lib/logger.ts';
import { createServices, type Services } from '@brieftaube/server/services.ts';
import { acquirePgliteDatabase } from './pglite-pool.ts';
import { createTestPostgresDatabase } from './postgres.ts';

export type DatabaseKind = 'pglite' | 'postgres';
export const DATABASE_KINDS: DatabaseKind[] = ['pglite', 'postgres'];
export const TEST_APP_SECRET = 'test-secret-0123456789abcdef0123456789abcdef';

export interface TestApp {
  app: FastifyInstance;
  queue: JobQueue | undefined;
  services: Services;
  config: Config;
  database: DatabaseHandle;
  close: () => Promise<void>;
}

/**
 * The real application on a real database: in-memory PGlite or a fresh database on the local
 * PostgreSQL server. Nothing is mocked.
 */
export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: {
    serveWeb?: boolean;
    logStream?: NodeJS.WritableStream;
    jobs?: boolean;
    /** Keep synced accounts live (IDLE) as `npm start` does; off unless a test is about it. */
    liveSync?: { pollSeconds: number; rescanSeconds?: number };
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-test-'));
  const pgDb = kind === 'postgres' ? await createTestPostgresDatabase() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: TEST_APP_SECRET,
    LOG_LEVEL: 'silent',
    // A server deployment refuses mail hosts inside a network (ADR 0018); the test servers
    // listen on this machine, which the operator of a test allows. A test of the policy itself
    // passes MAIL_ALLOWED_HOSTS: '' (unset).
    ...(pgDb ? { DATABASE_URL: pgDb.url, MAIL_ALLOWED_HOSTS: '127.0.0.0/8, ::1' } : {}),
    ...env,
  });
  const database =
    kind === 'pglite'
      ? await acquirePgliteDatabase()
      : await openDatabase(config, { memory: true });
  // With a log stream, everything the process logs goes there (the API, the services, the jobs).
  const logger = options.logStream ? createLogger(config.LOG_LEVEL, options.logStream) : undefined;
  const services = createServices(config, database, logger);
  const app = await buildApp({
    config,
    database,
    services,
    serveWeb: options.serveWeb ?? false,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();
  // Jobs run in this process, as with `npm start` on a laptop.
  const queue: JobQueue | undefined = options.jobs
    ? await startJobQueue(database, {
        logger: logger ?? createLogger('silent'),
        work: true,
        services,
        ...(options.liveSync ? { liveSync: options.liveSync } : {}),
      })
    : undefined;
  return {
    app,
    queue,
    services,
    config,
    database,
    async close() {
      await queue?.stop();
      await app.close();
      await services.events.close();
      await database.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Rows of a raw query, for tests that look at what was stored. */
export async function queryRows<T>(db: Db, query: SQL): Promise<[T, ...T[]]> {
  const result: unknown = await db.execute(query);
  const { rows } = result as { rows: T[] };
  if (rows.length === 0) throw new Error('query returned no rows');
  return rows as [T, ...T[]];
}
