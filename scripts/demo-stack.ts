// A running Brieftaube with real mail, for looking at the app by hand or with a headless browser:
// a test Dovecot with a lived-in mailbox, a test SMTP server and the app on PORT (default 3200),
// with a signed-up user whose account is connected and fetched. Stops everything on Ctrl+C.
//   node scripts/demo-stack.ts [--port 3200] [--bulk 120] [--empty-user]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seedDemoMailbox } from '../test-support/src/demo-mailbox.ts';
import { startDovecot } from '../test-support/src/dovecot.ts';
import { imapClient } from '../test-support/src/mail-fixtures.ts';
import { waitForPort } from '../test-support/src/ports.ts';
import { startSmtpServer } from '../test-support/src/smtp-server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3200' },
    bulk: { type: 'string', default: '120' },
    'empty-user': { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
const address = 'demo@beispiel.de';
const password = 'Sonnenblume!42';
const root = path.resolve(import.meta.dirname, '..');

const dovecot = await startDovecot([{ user: address, password: 'pw' }]);
const smtp = await startSmtpServer({ [address]: 'pw' });
const imap = await imapClient(dovecot, address);
await seedDemoMailbox(imap, address, { bulk: Number(values.bulk) });
await imap.logout();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-demo-'));
const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});
await waitForPort(port, 60_000);
const base = `http://127.0.0.1:${port}`;

async function call<T>(method: string, url: string, token: string | null, body?: unknown) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const mailSettings = {
  email_address: address,
  imap_server: '127.0.0.1',
  imap_port: dovecot.imapPort,
  imap_security: 'none',
  smtp_server: '127.0.0.1',
  smtp_port: smtp.port,
  smtp_security: 'none',
  password: 'pw',
};

if (!values['empty-user']) {
  const { access } = await call<{ access: string }>('POST', '/api/auth/registration/', null, {
    username: 'demo',
    email: 'demo@brieftaube.example',
    password1: password,
    password2: password,
  });
  await call('PATCH', '/api/auth/user/', access, { onboarding_complete: true });
  const account = await call<{ id: number }>('POST', '/api/accounts/', access, mailSettings);
  const { task_id } = await call<{ task_id: string }>(
    'POST',
    `/api/tasks/fetch-emails/${account.id}/`,
    access,
  );
  for (;;) {
    const tasks = await call<Record<string, { status: string }>>(
      'GET',
      '/api/status/all-tasks/',
      access,
    );
    if (['SUCCESS', 'FAILURE'].includes(tasks[task_id]!.status)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
}

console.log(`
Brieftaube demo at ${base}
  sign in:      demo / ${password}${values['empty-user'] ? '  (not created: --empty-user)' : ''}
  mail account: ${address}, password pw
                IMAP 127.0.0.1:${dovecot.imapPort} (no encryption), SMTP 127.0.0.1:${smtp.port} (no encryption)
  new mail:     LMTP 127.0.0.1:${dovecot.lmtpPort}
Ctrl+C stops everything.`);

const stop = async () => {
  server.kill('SIGTERM');
  await smtp.close();
  await dovecot.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
