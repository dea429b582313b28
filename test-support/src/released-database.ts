import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Db } from '@brieftaube/server/db/client.ts';
import { applyMigrations, type MigrationTarget } from '@brieftaube/server/db/migrate.ts';
import { createTestPostgresDatabase } from './postgres.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../apps/server/src/db/migrations');

/** The migrations folder as the release whose last migration was `lastTag` shipped it. */
function releasedMigrations(lastTag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last === -1) throw new Error(`no migration ${lastTag}`);
  const entries = journal.entries.slice(0, last + 1);
  for (const { tag } of entries)
    fs.copyFileSync(path.join(MIGRATIONS, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  fs.writeFileSync(
    path.join(dir, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries }, null, 2),
  );
  return dir;
}

export interface ReleasedDatabase {
  db: Db;
  /** Starts this version's migrations on it, as the server does when it starts. */
  upgrade: () => Promise<void>;
  close: () => Promise<void>;
}

/** A database of the release whose last migration was `lastTag`, to upgrade in a test. */
export async function releasedDatabase(
  kind: 'pglite' | 'postgres',
  lastTag: string,
): Promise<ReleasedDatabase> {
  const folder = releasedMigrations(lastTag);
  if (kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const pglite = await PGlite.create();
    const db = drizzle(pglite);
    await migrate(db, { migrationsFolder: folder });
    const target: MigrationTarget = { kind: 'pglite', db: db as unknown as Db };
    return {
      db: db as unknown as Db,
      upgrade: () => applyMigrations(target),
      close: async () => {
        await pglite.close();
        fs.rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const database = await createTestPostgresDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const db = drizzle(pool);
  await migrate(db, { migrationsFolder: folder });
  return {
    db: db as unknown as Db,
    upgrade: () => applyMigrations({ kind: 'postgres', pool }),
    close: async () => {
      await pool.end();
      await database.drop();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
