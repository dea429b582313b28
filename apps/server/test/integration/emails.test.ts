import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { appendMessages, generateMessages } from '@brieftaube/test-support/mailbox.ts';
import {
  accountPayload,
  fetchAccount,
  imapClient,
} from '@brieftaube/test-support/mail-fixtures.ts';
import { startSmtpServer, type TestSmtpServer } from '@brieftaube/test-support/smtp-server.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';
import { sql } from 'drizzle-orm';

interface Item {
  id: number;
  subject: string;
  folder: number;
  folder_type: string;
  is_read: boolean;
  is_flagged: boolean;
  category: number | null;
  category_source: string | null;
  thread_id: string | null;
  has_attachments: boolean;
}
interface Detail extends Item {
  body_html: string | null;
  body_text: string;
  has_remote_content: boolean;
  attachments: { part: string; filename: string; url: string }[];
  thread: Item[];
}

describe.each(DATABASE_KINDS)('e-mail API on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let owner: ApiUser;
  let stranger: ApiUser;
  let accountId: number;
  let client: ImapFlow;
  const address = `mails-${kind}@beispiel.de`;

  beforeAll(async () => {
    [t, dovecot, smtp] = await Promise.all([
      startTestApp(kind, {}, { jobs: true }),
      startDovecot(),
      startSmtpServer(),
    ]);
    owner = await registerApiUser(t.app, 'mails');
    stranger = await registerApiUser(t.app, 'fremd');
    dovecot.addUser(address, 'pw');
    client = await imapClient(dovecot, address);
    await client.mailboxCreate('Projekte');
    await client.mailboxCreate('Projekte/Kunde Müller');
    await appendMessages(client, 'INBOX', generateMessages(12));
    await appendMessages(client, 'INBOX', [
      {
        subject: 'Ihre Rechnung Nr. 4711',
        from: 'Stadtwerke Leipzig <rechnung@stadtwerke.example>',
        html: '<p>Sehr geehrte Kundin,</p><p>Ihre <b>Rechnung</b> liegt bei.</p><img src="https://tracker.example/pixel.gif" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">Link</a>',
        messageId: '<rechnung-4711@stadtwerke.example>',
        date: new Date('2026-05-01T10:00:00Z'),
        attachments: [
          { filename: 'Rechnung März.pdf', content: Buffer.from('%PDF-1.4 Rechnung') },
          { filename: 'böse.html', content: '<script>alert(1)</script>', contentType: 'text/html' },
        ],
      },
      {
        subject: 'Urlaubsplanung',
        text: 'Wollen wir im Juli fahren?',
        messageId: '<t1@x>',
        date: new Date('2026-05-02T10:00:00Z'),
      },
      {
        subject: 'AW: Urlaubsplanung',
        text: 'Gern, Juli passt.\n\nAm 2. Mai schrieb Julia:\n> Wollen wir im Juli fahren?',
        messageId: '<t2@x>',
        inReplyTo: '<t1@x>',
        references: ['<t1@x>'],
        date: new Date('2026-05-02T11:00:00Z'),
      },
      {
        subject: 'AW: AW: Urlaubsplanung',
        text: 'Dann buche ich.',
        messageId: '<t3@x>',
        inReplyTo: '<t2@x>',
        references: ['<t1@x>', '<t2@x>'],
        date: new Date('2026-05-02T12:00:00Z'),
      },
    ]);
    await appendMessages(client, 'Sent', generateMessages(2), ['\\Seen']);
    const account = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: accountPayload(dovecot, address, { smtpPort: smtp.port }),
    });
    accountId = account.json<{ id: number }>().id;
    const synced = await fetchAccount(owner, accountId);
    if (synced.status !== 'SUCCESS') throw new Error(`sync failed: ${synced.message}`);
  });
  afterAll(async () => {
    await client?.logout().catch(() => undefined);
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.close()]);
  });

  const list = async (query = '') =>
    (await owner.request({ method: 'GET', url: `/api/emails/?${query}` })).json<Item[]>();
  const bySubject = async (subject: string) =>
    (await list(`q=${encodeURIComponent(subject)}`)).find((e) => e.subject === subject)!;
  /** Flags of the message with exactly this subject, as the server holds them now. */
  const serverFlags = async (folder: string, subject: string) => {
    const lock = await client.getMailboxLock(folder);
    try {
      // SEARCH reflects expunges by other sessions; a bare FETCH may still report them.
      const uids = (await client.search({ subject }, { uid: true })) || [];
      if (uids.length === 0) return undefined;
      for await (const m of client.fetch(
        uids.join(','),
        { uid: true, envelope: true, flags: true },
        { uid: true },
      )) {
        if (m.envelope?.subject === subject) return [...(m.flags ?? [])];
      }
      return undefined;
    } finally {
      lock.release();
    }
  };

  it('lists with every EmailList filter, newest first', async () => {
    const all = await list('limit=200');
    expect(all).toHaveLength(18);
    expect(all[0]!.subject).toBe('AW: AW: Urlaubsplanung');
    expect(await list('read=false&limit=200')).toHaveLength(16);
    expect((await list('folder_type=sent')).map((e) => e.folder_type)).toEqual(['sent', 'sent']);
    expect(await list('folder_name=INBOX&limit=200')).toHaveLength(16);
    expect(await list(`accounts=${accountId},,&has_category=false&limit=200`)).toHaveLength(18);
    expect(await list('accounts=999999')).toEqual([]);
    // Other clients' spellings, comma-joined folder ids, and ids that cannot exist.
    expect(await list('read=0&limit=200')).toHaveLength(16);
    expect(await list('read=False&limit=200')).toHaveLength(16);
    const inbox = all.find((e) => e.folder_type === 'inbox')!.folder;
    const sent = all.find((e) => e.folder_type === 'sent')!.folder;
    expect(await list(`folder_id=${inbox},${sent}&limit=200`)).toHaveLength(18);
    expect(await list(`folder_id=${sent}`)).toHaveLength(2);
    expect(await list('folder_id=abc')).toEqual([]);
    expect(await list('category=abc')).toEqual([]);
    expect(await list('category=uncategorized&limit=200')).toHaveLength(18);
    // The German names the list shows work as folder_name too; an empty value is no filter.
    expect(await list('folder_name=Posteingang&limit=200')).toHaveLength(16);
    expect(await list('folder_name=gesendet')).toHaveLength(2);
    expect(await list('read=&limit=200')).toHaveLength(18);
  });

  it('refuses a yes/no filter that is neither, instead of listing every mail', async () => {
    for (const query of ['read=vielleicht', 'has_category=ja', 'flagged=2']) {
      const res = await owner.request({ method: 'GET', url: `/api/emails/?${query}` });
      expect(res.statusCode, query).toBe(400);
      const field = query.split('=')[0]!;
      expect(res.json<{ error: { fields: object } }>().error.fields, query).toEqual({
        [field]: ['INVALID'],
      });
    }
  });

  it('pages with a cursor, without gaps or repeats', async () => {
    const seen: number[] = [];
    let url = '/api/emails/?limit=5';
    for (let pages = 0; pages < 10; pages++) {
      const res = await owner.request({ method: 'GET', url });
      seen.push(...res.json<Item[]>().map((e) => e.id));
      const next = res.headers['x-next-cursor'];
      if (!next) break;
      url = `/api/emails/?limit=5&cursor=${String(next)}`;
    }
    expect(seen).toHaveLength(18);
    expect(new Set(seen).size).toBe(18);
    expect(
      (await owner.request({ method: 'GET', url: '/api/emails/?cursor=kaputt' })).statusCode,
    ).toBe(400);

    // Page numbers and offsets (Django REST's styles) reach the same mail in the same order; the
    // Link header of such a page continues by cursor, without skipping twice.
    const byPage: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await owner.request({
        method: 'GET',
        url: `/api/emails/?page=${page}&page_size=5`,
      });
      byPage.push(...res.json<Item[]>().map((e) => e.id));
    }
    expect(byPage).toEqual(seen);
    const skipped = await owner.request({ method: 'GET', url: '/api/emails/?offset=12&limit=3' });
    expect(skipped.json<Item[]>().map((e) => e.id)).toEqual(seen.slice(12, 15));
    const link = String(skipped.headers.link).match(/<([^>]+)>/)![1]!;
    expect(link).not.toMatch(/offset=/);
    const rest = await owner.request({ method: 'GET', url: link });
    expect(rest.json<Item[]>().map((e) => e.id)).toEqual(seen.slice(15, 18));
    // A number beyond reason is invalid, not "too long".
    const far = await owner.request({ method: 'GET', url: '/api/emails/?offset=999999999999' });
    expect(far.json<{ error: { fields: unknown } }>().error.fields).toEqual({
      offset: ['INVALID'],
    });
    const zero = await owner.request({ method: 'GET', url: '/api/emails/?page=0' });
    expect(
      zero.json<{ error: { field_messages: Record<string, string> } }>().error.field_messages.page,
    ).toMatch(/^Seite: /);
    // More than a page holds is capped, not refused.
    const big = await owner.request({ method: 'GET', url: '/api/emails/?limit=5000' });
    expect(big.statusCode).toBe(200);
    expect(big.json<Item[]>()).toHaveLength(18);
  });

  it('hands out the whole list for "select all", with the same filters and nobody else\'s mail', async () => {
    type Selection = {
      truncated: boolean;
      folders: { id: number; account: number; folder_type: string }[];
      rows: [number, number, number, number | null][];
    };
    const select = async (user: ApiUser, query: string) =>
      (
        await user.request({ method: 'GET', url: `/api/emails/selection/?${query}` })
      ).json<Selection>();
    const all = await list('limit=200');
    const everything = await select(owner, '');
    expect(everything.truncated).toBe(false);
    expect(everything.rows.map((r) => r[0])).toEqual(all.map((e) => e.id));
    const folderOf = new Map(everything.folders.map((f) => [f.id, f]));
    for (const [id, folder, flags, category] of everything.rows) {
      const item = all.find((e) => e.id === id)!;
      expect(folder).toBe(item.folder);
      expect(folderOf.get(folder)).toEqual({
        id: item.folder,
        account: accountId,
        folder_type: item.folder_type,
      });
      expect(flags & 1).toBe(item.is_read ? 1 : 0);
      expect(flags & 2).toBe(item.is_flagged ? 2 : 0);
      expect(category).toBe(item.category);
    }
    const unread = await select(owner, 'read=false&folder_name=INBOX');
    expect(unread.rows.map((r) => r[0])).toEqual(
      (await list('read=false&folder_name=INBOX&limit=200')).map((e) => e.id),
    );
    expect((await select(owner, 'q=stadtwer')).rows).toHaveLength(1);
    expect(await select(stranger, '')).toEqual({ truncated: false, folders: [], rows: [] });
    expect(await select(stranger, `accounts=${accountId}`)).toEqual({
      truncated: false,
      folders: [],
      rows: [],
    });
  });

  it('searches full text with German stemming and prefixes', async () => {
    expect((await list('q=Rechnungen')).map((e) => e.subject)).toContain('Ihre Rechnung Nr. 4711');
    expect((await list('q=stadtwer')).map((e) => e.subject)).toEqual(['Ihre Rechnung Nr. 4711']);
    expect(await list('q=Zahnarzttermin')).toEqual([]);
    // The own words of each mail, stored once where the mail quotes nothing: "fahren" is found in
    // the question, not in the answer that only quotes it; "buche" in a mail without any quote.
    // ("Zugfahrt" of the generated mail is found too: its part "Fahrt", ADR 0016.)
    const fahren = (await list('q=fahren')).map((e) => e.subject);
    expect(fahren).toContain('Urlaubsplanung');
    expect(fahren.filter((s) => s.includes('Urlaubsplanung'))).toEqual(['Urlaubsplanung']);
    expect((await list('q=buchen')).map((e) => e.subject)).toEqual(['AW: AW: Urlaubsplanung']);
    // A search without a word finds what has it in the subject, not the whole mailbox.
    expect(await list(`q=${encodeURIComponent('🎉')}`)).toEqual([]);
    const dotted = await list('q=.&limit=200');
    expect(dotted.map((e) => e.subject)).toContain('Ihre Rechnung Nr. 4711');
    expect(dotted.every((e) => e.subject.includes('.'))).toBe(true);
    expect(dotted.length).toBeLessThan(18);
    expect(await list('q=%25')).toEqual([]);
  });

  it('finds what a forward carries below its own words, which exists nowhere else', async () => {
    await appendMessages(client, 'INBOX', [
      {
        subject: 'WG: Angebot Kaffeemaschine',
        to: 'Jörg Quastenberg <joerg.quastenberg@reisebuero.example>',
        cc: 'Bernd Brot <bernd@backstube.example>',
        text: [
          'Zur Info.',
          '',
          '-----Ursprüngliche Nachricht-----',
          'Von: Händler <verkauf@haendler.example>',
          'Gesendet: Montag, 4. Mai 2026 09:00',
          'Betreff: Angebot Kaffeemaschine',
          '',
          'Die Siebträgermaschine kostet 899 Euro.',
        ].join('\n'),
        date: new Date('2026-05-03T10:00:00Z'),
      },
    ]);
    await fetchAccount(owner, accountId);
    expect((await list('q=Siebträgermaschine')).map((e) => e.subject)).toEqual([
      'WG: Angebot Kaffeemaschine',
    ]);
    // Its own words still come first: the preview is "Zur Info."
    expect((await list('q=Siebträgermaschine'))[0]).toMatchObject({ preview: 'Zur Info.' });
  });

  it('finds amounts, dates and attachment names as they are written', async () => {
    await appendMessages(client, 'INBOX', [
      {
        subject: 'Zahlungserinnerung 31.12.2026',
        text: 'Bitte überweisen Sie 1.234,56 € bis zum 15.01.2027, Version 2.5.1.',
        attachments: [
          { filename: 'Heizkostenaufstellung_Kellerräume-2026.pdf', content: '%PDF-1.4' },
        ],
        date: new Date('2026-05-04T10:00:00Z'),
      },
    ]);
    await fetchAccount(owner, accountId);
    const subjects = async (q: string) =>
      (await list(`q=${encodeURIComponent(q)}`)).map((e) => e.subject);
    for (const q of [
      '1.234,56',
      '1.234,56 €',
      'überweisen 1.234,56',
      '31.12.2026',
      '15.01.2027',
      '2.5.1',
      'Heizkostenaufstellung',
      'Kellerräume',
      'Heizkostenaufstellung_Kellerräume-2026.pdf',
    ])
      expect(await subjects(q), q).toEqual(['Zahlungserinnerung 31.12.2026']);
    expect(await subjects('1.234,57')).toEqual([]);
    expect(await subjects('31.12.2025')).toEqual([]);
  });

  it("finds a mail by its sender's or recipients' address, domain or name", async () => {
    const subjects = async (q: string) =>
      (await list(`q=${encodeURIComponent(q)}`)).map((e) => e.subject);
    for (const q of ['rechnung@stadtwerke.example', 'stadtwerke.example', 'Stadtwerke Leipzig'])
      expect(await subjects(q), q).toEqual(['Ihre Rechnung Nr. 4711']);
    for (const q of [
      'Quastenberg',
      'joerg.quastenberg@reisebuero.example',
      'reisebuero.example',
      'bernd@backstube',
    ])
      expect(await subjects(q), q).toEqual(['WG: Angebot Kaffeemaschine']);
    expect(await subjects('quastenberg@stadtwerke.example')).toEqual([]);
  });

  it('shows a message sanitised, remote images held back, with its thread and attachments', async () => {
    const rechnung = await bySubject('Ihre Rechnung Nr. 4711');
    const detail = (
      await owner.request({ method: 'GET', url: `/api/emails/${rechnung.id}/` })
    ).json<Detail>();
    expect(detail.body_html).toContain('<b>Rechnung</b>');
    expect(detail.body_html).not.toMatch(/<script|onerror|javascript:|\ssrc="https:\/\/tracker/);
    expect(detail.body_html).toContain('data-remote-src="https://tracker.example/pixel.gif"');
    expect(detail.has_remote_content).toBe(true);
    expect(detail.attachments.map((a) => a.filename)).toEqual(['Rechnung März.pdf', 'böse.html']);
    const allowed = (
      await owner.request({ method: 'GET', url: `/api/emails/${rechnung.id}/?remote=allow` })
    ).json<Detail>();
    expect(allowed.body_html).toContain('src="https://tracker.example/pixel.gif"');

    const reply = await bySubject('AW: Urlaubsplanung');
    const thread = (
      await owner.request({ method: 'GET', url: `/api/emails/${reply.id}/` })
    ).json<Detail>().thread;
    expect(thread.map((e) => e.subject)).toEqual([
      'Urlaubsplanung',
      'AW: Urlaubsplanung',
      'AW: AW: Urlaubsplanung',
    ]);
  });

  it('downloads attachments as attachments, never as active content', async () => {
    const rechnung = await bySubject('Ihre Rechnung Nr. 4711');
    const detail = (
      await owner.request({ method: 'GET', url: `/api/emails/${rechnung.id}/` })
    ).json<Detail>();
    const pdf = await owner.request({ method: 'GET', url: detail.attachments[0]!.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.body).toBe('%PDF-1.4 Rechnung');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="Rechnung Marz.pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz.pdf`,
    );
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    const html = await owner.request({ method: 'GET', url: detail.attachments[1]!.url });
    expect(html.headers['content-type']).toBe('application/octet-stream');
    const raw = await owner.request({ method: 'GET', url: `/api/emails/${rechnung.id}/raw/` });
    expect(raw.headers['content-type']).toMatch(/^message\/rfc822/);
    expect(raw.body).toContain('Subject: Ihre Rechnung Nr. 4711');
  });

  it('writes read and flagged state back to the server and records user categories', async () => {
    const mail = await bySubject('Urlaubsplanung');
    await owner.request({
      method: 'PATCH',
      url: `/api/emails/${mail.id}/`,
      payload: { is_read: true, is_flagged: true },
    });
    expect(await serverFlags('INBOX', 'Urlaubsplanung')).toEqual(
      expect.arrayContaining(['\\Seen', '\\Flagged']),
    );
    // The stored copy holds both as well: the second change started from the first.
    const [stored] = await queryRows<{ flags: string[] }>(
      t.database.db,
      sql`SELECT flags FROM emails WHERE id = ${mail.id}`,
    );
    expect(stored.flags).toEqual(expect.arrayContaining(['\\Seen', '\\Flagged']));
    await owner.request({
      method: 'PATCH',
      url: `/api/emails/${mail.id}/`,
      payload: { is_read: false },
    });
    expect(await serverFlags('INBOX', 'Urlaubsplanung')).not.toContain('\\Seen');

    const uncategorised = (await list(`has_category=false&limit=200`)).length;
    const category = (
      await owner.request({
        method: 'POST',
        url: '/api/categories/',
        payload: { account: accountId, name: 'Urlaub', description: 'Reisen und Urlaub' },
      })
    ).json<{ id: number }>();
    const patched = (
      await owner.request({
        method: 'PATCH',
        url: `/api/emails/${mail.id}/`,
        payload: { category: category.id },
      })
    ).json<Item>();
    expect(patched).toMatchObject({ category: category.id, category_source: 'user' });
    expect((await list(`category=${category.id}`)).map((e) => e.id)).toEqual([mail.id]);
    expect((await list(`category=${category.id},999999`)).map((e) => e.id)).toEqual([mail.id]);
    expect(await list(`has_category=false&limit=200`)).toHaveLength(uncategorised - 1);
  });

  it('moves mail into a nested folder on the server', async () => {
    const folders = (
      await owner.request({ method: 'GET', url: `/api/folders/?account_id=${accountId}` })
    ).json<{ id: number; path: string }[]>();
    const inbox = folders.find((f) => f.path === 'INBOX')!;
    const target = folders.find((f) => f.path === 'Projekte/Kunde Müller')!;
    const mail = await bySubject('Meeting notes from Tuesday #6');
    const res = await owner.request({
      method: 'POST',
      url: `/api/folders/${inbox.id}/move_emails/`,
      payload: { target_folder_id: target.id, email_ids: [mail.id] },
    });
    expect(res.json()).toEqual({ moved: 1 });
    expect(
      await serverFlags('Projekte/Kunde Müller', 'Meeting notes from Tuesday #6'),
    ).toBeDefined();
    expect(await serverFlags('INBOX', 'Meeting notes from Tuesday #6')).toBeUndefined();
    const moved = (
      await owner.request({ method: 'GET', url: `/api/folders/${target.id}/emails/` })
    ).json<Item[]>();
    expect(moved.map((e) => e.subject)).toEqual(['Meeting notes from Tuesday #6']);
    // Into the folder it is already in: nothing moves, and the answer says so.
    const again = await owner.request({
      method: 'POST',
      url: `/api/folders/${target.id}/move_emails/`,
      payload: { target_folder_id: target.id, email_ids: [moved[0]!.id] },
    });
    expect(again.json()).toEqual({ moved: 0 });
  });

  it('deletes to Trash, and from Trash for good; bulk actions work', async () => {
    const mail = await bySubject('Einladung zum Sommerfest #3');
    expect(
      (await owner.request({ method: 'DELETE', url: `/api/emails/${mail.id}/` })).statusCode,
    ).toBe(204);
    expect(await serverFlags('Trash', 'Einladung zum Sommerfest #3')).toBeDefined();
    const trashed = (await list('folder_type=trash')).find(
      (e) => e.subject === 'Einladung zum Sommerfest #3',
    )!;
    expect(
      (await owner.request({ method: 'DELETE', url: `/api/emails/${trashed.id}/` })).statusCode,
    ).toBe(204);
    expect(await serverFlags('Trash', 'Einladung zum Sommerfest #3')).toBeUndefined();

    const unread = await list('read=false&folder_name=INBOX&limit=3');
    const bulk = await owner.request({
      method: 'POST',
      url: '/api/emails/bulk/',
      payload: { ids: unread.map((e) => e.id), action: 'read' },
    });
    expect(bulk.json()).toEqual({ updated: 3 });
    for (const e of unread) expect(await serverFlags('INBOX', e.subject)).toContain('\\Seen');
  });

  it('keeps folder and account counts current after moves, deletions and read changes', async () => {
    const counts = async () => {
      const folders = (
        await owner.request({ method: 'GET', url: `/api/folders/?account_id=${accountId}` })
      ).json<{ path: string; total_emails: number; unread_emails: number }[]>();
      const account = (
        await owner.request({ method: 'GET', url: `/api/accounts/${accountId}/` })
      ).json<{ total_emails: number; unread_emails: number }>();
      const at = (path: string) => folders.find((f) => f.path === path)!;
      return { inbox: at('INBOX'), archive: at('Archive'), trash: at('Trash'), account };
    };
    const before = await counts();
    const [first, second] = await list('read=false&folder_name=INBOX&limit=2');
    const archive = (
      await owner.request({ method: 'GET', url: `/api/folders/?account_id=${accountId}` })
    )
      .json<{ id: number; path: string }[]>()
      .find((f) => f.path === 'Archive')!;
    await owner.request({
      method: 'POST',
      url: '/api/emails/bulk/',
      payload: { ids: [first!.id], action: 'move', target_folder_id: archive.id },
    });
    await owner.request({ method: 'DELETE', url: `/api/emails/${second!.id}/` });
    const third = (await list('read=false&folder_name=INBOX&limit=1'))[0]!;
    await owner.request({
      method: 'PATCH',
      url: `/api/emails/${third.id}/`,
      payload: { is_read: true },
    });
    const after = await counts();
    expect(after.inbox.total_emails).toBe(before.inbox.total_emails - 2);
    expect(after.inbox.unread_emails).toBe(before.inbox.unread_emails - 3);
    expect(after.archive.total_emails).toBe(before.archive.total_emails + 1);
    expect(after.archive.unread_emails).toBe(before.archive.unread_emails + 1);
    expect(after.trash.total_emails).toBe(before.trash.total_emails + 1);
    // The account counts what the unified lists show: one read, one gone to Trash.
    expect(after.account.unread_emails).toBe(before.account.unread_emails - 2);
    expect(after.account.total_emails).toBe(before.account.total_emails - 1);
    expect(after.account.total_emails).toBe((await list(`accounts=${accountId}&limit=200`)).length);
    expect(after.account.unread_emails).toBe(
      (await list(`accounts=${accountId}&read=false&limit=200`)).length,
    );
    // An edit answers with the account as GET shows it, counts included.
    const edited = await owner.request({
      method: 'PATCH',
      url: `/api/accounts/${accountId}/`,
      payload: { display_name: 'Mails', password: '' },
    });
    expect(edited.json()).toMatchObject({
      display_name: 'Mails',
      total_emails: after.account.total_emails,
      unread_emails: after.account.unread_emails,
    });
  });

  it('a category counts what its list shows: mail moved to Trash leaves both', async () => {
    const category = (
      await owner.request({
        method: 'POST',
        url: '/api/categories/',
        payload: { account: accountId, name: 'Feste', description: 'Feiern und Einladungen' },
      })
    ).json<{ id: number }>();
    const [one, two] = await list('folder_name=INBOX&limit=2');
    await owner.request({
      method: 'POST',
      url: '/api/emails/bulk/',
      payload: { ids: [one!.id, two!.id], action: 'categorize', category: category.id },
    });
    const countOf = async () =>
      (await owner.request({ method: 'GET', url: `/api/categories/${category.id}/` })).json<{
        email_count: number;
      }>().email_count;
    expect(await countOf()).toBe(2);
    await owner.request({ method: 'DELETE', url: `/api/emails/${one!.id}/` });
    expect(await countOf()).toBe(1);
    expect((await list(`category=${category.id}`)).map((e) => e.id)).toEqual([two!.id]);
    // 'Ohne Kategorie' in the statistics is what spec §3 derives: the account total minus the
    // categories' counts, Trash left out on both sides.
    const account = (
      await owner.request({ method: 'GET', url: `/api/accounts/${accountId}/` })
    ).json<{
      total_emails: number;
    }>();
    const categories = (
      await owner.request({ method: 'GET', url: `/api/categories/?account=${accountId}` })
    ).json<{ email_count: number }[]>();
    const stats = (
      await owner.request({ method: 'GET', url: `/api/accounts/${accountId}/statistics/` })
    ).json<{ uncategorized_emails: number }>();
    expect(stats.uncategorized_emails).toBe(
      account.total_emails - categories.reduce((sum, c) => sum + c.email_count, 0),
    );
  });

  it("answers 404 to every e-mail call for another user's mail", async () => {
    const mail = (await list('limit=1'))[0]!;
    const calls = [
      { method: 'GET', url: `/api/emails/${mail.id}/` },
      { method: 'PATCH', url: `/api/emails/${mail.id}/`, payload: { is_read: true } },
      { method: 'DELETE', url: `/api/emails/${mail.id}/` },
      { method: 'GET', url: `/api/emails/${mail.id}/raw/` },
      { method: 'GET', url: `/api/emails/${mail.id}/attachments/2/` },
      { method: 'POST', url: '/api/emails/bulk/', payload: { ids: [mail.id], action: 'delete' } },
      {
        method: 'POST',
        url: `/api/folders/${mail.folder}/move_emails/`,
        payload: { target_folder_id: mail.folder, email_ids: [mail.id] },
      },
      { method: 'GET', url: `/api/folders/${mail.folder}/emails/` },
    ] as const;
    for (const call of calls) {
      const res = await stranger.request(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    expect((await stranger.request({ method: 'GET', url: '/api/emails/' })).json()).toEqual([]);
  });

  it('keeps a conversation together whose replies name only their parent (no References)', async () => {
    await client.mailboxCreate('Grillfest');
    // Newest first, as a sync stores them: each reply arrives before the message it answers.
    await appendMessages(client, 'Grillfest', [
      {
        subject: 'AW: AW: Grillfest',
        text: 'Ich bringe Salat mit.',
        messageId: '<g3@x>',
        inReplyTo: '<g2@x>',
        date: new Date('2026-06-02T12:00:00Z'),
      },
      {
        subject: 'AW: Grillfest',
        text: 'Samstag passt.',
        messageId: '<g2@x>',
        inReplyTo: '<g1@x>',
        date: new Date('2026-06-02T11:00:00Z'),
      },
      {
        subject: 'Grillfest',
        text: 'Wer kommt am Samstag?',
        messageId: '<g1@x>',
        date: new Date('2026-06-02T10:00:00Z'),
      },
    ]);
    expect((await fetchAccount(owner, accountId)).status).toBe('SUCCESS');
    for (const subject of ['Grillfest', 'AW: Grillfest', 'AW: AW: Grillfest']) {
      const mail = await bySubject(subject);
      const thread = (
        await owner.request({ method: 'GET', url: `/api/emails/${mail.id}/` })
      ).json<Detail>().thread;
      expect(
        thread.map((e) => e.subject),
        subject,
      ).toEqual(['Grillfest', 'AW: Grillfest', 'AW: AW: Grillfest']);
    }
  });

  it('shows the newest 100 of a long thread, always with the mail opened', async () => {
    await client.mailboxCreate('Ticket');
    const start = Date.parse('2026-07-01T08:00:00Z');
    await appendMessages(
      client,
      'Ticket',
      Array.from({ length: 130 }, (_, i) => ({
        subject: `Re: [Ticket #7] Beitrag ${i}`,
        text: `Beitrag ${i}`,
        messageId: `<t${i}@x>`,
        ...(i > 0 ? { inReplyTo: `<t${i - 1}@x>`, references: ['<t0@x>'] } : {}),
        date: new Date(start + i * 60_000),
      })),
    );
    expect((await fetchAccount(owner, accountId)).status).toBe('SUCCESS');
    const threadOf = async (subject: string) =>
      (await owner.request({ method: 'GET', url: `/api/emails/${(await bySubject(subject)).id}/` }))
        .json<Detail>()
        .thread.map((e) => e.subject.replace('Re: [Ticket #7] ', ''));
    const newest = await threadOf('Re: [Ticket #7] Beitrag 129');
    expect(newest).toHaveLength(100);
    expect([newest[0], newest[99]]).toEqual(['Beitrag 30', 'Beitrag 129']);
    const oldest = await threadOf('Re: [Ticket #7] Beitrag 0');
    expect(oldest).toHaveLength(100);
    expect([oldest[0], oldest[1], oldest[99]]).toEqual(['Beitrag 0', 'Beitrag 31', 'Beitrag 129']);
  });

  it('keeps a mail where it is when the server refuses the move, and says so', async () => {
    await client.mailboxCreate('Bald weg');
    await owner.request({
      method: 'POST',
      url: '/api/folders/sync_account_folders/',
      payload: { account_id: accountId },
    });
    const folders = (
      await owner.request({ method: 'GET', url: `/api/folders/?account_id=${accountId}` })
    ).json<{ id: number; path: string }[]>();
    const stale = folders.find((f) => f.path === 'Bald weg')!;
    // Another client removes the folder; the app has not heard of it yet.
    await client.mailboxDelete('Bald weg');
    const mail = (await list('folder_name=INBOX&limit=1'))[0]!;
    const moved = await owner.request({
      method: 'POST',
      url: `/api/folders/${mail.folder}/move_emails/`,
      payload: { target_folder_id: stale.id, email_ids: [mail.id] },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'MAIL_SERVER_REFUSED',
      message: expect.stringContaining('nicht verschoben') as unknown,
    });
    const still = await owner.request({ method: 'GET', url: `/api/emails/${mail.id}/` });
    expect(still.statusCode).toBe(200);
    expect(still.json<Item>().folder).toBe(mail.folder);
  });

  it('names what is wrong with a field: too long, or missing', async () => {
    const long = await owner.request({ method: 'GET', url: `/api/emails/?q=${'a'.repeat(501)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ error: { fields: object } }>().error.fields).toEqual({ q: ['TOO_LONG'] });
    const inbox = (await list('folder_name=INBOX&limit=1'))[0]!;
    const none = await owner.request({
      method: 'POST',
      url: `/api/folders/${inbox.folder}/move_emails/`,
      payload: { target_folder_id: inbox.folder, email_ids: [] },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ error: { fields: object } }>().error.fields).toEqual({
      email_ids: ['REQUIRED'],
    });
  });
});
