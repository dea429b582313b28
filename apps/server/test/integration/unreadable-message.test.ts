import { UNREADABLE_ON_SERVER } from '@brieftaube/shared';
import fs from 'node:fs';
import type { ImapFlow } from 'imapflow';
import path from 'node:path';
import {
  accountPayload,
  fetchAccount,
  imapClient,
} from '@brieftaube/test-support/mail-fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import {
  buildMessage,
  deliverViaLmtp,
  generateMessages,
  seedMaildir,
} from '@brieftaube/test-support/mailbox.ts';
import { startLiveSync } from '@brieftaube/server/mail/live/live-sync.ts';
import { queryRows, startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';
import { keepUnreadable } from '@brieftaube/server/mail/sync/unreadable.ts';
import type { FolderRow } from '@brieftaube/server/modules/folders/folders.repository.ts';
import { sql } from 'drizzle-orm';

interface Item {
  id: number;
  subject: string;
}

/**
 * Dovecot ends the session when it cannot read a message's file ("Disconnected: FETCH failed"),
 * as it does on a damaged one. Without care, every fetch of the account failed on it, and
 * nothing after it was ever stored.
 */
describe('a message the mail server cannot read', () => {
  let t: TestApp;
  let dovecot: Dovecot;
  let owner: ApiUser;
  const password = 'pw';

  beforeAll(async () => {
    // Workers from 50 new messages on, so that both ways of fetching meet the broken file.
    [t, dovecot] = await Promise.all([
      startTestApp(
        'pglite',
        { MAIL_CONNECT_TIMEOUT_SECONDS: '3', MAIL_SYNC_WORKER_MIN: '50' },
        { jobs: true },
      ),
      startDovecot(),
    ]);
    owner = await registerApiUser(t.app, 'kaputt');
  }, 60_000);
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  /** A mailbox of `count` messages whose `broken`-th file the server may not read. */
  async function brokenMailbox(user: string, count: number, broken: number) {
    dovecot.addUser(user, password);
    const messages = generateMessages(count);
    const raws = await Promise.all(messages.map((m) => buildMessage(m)));
    seedMaildir(
      dovecot.homeOf(user),
      dovecot.mailUid,
      raws.map((raw, i) => ({ raw, date: messages[i]!.date! })),
    );
    const cur = path.join(dovecot.homeOf(user), 'Maildir', 'cur');
    const files = fs.readdirSync(cur).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    fs.chmodSync(path.join(cur, files[broken]!), 0o000);
    const res = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: accountPayload(dovecot, user),
    });
    return { accountId: res.json<{ id: number }>().id, subjects: messages.map((m) => m.subject) };
  }

  const listed = async (accountId: number) =>
    (
      await owner.request({ method: 'GET', url: `/api/emails/?accounts=${accountId}&limit=200` })
    ).json<Item[]>();

  for (const [way, count] of [
    ['in the syncing session', 12],
    ['by the bulk workers', 120],
  ] as const) {
    it(`stores every other message and marks that one, ${way}`, async () => {
      const user = `kaputt-${count}@beispiel.de`;
      const { accountId, subjects } = await brokenMailbox(user, count, 4);
      const task = await fetchAccount(owner, accountId);
      expect(task.status, task.message).toBe('SUCCESS');
      expect(task.message).toContain('Eine E-Mail kann der Mailserver nicht lesen');
      const items = await listed(accountId);
      expect(items).toHaveLength(count);
      const readable = items.filter((m) => m.subject);
      expect(readable.map((m) => m.subject).sort()).toEqual(
        subjects.filter((_, i) => i !== 4).sort(),
      );
      const [unreadable] = items.filter((m) => !m.subject);
      const detail = (
        await owner.request({ method: 'GET', url: `/api/emails/${unreadable!.id}/` })
      ).json<{ body_status: string; parse_error: string }>();
      expect(detail).toMatchObject({ body_status: 'failed', parse_error: UNREADABLE_ON_SERVER });

      // The next fetch passes it by, and finds nothing new.
      const again = await fetchAccount(owner, accountId);
      expect(again.status, again.message).toBe('SUCCESS');
      expect(again.message).toBe('E-Mail-Abruf abgeschlossen: keine neuen E-Mails.');
      expect(await listed(accountId)).toHaveLength(count);

      // Nothing was taken from the server.
      const client = await imapClient(dovecot, user, password);
      const status = await client.status('INBOX', { messages: true });
      await client.logout();
      expect(status && status.messages).toBe(count);
    });
  }

  it('a message the server can read alone is never marked, whatever ended the sessions', async () => {
    // Two sessions ending at the same message are also what a server going down looks like.
    const user = 'lesbar@beispiel.de';
    const { accountId } = await brokenMailbox(user, 6, 2);
    expect((await fetchAccount(owner, accountId)).status).toBe('SUCCESS');
    const [folder] = await queryRows<FolderRow>(
      t.database.db,
      sql`SELECT id, path, user_id AS "userId", account_id AS "accountId" FROM folders
          WHERE account_id = ${accountId} AND folder_type = 'inbox'`,
    );
    const endpoint = { host: '127.0.0.1', port: dovecot.imapPort, security: 'none' as const };
    const server = {
      session: <T>(work: (client: ImapFlow) => Promise<T>) =>
        t.services.connector.withImap(endpoint, { user, password }, work),
    };
    const readable = (await listed(accountId)).find((m) => m.subject)!;
    const [{ uid }] = await queryRows<{ uid: number }>(
      t.database.db,
      sql`SELECT uid::int AS uid FROM emails WHERE id = ${readable.id}`,
    );
    expect(await keepUnreadable(t.services.sync.emailSync, folder, uid, server)).toBe(false);
    const detail = (
      await owner.request({ method: 'GET', url: `/api/emails/${readable.id}/` })
    ).json<{ body_status: string }>();
    expect(detail.body_status).toBe('ok');
  });

  it('the live sync passes it by too, and goes on watching the inbox', async () => {
    const user = 'kaputt-live@beispiel.de';
    const { accountId } = await brokenMailbox(user, 3, 1);
    expect((await fetchAccount(owner, accountId)).status).toBe('SUCCESS');
    const live = await startLiveSync(t.database, t.services.sync, {
      pollSeconds: 60,
      rescanSeconds: 600,
      backoffMs: 200,
    });
    try {
      await until(() => live.watching().includes(accountId));
      // Another unreadable file arrives, and a good message after it.
      const file = path.join(dovecot.homeOf(user), 'Maildir', 'new', `${Date.now()}.M1P1.kaputt`);
      fs.writeFileSync(file, await buildMessage({ subject: 'Kaputt angekommen' }));
      fs.chownSync(file, dovecot.mailUid, dovecot.mailUid);
      fs.chmodSync(file, 0o000);
      await deliverViaLmtp(dovecot.lmtpPort, user, { subject: 'Nach dem kaputten' });
      await until(async () =>
        (await listed(accountId)).some((m) => m.subject === 'Nach dem kaputten'),
      );
      const items = await listed(accountId);
      expect(items).toHaveLength(5);
      expect(items.filter((m) => !m.subject)).toHaveLength(2);
    } finally {
      await live.stop();
    }
  });
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
