// npm run bench:memory — resident memory of Brieftaube on a laptop: the server as `npm start` runs
// it (the checkout's own start script, PGlite in a data folder) in a child process, its RSS read
// from /proc every 20 ms (worker threads are in-process; child processes, if any, are added) and
// its kernel high-water mark, through
//   start-up on an empty data folder (initdb, migrations, job queue),
//   idle after that start,
//   the first sync of a 20,000-message Dovecot inbox, until the search index is built,
//   at rest after the sync,
//   a restart on the now-full data folder (what a laptop user starts every day), then a sign-in,
//   the inbox's first page, a search and one opened mail, and rest.
// Targets: ≤ 300 MB at rest, ≤ 600 MB at any peak. `--baseline <checkout>` measures another
// checkout (with its node_modules installed) the same way in the same run, for "before" figures.
// BENCH_MESSAGES (20,000) and BENCH_REST_SECONDS (45) change the mailbox and the rest.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildBenchMailbox } from './bench-mailbox.ts';
import { rawFetchAndParse } from './raw-imap.ts';
import { startDovecot, type Dovecot } from '../../../test-support/src/dovecot.ts';
import { freePort } from '../../../test-support/src/ports.ts';

const COUNT = Number(process.env.BENCH_MESSAGES ?? 20_000);
const REST_SECONDS = Number(process.env.BENCH_REST_SECONDS ?? 45);
const USER = 'bench@beispiel.de';
const TARGET_REST_MB = 300;
const TARGET_PEAK_MB = 600;
/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these. */
const CLOCK_TICKS = 100;
const here = path.resolve(import.meta.dirname, '../../..');

const { values: options } = parseArgs({ options: { baseline: { type: 'string' } } });

// --- /proc ---------------------------------------------------------------------------------

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  } catch {
    return 0; // gone
  }
}

/** utime + stime of every thread of the process, and its parent's pid. */
function stat(pid: number): { ppid: number; ticks: number } | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses; the fields follow its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

