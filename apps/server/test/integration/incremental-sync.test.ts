import { sql } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { appendMessages, generateMessages } from '@brieftaube/test-support/mailbox.ts';
import {
  accountPayload,
  fetchAccount,
  imapClient,
} from '@brieftaube/test-support/mail-fixtures.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';
import { createImapClient } from '@brieftaube/server/mail/imap/imap-client.ts';
import { syncFolder } from '@brieftaube/server/mail/sync/folder-sync.ts';

/**
 * The three ways an incremental sync finds changes (unchanged / QRESYNC / full UID comparison)
 * must agree with each other and with the server.
 */
describe.each(DATABASE_KINDS)('incremental sync strategies on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let accountId: number;
  let userId: string;
  let owner: ApiUser;
  const address = 'inkrementell@beispiel.de';

  beforeAll(async () => {
    [t, dovecot] = await Promise.all([
      startTestApp(kind, { MAIL_CONNECT_TIMEOUT_SECONDS: '3' }, { jobs: true }),
      startDovecot([{ user: address, password: 'pw' }]),
    ]);
    owner = await registerApiUser(t.app, 'inkrementell');
    const client = await imapClient(dovecot, address);
    await appendMessages(client, 'INBOX', generateMessages(40));
    await client.logout();
    accountId = (
      await owner.request({
        method: 'POST',
        url: '/api/accounts/',
        payload: accountPayload(dovecot, address),
      })
    ).json<{ id: number }>().id;
    expect((await fetchAccount(owner, accountId)).status).toBe('SUCCESS');
    [{ userId }] = await queryRows<{ userId: string }>(
      t.database.db,
      sql`SELECT user_id AS "userId" FROM accounts WHERE id = ${accountId}`,
    );
  }, 60_000);
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  const inboxRow = async () =>
    (
      await t.services.sync.foldersRepo.list(userId, { accountIds: [accountId], types: ['inbox'] })
    )[0]!;

  const stored = async () =>
    queryRows<{ uid: number; is_read: boolean }>(
      t.database.db,
      sql`SELECT e.uid::int AS uid, e.is_read FROM emails e JOIN folders f ON f.id = e.folder_id
          WHERE e.account_id = ${accountId} AND f.folder_type = 'inbox' ORDER BY e.uid`,
    );

  async function serverState() {
    const client = await imapClient(dovecot, address);
    try {
      await client.mailboxOpen('INBOX');
      const rows: { uid: number; is_read: boolean }[] = [];
      for await (const m of client.fetch('1:*', { uid: true, flags: true }))
        rows.push({ uid: m.uid, is_read: m.flags?.has('\\Seen') ?? false });
      return rows.sort((a, b) => a.uid - b.uid);
    } finally {
      await client.logout();
    }
  }

  /** Another client changes the mailbox: one new, one read, two expunged. */
  async function changeOnServer(round: number) {
    const client = await imapClient(dovecot, address);
    try {
      await appendMessages(client, 'INBOX', [{ subject: `Neu in Runde ${round}` }]);
      await client.mailboxOpen('INBOX');
      const uids = ((await client.search({ seen: false }, { uid: true })) || []).sort(
        (a, b) => a - b,
      );
      await client.messageFlagsAdd(String(uids[0]), ['\\Seen'], { uid: true });
      await client.messageDelete(`${uids[1]},${uids[2]}`, { uid: true });
    } finally {
      await client.logout();
    }
  }

  async function syncWith(client: ImapFlow, onProgress?: () => Promise<void>) {
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await syncFolder(
        client,
        t.services.sync.emailSync,
        await inboxRow(),
        onProgress ? { onProgress } : {},
      );
    } finally {
      await client.logout();
    }
  }

  const endpoint = () => ({ host: '127.0.0.1', port: dovecot.imapPort, security: 'none' as const });
  const credentials = { user: address, password: 'pw' };

  it('QRESYNC finds new, changed and expunged messages; a second pass finds nothing', async () => {
    await changeOnServer(1);
    const result = await syncWith(createImapClient(endpoint(), credentials));
    expect(result.method).toBe('qresync');
    expect([result.newMessages, result.flagsChanged, result.deleted]).toEqual([1, 1, 2]);
    expect(await stored()).toEqual(await serverState());

    const again = await syncWith(createImapClient(endpoint(), credentials));
    expect(again.method).toBe('unchanged');
    expect([again.newMessages, again.flagsChanged, again.deleted]).toEqual([0, 0, 0]);
  });

  it('a server without QRESYNC gets the same result through the UID comparison', async () => {
    await changeOnServer(2);
    const plain = new ImapFlow({
      host: '127.0.0.1',
      port: dovecot.imapPort,
      secure: false,
      doSTARTTLS: false,
      auth: { user: address, pass: 'pw' },
      logger: false,
      qresync: false,
    });
    const result = await syncWith(plain);
    expect(result.method).toBe('full');
    expect([result.newMessages, result.flagsChanged, result.deleted]).toEqual([1, 1, 2]);
    expect(await stored()).toEqual(await serverState());
  });

  it('what another client changes while a sync runs reaches the app with the next sync', async () => {
    const client = await imapClient(dovecot, address);
    await appendMessages(client, 'INBOX', generateMessages(30));
    await client.logout();
    let changed = false;
    // Mid-sync, the session hears of the changes (EXISTS, FETCH, VANISHED) without applying them.
    await syncWith(createImapClient(endpoint(), credentials), async () => {
      if (changed) return;
      changed = true;
      await changeOnServer(3);
    });
    expect(changed).toBe(true);
    const next = await syncWith(createImapClient(endpoint(), credentials));
    expect(next.method).toBe('qresync');
    expect(await stored()).toEqual(await serverState());
  });

  it('mail another client only marks as deleted leaves lists and counts; unmarked, it is back', async () => {
    const plain = () =>
      new ImapFlow({
        host: '127.0.0.1',
        port: dovecot.imapPort,
        secure: false,
        doSTARTTLS: false,
        auth: { user: address, pass: 'pw' },
        logger: false,
        qresync: false,
      });
    const flagOnServer = async (uid: number, deleted: boolean) => {
      const client = await imapClient(dovecot, address);
      try {
        await client.mailboxOpen('INBOX');
        if (deleted) await client.messageFlagsAdd(String(uid), ['\\Deleted'], { uid: true });
        else await client.messageFlagsRemove(String(uid), ['\\Deleted'], { uid: true });
      } finally {
        await client.logout();
      }
    };
    for (const [way, connect] of [
      ['qresync', () => createImapClient(endpoint(), credentials)],
      ['full', plain],
    ] as const) {
      const before = await stored();
      const marked = before[3]!.uid;
      await flagOnServer(marked, true);
      const hidden = await syncWith(connect());
      expect(hidden.method, way).toBe(way);
      expect(hidden.deleted, way).toBe(1);
      expect(await stored(), way).toEqual(before.filter((m) => m.uid !== marked));
      expect((await inboxRow()).totalEmails, way).toBe(before.length - 1);

      await flagOnServer(marked, false);
      const back = await syncWith(connect());
      expect(back.newMessages, way).toBe(1);
      expect(await stored(), way).toEqual(before);
      expect((await inboxRow()).totalEmails, way).toBe(before.length);
    }
  });

  it('folder counts leave out mail marked \\Deleted, whichever call refreshes them', async () => {
    const client = await imapClient(dovecot, address);
    await client.mailboxOpen('INBOX');
    const uids = (await client.search({ all: true }, { uid: true })) || [];
    await client.messageFlagsAdd(String(uids[0]), ['\\Deleted'], { uid: true });
    await client.logout();
    expect((await fetchAccount(owner, accountId)).status).toBe('SUCCESS');
    const shown = (await stored()).length;
    expect(shown).toBe(uids.length - 1);
    const inboxCount = async () =>
      (await owner.request({ method: 'GET', url: `/api/folders/${(await inboxRow()).id}/` })).json<{
        total_emails: number;
      }>().total_emails;
    expect(await inboxCount()).toBe(shown);
    // STATUS counts the marked message; neither a new listing nor a count refresh may show it.
    const calls = [
      {
        method: 'POST',
        url: '/api/folders/sync_account_folders/',
        payload: { account_id: accountId },
      },
      { method: 'POST', url: `/api/folders/${(await inboxRow()).id}/update_counts/` },
      {
        method: 'POST',
        url: '/api/folders/update_all_counts/',
        payload: { account_id: accountId },
      },
    ] as const;
    for (const call of calls) {
      const res = await owner.request(call);
      expect(res.statusCode, res.body).toBe(200);
      expect(await inboxCount(), call.url).toBe(shown);
    }
  });
});
