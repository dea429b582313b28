import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@brieftaube/test-support/ports.ts';

const main = path.resolve(import.meta.dirname, '../../src/main.ts');
const children: ChildProcess[] = [];

function start(dataDir: string, port: number) {
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Brieftaube is ready')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited early:\n${output}`));
    });
  });
  // Exiting is expected of some children; only a caller that awaits `ready` cares.
  ready.catch(() => undefined);
  return { child, ready, exited, output: () => output };
}

afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

describe('one process per data folder', () => {
  it('a second server on the same folder exits at once with a clear message; the first keeps serving', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bt-proc-')), 'nested', 'data');
    const [port, secondPort, thirdPort] = [await freePort(), await freePort(), await freePort()];
    const first = start(dataDir, port);
    await first.ready;

    const second = start(dataDir, secondPort);
    const code = await second.exited;
    expect(code).toBe(75);
    expect(second.output()).toContain('läuft bereits mit dem Datenordner');

    const health = await fetch(`http://127.0.0.1:${port}/api/health/`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });

    // An orderly stop releases the lock, and the next start finds the data intact.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'brieftaube.lock'))).toBe(false);
    const third = start(dataDir, thirdPort);
    await third.ready;
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 180_000);
});