function descendants(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = stat(Number(entry));
    if (!info) continue;
    parents.set(info.ppid, [...(parents.get(info.ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const visit = (pid: number) => {
    for (const child of parents.get(pid) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

/** The server's resident memory, sampled; `peak` since the last `resetPeak()`. */
class MemoryProbe {
  private children: number[] = [];
  private timers: NodeJS.Timeout[] = [];
  peakKb = 0;
  readonly pid: number;
  constructor(pid: number) {
    this.pid = pid;
    this.timers.push(setInterval(() => this.sample(), 20));
    this.timers.push(setInterval(() => (this.children = descendants(pid)), 500));
    this.sample();
  }
  rssKb(): number {
    return statusKb(this.pid, 'VmRSS') + this.childrenKb();
  }
  private childrenKb(): number {
    return this.children.reduce((sum, pid) => sum + statusKb(pid, 'VmRSS'), 0);
  }
  sample(): void {
    // The kernel's high-water mark catches a spike between two samples.
    const peak = Math.max(statusKb(this.pid, 'VmHWM'), statusKb(this.pid, 'VmRSS'));
    this.peakKb = Math.max(this.peakKb, peak + this.childrenKb());
  }
  resetPeak(): void {
    // proc(5), clear_refs: "5" resets the high-water mark to the current RSS.
    fs.writeFileSync(`/proc/${this.pid}/clear_refs`, '5');
    this.peakKb = 0;
    this.sample();
  }
  cpuTicks(): number {
    return stat(this.pid)?.ticks ?? 0;
  }
  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (kb: number) => kb / 1024;

/**
 * Until the server has used less than a tenth of a core for three seconds in a row: the job
 * queue's polling goes on for ever, the work that follows a start or a sync does not.
 */
async function waitQuiet(probe: MemoryProbe, maxSeconds = 600): Promise<void> {
  const deadline = Date.now() + maxSeconds * 1000;
  let quietFor = 0;
  let last = probe.cpuTicks();
  while (quietFor < 3) {
    if (Date.now() > deadline) throw new Error('the server never became quiet');
    await sleep(1000);
    const now = probe.cpuTicks();
    quietFor = (now - last) / CLOCK_TICKS < 0.1 ? quietFor + 1 : 0;
    last = now;
  }
}

// --- the server --------------------------------------------------------------------------------

interface Server {
  child: ChildProcess;
  probe: MemoryProbe;
  base: string;
  /** From spawn until /api/health/ answered. */
  startMs: number;
  stop(): Promise<void>;
}

/** The checkout's `npm start` command (its prestart only builds the web app), run by `sh`. */
async function startServer(checkout: string, dataDir: string): Promise<Server> {
  const manifest = JSON.parse(fs.readFileSync(path.join(checkout, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${path.join(checkout, 'node_modules/.bin')}:${process.env.PATH}`,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  // Laptop mode: no server database, the generated key in the data folder.
  delete env.DATABASE_URL;
  delete env.APP_SECRET;
  const t0 = performance.now();
  // exec: the measured pid is the server itself, not a shell around it.
  const child = spawn('sh', ['-c', `exec ${manifest.scripts.start}`], {
    cwd: checkout,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const probe = new MemoryProbe(child.pid!);
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    const up = await fetch(`${base}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null) throw new Error(`the server in ${checkout} exited`);
    await sleep(10);
  }
  const startMs = performance.now() - t0;
  return {
    child,
    probe,
    base,
    startMs,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      probe.stop();
    },
  };
}

async function call<T>(
  server: Server,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
) {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

interface Figures {
  startPeak: number;
  idle: number;
  syncPeak: number;
  afterSync: number;
  restartPeak: number;
  atRest: number;
  firstStartMs: number;
  restartMs: number;
  syncSeconds: number;
}

async function measure(label: string, checkout: string, dovecot: Dovecot): Promise<Figures> {
  const note = (text: string) => console.log(`  ${label}: ${text}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-bench-memory-'));
  try {
    // 1. The first start: an empty data folder.
    let server = await startServer(checkout, dataDir);
    await waitQuiet(server.probe);
    await sleep(REST_SECONDS * 1000);
    const startPeak = mb(server.probe.peakKb);
    const idle = mb(server.probe.rssKb());
    const firstStartMs = server.startMs;
    note(`first start: peak ${startPeak.toFixed(0)} MB, idle ${idle.toFixed(0)} MB`);

    // 2. The first sync, as the app starts it, until the search index has everything.
    const credentials = { username: 'bench', password: 'Sonnenblume!42' };
    const { access } = await call<{ access: string }>(
      server,
      'POST',
      '/api/auth/registration/',
      '',
      {
        ...credentials,
        email: 'bench@brieftaube.example',
        password1: credentials.password,
        password2: credentials.password,
      },
    );
    const account = await call<{ id: number }>(server, 'POST', '/api/accounts/', access, {
      email_address: USER,
      imap_server: '127.0.0.1',
      imap_port: dovecot.imapPort,
      imap_security: 'none',
      smtp_server: '127.0.0.1',
      smtp_port: 2525,
      smtp_security: 'none',
      password: 'pw',
    });
    server.probe.resetPeak();
    const s0 = performance.now();
    const { task_id } = await call<{ task_id: string }>(
      server,
      'POST',
      `/api/tasks/fetch-emails/${account.id}/`,
      access,
    );
    for (;;) {
      const tasks = await call<Record<string, { status: string; message: string }>>(
        server,
        'GET',
        '/api/status/all-tasks/',
        access,
      );
      const task = tasks[task_id]!;
      if (task.status === 'FAILURE') throw new Error(task.message);
      if (task.status === 'SUCCESS') break;
      await sleep(250);
    }
    const syncSeconds = (performance.now() - s0) / 1000;
    await waitQuiet(server.probe);
    const syncPeak = mb(server.probe.peakKb);
    const stats = await call<{ stored_emails: number }>(
      server,
      'GET',
      `/api/accounts/${account.id}/statistics/`,
      access,
    );
    if (stats.stored_emails !== COUNT) throw new Error(`stored ${stats.stored_emails} of ${COUNT}`);
    await sleep(REST_SECONDS * 1000);
    const afterSync = mb(server.probe.rssKb());
    note(
      `sync: ${syncSeconds.toFixed(1)} s, peak ${syncPeak.toFixed(0)} MB, at rest ${afterSync.toFixed(0)} MB`,
    );
    await server.stop();

    // 3. A restart on the full data folder, and a little use of the app.
    server = await startServer(checkout, dataDir);
    const restartMs = server.startMs;
    await waitQuiet(server.probe);
    const { access: again } = await call<{ access: string }>(
      server,
      'POST',
      '/api/auth/login/',
      '',
      credentials,
    );
    const page = await call<{ id: number }[]>(
      server,
      'GET',
      `/api/emails/?accounts=${account.id}&folder_name=INBOX&limit=50`,
      again,
    );
    await call(server, 'GET', `/api/emails/${page[0]!.id}/`, again);
    const found = await call<unknown[]>(
      server,
      'GET',
      `/api/emails/?q=${encodeURIComponent('Rechnung November')}&limit=50`,
      again,
    );
    if (found.length === 0) throw new Error('the search found nothing');
    await waitQuiet(server.probe);
    await sleep(REST_SECONDS * 1000);
    const restartPeak = mb(server.probe.peakKb);
    const atRest = mb(server.probe.rssKb());
    note(`restart: peak ${restartPeak.toFixed(0)} MB, at rest ${atRest.toFixed(0)} MB`);
    await server.stop();
    return {
      startPeak,
      idle,
      syncPeak,
      afterSync,
      restartPeak,
      atRest,
      firstStartMs,
      restartMs,
      syncSeconds,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// --- the run -----------------------------------------------------------------------------------

const checkouts: { label: string; dir: string }[] = [];
if (options.baseline) checkouts.push({ label: 'baseline', dir: path.resolve(options.baseline) });
checkouts.push({ label: 'this checkout', dir: here });
for (const { dir } of checkouts) {
  if (!fs.existsSync(path.join(dir, 'node_modules')))
    throw new Error(`${dir} has no node_modules: run npm ci there first`);
}

console.log(
  `Resident memory of the server as npm start runs it, PGlite in a data folder (node ${process.version}, ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB)`,
);
for (const { label, dir } of checkouts) console.log(`  ${label}: ${dir}`);
const dovecot = await startDovecot([{ user: USER, password: 'pw' }]);
const results: Figures[] = [];
try {
  await buildBenchMailbox(dovecot, USER, COUNT);
  // Dovecot indexes the new maildir and fills its cache: every checkout meets the same warm server.
  await rawFetchAndParse(dovecot, USER, COUNT, false);
  for (const { label, dir } of checkouts) results.push(await measure(label, dir, dovecot));
} finally {
  await dovecot.stop();
}

const rows: [string, keyof Figures, string][] = [
  ['start-up peak (first start, initdb)', 'startPeak', `≤ ${TARGET_PEAK_MB}`],
  ['idle after that start', 'idle', `≤ ${TARGET_REST_MB}`],
  [`peak during the first sync`, 'syncPeak', `≤ ${TARGET_PEAK_MB}`],
  ['at rest after the sync', 'afterSync', `≤ ${TARGET_REST_MB}`],
  ['restart on the full folder: peak', 'restartPeak', `≤ ${TARGET_PEAK_MB}`],
  ['at rest after restart and use', 'atRest', `≤ ${TARGET_REST_MB}`],
];
const nf = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
const header = checkouts.map((c) => c.label.padStart(15)).join('');
console.log(`\nRSS in MB, ${nf.format(COUNT)} messages, rest ${REST_SECONDS} s${''.padEnd(4)}`);
console.log(`${''.padEnd(40)}${header}   target`);
for (const [label, key, target] of rows) {
  const cells = results.map((r) => nf.format(r[key]).padStart(15)).join('');
  console.log(`  ${label.padEnd(38)}${cells}   ${target}`);
}
console.log('\nFor orientation (noisy; bench:startup and bench:sync measure speed):');
const side: [string, (f: Figures) => string][] = [
  ['first start until /api/health answers', (f) => `${nf.format(f.firstStartMs)} ms`],
  ['restart until /api/health answers', (f) => `${nf.format(f.restartMs)} ms`],
  ['first sync until the task succeeded', (f) => `${f.syncSeconds.toFixed(1)} s`],
];
for (const [label, format] of side) {
  const cells = results.map((r) => format(r).padStart(15)).join('');
  console.log(`  ${label.padEnd(38)}${cells}`);
}
