import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './ports.ts';

const main = path.resolve(import.meta.dirname, '../../apps/server/src/main.ts');
// What a failure message shows of the server's own output: its last words are what explain it.
const KEEP = 20_000;

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** The end of everything the process printed (stdout and stderr). */
  output(): string;
  /** Sends the signal (unless the process has ended already) and waits for the end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The server as its own process, answering on a port of its own. A wait, not a speed check: a
 * first start (initdb and every migration) beside two busy test files once took more than 30 s
 * on a slow hour of these VMs. A process that ends before it answers fails the start at once,
 * with what it printed, instead of leaving the caller waiting for an answer or an exit that
 * already came.
 */
export async function startServer(options: {
  env: Record<string, string>;
  /** Default: `node apps/server/src/main.ts`; the port is passed as PORT either way. */
  command?: { file: string; args: string[]; cwd?: string };
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const command = options.command ?? { file: process.execPath, args: [main] };
  const child = spawn(command.file, command.args, {
    ...(command.cwd ? { cwd: command.cwd } : {}),
    env: { ...process.env, HOST: '127.0.0.1', ...options.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (data: Buffer) => {
    output += data.toString();
    if (output.length > 2 * KEEP) output = output.slice(-KEEP);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const hasEnded = () => child.exitCode !== null || child.signalCode !== null;
  const server: ServerProcess = {
    child,
    port,
    base,
    output: () => output.slice(-KEEP),
    async stop(signal = 'SIGTERM') {
      if (!hasEnded()) child.kill(signal);
      await ended;
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (hasEnded())
      throw new Error(
        `the server ended (${child.exitCode ?? child.signalCode}) before it answered:\n${server.output()}`,
      );
    const up = await fetch(`${base}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop('SIGKILL');
  throw new Error(`the server did not answer on port ${port}:\n${server.output()}`);
}
