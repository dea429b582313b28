import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LOCK_NAME = 'brieftaube.lock';

interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly owner: LockOwner;
  constructor(dataDir: string, owner: LockOwner) {
    super(
      `Data folder ${dataDir} is in use by process ${owner.pid} on ${owner.hostname} ` +
        `(since ${owner.startedAt}). PGlite allows one process per folder.`,
    );
    this.name = 'DataDirLockedError';
    this.dataDir = dataDir;
    this.owner = owner;
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still holds the folder.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockOwner;
  } catch {
    return undefined;
  }
}

/**
 * PGlite does not lock its folder, and two processes on one folder silently corrupt it. So the
 * first process creates the lock file atomically (O_EXCL); a second one finds it, sees its owner
 * alive and refuses to start. A lock left behind by a crashed process is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_NAME);
  const me: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
  };

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, JSON.stringify(me));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (readOwner(lockPath)?.pid === me.pid) fs.rmSync(lockPath, { force: true });
      };
      process.once('exit', release);
      return { path: lockPath, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(lockPath);
    // A lock from another host (shared folder) cannot be checked for liveness: never steal it.
    if (owner && (owner.hostname !== me.hostname || isAlive(owner.pid)) && owner.pid !== me.pid) {
      throw new DataDirLockedError(dataDir, owner);
    }
    // Stale: move it aside (rename is atomic, so of two racing starters only one succeeds), then
    // make sure what we moved is the stale lock we judged and not a fresh one from a racer.
    const aside = `${lockPath}.stale-${process.pid}`;
    try {
      fs.renameSync(lockPath, aside);
    } catch {
      continue;
    }
    const moved = readOwner(aside);
    if (moved && owner && moved.pid !== owner.pid && isAlive(moved.pid)) {
      fs.renameSync(aside, lockPath);
      throw new DataDirLockedError(dataDir, moved);
    }
    fs.rmSync(aside, { force: true });
  }
  const owner = readOwner(lockPath);
  throw new DataDirLockedError(
    dataDir,
    owner ?? { pid: -1, hostname: 'unknown', startedAt: 'unknown' },
  );
}
