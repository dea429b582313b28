import { registerApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { appendMessages, generateMessages } from '@brieftaube/test-support/mailbox.ts';
import { accountPayload, imapClient } from '@brieftaube/test-support/mail-fixtures.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';
import { sql } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParsePool, type ParsePool } from '../../src/mail/mime/parse-pool.ts';
import { syncFolder } from '../../src/mail/sync/folder-sync.ts';

describe.each(DATABASE_KINDS)('a bulk fetch whose worker dies, on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let client: ImapFlow;
  let pool: ParsePool;
  const address = 'absturz@beispiel.de';

  beforeAll(async () => {
    [t, dovecot] = await Promise.all([startTestApp(kind), startDovecot()]);
    dovecot.addUser(address, 'pw');
    client = await imapClient(dovecot, address);
    await appendMessages(client, 'INBOX', generateMessages(60));
    pool = createParsePool(1, new URL('../fixtures/dying-fetch-worker.ts', import.meta.url));
  });
  afterAll(async () => {
    await pool?.close();
    await client?.logout().catch(() => undefined);
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  it('still stores every message once, complete, through this thread', async () => {
    const owner = await registerApiUser(t.app, 'absturz');
    const account = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: accountPayload(dovecot, address),
    });
    const accountId = account.json<{ id: number }>().id;
    await owner.request({
      method: 'POST',
      url: '/api/folders/sync_account_folders/',
      payload: { account_id: accountId },
    });
    const [{ userId }] = await queryRows<{ userId: string }>(
      t.database.db,
      sql`SELECT user_id AS "userId" FROM accounts WHERE id = ${accountId}`,
    );
    const inbox = (
      await t.services.sync.foldersRepo.list(userId, { accountIds: [accountId] })
    ).find((f) => f.path === 'INBOX')!;

    // Without a fallback the dead worker fails the whole sync ("parse worker stopped").
    const progress: number[] = [];
    await syncFolder(client, t.services.sync.emailSync, inbox, {
      headerBatch: 0,
      onProgress: ({ phase, done }) => {
        if (phase === 'messages') progress.push(done);
      },
      bodyBatchBytes: 4000,
      bulk: {
        endpoint: { host: '127.0.0.1', port: dovecot.imapPort, security: 'none' },
        credentials: { user: address, password: 'pw' },
        minMessages: 1,
        pool,
      },
    });

    const stored = await queryRows<{ uid: number; body_status: string; body_text: string }>(
      t.database.db,
      sql`SELECT uid::int AS uid, body_status, body_text FROM emails WHERE folder_id = ${inbox.id} ORDER BY uid`,
    );
    await client.mailboxOpen('INBOX');
    const onServer = ((await client.search({ all: true }, { uid: true })) || []).sort(
      (a, b) => a - b,
    );
    expect(stored.map((r) => r.uid)).toEqual(onServer);
    expect(stored.filter((r) => r.body_status !== 'ok' || !r.body_text)).toEqual([]);
    // The task card counts on from what the worker stored, never backwards.
    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(onServer.length);
  });
});
