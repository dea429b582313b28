import {
  accountPayload,
  fetchAccount,
  imapClient,
} from '@brieftaube/test-support/mail-fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { startSmtpServer, type TestSmtpServer } from '@brieftaube/test-support/smtp-server.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';
import { appendMessages, generateMessages } from '@brieftaube/test-support/mailbox.ts';
import { sql } from 'drizzle-orm';

interface FolderJson {
  id: number;
  account: number;
  parent: number | null;
  name: string;
  display_name: string;
  path: string;
  folder_type: string;
  total_emails: number;
  unread_emails: number;
  sync_enabled: boolean;
  children?: FolderJson[];
}

describe.each(DATABASE_KINDS)('folders API on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let owner: ApiUser;
  let stranger: ApiUser;
  let n = 0;

  beforeAll(async () => {
    [t, dovecot, smtp] = await Promise.all([
      startTestApp(kind, { MAIL_CONNECT_TIMEOUT_SECONDS: '3' }, { jobs: true }),
      startDovecot(),
      startSmtpServer(),
    ]);
    owner = await registerApiUser(t.app, 'ordner');
    stranger = await registerApiUser(t.app, 'fremd');
  });
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.close()]);
  });

  async function newAccount(user = owner) {
    n += 1;
    const address = `ordner${n}@beispiel.de`;
    dovecot.addUser(address, 'pw');
    smtp.addUser(address, 'pw');
    const res = await user.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: accountPayload(dovecot, address, { smtpPort: smtp.port }),
    });
    expect(res.statusCode).toBe(201);
    return { id: res.json<{ id: number }>().id, address };
  }

  async function imap(address: string) {
    const client = await imapClient(dovecot, address);
    return client;
  }

  const sync = (accountId: number, cleanup = false, user = owner) =>
    user.request({
      method: 'POST',
      url: '/api/folders/sync_account_folders/',
      payload: { account_id: accountId, cleanup_empty: cleanup },
    });

  it("mirrors special-use folders with German names; a same-named folder of the user stays the user's", async () => {
    const { id, address } = await newAccount();
    const client = await imap(address);
    for (const path of ['Gesendete Objekte', 'Papierkorb-Alt', 'Projekte', 'Projekte/Kunde Müller'])
      await client.mailboxCreate(path);
    await client.logout();

    const res = await sync(id);
    expect(res.statusCode).toBe(200);
    const result = res.json<{ created: number; folders: FolderJson[] }>();
    expect(result.created).toBe(10);
    const byPath = new Map(result.folders.map((f) => [f.path, f]));
    expect(byPath.get('INBOX')).toMatchObject({
      folder_type: 'inbox',
      display_name: 'Posteingang',
    });
    expect(byPath.get('Sent')).toMatchObject({ folder_type: 'sent', display_name: 'Gesendet' });
    expect(byPath.get('Drafts')).toMatchObject({ folder_type: 'drafts', display_name: 'Entwürfe' });
    expect(byPath.get('Junk')).toMatchObject({ folder_type: 'spam', display_name: 'Spam' });
    expect(byPath.get('Trash')).toMatchObject({ folder_type: 'trash', display_name: 'Papierkorb' });
    expect(byPath.get('Archive')).toMatchObject({ folder_type: 'archive', display_name: 'Archiv' });
    // The server flags its Sent folder: "Gesendete Objekte" is a folder like any other, which the
    // user may rename or delete, and sent copies do not go there.
    expect(byPath.get('Gesendete Objekte')).toMatchObject({ folder_type: 'custom' });
    expect(byPath.get('Papierkorb-Alt')).toMatchObject({ folder_type: 'custom' });
    const child = byPath.get('Projekte/Kunde Müller')!;
    expect(child).toMatchObject({
      name: 'Kunde Müller',
      folder_type: 'custom',
      parent: byPath.get('Projekte')!.id,
    });
    // Spec §2 order: inbox, sent, drafts, archive, spam, trash, custom, other.
    expect(result.folders.map((f) => f.folder_type).slice(0, 7)).toEqual([
      'inbox',
      'sent',
      'drafts',
      'archive',
      'spam',
      'trash',
      'custom',
    ]);

    // A listing that changed nothing writes nothing (the row versions stay); a new message
    // updates the inbox's counts and nothing else.
    const versions = () =>
      queryRows<{ path: string; xmin: string }>(
        t.database.db,
        sql`SELECT path, xmin::text AS xmin FROM folders WHERE account_id = ${id} ORDER BY path`,
      );
    const before = await versions();
    const again = (await sync(id)).json<{ created: number; updated: number }>();
    expect(again).toMatchObject({ created: 0, updated: 10 });
    expect(await versions()).toEqual(before);
    const writer = await imap(address);
    await appendMessages(writer, 'INBOX', generateMessages(1));
    await writer.logout();
    const third = (await sync(id)).json<{ folders: FolderJson[] }>();
    expect(third.folders.find((f) => f.path === 'INBOX')).toMatchObject({ total_emails: 1 });
    const after = await versions();
    expect(after.filter((row, i) => row.xmin !== before[i]!.xmin).map((r) => r.path)).toEqual([
      'INBOX',
    ]);
  });

  it('creates nested folders on the server in modified UTF-7 and nests counts in the tree', async () => {
    const { id, address } = await newAccount();
    await sync(id);
    const parent = await owner.request({
      method: 'POST',
      url: '/api/folders/',
      payload: { account: id, name: 'Reisen' },
    });
    expect(parent.statusCode).toBe(201);
    const child = await owner.request({
      method: 'POST',
      url: '/api/folders/',
      payload: { parent: parent.json<FolderJson>().id, name: 'Österreich & Schweiz' },
    });
    expect(child.statusCode).toBe(201);
    expect(child.json<FolderJson>().path).toBe('Reisen/Österreich & Schweiz');

    const client = await imap(address);
    const listed = await client.list();
    expect(listed.find((m) => m.path === 'Reisen/Österreich & Schweiz')?.pathAsListed).toBe(
      'Reisen/&ANY-sterreich &- Schweiz',
    );
    await client.append('Reisen/Österreich & Schweiz', 'Subject: Wien\r\n\r\nHallo', []);
    await client.append('Reisen/Österreich & Schweiz', 'Subject: Zürich\r\n\r\nGrüezi', ['\\Seen']);
    await client.append('Reisen', 'Subject: Plan\r\n\r\nPlan', []);
    await client.logout();

    const counts = await owner.request({
      method: 'POST',
      url: '/api/folders/update_all_counts/',
      payload: { account_id: id },
    });
    expect(counts.statusCode).toBe(200);
    const tree = (
      await owner.request({ method: 'GET', url: `/api/folders/tree/?account_id=${id}` })
    ).json<FolderJson[]>();
    const reisen = tree.find((f) => f.path === 'Reisen')!;
    expect(reisen).toMatchObject({ total_emails: 3, unread_emails: 2 });
    expect(reisen.children).toHaveLength(1);
    expect(reisen.children![0]).toMatchObject({
      name: 'Österreich & Schweiz',
      total_emails: 2,
      unread_emails: 1,
    });
    expect(tree[0]!.folder_type).toBe('inbox');

    // Spec §3's Folder everywhere, not only in the tree: the list and a single folder carry
    // their subfolders in `children`, with the same counts.
    const listed2 = (
      await owner.request({ method: 'GET', url: `/api/folders/?account_id=${id}` })
    ).json<FolderJson[]>();
    expect(listed2.find((f) => f.path === 'Reisen')).toEqual(reisen);
    expect(listed2.find((f) => f.path === 'Reisen/Österreich & Schweiz')).toEqual(
      reisen.children![0],
    );
    const one = await owner.request({
      method: 'GET',
      url: `/api/folders/${parent.json<FolderJson>().id}/`,
    });
    expect(one.json<FolderJson>()).toEqual(reisen);
    const ofAccount = (
      await owner.request({ method: 'GET', url: `/api/accounts/${id}/folders/` })
    ).json<FolderJson[]>();
    expect(ofAccount.find((f) => f.path === 'INBOX')).toMatchObject({ children: [] });
    expect(ofAccount.find((f) => f.path === 'Reisen')).toEqual(reisen);

    const single = await owner.request({
      method: 'POST',
      url: `/api/folders/${child.json<FolderJson>().id}/update_counts/`,
    });
    expect(single.json<FolderJson>()).toMatchObject({ total_emails: 2, unread_emails: 1 });

    const duplicate = await owner.request({
      method: 'POST',
      url: '/api/folders/',
      payload: { account: id, name: 'Reisen' },
    });
    expect(duplicate.json<{ error: { fields: Record<string, string[]> } }>().error.fields).toEqual({
      name: ['FOLDER_EXISTS'],
    });
  });

  it('a path first listed only as a parent is synced once another client creates it', async () => {
    const { id, address } = await newAccount();
    const client = await imap(address);
    await client.mailboxCreate('Reise/Italien');
    const first = (await sync(id)).json<{ folders: FolderJson[] }>().folders;
    expect(first.find((f) => f.path === 'Reise')).toMatchObject({
      selectable: false,
      sync_enabled: false,
    });
    // Mail cannot be moved into a folder that holds only folders.
    await client.append('INBOX', 'Subject: Zug\r\n\r\nFahrkarte', []);
    await fetchAccount(owner, id);
    const [mail] = (
      await owner.request({ method: 'GET', url: `/api/emails/?accounts=${id}` })
    ).json<{ id: number }[]>();
    const reise = first.find((f) => f.path === 'Reise')!;
    const refused = await owner.request({
      method: 'POST',
      url: '/api/emails/bulk/',
      payload: { ids: [mail!.id], action: 'move', target_folder_id: reise.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { fields: object; message: string } }>().error).toMatchObject({
      fields: { target_folder_id: ['FOLDER_HOLDS_NO_MAIL'] },
      message: expect.stringContaining('kann selbst keine E-Mails aufnehmen') as unknown,
    });
    await client.mailboxCreate('Reise');
    await client.append('Reise', 'Subject: Hotel\r\n\r\nGebucht', []);
    await client.logout();
    const second = (await sync(id)).json<{ folders: FolderJson[] }>().folders;
    expect(second.find((f) => f.path === 'Reise')).toMatchObject({
      selectable: true,
      sync_enabled: true,
      folder_type: 'custom',
    });
  });

  it('renames a folder with its children and deletes folders, but never system folders', async () => {
    const { id, address } = await newAccount();
    await sync(id);
    const top = (
      await owner.request({
        method: 'POST',
        url: '/api/folders/',
        payload: { account: id, name: 'Alt' },
      })
    ).json<FolderJson>();
    const sub = (
      await owner.request({
        method: 'POST',
        url: '/api/folders/',
        payload: { parent: top.id, name: 'Unter' },
      })
    ).json<FolderJson>();
    const renamed = await owner.request({
      method: 'PATCH',
      url: `/api/folders/${top.id}/`,
      payload: { name: 'Neu' },
    });
    expect(renamed.json<FolderJson>().path).toBe('Neu');
    expect(
      (await owner.request({ method: 'GET', url: `/api/folders/${sub.id}/` })).json<FolderJson>()
        .path,
    ).toBe('Neu/Unter');

    expect(
      (await owner.request({ method: 'DELETE', url: `/api/folders/${sub.id}/` })).statusCode,
    ).toBe(204);
    const client = await imap(address);
    const paths = (await client.list()).map((m) => m.path);
    await client.logout();
    expect(paths).toContain('Neu');
    expect(paths).not.toContain('Neu/Unter');
    expect(paths).not.toContain('Alt');

    const inbox = (
      await owner.request({
        method: 'GET',
        url: `/api/folders/?account_id=${id}&folder_type=inbox`,
      })
    ).json<FolderJson[]>()[0]!;
    const refused = await owner.request({ method: 'DELETE', url: `/api/folders/${inbox.id}/` });
    expect(refused.statusCode).toBe(400);
    const error = refused.json<{ error: { message: string; fields: Record<string, string[]> } }>()
      .error;
    expect(error.fields).toEqual({ folder: ['FOLDER_PROTECTED'] });
    expect(error.message).toBe('Dieser Ordner kann nicht geändert oder gelöscht werden.');
  });

  it('renames a folder named with an emoji without cutting its children, and deletes a folder with its subfolders', async () => {
    const { id, address } = await newAccount();
    await sync(id);
    const create = async (payload: object) =>
      (await owner.request({ method: 'POST', url: '/api/folders/', payload })).json<FolderJson>();
    const top = await create({ account: id, name: 'Rechnungen & Belege 🧾' });
    const child = await create({ parent: top.id, name: 'Ärzte' });
    const grandchild = await create({ parent: child.id, name: '2026' });
    await owner.request({
      method: 'PATCH',
      url: `/api/folders/${top.id}/`,
      payload: { name: 'Belege' },
    });
    const path = async (folderId: number) =>
      (await owner.request({ method: 'GET', url: `/api/folders/${folderId}/` })).json<FolderJson>()
        .path;
    expect([await path(child.id), await path(grandchild.id)]).toEqual([
      'Belege/Ärzte',
      'Belege/Ärzte/2026',
    ]);
    const client = await imap(address);
    expect((await client.list()).map((m) => m.path)).toEqual(
      expect.arrayContaining(['Belege', 'Belege/Ärzte', 'Belege/Ärzte/2026']),
    );
    // A subfolder another client made just now, which the app has not listed yet, goes too.
    await client.mailboxCreate('Belege/Ärzte/Neu von woanders');

    expect(
      (await owner.request({ method: 'DELETE', url: `/api/folders/${top.id}/` })).statusCode,
    ).toBe(204);
    const left = (await client.list()).map((m) => m.path);
    await client.logout();
    expect(left.filter((p) => p.startsWith('Belege'))).toEqual([]);
    for (const gone of [top, child, grandchild])
      expect(
        (await owner.request({ method: 'GET', url: `/api/folders/${gone.id}/` })).statusCode,
      ).toBe(404);
  });

  it('moves a folder holding mail into the Trash with its mail; from there it goes for good', async () => {
    const { id, address } = await newAccount();
    const client = await imap(address);
    await client.mailboxCreate('Steuer');
    await client.mailboxCreate('Steuer/2025');
    await appendMessages(client, 'Steuer/2025', [
      { subject: 'Steuerbescheid 2025', text: 'Ihr Bescheid liegt bei.' },
    ]);
    await fetchAccount(owner, id);
    const byPath = async () =>
      new Map(
        (await owner.request({ method: 'GET', url: `/api/folders/?account_id=${id}` }))
          .json<FolderJson[]>()
          .map((f) => [f.path, f]),
      );
    const before = await byPath();
    const steuer = before.get('Steuer')!;
    const [mail] = (
      await owner.request({ method: 'GET', url: `/api/emails/?q=Steuerbescheid` })
    ).json<{ id: number }[]>();

    expect(
      (await owner.request({ method: 'DELETE', url: `/api/folders/${steuer.id}/` })).statusCode,
    ).toBe(204);
    const paths = (await client.list()).map((m) => m.path);
    expect(paths).toEqual(expect.arrayContaining(['Trash/Steuer', 'Trash/Steuer/2025']));
    expect(paths).not.toContain('Steuer');
    const after = await byPath();
    const trash = after.get('Trash')!;
    expect(after.get('Trash/Steuer')).toMatchObject({ id: steuer.id, parent: trash.id });
    // The mail is where its folder went, the same message, readable.
    const kept = await owner.request({ method: 'GET', url: `/api/emails/${mail!.id}/` });
    expect(kept.json()).toMatchObject({ subject: 'Steuerbescheid 2025' });
    // A sync finds everything where the app put it: nothing new, nothing lost.
    await fetchAccount(owner, id);
    expect(
      (await owner.request({ method: 'GET', url: `/api/emails/?q=Steuerbescheid` })).json(),
    ).toEqual([expect.objectContaining({ id: mail!.id })]);

    // A second "Steuer" goes beside the first one in the Trash.
    await client.mailboxCreate('Steuer');
    await appendMessages(client, 'Steuer', [{ subject: 'Noch ein Beleg', text: 'Beleg' }]);
    await fetchAccount(owner, id);
    const second = (await byPath()).get('Steuer')!;
    await owner.request({ method: 'DELETE', url: `/api/folders/${second.id}/` });
    expect((await client.list()).map((m) => m.path)).toContain('Trash/Steuer (2)');

    // From the Trash, a folder goes for good, with its mail; so does one asked to.
    await owner.request({ method: 'DELETE', url: `/api/folders/${steuer.id}/` });
    expect(
      (await client.list()).map((m) => m.path).filter((p) => p.startsWith('Trash/Steuer/')),
    ).toEqual([]);
    expect(
      (await owner.request({ method: 'GET', url: `/api/emails/${mail!.id}/` })).statusCode,
    ).toBe(404);
    await client.mailboxCreate('Alt');
    await appendMessages(client, 'Alt', [{ subject: 'Weg damit', text: 'x' }]);
    await fetchAccount(owner, id);
    const alt = (await byPath()).get('Alt')!;
    await owner.request({ method: 'DELETE', url: `/api/folders/${alt.id}/?permanent=true` });
    const left = (await client.list()).map((m) => m.path);
    await client.logout();
    expect(left.filter((p) => p.endsWith('Alt'))).toEqual([]);
  });

  it('refuses names that cannot be folders, on create and rename alike; "inbox" is the inbox', async () => {
    const { id } = await newAccount();
    await sync(id);
    const create = (name: string) =>
      owner.request({ method: 'POST', url: '/api/folders/', payload: { account: id, name } });
    const fieldsOf = (res: { json: <T>() => T }) =>
      res.json<{ error: { fields: Record<string, string[]> } }>().error.fields;
    for (const [name, code] of [
      ['inbox', 'FOLDER_EXISTS'],
      ['InBox', 'FOLDER_EXISTS'],
      ['a*b', 'FOLDER_NAME_INVALID'],
      ['a\u0001b', 'FOLDER_NAME_INVALID'],
      ['Tab\there', 'FOLDER_NAME_INVALID'],
      ['..', 'FOLDER_NAME_INVALID'],
      ['x'.repeat(201), 'TOO_LONG'],
    ] as const) {
      const res = await create(name);
      expect(res.statusCode, name).toBe(400);
      expect(fieldsOf(res), name).toEqual({ name: [code] });
    }
    const folder = (await create('Belege')).json<FolderJson>();
    for (const [name, code] of [
      ['INBOX', 'FOLDER_EXISTS'],
      ['a*b', 'FOLDER_NAME_INVALID'],
      ['a%b', 'FOLDER_NAME_INVALID'],
    ] as const) {
      const res = await owner.request({
        method: 'PATCH',
        url: `/api/folders/${folder.id}/`,
        payload: { name },
      });
      expect(res.statusCode, name).toBe(400);
      expect(fieldsOf(res), name).toEqual({ name: [code] });
    }
    // A parent of another account is refused, not taken to mean that account.
    const other = await newAccount();
    const crossed = await owner.request({
      method: 'POST',
      url: '/api/folders/',
      payload: { account: other.id, parent: folder.id, name: 'Quer' },
    });
    expect(crossed.statusCode).toBe(400);
    expect(fieldsOf(crossed)).toEqual({ parent: ['WRONG_ACCOUNT'] });
    // Below another folder, "Inbox" is an ordinary name.
    const child = await owner.request({
      method: 'POST',
      url: '/api/folders/',
      payload: { parent: folder.id, name: 'Inbox' },
    });
    expect(child.statusCode).toBe(201);
    const total = (await owner.request({ method: 'GET', url: `/api/accounts/${id}/` })).json<{
      total_emails: number;
    }>().total_emails;
    expect(total).toBe(0);
  });

  it('a refusal of the mail server is 422 with its reason, not an unreachable server', async () => {
    const { id, address } = await newAccount();
    await sync(id);
    const folder = (
      await owner.request({
        method: 'POST',
        url: '/api/folders/',
        payload: { account: id, name: 'Weg' },
      })
    ).json<FolderJson>();
    // Gone on the server behind the app's back: renaming it is refused with the reason…
    const client = await imap(address);
    await client.mailboxDelete('Weg');
    await client.logout();
    const res = await owner.request({
      method: 'PATCH',
      url: `/api/folders/${folder.id}/`,
      payload: { name: 'Anders' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: {
        code: 'MAIL_SERVER_REFUSED',
        message:
          'Der Mailserver hat die Aktion abgelehnt. Den Ordner gibt es dort nicht mehr. Bitte synchronisieren Sie die Ordner.',
      },
    });
    // …while deleting it does what the user asked for: it is gone here too.
    const removed = await owner.request({ method: 'DELETE', url: `/api/folders/${folder.id}/` });
    expect(removed.statusCode).toBe(204);
    expect(
      (await owner.request({ method: 'GET', url: `/api/folders/${folder.id}/` })).statusCode,
    ).toBe(404);
  });

  it('filters with comma-joined lists and ignores empty values', async () => {
    const { id } = await newAccount();
    await sync(id);
    const res = await owner.request({
      method: 'GET',
      url: `/api/folders/?account_id=${id},,&folder_type=inbox,,sent,&name=`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<FolderJson[]>().map((f) => f.folder_type)).toEqual(['inbox', 'sent']);
    // Repeated parameters mean the same list; the type in any case.
    const repeated = await owner.request({
      method: 'GET',
      url: `/api/folders/?account_id=${id}&account_id=&folder_type=INBOX&folder_type=Sent`,
    });
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json<FolderJson[]>().map((f) => f.folder_type)).toEqual(['inbox', 'sent']);
    const stats = (
      await owner.request({ method: 'GET', url: `/api/folders/statistics/?account_id=${id}` })
    ).json<{ total_folders: number }>();
    expect(stats.total_folders).toBe(6);
    const viaAccount = await owner.request({ method: 'GET', url: `/api/accounts/${id}/folders/` });
    expect(viaAccount.json<FolderJson[]>()).toHaveLength(6);
    // Booleans as forms and scripts write them.
    const synced = await owner.request({
      method: 'GET',
      url: `/api/folders/?account_id=${id}&sync_enabled=1`,
    });
    expect(synced.json<FolderJson[]>().length).toBeGreaterThan(0);
    expect(
      (
        await owner.request({
          method: 'GET',
          url: `/api/folders/?account_id=${id}&sync_enabled=False`,
        })
      ).json<FolderJson[]>(),
    ).toHaveLength(6 - synced.json<FolderJson[]>().length);
    // Spec §7 writes "(account_id)" for these POSTs: the query string serves as well as the body.
    const viaQuery = await owner.request({
      method: 'POST',
      url: `/api/folders/sync_account_folders/?account_id=${id}&cleanup_empty=true`,
    });
    expect(viaQuery.json(), viaQuery.body).toMatchObject({ created: 0, updated: 6 });
    const counts = await owner.request({
      method: 'POST',
      url: `/api/folders/update_all_counts/?account_id=${id}`,
    });
    expect(counts.json<FolderJson[]>().length).toBeGreaterThan(0);
    const none = await owner.request({ method: 'POST', url: '/api/folders/update_all_counts/' });
    expect(none.json<{ error: { fields: unknown } }>().error.fields).toEqual({
      account_id: ['REQUIRED'],
    });
  });

  it("answers 404 for another user's folders and accounts", async () => {
    const { id } = await newAccount();
    const folders = (await sync(id)).json<{ folders: FolderJson[] }>().folders;
    const folderId = folders.find(
      (f) => f.folder_type === 'custom' || f.folder_type === 'archive',
    )!.id;
    const calls = [
      { method: 'GET', url: `/api/folders/${folderId}/` },
      { method: 'PATCH', url: `/api/folders/${folderId}/`, payload: { name: 'x' } },
      { method: 'DELETE', url: `/api/folders/${folderId}/` },
      { method: 'POST', url: `/api/folders/${folderId}/update_counts/` },
      { method: 'POST', url: '/api/folders/', payload: { parent: folderId, name: 'x' } },
      { method: 'POST', url: '/api/folders/sync_account_folders/', payload: { account_id: id } },
      { method: 'POST', url: '/api/folders/update_all_counts/', payload: { account_id: id } },
      { method: 'GET', url: `/api/folders/tree/?account_id=${id}` },
      { method: 'GET', url: `/api/folders/statistics/?account_id=${id}` },
      { method: 'GET', url: `/api/accounts/${id}/folders/` },
      { method: 'GET', url: `/api/folders/?account_id=${id}` },
      { method: 'PUT', url: `/api/folders/${folderId}/`, payload: { name: 'x' } },
      { method: 'POST', url: `/api/folders/update_all_counts/?account_id=${id}` },
    ] as const;
    for (const call of calls)
      expect((await stranger.request(call)).statusCode, `${call.method} ${call.url}`).toBe(404);
    // Among several accounts, one not the caller's simply contributes nothing.
    const own = await newAccount(stranger);
    await sync(own.id, false, stranger);
    const mixed = await stranger.request({
      method: 'GET',
      url: `/api/folders/?account_id=${id},${own.id}`,
    });
    expect(mixed.json<FolderJson[]>().every((f) => f.account === own.id)).toBe(true);
    expect(mixed.json<FolderJson[]>().length).toBeGreaterThan(0);
  });

  it('reports an unreachable mail server as 502 with a code', async () => {
    const { id } = await newAccount();
    await owner.request({
      method: 'PATCH',
      url: `/api/accounts/${id}/`,
      // Another port needs the password again (it goes only where it was saved for).
      payload: { imap_port: 1, password: 'pw' },
    });
    const res = await sync(id);
    expect(res.statusCode).toBe(502);
    expect(
      res.json<{ error: { code: string; fields: Record<string, string[]> } }>().error,
    ).toMatchObject({
      code: 'MAIL_SERVER_UNAVAILABLE',
      fields: { server: ['CONNECTION_REFUSED'] },
    });
  });
});
