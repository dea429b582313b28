// npm run bench:startup — time from process start until the server answers its first request,
// on an empty database and with 10,000 users, on PGlite and (when reachable) on PostgreSQL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { freePort } from '../../../test-support/src/ports.ts';
import { createTestPostgresDatabase } from '../../../test-support/src/postgres.ts';

const main = path.resolve(import.meta.dirname, '../src/main.ts');
// The node flags of `npm start` (ADR 0021): the start-up measured is the one users get.
const startScript = (
  JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
  ) as { scripts: { start: string } }
).scripts.start;
const nodeFlags = startScript.split(/\s+/).filter((word) => word.startsWith('--'));
// And the environment it sets through `env` (glibc's malloc settings).
const startEnv = Object.fromEntries(
  startScript
    .split(/\s+/)
    .filter((word) => /^[A-Z_]+=/.test(word))
    .map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]),
);
const RUNS = 3;
const APP_SECRET = 'bench-secret-0123456789abcdef0123456789abcdef';

async function timeStart(env: Record<string, string>, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, main], {
    env: {
      ...process.env,
      ...startEnv,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RUN_JOBS: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health/`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error('server exited before answering');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function seedUsers(env: Record<string, string>, count: number): Promise<void> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  const hash = await hashPassword('Sonnenblume!42');
  await database.db.execute(sql`
    INSERT INTO users (username, email, password_hash)
    SELECT 'nutzer' || g, 'nutzer' || g || '@beispiel.de', ${hash} FROM generate_series(1, ${count}) g`);
  await database.close();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function measure(
  label: string,
  env: Record<string, string>,
  port: number,
  firstStartCreatesDb: boolean,
) {
  const times: number[] = [];
  if (firstStartCreatesDb) {
    const first = await timeStart(env, port);
    console.log(`  ${label.padEnd(34)} first start (creates database): ${first.toFixed(0)} ms`);
  }
  for (let i = 0; i < RUNS; i++) times.push(await timeStart(env, port));
  console.log(
    `  ${label.padEnd(34)} median of ${RUNS}: ${median(times).toFixed(0)} ms  (${times.map((t) => t.toFixed(0)).join(', ')})`,
  );
  return median(times);
}

// A port nothing else holds (test servers and Dovecot instances pick free ports too).
const port = await freePort();
console.log(
  `Startup time until the first answered request (node ${process.version} ${nodeFlags.join(' ')}, ${os.cpus().length} cores)`,
);

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-bench-startup-'));
const empty = { DATA_DIR: path.join(base, 'empty') };
const emptyMs = await measure('PGlite, empty database', empty, port, true);
const withUsers = { DATA_DIR: path.join(base, 'users') };
await timeStart(withUsers, port); // creates and migrates
await seedUsers(withUsers, 10_000);
const usersMs = await measure('PGlite, 10,000 users', withUsers, port, false);
console.log(`  ratio 10,000 users / empty: ${(usersMs / emptyMs).toFixed(2)}`);

try {
  const pgEmpty = await createTestPostgresDatabase('bt_bench');
  const pgUsers = await createTestPostgresDatabase('bt_bench');
  try {
    const envEmpty = { DATABASE_URL: pgEmpty.url, APP_SECRET, DATA_DIR: path.join(base, 'pg') };
    const pgEmptyMs = await measure('PostgreSQL, empty database', envEmpty, port, true);
    const envUsers = { DATABASE_URL: pgUsers.url, APP_SECRET, DATA_DIR: path.join(base, 'pg') };
    await timeStart(envUsers, port);
    await seedUsers(envUsers, 10_000);
    const pgUsersMs = await measure('PostgreSQL, 10,000 users', envUsers, port, false);
    console.log(`  ratio 10,000 users / empty: ${(pgUsersMs / pgEmptyMs).toFixed(2)}`);
  } finally {
    await pgEmpty.drop();
    await pgUsers.drop();
  }
} catch (error) {
  console.log(`  PostgreSQL not measured: ${(error as Error).message}`);
}
fs.rmSync(base, { recursive: true, force: true });
