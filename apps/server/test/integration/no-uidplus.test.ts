import {
  accountPayload,
  fetchAccount,
  imapClient,
} from '@brieftaube/test-support/mail-fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { appendMessages, generateMessages } from '@brieftaube/test-support/mailbox.ts';
import { startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';

// Dovecot's own list without UIDPLUS and MOVE, as older Courier and hosted servers announce.
const WITHOUT_UIDPLUS =
  'IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE SORT THREAD=REFERENCES MULTIAPPEND UNSELECT CHILDREN NAMESPACE ESEARCH SEARCHRES LIST-STATUS SPECIAL-USE LITERAL+ CONDSTORE QRESYNC';

interface ListItem {
  id: number;
  subject: string;
}

/**
 * Without UIDPLUS, EXPUNGE removes every message marked \Deleted in the mailbox. Mail another
 * client only marked (and may still take back) must survive the app's moves and deletions.
 */
describe('a server without UIDPLUS and MOVE', () => {
  let t: TestApp;
  let dovecot: Dovecot;
  let owner: ApiUser;
  let accountId: number;
  const address = 'alt@beispiel.de';

  beforeAll(async () => {
    [t, dovecot] = await Promise.all([
      startTestApp('pglite', { MAIL_CONNECT_TIMEOUT_SECONDS: '3' }, { jobs: true }),
      startDovecot([{ user: address, password: 'pw' }], { capabilities: WITHOUT_UIDPLUS }),
    ]);
    const client = await imapClient(dovecot, address);
    expect(client.capabilities.has('UIDPLUS')).toBe(false);
    expect(client.capabilities.has('MOVE')).toBe(false);
    await appendMessages(client, 'INBOX', generateMessages(6));
    await client.logout();
    owner = await registerApiUser(t.app, 'altserver');
    accountId = (
      await owner.request({
        method: 'POST',
        url: '/api/accounts/',
        payload: accountPayload(dovecot, address),
      })
    ).json<{ id: number }>().id;
    expect((await fetchAccount(owner, accountId)).status).toBe('SUCCESS');
  }, 60_000);
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  const inbox = async () =>
    (
      await owner.request({
        method: 'GET',
        url: `/api/emails/?folder_type=inbox&accounts=${accountId}`,
      })
    ).json<ListItem[]>();

  /** What the server holds in a folder: each message's subject and whether it is marked. */
  async function onServer(path: string) {
    const client = await imapClient(dovecot, address);
    try {
      const mailbox = await client.mailboxOpen(path);
      if (mailbox.exists === 0) return [];
      const rows: { subject: string; deleted: boolean }[] = [];
      for await (const m of client.fetch('1:*', { envelope: true, flags: true }))
        rows.push({
          subject: m.envelope?.subject ?? '',
          deleted: m.flags?.has('\\Deleted') ?? false,
        });
      return rows;
    } finally {
      await client.logout();
    }
  }

  it("moves and deletes only the app's own messages; another client's marked mail stays marked", async () => {
    const before = await onServer('INBOX');
    const marked = before[0]!.subject;
    const client = await imapClient(dovecot, address);
    await client.mailboxOpen('INBOX');
    await client.messageFlagsAdd('1', ['\\Deleted']);
    await client.logout();
    expect((await fetchAccount(owner, accountId)).status).toBe('SUCCESS');

    const listed = await inbox();
    expect(listed.map((m) => m.subject)).not.toContain(marked);
    const [toArchive, toTrash] = listed;
    const folders = (
      await owner.request({ method: 'GET', url: `/api/folders/?account_id=${accountId}` })
    ).json<{ id: number; folder_type: string }[]>();
    const archive = folders.find((f) => f.folder_type === 'archive')!;

    const moved = await owner.request({
      method: 'POST',
      url: '/api/emails/bulk/',
      payload: { ids: [toArchive!.id], action: 'move', target_folder_id: archive.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const trashed = await owner.request({ method: 'DELETE', url: `/api/emails/${toTrash!.id}/` });
    expect(trashed.statusCode, trashed.body).toBeLessThan(300);
    // From the Trash, for good.
    const inTrash = (
      await owner.request({
        method: 'GET',
        url: `/api/emails/?folder_type=trash&accounts=${accountId}`,
      })
    ).json<ListItem[]>();
    expect(inTrash.map((m) => m.subject)).toEqual([toTrash!.subject]);
    const gone = await owner.request({ method: 'DELETE', url: `/api/emails/${inTrash[0]!.id}/` });
    expect(gone.statusCode, gone.body).toBeLessThan(300);

    const after = await onServer('INBOX');
    expect(after).toContainEqual({ subject: marked, deleted: true });
    expect(after.map((m) => m.subject).sort()).toEqual(
      before
        .map((m) => m.subject)
        .filter((s) => s !== toArchive!.subject && s !== toTrash!.subject)
        .sort(),
    );
    expect((await onServer('Archive')).map((m) => m.subject)).toEqual([toArchive!.subject]);
    expect(await onServer('Trash')).toEqual([]);
  });
});
