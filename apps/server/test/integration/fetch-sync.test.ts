import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import {
  appendMessages,
  deliverViaLmtp,
  generateMessages,
} from '@brieftaube/test-support/mailbox.ts';
import {
  accountPayload,
  fetchAccount,
  imapClient,
  waitForTask,
} from '@brieftaube/test-support/mail-fixtures.ts';
import { syncAccount } from '../../src/mail/sync/account-sync.ts';
import { syncFolder } from '../../src/mail/sync/folder-sync.ts';
import { startSmtpServer, type TestSmtpServer } from '@brieftaube/test-support/smtp-server.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';

interface TaskJson {
  task_id: string;
  status: string;
  percent: number;
  message: string;
  task_type: string;
  account_email: string | null;
  result: Record<string, unknown> | null;
}

describe.each(DATABASE_KINDS)('fetch tasks and IMAP sync on %s', (kind) => {
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
    owner = await registerApiUser(t.app, 'abruf');
    stranger = await registerApiUser(t.app, 'fremd');
  });
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.close()]);
  });

  async function newAccount() {
    n += 1;
    const address = `abruf${n}@beispiel.de`;
    dovecot.addUser(address, 'pw');
    const res = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: accountPayload(dovecot, address, { smtpPort: smtp.port }),
    });
    const client = await imapClient(dovecot, address);
    return { id: res.json<{ id: number }>().id, address, client };
  }

  const fetchAndWait = (accountId: number) => fetchAccount(owner, accountId);
  const waitFor = (taskId: string) => waitForTask(owner, taskId);

  const stored = (accountId: number) =>
    queryRows<{
      uid: number;
      folder: string;
      subject: string;
      is_read: boolean;
      body_status: string;
      search_text: string | null;
      body_text: string | null;
      has_attachments: boolean;
      attachments: { filename: string }[];
      thread_id: string | null;
      category_id: number | null;
    }>(
      t.database.db,
      sql`SELECT e.uid::int AS uid, f.path AS folder, e.subject, e.is_read, e.body_status, e.search_text, e.body_text, e.has_attachments, e.attachments, e.thread_id, e.category_id
          FROM emails e JOIN folders f ON f.id = e.folder_id WHERE e.account_id = ${accountId} ORDER BY f.path, e.uid`,
    ).catch(() => []);

  it('a new task starts PENDING with "Task wird gestartet..." and the sync stores every message with its body', async () => {
    const { id, address, client } = await newAccount();
    await appendMessages(client, 'INBOX', generateMessages(30));
    await appendMessages(client, 'Sent', generateMessages(3), ['\\Seen']);

    const started = await owner.request({ method: 'POST', url: `/api/tasks/fetch-emails/${id}/` });
    const { task_id } = started.json<{ task_id: string }>();
    const first = (await owner.request({ method: 'GET', url: '/api/status/all-tasks/' })).json<
      Record<string, TaskJson>
    >()[task_id]!;
    expect(first).toMatchObject({ task_type: 'FETCH', account_email: address });
    expect(['PENDING', 'STARTED', 'SUCCESS']).toContain(first.status);

    const done = await waitFor(task_id);
    expect(done).toMatchObject({
      status: 'SUCCESS',
      percent: 100,
      message: 'E-Mail-Abruf abgeschlossen: 33 neue E-Mails.',
    });
    const rows = await stored(id);
    expect(rows).toHaveLength(33);
    expect(rows.every((r) => r.body_status === 'ok')).toBe(true);
    const withAttachment = rows.find((r) => r.subject.endsWith('#6'))!;
    expect(withAttachment.has_attachments).toBe(true);
    expect(withAttachment.attachments[0]!.filename).toBe('Übersicht-5.pdf');
    // A mail that quotes nothing keeps its text once: the search text is the body itself.
    const unquoted = rows.find((r) => r.subject.endsWith('#1') && r.folder === 'INBOX')!;
    expect(unquoted.body_text).toContain('anbei die Informationen');
    expect(unquoted.search_text).toBeNull();

    const inbox = (
      await owner.request({
        method: 'GET',
        url: `/api/folders/?account_id=${id}&folder_type=inbox`,
      })
    ).json<{ total_emails: number; unread_emails: number }[]>()[0];
    expect(inbox).toMatchObject({ total_emails: 30, unread_emails: 30 });
    await client.logout();
  });

  it('through the worker threads, the rest arrives beside the first page and the bar only moves forward', async () => {
    const { id, client } = await newAccount();
    await appendMessages(client, 'INBOX', generateMessages(250));
    const [account] = await queryRows<{ userId: string }>(
      t.database.db,
      sql`SELECT user_id AS "userId" FROM accounts WHERE id = ${id}`,
    );
    const progress: { percent: number; message: string }[] = [];
    // A first page of 5 and workers from one message on: the bulk path a large mailbox takes.
    const result = await syncAccount(
      { ...t.services.sync, tuning: { firstPage: 5, workerMin: 1 } },
      account.userId,
      id,
      { onProgress: async (p) => void progress.push(p) },
    );
    expect(result.new_emails).toBe(250);
    const percents = progress.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    // The first page's bodies say so, but do not move the bar to the end.
    const bodies = progress.find((p) => p.message === 'Posteingang: Inhalte werden geladen (5)');
    expect(bodies!.percent).toBeLessThan(50);
    expect(progress.at(-1)!.message).toBe('Posteingang: 250 von 250 neuen E-Mails geladen');
    const rows = await stored(id);
    expect(rows).toHaveLength(250);
    expect(rows.every((r) => r.body_status === 'ok')).toBe(true);
    expect(new Set(rows.map((r) => r.uid)).size).toBe(250);
    await client.logout();
  });

  it('an incremental fetch adds new mail, follows read flags and deletions, and duplicates nothing', async () => {
    const { id, client } = await newAccount();
    await appendMessages(client, 'INBOX', generateMessages(10));
    await fetchAndWait(id);

    await appendMessages(client, 'INBOX', generateMessages(3, new Date('2026-03-01T00:00:00Z')));
    await client.mailboxOpen('INBOX');
    await client.messageFlagsAdd('1:2', ['\\Seen'], { uid: true });
    await client.messageDelete('3', { uid: true });
    const done = await fetchAndWait(id);
    expect(done.result).toMatchObject({ new_emails: 3, deleted_emails: 1, changed_flags: 2 });

    const serverUids = ((await client.search({ all: true }, { uid: true })) || []).sort(
      (a, b) => a - b,
    );
    const rows = (await stored(id)).filter((r) => r.folder === 'INBOX');
    expect(rows.map((r) => r.uid)).toEqual(serverUids);
    expect(rows.filter((r) => r.is_read).map((r) => r.uid)).toEqual([1, 2]);
    await client.logout();
  });

  it("keeps the user's categories when UIDVALIDITY changes", async () => {
    const { id, client } = await newAccount();
    await client.mailboxCreate('Projekte');
    await appendMessages(client, 'Projekte', generateMessages(4));
    await fetchAndWait(id);
    const category = await owner.request({
      method: 'POST',
      url: '/api/categories/',
      payload: { account: id, name: 'Projekte', description: 'Alles zu laufenden Projekten' },
    });
    const categoryId = category.json<{ id: number }>().id;
    await t.database.db.execute(
      sql`UPDATE emails SET category_id = ${categoryId}, category_source = 'user' WHERE account_id = ${id} AND message_id = 'msg-2@test.brieftaube'`,
    );

    // Deleting and re-creating the folder gives it a new UIDVALIDITY, as a server migration would.
    const [old] = (
      await owner.request({
        method: 'GET',
        url: `/api/emails/?accounts=${id}&folder_name=Projekte`,
      })
    ).json<{ id: number }[]>();
    await client.mailboxDelete('Projekte');
    await client.mailboxCreate('Projekte');
    await appendMessages(client, 'Projekte', generateMessages(4));
    // Before the next sync the stored UIDs name the new messages: nothing may act on them.
    for (const request of [
      { method: 'DELETE' as const, url: `/api/emails/${old!.id}/` },
      { method: 'PATCH' as const, url: `/api/emails/${old!.id}/`, payload: { is_read: true } },
      { method: 'GET' as const, url: `/api/emails/${old!.id}/raw/` },
    ]) {
      const res = await owner.request(request);
      expect(res.statusCode, request.method).toBe(422);
      expect(res.json<{ error: { message: string } }>().error.message).toContain('neu angelegt');
    }
    const lock = await client.getMailboxLock('Projekte');
    try {
      const flags = [];
      for await (const m of client.fetch('1:*', { flags: true })) flags.push([...m.flags!]);
      expect(flags).toEqual([[], [], [], []]);
    } finally {
      lock.release();
    }
    await fetchAndWait(id);
    const rows = (await stored(id)).filter((r) => r.folder === 'Projekte');
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.category_id === categoryId)).toHaveLength(1);
    await client.logout();
  });

  const categorise = async (accountId: number, name: string, messageIds: string[]) => {
    const category = await owner.request({
      method: 'POST',
      url: '/api/categories/',
      payload: { account: accountId, name, description: `Alles zu ${name}` },
    });
    const categoryId = category.json<{ id: number }>().id;
    await t.database.db.execute(
      sql`UPDATE emails SET category_id = ${categoryId}, category_source = 'user' WHERE account_id = ${accountId} AND message_id = ANY(${sql.param(messageIds)}::text[])`,
    );
    return categoryId;
  };

  it('keeps the categories when a UIDVALIDITY re-fetch is interrupted and finished later', async () => {
    const { id, address, client } = await newAccount();
    await client.mailboxCreate('Archiv');
    await appendMessages(client, 'Archiv', generateMessages(30));
    await fetchAndWait(id);
    const ids = Array.from({ length: 30 }, (_, i) => `msg-${i + 1}@test.brieftaube`);
    const categoryId = await categorise(id, 'Archiv', ids);
    await client.mailboxDelete('Archiv');
    await client.mailboxCreate('Archiv');
    await appendMessages(client, 'Archiv', generateMessages(30));
    // The re-fetch stops after its first page, as when the server goes away mid-way.
    const [{ userId }] = await queryRows<{ userId: string }>(
      t.database.db,
      sql`SELECT user_id AS "userId" FROM accounts WHERE id = ${id}`,
    );
    const folder = (await t.services.sync.foldersRepo.list(userId, { accountIds: [id] })).find(
      (f) => f.path === 'Archiv',
    )!;
    let pages = 0;
    const session = await imapClient(dovecot, address);
    await expect(
      syncFolder(session, t.services.sync.emailSync, folder, {
        headerBatch: 10,
        onProgress: () => {
          pages += 1;
        },
        isCancelled: () => Promise.resolve(pages > 0),
      }),
    ).rejects.toThrow();
    await session.logout();
    expect((await stored(id)).filter((r) => r.folder === 'Archiv').length).toBeLessThan(30);
    await fetchAndWait(id);
    const rows = (await stored(id)).filter((r) => r.folder === 'Archiv');
    expect(rows).toHaveLength(30);
    expect(rows.filter((r) => r.category_id === categoryId)).toHaveLength(30);
    await client.logout();
  });

  it('drops a folder another client deleted or renamed; the renamed mail comes back with its categories', async () => {
    const { id, client } = await newAccount();
    await client.mailboxCreate('Projekte');
    await client.mailboxCreate('Alt');
    await appendMessages(client, 'Projekte', generateMessages(3));
    await appendMessages(
      client,
      'Alt',
      generateMessages(2).map((m, i) => ({ ...m, messageId: `<alt-${i}@test.brieftaube>` })),
    );
    await fetchAndWait(id);
    const categoryId = await categorise(id, 'Kunden', ['msg-1@test.brieftaube']);
    await client.mailboxRename('Projekte', 'Projekte 2025');
    await client.mailboxDelete('Alt');
    await fetchAndWait(id);
    const rows = await stored(id);
    expect([...new Set(rows.map((r) => r.folder))]).not.toEqual(
      expect.arrayContaining(['Projekte']),
    );
    expect(rows.filter((r) => r.folder === 'Alt')).toEqual([]);
    const renamed = rows.filter((r) => r.folder === 'Projekte 2025');
    expect(renamed).toHaveLength(3);
    expect(renamed.filter((r) => r.category_id === categoryId)).toHaveLength(1);
    const folders = (
      await owner.request({ method: 'GET', url: `/api/folders/?account_id=${id}` })
    ).json<{ path: string }[]>();
    expect(folders.map((f) => f.path)).toEqual(expect.arrayContaining(['Projekte 2025']));
    expect(folders.map((f) => f.path)).not.toEqual(expect.arrayContaining(['Projekte']));
    expect(folders.map((f) => f.path)).not.toEqual(expect.arrayContaining(['Alt']));
    await client.logout();
  });

  it('mail another client moves keeps its category, in either direction; an older copy gains none', async () => {
    const { id, client } = await newAccount();
    await client.mailboxCreate('Ablage');
    await appendMessages(client, 'INBOX', generateMessages(3));
    await appendMessages(client, 'Ablage', [
      { subject: 'Abgelegt', messageId: '<abgelegt@test.brieftaube>' },
      { subject: 'Kopie in Ablage', messageId: '<doppelt@test.brieftaube>' },
    ]);
    // The same message in two folders, categorised in one only (a copy in Sent, say).
    await appendMessages(client, 'Sent', [
      { subject: 'Kopie in Sent', messageId: '<doppelt@test.brieftaube>' },
    ]);
    await fetchAndWait(id);
    const categoryId = await categorise(id, 'Verschoben', [
      'msg-1@test.brieftaube',
      'abgelegt@test.brieftaube',
    ]);
    await t.database.db.execute(
      sql`UPDATE emails SET category_id = ${categoryId}, category_source = 'user' WHERE account_id = ${id} AND subject = 'Kopie in Ablage'`,
    );
    const first = (await stored(id)).find((r) => r.folder === 'INBOX' && r.subject.endsWith('#1'))!;
    // The inbox is synced before the other folders: one move's copy is stored before its
    // source misses it, the other's after.
    await client.mailboxOpen('INBOX');
    await client.messageMove({ header: { 'message-id': 'msg-1@test.brieftaube' } }, 'Ablage');
    await client.mailboxOpen('Ablage');
    await client.messageMove({ header: { 'message-id': 'abgelegt@test.brieftaube' } }, 'INBOX');
    await fetchAndWait(id);
    const rows = await stored(id);
    expect(
      rows
        .filter((r) => r.category_id === categoryId)
        .map((r) => `${r.folder}: ${r.subject}`)
        .sort(),
    ).toEqual(['Ablage: Kopie in Ablage', `Ablage: ${first.subject}`, 'INBOX: Abgelegt'].sort());
    // Renamed: its copy comes back categorised, the copy in Sent stays as it was.
    await client.mailboxRename('Ablage', 'Ablage alt');
    await fetchAndWait(id);
    const after = await stored(id);
    expect(after.find((r) => r.subject === 'Kopie in Sent')!.category_id).toBeNull();
    await client.logout();
  });

  it('a category goes back only to its own message, not to another one sharing its Message-ID', async () => {
    const { id, client } = await newAccount();
    await client.mailboxCreate('Ablage');
    // Two different messages with one Message-ID, as broken mailers send them.
    await appendMessages(client, 'INBOX', [
      { subject: 'Rechnung März', from: 'a@firma.example', messageId: '<dup@probe.example>' },
      { subject: 'Newsletter', from: 'b@news.example', messageId: '<dup@probe.example>' },
    ]);
    await fetchAndWait(id);
    const categoryId = await categorise(id, 'Rechnungen', []);
    await t.database.db.execute(
      sql`UPDATE emails SET category_id = ${categoryId}, category_source = 'user' WHERE account_id = ${id} AND subject = 'Rechnung März'`,
    );
    // Another client files both away.
    await client.mailboxOpen('INBOX');
    await client.messageMove('1:*', 'Ablage');
    await fetchAndWait(id);
    const rows = await stored(id);
    expect(rows.map((r) => `${r.folder}: ${r.subject}: ${r.category_id ?? '-'}`).sort()).toEqual([
      `Ablage: Newsletter: -`,
      `Ablage: Rechnung März: ${categoryId}`,
    ]);
    await client.logout();
  });

  it('a folder the server will not open is named in the result; the folders after it are still fetched', async () => {
    const { id, address, client } = await newAccount();
    await client.mailboxCreate('Kaputt');
    await client.mailboxCreate('Projekte');
    await appendMessages(client, 'INBOX', generateMessages(2));
    await appendMessages(client, 'Kaputt', generateMessages(2));
    await appendMessages(client, 'Projekte', generateMessages(3));
    // Unreadable for Dovecot's mail processes: still listed, but SELECT answers NO [SERVERBUG].
    const folderDir = path.join(dovecot.homeOf(address), 'Maildir', '.Kaputt');
    const mode = fs.statSync(folderDir).mode;
    fs.chmodSync(folderDir, 0);
    try {
      const done = await fetchAndWait(id);
      expect(done).toMatchObject({
        status: 'SUCCESS',
        message:
          'E-Mail-Abruf abgeschlossen: 5 neue E-Mails. Der Ordner „Kaputt“ konnte nicht geöffnet werden.',
      });
      expect(done.result).toMatchObject({ skipped_folders: ['Kaputt'] });
      const rows = await stored(id);
      expect(rows.filter((r) => r.folder === 'Projekte')).toHaveLength(3);
      expect(rows.filter((r) => r.folder === 'Kaputt')).toHaveLength(0);
    } finally {
      fs.chmodSync(folderDir, mode);
    }
    // Readable again: the next fetch brings its mail and names nothing.
    const again = await fetchAndWait(id);
    expect(again.message).toBe('E-Mail-Abruf abgeschlossen: 2 neue E-Mails.');
    expect((await stored(id)).filter((r) => r.folder === 'Kaputt')).toHaveLength(2);
    await client.logout();
  });

  it('reads mail above the whole-source limit part by part: its own text, in its own charset', async () => {
    const { id, client } = await newAccount();
    await client.mailboxCreate('Gross');
    const head = (subject: string, type: string) =>
      ['From: Alt <alt@beispiel.de>', `Subject: ${subject}`, 'MIME-Version: 1.0', type, ''].join(
        '\r\n',
      );
    // Latin-1 without a label, as an old client writes it.
    await client.append(
      'Gross',
      Buffer.from(
        `${head('Ohne Zeichensatz, groß', 'Content-Type: text/plain')}\r\nSchöne Grüße aus Köln.\r\n`,
        'latin1',
      ),
    );
    // A bounce: the notice is the text; the returned mail inside is an attachment.
    await client.append(
      'Gross',
      Buffer.from(
        [
          head('Unzustellbar', 'Content-Type: multipart/report; boundary="b"'),
          '--b',
          'Content-Type: text/plain; charset=utf-8',
          '',
          'Die Nachricht konnte nicht zugestellt werden.',
          '--b',
          'Content-Type: message/rfc822',
          '',
          'From: ich@beispiel.de',
          'Subject: Original',
          'Content-Type: text/html; charset=utf-8',
          '',
          '<p>Mein eigener Text</p>',
          '--b--',
          '',
        ].join('\r\n'),
        'utf8',
      ),
    );
    await owner.request({
      method: 'POST',
      url: '/api/folders/sync_account_folders/',
      payload: { account_id: id },
    });
    const folder = (
      await t.services.sync.foldersRepo.list(
        (
          await queryRows<{ userId: string }>(
            t.database.db,
            sql`SELECT user_id AS "userId" FROM accounts WHERE id = ${id}`,
          )
        )[0].userId,
        { accountIds: [id] },
      )
    ).find((f) => f.path === 'Gross')!;
    // A limit of 100 bytes sends both through the path a 50 MB mail takes.
    await syncFolder(client, t.services.sync.emailSync, folder, { maxSourceBytes: 100 });
    const rows = (await stored(id)).filter((r) => r.folder === 'Gross');
    expect(rows.map((r) => [r.subject, r.body_status, r.body_text?.trim()])).toEqual([
      ['Ohne Zeichensatz, groß', 'ok', 'Schöne Grüße aus Köln.'],
      ['Unzustellbar', 'ok', 'Die Nachricht konnte nicht zugestellt werden.'],
    ]);
    // The returned mail's HTML is not shown as the notice's own.
    const [bounce] = await queryRows<{ body_html: string | null }>(
      t.database.db,
      sql`SELECT body_html FROM emails WHERE account_id = ${id} AND subject = 'Unzustellbar'`,
    );
    expect(bounce.body_html).toBeNull();
    await client.logout();
  });

  it('ends as FAILURE with a German message when the login fails', async () => {
    const { id, client } = await newAccount();
    await client.logout();
    await owner.request({
      method: 'PATCH',
      url: `/api/accounts/${id}/`,
      payload: { password: 'falsch' },
    });
    const done = await fetchAndWait(id);
    expect(done).toMatchObject({
      status: 'FAILURE',
      message:
        'Anmeldung beim Mailserver fehlgeschlagen. Bitte prüfen Sie Benutzername und Passwort.',
    });
  });

  it('picks up mail delivered over LMTP; deleting the account deletes its stored mail and nothing else', async () => {
    const { id, address, client } = await newAccount();
    await client.logout();
    await deliverViaLmtp(dovecot.lmtpPort, address, {
      subject: 'Per LMTP zugestellt',
      text: 'Neue Post',
    });
    await fetchAndWait(id);
    expect((await stored(id)).map((r) => r.subject)).toEqual(['Per LMTP zugestellt']);

    const other = await newAccount();
    await appendMessages(other.client, 'INBOX', generateMessages(2));
    await other.client.logout();
    await fetchAndWait(other.id);
    expect(
      (await owner.request({ method: 'DELETE', url: `/api/accounts/${id}/` })).statusCode,
    ).toBe(204);
    const [left] = await queryRows<{ mine: number; others: number; folders: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*) FROM emails WHERE account_id = ${id})::int AS mine,
                 (SELECT count(*) FROM emails WHERE account_id = ${other.id})::int AS others,
                 (SELECT count(*) FROM folders WHERE account_id = ${id})::int AS folders`,
    );
    expect(left).toEqual({ mine: 0, others: 2, folders: 0 });
  });

  it('fetches all accounts at once and shows each user only their own tasks', async () => {
    const res = await owner.request({ method: 'POST', url: '/api/tasks/fetch-emails/' });
    expect(res.statusCode).toBe(202);
    const { tasks } = res.json<{ tasks: { task_id: string }[] }>();
    const accounts = (await owner.request({ method: 'GET', url: '/api/accounts/' })).json<
      unknown[]
    >();
    expect(tasks.length).toBe(accounts.length);
    const theirs = (await stranger.request({ method: 'GET', url: '/api/status/all-tasks/' })).json<
      Record<string, TaskJson>
    >();
    expect(Object.keys(theirs)).toEqual([]);
    for (const task of tasks) {
      expect(
        (await stranger.request({ method: 'POST', url: `/api/tasks/${task.task_id}/revoke/` }))
          .statusCode,
      ).toBe(404);
    }
    const { id } = await newAccount();
    expect(
      (await stranger.request({ method: 'POST', url: `/api/tasks/fetch-emails/${id}/` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await stranger.request({ method: 'POST', url: `/api/accounts/${id}/sync/` })).statusCode,
    ).toBe(404);
    // Leave no work running behind the test.
    for (const task of tasks) await waitFor(task.task_id);
  });

  it('a task whose worker vanished ends as FAILURE instead of running forever', async () => {
    const { id, client } = await newAccount();
    await client.logout();
    const { task_id } = (
      await owner.request({ method: 'POST', url: `/api/tasks/fetch-emails/${id}/` })
    ).json<{ task_id: string }>();
    await waitFor(task_id);
    // As if a worker had died mid-run an hour ago.
    await t.database.db.execute(
      sql`UPDATE tasks SET status = 'STARTED', updated_at = now() - interval '1 hour' WHERE id = ${task_id}`,
    );
    const task = (await owner.request({ method: 'GET', url: '/api/status/all-tasks/' })).json<
      Record<string, { status: string; message: string }>
    >()[task_id];
    expect(task).toMatchObject({
      status: 'FAILURE',
      message: 'Der Abruf wurde unterbrochen. Bitte versuchen Sie es erneut.',
    });
  });

  it('a second fetch of an account while one is queued or running joins it', async () => {
    const { id, client } = await newAccount();
    await client.logout();
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO tasks (user_id, account_id, account_email, task_type, status, percent, message)
          SELECT user_id, id, email_address, 'FETCH', 'STARTED', 40, 'Posteingang wird abgerufen …'
          FROM accounts WHERE id = ${id} RETURNING id`,
    );
    const again = await owner.request({ method: 'POST', url: `/api/tasks/fetch-emails/${id}/` });
    expect(again.json()).toEqual({ task_id: row.id });
    const all = await owner.request({ method: 'POST', url: '/api/tasks/fetch-emails/' });
    expect(all.json<{ tasks: { task_id: string }[] }>().tasks).toContainEqual({ task_id: row.id });
    // One whose worker died long ago is no fetch to join: a new one starts.
    await t.database.db.execute(
      sql`UPDATE tasks SET updated_at = now() - interval '1 hour' WHERE id = ${row.id}`,
    );
    const fresh = (
      await owner.request({ method: 'POST', url: `/api/tasks/fetch-emails/${id}/` })
    ).json<{ task_id: string }>();
    expect(fresh.task_id).not.toBe(row.id);
    await waitFor(fresh.task_id);
    for (const task of all.json<{ tasks: { task_id: string }[] }>().tasks)
      if (task.task_id !== row.id) await waitFor(task.task_id);
  });

  it('a fetch whose account was deleted while it waited is called off, not left PENDING', async () => {
    const { id, client } = await newAccount();
    await client.logout();
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO tasks (user_id, account_id, account_email, task_type, status, percent, message)
          SELECT user_id, id, email_address, 'FETCH', 'PENDING', 0, 'Task wird gestartet...'
          FROM accounts WHERE id = ${id} RETURNING id`,
    );
    expect(
      (await owner.request({ method: 'DELETE', url: `/api/accounts/${id}/` })).statusCode,
    ).toBe(204);
    await t.services.tasks.runFetch(row.id);
    const task = (await owner.request({ method: 'GET', url: '/api/status/all-tasks/' })).json<
      Record<string, TaskJson>
    >()[row.id];
    // The user deleted it: no error card that stays until closed (spec §4), just an end.
    expect(task).toMatchObject({ status: 'REVOKED', message: 'Das E-Mail-Konto wurde gelöscht.' });
  });

  it('a task can be revoked', async () => {
    const { id, client } = await newAccount();
    await appendMessages(client, 'INBOX', generateMessages(5));
    await client.logout();
    const { task_id } = (
      await owner.request({ method: 'POST', url: `/api/accounts/${id}/sync/` })
    ).json<{ task_id: string }>();
    const revoked = await owner.request({ method: 'POST', url: `/api/tasks/${task_id}/revoke/` });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<TaskJson>().status).toMatch(/REVOKED|SUCCESS/);
    await new Promise((r) => setTimeout(r, 1500));
    const later = (await owner.request({ method: 'GET', url: '/api/status/all-tasks/' })).json<
      Record<string, TaskJson>
    >()[task_id]!;
    expect(later.status).toBe(revoked.json<TaskJson>().status);
  });
});
