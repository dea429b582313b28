import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../../src/db/data-dir-lock.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'bt-lock-'));

describe('data folder lock', () => {
  it('creates missing parent folders and releases the lock', () => {
    const dir = path.join(tmp(), 'a', 'b', 'data');
    const lock = acquireDataDirLock(dir);
    expect(fs.existsSync(lock.path)).toBe(true);
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  });

  it('refuses a folder held by a live process', () => {
    const dir = tmp();
    // PID 1 is always alive; it stands for "another running Brieftaube".
    fs.writeFileSync(
      path.join(dir, 'brieftaube.lock'),
      JSON.stringify({ pid: 1, hostname: os.hostname(), startedAt: 'x' }),
    );
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it('takes over a lock left behind by a process that no longer exists', () => {
    const dir = tmp();
    fs.writeFileSync(
      path.join(dir, 'brieftaube.lock'),
      JSON.stringify({ pid: 2 ** 22 + 7, hostname: os.hostname(), startedAt: 'x' }),
    );
    const lock = acquireDataDirLock(dir);
    expect((JSON.parse(fs.readFileSync(lock.path, 'utf8')) as { pid: number }).pid).toBe(
      process.pid,
    );
    lock.release();
  });

  it('never steals a lock held from another host', () => {
    const dir = tmp();
    fs.writeFileSync(
      path.join(dir, 'brieftaube.lock'),
      JSON.stringify({ pid: 2 ** 22 + 7, hostname: 'other-host', startedAt: 'x' }),
    );
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });
});
