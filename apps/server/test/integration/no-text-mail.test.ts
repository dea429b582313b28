import { sql } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { accountPayload, imapClient } from '@brieftaube/test-support/mail-fixtures.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';
import { syncFolder, type FolderSyncOptions } from '../../src/mail/sync/folder-sync.ts';
import { NOTES, PICTURE, noTextMails } from '../fixtures/no-text-mail.ts';

interface Detail {
  id: number;
  subject: string;
  body_status: string;
  body_text: string;
  preview: string;
  has_attachments: boolean;
  parse_error: string | null;
  attachments: { part: string; filename: string; size: number; url: string }[];
}

/** More than a sync takes in one round trip: the first page goes headers first, then bodies. */
const FILLERS = 12;

/**
 * Mail with files and no text, through every path a message can be stored by (as in
 * mime-sync-paths.test.ts): it is a mail with attachments, never a failure.
 */
describe.each(DATABASE_KINDS)('mail with files and no text on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let owner: ApiUser;
  let client: ImapFlow;
  const folderIds: Record<string, number> = {};
  const address = 'ohne-text@beispiel.de';

  const paths: Record<string, (d: Dovecot) => FolderSyncOptions> = {
    firstPage: () => ({}),
    complete: () => ({ headerBatch: 0 }),
    workers: (d) => ({
      headerBatch: 0,
      bulk: {
        endpoint: { host: '127.0.0.1', port: d.imapPort, security: 'none' },
        credentials: { user: address, password: 'pw' },
        minMessages: 1,
      },
    }),
    partByPart: () => ({ maxSourceBytes: 100 }),
  };

  beforeAll(async () => {
    [t, dovecot] = await Promise.all([startTestApp(kind), startDovecot()]);
    owner = await registerApiUser(t.app, 'ohnetext');
    dovecot.addUser(address, 'pw');
    const account = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: accountPayload(dovecot, address),
    });
    const accountId = account.json<{ id: number }>().id;
    client = await imapClient(dovecot, address);
    for (const path of Object.keys(paths)) {
      await client.mailboxCreate(path);
      for (const raw of Object.values(noTextMails)) await client.append(path, raw);
      // A message of nothing at all: no text, no file, no subject, no sender.
      await client.append(path, 'X-Leer: ja\r\n\r\n');
      for (let i = 0; i < FILLERS; i++)
        await client.append(path, `From: a@b.de\r\nSubject: Füller ${i}\r\n\r\nx\r\n`);
    }
    await owner.request({
      method: 'POST',
      url: '/api/folders/sync_account_folders/',
      payload: { account_id: accountId },
    });
    const [{ userId }] = await queryRows<{ userId: string }>(
      t.database.db,
      sql`SELECT user_id AS "userId" FROM accounts WHERE id = ${accountId}`,
    );
    const folders = await t.services.sync.foldersRepo.list(userId, { accountIds: [accountId] });
    for (const [path, options] of Object.entries(paths)) {
      const folder = folders.find((f) => f.path === path)!;
      await syncFolder(client, t.services.sync.emailSync, folder, options(dovecot));
      folderIds[path] = folder.id;
    }
  }, 120_000);
  afterAll(async () => {
    await client?.logout().catch(() => undefined);
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  const detail = async (path: string, subject: string) => {
    const list = (
      await owner.request({
        method: 'GET',
        url: `/api/folders/${folderIds[path]}/emails/?limit=100`,
      })
    ).json<{ id: number; subject: string; has_attachments: boolean }[]>();
    const item = list.find((i) => i.subject === subject);
    expect(item, `${subject} on ${path}`).toBeDefined();
    expect(item!.has_attachments, `${subject} on ${path}`).toBe(true);
    return (await owner.request({ method: 'GET', url: `/api/emails/${item!.id}/` })).json<Detail>();
  };

  it('stores a yEnc post as files, not as garbled text, on every path', async () => {
    for (const path of Object.keys(paths)) {
      const mail = await detail(path, 'Bilder vom Ausflug');
      expect(mail.body_status, path).toBe('ok');
      expect(mail.body_text.trim(), path).toBe('');
      expect(mail.preview, path).toBe('');
      expect(
        mail.attachments.map((a) => [a.filename, a.size]),
        path,
      ).toEqual([
        ['Ausflug 1.jpg', PICTURE.length],
        ['notizen.txt', NOTES.length],
      ]);
    }
  });

  it('hands out each yEnc file as the bytes that were sent', async () => {
    const mail = await detail('complete', 'Bilder vom Ausflug');
    const [picture, notes] = mail.attachments;
    const one = await owner.request({ method: 'GET', url: picture!.url });
    expect(one.statusCode).toBe(200);
    expect(one.rawPayload).toEqual(PICTURE);
    const two = await owner.request({ method: 'GET', url: notes!.url });
    expect(two.rawPayload).toEqual(NOTES);
    // A file no block of this mail holds is not found.
    const none = await owner.request({
      method: 'GET',
      url: `/api/emails/${mail.id}/attachments/y3/`,
    });
    expect(none.statusCode).toBe(404);
  });

  it('stores a scan and a signed file without text as mail with attachments', async () => {
    for (const path of Object.keys(paths)) {
      const scan = await detail(path, 'Scan vom Drucker');
      expect([scan.body_status, scan.body_text.trim()], path).toEqual(['ok', '']);
      expect(scan.attachments.map((a) => a.filename)).toEqual(['Scan_0001.pdf']);
      const signed = await detail(path, 'Signierter Vertrag');
      expect([signed.body_status, signed.body_text.trim()], path).toEqual(['ok', '']);
      expect(signed.attachments.map((a) => a.filename)).toEqual(['Vertrag.pdf']);
    }
  });

  it('still marks a message of nothing at all as unreadable', async () => {
    for (const path of Object.keys(paths)) {
      const [row] = await queryRows<{ body_status: string; parse_error: string | null }>(
        t.database.db,
        sql`SELECT body_status, parse_error FROM emails WHERE folder_id = ${folderIds[path]!} AND subject = '' AND from_address = ''`,
      );
      expect([row.body_status, row.parse_error], path).toEqual([
        'failed',
        'no displayable content',
      ]);
    }
  });
});
