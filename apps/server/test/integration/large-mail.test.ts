import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { buildMessage, seedMaildir } from '@brieftaube/test-support/mailbox.ts';
import { createTestPostgresDatabase } from '@brieftaube/test-support/postgres.ts';
import { startServer, type ServerProcess } from '@brieftaube/test-support/server-process.ts';
import { TEST_APP_SECRET } from '@brieftaube/test-support/test-app.ts';

const MB = 1024 * 1024;
const LARGE = 100; // 4 MB attachments: read part by part
const MEDIUM = 200; // 300 KB attachments (410 KB encoded): fetched and parsed whole

/** Bytes that do not compress, as a real attachment's. */
function noise(bytes: number, seed: number): Buffer {
  const out = Buffer.alloc(bytes);
  let x = seed;
  for (let i = 0; i < bytes; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = x >> 16;
  }
  return out;
}

/** The process's resident set now (Linux: VmRSS), in MB. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/**
 * A mailbox of 680 MB: 100 messages with 4 MB attachments and one of 56 MB (a 3 MB text and a 40 MB
 * attachment), above the whole-source limit, and 200 with 300 KB attachments, below it. The app runs as its own process, as `npm start`
 * does, so its memory is its own and nothing of the test's.
 */
const variants = [
  { kind: 'pglite', env: {} },
  // PostgreSQL, forced through the bulk fetch worker threads.
  { kind: 'postgres', env: { MAIL_SYNC_WORKER_MIN: '1' } },
] as const;

const address = 'gross@beispiel.de';
let dovecot: Dovecot;
let totalBytes = 0;

// The mailbox is built once, and both databases sync it from the same Dovecot one after the
// other: a sync only reads it, and building 680 MB took half of this file's time.
beforeAll(async () => {
  dovecot = await startDovecot([{ user: address, password: 'pw' }]);
  // One message at a time: the test process itself stays small.
  const huge = await buildMessage({
    subject: 'Riesige Nachricht',
    text: `Anfang des Textes.\n${'Zeile mit Inhalt für den Test. '.repeat((3 * MB) / 32)}`,
    attachments: [{ filename: 'Archiv-groß.bin', content: noise(40 * MB, 7) }],
  });
  totalBytes += huge.length;
  seedMaildir(dovecot.homeOf(address), dovecot.mailUid, [
    { raw: huge, date: new Date('2026-11-01T10:00:00Z') },
  ]);
  // The 4 MB messages differ only in their number: built once (MailComposer's base64 of 4 MB
  // is most of the time this takes) with a token where the number goes.
  const token = 'XNUMMERTOKENX';
  const large = await buildMessage({
    subject: `Bericht ${token}`,
    text: `Im Anhang der Bericht Nummer ${token}.`,
    messageId: `<bericht-${token}@beispiel.de>`,
    attachments: [{ filename: `Bericht-${token}.pdf`, content: noise(4 * MB, 11) }],
  });
  const numbered = (i: number) =>
    Buffer.from(large.toString('latin1').replaceAll(token, String(i)), 'latin1');
  for (let i = 0; i < LARGE + MEDIUM; i++) {
    const raw =
      i < LARGE
        ? numbered(i)
        : await buildMessage({
            subject: `Bericht ${i}`,
            text: `Im Anhang der Bericht Nummer ${i}.`,
            attachments: [{ filename: `Bericht-${i}.pdf`, content: noise(0.3 * MB, i + 1) }],
          });
    totalBytes += raw.length;
    seedMaildir(dovecot.homeOf(address), dovecot.mailUid, [
      { raw, date: new Date(Date.UTC(2026, 9, 1, 8, i)) },
    ]);
  }
}, 180_000);
afterAll(async () => {
  await dovecot?.stop();
});

