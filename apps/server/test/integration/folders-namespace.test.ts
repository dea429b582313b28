import {
  accountPayload,
  fetchAccount,
  imapClient,
} from '@brieftaube/test-support/mail-fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';
import { appendMessages, generateMessages } from '@brieftaube/test-support/mailbox.ts';

interface FolderJson {
  id: number;
  parent: number | null;
  name: string;
  path: string;
  folder_type: string;
  total_emails: number;
}

/**
 * A server laid out as Courier and Cyrus do it: every folder below "INBOX.", no SPECIAL-USE
 * flags. Only names tell the folders apart, and a new top-level folder lives below INBOX.
 */
describe.each(DATABASE_KINDS)('folders on a server with the INBOX. namespace on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let owner: ApiUser;
  let accountId: number;
  const address = 'courier@beispiel.de';

  beforeAll(async () => {
    [t, dovecot] = await Promise.all([
      startTestApp(kind, { MAIL_CONNECT_TIMEOUT_SECONDS: '3' }, { jobs: true }),
      startDovecot([{ user: address, password: 'pw' }], { layout: 'courier' }),
    ]);
    const client = await imapClient(dovecot, address);
    await appendMessages(client, 'INBOX', generateMessages(3));
    await appendMessages(client, 'INBOX.Sent', generateMessages(4));
    // A customer folder with its own "Gesendet": not where the account's sent mail goes.
    await client.mailboxCreate('INBOX.Kunden');
    await client.mailboxCreate('INBOX.Kunden.Gesendet');
    await client.logout();
    owner = await registerApiUser(t.app, 'courier');
    const res = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: accountPayload(dovecot, address),
    });
    accountId = res.json<{ id: number }>().id;
    expect((await fetchAccount(owner, accountId)).status).toBe('SUCCESS');
  }, 60_000);
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  const listFolders = async () =>
    new Map(
      (await owner.request({ method: 'GET', url: `/api/folders/?account_id=${accountId}` }))
        .json<FolderJson[]>()
        .map((f) => [f.path, f]),
    );

  it('types the folders by their names, top level below INBOX only', async () => {
    const folders = await listFolders();
    expect(folders.get('INBOX.Sent')).toMatchObject({ folder_type: 'sent', total_emails: 4 });
    expect(folders.get('INBOX.Drafts')?.folder_type).toBe('drafts');
    expect(folders.get('INBOX.Trash')?.folder_type).toBe('trash');
    expect(folders.get('INBOX.Junk')?.folder_type).toBe('spam');
    expect(folders.get('INBOX.Archive')?.folder_type).toBe('archive');
    expect(folders.get('INBOX.Kunden.Gesendet')).toMatchObject({
      folder_type: 'custom',
      parent: folders.get('INBOX.Kunden')!.id,
    });
  });

  it('creates a top-level folder where the server puts it, and keeps it over the next listing', async () => {
    const created = await owner.request({
      method: 'POST',
      url: '/api/folders/',
      payload: { account: accountId, name: 'Rechnungen' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const folder = created.json<FolderJson>();
    const inbox = (await listFolders()).get('INBOX')!;
    expect(folder).toMatchObject({
      path: 'INBOX.Rechnungen',
      name: 'Rechnungen',
      parent: inbox.id,
    });

    const client = await imapClient(dovecot, address);
    const onServer = (await client.list()).map((m) => m.path);
    await client.logout();
    expect(onServer).toContain('INBOX.Rechnungen');
    expect(onServer).not.toContain('Rechnungen');

    const listing = await owner.request({
      method: 'POST',
      url: '/api/folders/sync_account_folders/',
      payload: { account_id: accountId },
    });
    expect(listing.json<{ created: number; deleted: number }>()).toMatchObject({
      created: 0,
      deleted: 0,
    });
    expect((await listFolders()).get('INBOX.Rechnungen')?.id).toBe(folder.id);

    const twice = await owner.request({
      method: 'POST',
      url: '/api/folders/',
      payload: { account: accountId, name: 'Rechnungen' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ error: { fields: unknown } }>().error.fields).toEqual({
      name: ['FOLDER_EXISTS'],
    });
  });
});
