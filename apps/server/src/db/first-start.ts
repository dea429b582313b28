import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config/env.ts';
import type { MemoryFS as PgliteMemoryFS } from '@electric-sql/pglite';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { pgliteOptions } from './pglite-options.ts';

/** Whether a data folder holds a database already. */
export function hasDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));
}

/**
 * Creates the embedded database of a new data folder and says whether it did.
 *
 * PGlite's initdb runs in a second WebAssembly instance (with a third for initdb itself and a
 * 128 MB copy of the second one's memory) beside the database's: the highest peak of a laptop
 * instance's life. For a folder on disk PGlite lets initdb write into that second instance's
 * memory, copies the new cluster as a tar archive and unpacks it into the folder, all while
 * initdb's memory waits for the garbage collector, so the peak depended on when the collector
 * ran (ADR 0021). For an in-memory database it lets initdb write straight into the database's
 * own file system; `InitdbOntoDisk` is that file system with the folder mounted where the
 * cluster goes. The cluster is made beside the folder and renamed into place, so that a start
 * broken off halfway leaves no half-made database behind. The caller holds the folder's lock.
 */
export async function createDatabase(dataDir: string): Promise<boolean> {
  if (hasDatabase(dataDir)) return false;
  const { PGlite, MemoryFS } = await import('@electric-sql/pglite');
  const target = path.join(dataDir, 'pgdata');
  const building = path.join(dataDir, 'pgdata.new');
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { recursive: true });
  const database = await PGlite.create({
    ...pgliteOptions(PGlite.defaultStartParams),
    fs: new (initdbOntoDisk(MemoryFS))(building),
  });
  await database.close();
  // A cluster without PG_VERSION was never opened (earlier versions could leave one behind when
  // stopped during initdb); it is kept aside rather than deleted, in case it is more than that.
  if (fs.existsSync(target)) fs.renameSync(target, `${target}.unfinished-${Date.now()}`);
  fs.renameSync(building, target);
  collectGarbage();
  return true;
}

/**
 * PGlite's in-memory file system with `root` mounted as the cluster's folder. Should a later
 * PGlite stop treating it as in-memory, initdb takes the archive's way again, into the same
 * mount: higher, not wrong.
 */
function initdbOntoDisk(MemoryFS: typeof PgliteMemoryFS) {
  return class InitdbOntoDisk extends MemoryFS {
    readonly #root: string;
    constructor(root: string) {
      super();
      this.#root = root;
    }
    override async init(...[pg, options]: Parameters<InstanceType<typeof MemoryFS>['init']>) {
      this.pg = pg;
      const mount = (module: MountingModule) => {
        const pgdata = module.ENV.PGDATA!;
        module.FS.mkdirTree(pgdata);
        module.FS.mount(module.FS.filesystems.NODEFS, { root: this.#root }, pgdata);
      };
      return { emscriptenOpts: { ...options, preRun: [...(options.preRun ?? []), mount] } };
    }
    // PGlite syncs right after initdb, before the database's own server starts: initdb's
    // instances and the copy of their memory are garbage from there on. (Nothing needs syncing:
    // the mount writes through.)
    override async syncToFs() {
      collectGarbage();
    }
  };
}

/** What the mount needs of PGlite's Emscripten module (whose own types name Emscripten's). */
interface MountingModule {
  ENV: Record<string, string | undefined>;
  FS: {
    mkdirTree(path: string): void;
    mount(type: unknown, options: { root: string }, mountpoint: string): unknown;
    filesystems: { NODEFS: unknown };
  };
}

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
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