describe.each(variants)('huge messages and a heavy mailbox on $kind', ({ kind, env }) => {
  let server: ServerProcess;
  let base: string;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const pg = kind === 'postgres' ? await createTestPostgresDatabase('bt_large') : undefined;
    dropDatabase = pg ? () => pg.drop() : undefined;
    server = await startServer({
      env: {
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bt-large-')),
        LOG_LEVEL: 'warn',
        APP_SECRET: TEST_APP_SECRET,
        MAIL_SYNC_FIRST_PAGE: '10',
        // A server deployment reaches the test Dovecot on this machine only when allowed.
        ...(pg ? { DATABASE_URL: pg.url, MAIL_ALLOWED_HOSTS: '127.0.0.1' } : {}),
        ...env,
      },
    });
    base = server.base;
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await dropDatabase?.();
  });

  async function call<T>(method: string, url: string, token: string | null, body?: unknown) {
    const res = await fetch(base + url, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(res.ok, `${method} ${url}: ${res.status}`).toBe(true);
    return (await res.json()) as T;
  }

  it('syncs them with memory bounded by the batch size, not by the mailbox or the message', async () => {
    expect(totalBytes).toBeGreaterThan(650 * MB);
    const { access } = await call<{ access: string }>('POST', '/api/auth/registration/', null, {
      username: `gross${kind}`,
      email: `gross-${kind}@brieftaube.example`,
      password1: 'Sonnenblume!42',
      password2: 'Sonnenblume!42',
    });
    const account = await call<{ id: number }>('POST', '/api/accounts/', access, {
      email_address: address,
      imap_server: '127.0.0.1',
      imap_port: dovecot.imapPort,
      imap_security: 'none',
      smtp_server: '127.0.0.1',
      smtp_port: 2525,
      smtp_security: 'none',
      password: 'pw',
    });
    const before = rssMb(server.child.pid!);
    let peak = before;
    const probe = setInterval(() => (peak = Math.max(peak, rssMb(server.child.pid!))), 20);
    const { task_id } = await call<{ task_id: string }>(
      'POST',
      `/api/tasks/fetch-emails/${account.id}/`,
      access,
    );
    let status = 'PENDING';
    for (let i = 0; i < 1200 && !['SUCCESS', 'FAILURE'].includes(status); i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (
        await call<Record<string, { status: string }>>('GET', '/api/status/all-tasks/', access)
      )[task_id]!.status;
    }
    clearInterval(probe);
    expect(status).toBe('SUCCESS');
    const grew = peak - before;
    // Printed so that CI logs show how much margin the bound keeps.
    process.stdout.write(`large-mail ${kind}: peak RSS grew by ${grew.toFixed(0)} MB\n`);
    // Holding the mailbox, or a third of it, would take more than this. Measured on 2 cores:
    // 100-150 MB, most of it the parse workers' heaps and the database's pages.
    expect(
      grew,
      `peak RSS grew by ${grew.toFixed(0)} MB for ${(totalBytes / MB).toFixed(0)} MB`,
    ).toBeLessThan(250);

    const stats = await call<{ stored_emails: number }>(
      'GET',
      `/api/accounts/${account.id}/statistics/`,
      access,
    );
    expect(stats.stored_emails).toBe(LARGE + MEDIUM + 1);
    const [huge] = await call<[{ id: number }]>(
      'GET',
      `/api/emails/?accounts=${account.id}&q=${encodeURIComponent('Riesige Nachricht')}`,
      access,
    );
    const detail = await call<{
      body_status: string;
      body_text: string;
      attachments: { filename: string; size: number }[];
    }>('GET', `/api/emails/${huge.id}/`, access);
    expect(detail.body_status).toBe('ok');
    expect(detail.body_text.startsWith('Anfang des Textes.\nZeile')).toBe(true);
    expect(detail.body_text).not.toContain('\r');
    // A part is read up to 1 MB, never whole.
    expect(detail.body_text.length).toBeLessThanOrEqual(MB);
    expect(detail.attachments).toMatchObject([{ filename: 'Archiv-groß.bin' }]);
    expect(detail.attachments[0]!.size).toBeGreaterThan(40 * MB);
  }, 180_000);
});
