import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@brieftaube/server/config/env.ts';
import { openDatabase } from '@brieftaube/server/db/client.ts';
import { createDatabase, hasDatabase } from '@brieftaube/server/db/first-start.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe("a new data folder's database (ADR 0021)", () => {
  it('is made beside the folder, renamed into place, and opens with its migrations', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-first-start-'));
    folders.push(dataDir);
    // What a start broken off during initdb may leave behind: a half-made cluster of an
    // earlier version and one of this version's unfinished builds.
    fs.mkdirSync(path.join(dataDir, 'pgdata', 'base'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'pgdata', 'base', 'leftover'), 'half made');
    fs.mkdirSync(path.join(dataDir, 'pgdata.new'));
    fs.writeFileSync(path.join(dataDir, 'pgdata.new', 'PG_VERSION'), 'garbage');

    expect(await createDatabase(dataDir)).toBe(true);

    expect(hasDatabase(dataDir)).toBe(true);
    const entries = fs.readdirSync(dataDir);
    expect(entries).not.toContain('pgdata.new');
    // The half-made cluster is kept aside, not deleted.
    const aside = entries.filter((entry) => entry.startsWith('pgdata.unfinished-'));
    expect(aside).toHaveLength(1);
    expect(fs.readFileSync(path.join(dataDir, aside[0]!, 'base', 'leftover'), 'utf8')).toBe(
      'half made',
    );
    const pgdata = path.join(dataDir, 'pgdata');
    expect(fs.readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
    expect(fs.readFileSync(path.join(pgdata, 'postgresql.conf'), 'utf8')).toMatch(
      /^shared_buffers = 16MB/m,
    );
    // A folder with a database is left alone.
    expect(await createDatabase(dataDir)).toBe(false);

    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    try {
      if (database.kind !== 'pglite') throw new Error('expected PGlite');
      const { rows } = await database.pglite.query<{ users: number }>(
        'SELECT count(*)::int AS users FROM users',
      );
      expect(rows[0]!.users).toBe(0);
      const recovered = await database.pglite.query<{ recovering: boolean }>(
        'SELECT pg_is_in_recovery() AS recovering',
      );
      expect(recovered.rows[0]!.recovering).toBe(false);
    } finally {
      await database.close();
    }
    // initdb and the migrations on a machine shared with other work.
  }, 120_000);
});
