import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { appendMessages, generateMessages } from '@brieftaube/test-support/mailbox.ts';
import { startServer, type ServerProcess } from '@brieftaube/test-support/server-process.ts';

describe('the laptop process (npm start): API and jobs in one process on PGlite', () => {
  let server: ServerProcess;
  let dovecot: Dovecot;
  let base: string;

  beforeAll(async () => {
    dovecot = await startDovecot([{ user: 'laptop@beispiel.de', password: 'pw' }]);
    server = await startServer({
      env: { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bt-laptop-')), LOG_LEVEL: 'warn' },
    });
    base = server.base;
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await dovecot?.stop();
  });

  it('registers, adds an account and fetches its mail through a background task', async () => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: dovecot.imapPort,
      secure: false,
      doSTARTTLS: false,
      auth: { user: 'laptop@beispiel.de', pass: 'pw' },
      logger: false,
    });
    await client.connect();
    await appendMessages(client, 'INBOX', generateMessages(7));
    await client.logout();

    const call = async (method: string, url: string, body?: unknown, token?: string) => {
      const res = await fetch(base + url, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? null : JSON.stringify(body),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    const { access } = (await call('POST', '/api/auth/registration/', {
      username: 'laptop',
      email: 'laptop@beispiel.de',
      password1: 'Sonnenblume!42',
      password2: 'Sonnenblume!42',
    })) as { access: string };
    const account = await call(
      'POST',
      '/api/accounts/',
      {
        email_address: 'laptop@beispiel.de',
        imap_server: '127.0.0.1',
        imap_port: dovecot.imapPort,
        imap_security: 'none',
        smtp_server: '127.0.0.1',
        smtp_port: 2525,
        smtp_security: 'none',
        password: 'pw',
      },
      access,
    );
    const started = await call(
      'POST',
      `/api/tasks/fetch-emails/${String(account.id)}/`,
      undefined,
      access,
    );
    const { task_id } = started as { task_id: string };
    expect(task_id, JSON.stringify({ account, started })).toBeTruthy();
    let status = '';
    for (let i = 0; i < 300 && status !== 'SUCCESS' && status !== 'FAILURE'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (
        (await call('GET', '/api/status/all-tasks/', undefined, access))[task_id] as {
          status: string;
        }
      ).status;
    }
    expect(status).toBe('SUCCESS');
    const list = await fetch(`${base}/api/emails/`, {
      headers: { authorization: `Bearer ${access}` },
    }).then((r) => r.json() as Promise<unknown[]>);
    expect(list).toHaveLength(7);
  }, 60_000);
});
