import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { DatabaseHandle, Db } from '@brieftaube/server/db/client.ts';
import { applyMigrations } from '@brieftaube/server/db/migrate.ts';
import * as schema from '@brieftaube/server/db/schema/index.ts';

/**
 * In-memory PGlite databases for tests, reused within a test process instead of created and
 * dropped per test app.
 *
 * Why: a new PGlite instance costs 1–3 s of CPU (WebAssembly instantiation, initdb, migrations),
 * and every dropped one leaves V8 to free its compiled WebAssembly code, the path on which V8 13
 * aborted a test process now and then (`jit_page_->allocations_.erase`). A released database is
 * emptied instead (every app table truncated with its identities restarted, pg-boss's schema
 * dropped, the session reset), so the next test app finds it exactly as a fresh, migrated one.
 */
const idle: PGlite[] = [];

async function emptied(pglite: PGlite): Promise<void> {
  const { rows } = await pglite.query<{ name: string }>(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name
       FROM pg_tables WHERE schemaname = 'public'`,
  );
  const tables = rows.map((r) => r.name).join(', ');
  // DISCARD ALL: session settings, prepared statements and advisory locks of the last app go too.
  await pglite.exec(
    `${tables ? `TRUNCATE ${tables} RESTART IDENTITY CASCADE;` : ''}
     DROP SCHEMA IF EXISTS pgboss CASCADE;
     DISCARD ALL;`,
  );
}

/**
 * The files of a migrated, empty database, dumped by the first instance a test process creates.
 * PGlite runs initdb inside WebAssembly for every new instance: about 1.8 s of CPU, with the
 * migrations about 3 s, where an instance loaded from these files takes 0.4 s. A profile of the
 * integration suite had 32 s of CPU in initdb's copies of its heap alone.
 */
let template: Promise<Blob> | undefined;

async function createPglite(): Promise<PGlite> {
  if (template) return PGlite.create({ loadDataDir: await template });
  const pglite = await PGlite.create();
  await applyMigrations({ kind: 'pglite', db: drizzle(pglite, { schema }) as unknown as Db });
  const dump = pglite.dumpDataDir('none');
  template = dump;
  try {
    await dump;
  } catch {
    // Not kept: the next instance runs initdb again.
    template = undefined;
  }
  return pglite;
}

/** A migrated, empty in-memory database; `close()` gives it back to the pool. */
export async function acquirePgliteDatabase(): Promise<DatabaseHandle> {
  const pglite = idle.pop() ?? (await createPglite());
  const db = drizzle(pglite, { schema }) as unknown as Db;
  // On a reused database this only confirms that every migration is there.
  await applyMigrations({ kind: 'pglite', db });
  let closed = false;
  return {
    kind: 'pglite',
    db,
    pglite,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await emptied(pglite);
        idle.push(pglite);
      } catch {
        // A database a test left unusable (closed, mid-transaction) is not given out again.
        await pglite.close().catch(() => undefined);
      }
    },
  };
}
