import type { ImapFlow } from 'imapflow';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { appendMessages } from '@brieftaube/test-support/mailbox.ts';
import {
  accountPayload,
  fetchAccount,
  imapClient,
} from '@brieftaube/test-support/mail-fixtures.ts';
import { startSmtpServer, type TestSmtpServer } from '@brieftaube/test-support/smtp-server.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';

describe.each(DATABASE_KINDS)('sending and drafts on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let owner: ApiUser;
  let stranger: ApiUser;
  let accountId: number;
  let client: ImapFlow;
  const address = `sender-${kind}@beispiel.de`;

  async function subjectsIn(folder: string): Promise<string[]> {
    const lock = await client.getMailboxLock(folder);
    try {
      // NOOP lets the server announce what other sessions appended meanwhile.
      await client.noop();
      const uids = (await client.search({ all: true }, { uid: true })) || [];
      if (uids.length === 0) return [];
      const subjects: string[] = [];
      for await (const m of client.fetch(
        uids.join(','),
        { uid: true, envelope: true },
        { uid: true },
      ))
        subjects.push(m.envelope?.subject ?? '');
      return subjects;
    } finally {
      lock.release();
    }
  }
  const emailId = async (subject: string) =>
    (await owner.request({ method: 'GET', url: `/api/emails/?q=${encodeURIComponent(subject)}` }))
      .json<{ id: number; subject: string }[]>()
      .find((e) => e.subject === subject)!.id;

  beforeAll(async () => {
    [t, dovecot, smtp] = await Promise.all([
      startTestApp(kind, { MAIL_CONNECT_TIMEOUT_SECONDS: '5' }, { jobs: true }),
      startDovecot(),
      startSmtpServer(),
    ]);
    owner = await registerApiUser(t.app, 'sender');
    stranger = await registerApiUser(t.app, 'fremd');
    dovecot.addUser(address, 'pw');
    smtp.addUser(address, 'pw');
    client = await imapClient(dovecot, address);
    await appendMessages(client, 'INBOX', [
      {
        from: 'Julia Wagner <julia.wagner@beispiel.de>',
        to: `Ich <${address}>`,
        cc: 'Tom <tom@beispiel.de>',
        subject: 'Angebot Küche',
        text: 'Hallo,\nanbei das Angebot.\nJulia',
        messageId: '<angebot-1@beispiel.de>',
        references: ['<anfrage-0@beispiel.de>'],
        date: new Date('2026-05-04T08:30:00Z'),
        attachments: [{ filename: 'Angebot Küche.pdf', content: Buffer.from('%PDF-angebot') }],
      },
    ]);
    const account = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: {
        ...accountPayload(dovecot, address, { smtpPort: smtp.port }),
        display_name: 'Max Muster',
      },
    });
    accountId = account.json<{ id: number }>().id;
    await fetchAccount(owner, accountId);
  });
  afterAll(async () => {
    await client?.logout().catch(() => undefined);
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.close()]);
  });

  it('replies with AW:, the German quote header and correct threading; Sent keeps a copy; the original is answered', async () => {
    const original = await emailId('Angebot Küche');
    const template = (
      await owner.request({ method: 'GET', url: `/api/emails/${original}/compose/?action=reply` })
    ).json<{ to: string[]; subject: string; text: string }>();
    expect(template.subject).toBe('AW: Angebot Küche');
    expect(template.to).toEqual(['Julia Wagner <julia.wagner@beispiel.de>']);
    expect(template.text).toContain(
      'Am 4. Mai 2026 um 10:30 schrieb Julia Wagner <julia.wagner@beispiel.de>:\n> Hallo,',
    );

    const before = smtp.received.length;
    const sent = await owner.request({
      method: 'POST',
      url: '/api/emails/send/',
      payload: {
        account: accountId,
        to: template.to,
        subject: template.subject,
        text: `Danke!${template.text}`,
        in_reply_to_email: original,
      },
    });
    expect(sent.statusCode).toBe(200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(['julia.wagner@beispiel.de']);
    const parsed = await PostalMime.parse(mail!.raw);
    expect(parsed.subject).toBe('AW: Angebot Küche');
    expect(parsed.inReplyTo).toBe('<angebot-1@beispiel.de>');
    expect(parsed.references).toBe('<anfrage-0@beispiel.de> <angebot-1@beispiel.de>');
    expect(parsed.from).toMatchObject({ name: 'Max Muster', address });
    expect(await subjectsIn('Sent')).toContain('AW: Angebot Küche');
    const detail = (await owner.request({ method: 'GET', url: `/api/emails/${original}/` })).json<{
      is_answered: boolean;
    }>();
    expect(detail.is_answered).toBe(true);
    // The copy in Sent is searchable at once, by what it says and by whom it went to.
    for (const query of ['Danke', 'julia.wagner']) {
      const found = (
        await owner.request({ method: 'GET', url: `/api/emails/?q=${query}&folder_type=sent` })
      ).json<{ subject: string }[]>();
      expect(
        found.map((e) => e.subject),
        query,
      ).toContain('AW: Angebot Küche');
    }
  });

  it('replies to "Nachname, Vorname" senders: the name stays one recipient and reaches the To header', async () => {
    await appendMessages(client, 'INBOX', [
      {
        from: '"Müller, Anna" <anna.mueller@beispiel.de>',
        to: `Ich <${address}>`,
        cc: '"Schmidt, Tom (Einkauf)" <tom.schmidt@beispiel.de>',
        subject: 'Lieferschein Regal',
        text: 'Guten Tag,\nder Lieferschein folgt.',
        messageId: '<lieferschein-1@beispiel.de>',
      },
    ]);
    await fetchAccount(owner, accountId);
    const original = await emailId('Lieferschein Regal');
    const template = (
      await owner.request({
        method: 'GET',
        url: `/api/emails/${original}/compose/?action=reply_all`,
      })
    ).json<{ to: string[]; cc: string[]; text: string }>();
    expect(template.to).toEqual(['"Müller, Anna" <anna.mueller@beispiel.de>']);
    expect(template.cc).toEqual(['"Schmidt, Tom (Einkauf)" <tom.schmidt@beispiel.de>']);
    expect(template.text).toContain('schrieb Müller, Anna <anna.mueller@beispiel.de>:');

    const before = smtp.received.length;
    const sent = await owner.request({
      method: 'POST',
      url: '/api/emails/send/',
      payload: {
        account: accountId,
        // As one string, the way a user types it: unquoted comma names still parse.
        to: `${template.to[0]}; Müller, Jan <jan@beispiel.de>`,
        cc: template.cc,
        subject: 'AW: Lieferschein Regal',
        text: 'Danke.',
        in_reply_to_email: original,
      },
    });
    expect(sent.statusCode).toBe(200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect([...mail!.to].sort()).toEqual([
      'anna.mueller@beispiel.de',
      'jan@beispiel.de',
      'tom.schmidt@beispiel.de',
    ]);
    const parsed = await PostalMime.parse(mail!.raw);
    expect(parsed.to).toEqual([
      { name: 'Müller, Anna', address: 'anna.mueller@beispiel.de' },
      { name: 'Müller, Jan', address: 'jan@beispiel.de' },
    ]);
    expect(parsed.cc).toEqual([
      { name: 'Schmidt, Tom (Einkauf)', address: 'tom.schmidt@beispiel.de' },
    ]);
  });

  it('reply-all leaves out the own address; forward carries WG: and the attachments', async () => {
    const original = await emailId('Angebot Küche');
    const all = (
      await owner.request({
        method: 'GET',
        url: `/api/emails/${original}/compose/?action=reply_all`,
      })
    ).json<{ to: string[]; cc: string[] }>();
    expect(all.to).toEqual(['Julia Wagner <julia.wagner@beispiel.de>']);
    expect(all.cc).toEqual(['Tom <tom@beispiel.de>']);

    const fwd = (
      await owner.request({ method: 'GET', url: `/api/emails/${original}/compose/?action=forward` })
    ).json<{ subject: string; forward_of: number; text: string }>();
    expect(fwd.subject).toBe('WG: Angebot Küche');
    // The forwarded block names everyone who got the original, Cc too (as Thunderbird writes it).
    expect(fwd.text).toMatch(/^An: .*\nCC: Tom <tom@beispiel\.de>$/m);
    const before = smtp.received.length;
    const forwarded = await owner.request({
      method: 'POST',
      url: '/api/emails/send/',
      payload: {
        account: accountId,
        to: 'chef@beispiel.de',
        bcc: ['geheim@beispiel.de'],
        subject: fwd.subject,
        html: '<p>Zur Info</p>',
        forward_of: original,
      },
    });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(['chef@beispiel.de', 'geheim@beispiel.de']);
    expect(mail!.raw).not.toMatch(/^Bcc:/im);
    // The copy in Sent still shows the blind copy to its sender, as in every mail client.
    const copyId = forwarded.json<{ sent_copy_id: number }>().sent_copy_id;
    const copyDetail = (
      await owner.request({ method: 'GET', url: `/api/emails/${copyId}/` })
    ).json<{ bcc: { address: string }[] }>();
    expect(copyDetail.bcc.map((b) => b.address)).toEqual(['geheim@beispiel.de']);
    const parsed = await PostalMime.parse(mail!.raw);
    expect(parsed.attachments.map((a) => a.filename)).toEqual(['Angebot Küche.pdf']);
  });

  it('keeps one draft per message: each save replaces the last, sending removes it', async () => {
    const first = (
      await owner.request({
        method: 'POST',
        url: '/api/drafts/',
        payload: {
          account: accountId,
          to: 'anna@beispiel.de',
          subject: 'Entwurf Urlaub',
          text: 'Version 1',
        },
      })
    ).json<{ draft_id: number }>();
    expect(first.draft_id).toBeGreaterThan(0);
    const second = (
      await owner.request({
        method: 'POST',
        url: '/api/drafts/',
        payload: {
          account: accountId,
          to: 'anna@beispiel.de',
          subject: 'Entwurf Urlaub',
          text: 'Version 2',
          draft_id: first.draft_id,
        },
      })
    ).json<{ draft_id: number }>();
    expect(await subjectsIn('Drafts')).toEqual(['Entwurf Urlaub']);
    const detail = (
      await owner.request({ method: 'GET', url: `/api/emails/${second.draft_id}/` })
    ).json<{ body_text: string }>();
    expect(detail.body_text).toContain('Version 2');
    expect(
      (await owner.request({ method: 'GET', url: `/api/emails/${first.draft_id}/` })).statusCode,
    ).toBe(404);

    await owner.request({
      method: 'POST',
      url: '/api/emails/send/',
      payload: {
        account: accountId,
        to: 'anna@beispiel.de',
        subject: 'Entwurf Urlaub',
        text: 'Endgültig',
        draft_id: second.draft_id,
      },
    });
    expect(await subjectsIn('Drafts')).toEqual([]);
    // The drawer's count of drafts follows at once, not with the next fetch.
    const drafts = (
      await owner.request({
        method: 'GET',
        url: `/api/folders/?account_id=${accountId}&folder_type=drafts`,
      })
    ).json<{ total_emails: number }[]>();
    expect(drafts.map((f) => f.total_emails)).toEqual([0]);
  });

  it('opens a saved reply draft for editing: recipients, body, files and thread travel on through every save and the send', async () => {
    const original = await emailId('Angebot Küche');
    const pdf = Buffer.from('%PDF-entwurf-anhang').toString('base64');
    const first = (
      await owner.request({
        method: 'POST',
        url: '/api/drafts/',
        payload: {
          account: accountId,
          to: 'Julia Wagner <julia.wagner@beispiel.de>',
          cc: 'tom@beispiel.de',
          bcc: 'chefin@beispiel.de',
          subject: 'AW: Angebot Küche (Entwurf)',
          html: '<p>Erste <b>Fassung</b></p>',
          text: 'Erste Fassung',
          in_reply_to_email: original,
          attachments: [
            { filename: 'Maße.pdf', content_type: 'application/pdf', content_base64: pdf },
          ],
        },
      })
    ).json<{ draft_id: number }>();

    const notADraft = await owner.request({
      method: 'GET',
      url: `/api/emails/${original}/compose/?action=draft`,
    });
    expect(notADraft.statusCode).toBe(404);
    const opened = await owner.request({
      method: 'GET',
      url: `/api/emails/${first.draft_id}/compose/?action=draft`,
    });
    expect(opened.statusCode).toBe(200);
    const template = opened.json<{
      to: string[];
      cc: string[];
      bcc: string[];
      subject: string;
      html: string;
      in_reply_to_email: number | null;
      forward_of: number | null;
      draft_id: number;
      attachments: { filename: string; size: number }[];
    }>();
    expect(template).toMatchObject({
      to: ['Julia Wagner <julia.wagner@beispiel.de>'],
      cc: ['tom@beispiel.de'],
      bcc: ['chefin@beispiel.de'],
      subject: 'AW: Angebot Küche (Entwurf)',
      in_reply_to_email: original,
      forward_of: null,
      draft_id: first.draft_id,
      attachments: [{ filename: 'Maße.pdf', size: expect.any(Number) as number }],
    });
    expect(template.html).toContain('<b>Fassung</b>');

    // Edited and saved again: the files stay without being sent back.
    const second = (
      await owner.request({
        method: 'POST',
        url: '/api/drafts/',
        payload: {
          account: accountId,
          to: template.to,
          cc: template.cc,
          bcc: template.bcc,
          subject: template.subject,
          html: '<p>Zweite Fassung</p>',
          text: 'Zweite Fassung',
          in_reply_to_email: original,
          draft_id: template.draft_id,
          keep_attachments: ['Maße.pdf'],
        },
      })
    ).json<{ draft_id: number }>();
    expect(second.draft_id).not.toBe(first.draft_id);
    expect(
      (await owner.request({ method: 'GET', url: `/api/emails/${first.draft_id}/` })).statusCode,
    ).toBe(404);
    const saved = (
      await owner.request({ method: 'GET', url: `/api/emails/${second.draft_id}/` })
    ).json<{ body_text: string; attachments: { filename: string }[] }>();
    expect(saved.body_text).toContain('Zweite Fassung');
    expect(saved.attachments.map((a) => a.filename)).toEqual(['Maße.pdf']);

    const before = smtp.received.length;
    const sent = await owner.request({
      method: 'POST',
      url: '/api/emails/send/',
      payload: {
        account: accountId,
        to: template.to,
        cc: template.cc,
        bcc: template.bcc,
        subject: 'AW: Angebot Küche (Entwurf)',
        text: 'Endfassung',
        in_reply_to_email: original,
        draft_id: second.draft_id,
        keep_attachments: ['Maße.pdf'],
      },
    });
    expect(sent.statusCode).toBe(200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to.sort()).toEqual(
      ['chefin@beispiel.de', 'julia.wagner@beispiel.de', 'tom@beispiel.de'].sort(),
    );
    const parsed = await PostalMime.parse(mail!.raw);
    expect(parsed.inReplyTo).toBe('<angebot-1@beispiel.de>');
    expect(parsed.attachments.map((a) => a.filename)).toEqual(['Maße.pdf']);
    expect(Buffer.from(parsed.attachments[0]!.content as ArrayBuffer).toString()).toBe(
      '%PDF-entwurf-anhang',
    );
    expect(await subjectsIn('Drafts')).not.toContain('AW: Angebot Küche (Entwurf)');
  });

  it('when SMTP refuses, the message is kept as a draft and the answer says so', async () => {
    smtp.failNext(550, 'Mailbox unavailable');
    try {
      const res = await owner.request({
        method: 'POST',
        url: '/api/emails/send/',
        payload: {
          account: accountId,
          to: 'x@beispiel.de',
          subject: 'Wichtig, bitte nicht verlieren',
          text: 'Inhalt',
        },
      });
      expect(res.statusCode).toBe(502);
      const error = res.json<{ error: { code: string; fields: Record<string, string[]> } }>().error;
      expect(error.code).toBe('SEND_FAILED');
      expect(Number(error.fields.draft_id?.[0])).toBeGreaterThan(0);
      expect(await subjectsIn('Drafts')).toContain('Wichtig, bitte nicht verlieren');
    } finally {
      smtp.failNext(null);
    }
  });

  it('validates recipients and suggests addresses from the correspondence', async () => {
    const none = await owner.request({
      method: 'POST',
      url: '/api/emails/send/',
      payload: { account: accountId, subject: 'x' },
    });
    expect(none.json<{ error: { fields: unknown } }>().error.fields).toEqual({
      to: ['RECIPIENT_REQUIRED'],
    });
    const bad = await owner.request({
      method: 'POST',
      url: '/api/emails/send/',
      payload: { account: accountId, to: 'kein-empfänger', subject: 'x' },
    });
    expect(bad.json<{ error: { fields: unknown } }>().error.fields).toEqual({
      to: ['ADDRESS_INVALID'],
    });
    // A German umlaut domain is an address like any other; it travels in its ASCII spelling.
    const before = smtp.received.length;
    const umlaut = await owner.request({
      method: 'POST',
      url: '/api/emails/send/',
      payload: { account: accountId, to: 'Buchhandlung <info@bücher.de>', subject: 'Bestellung' },
    });
    expect(umlaut.statusCode, umlaut.body).toBe(200);
    const [sent] = (await smtp.waitFor(before + 1)).slice(before);
    // smtp-server hands the RCPT domain back in Unicode, whatever arrived.
    expect(sent!.to).toEqual(['info@bücher.de']);
    expect(sent!.raw).toMatch(/^To: Buchhandlung <info@xn--bcher-kva\.de>$/m);
    const damaged = await owner.request({
      method: 'POST',
      url: '/api/emails/send/',
      payload: {
        account: accountId,
        to: 'julia.wagner@beispiel.de',
        subject: 'x',
        attachments: [{ filename: 'a.pdf', content_base64: '!!!notbase64' }],
      },
    });
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json<{ error: { fields: unknown } }>().error.fields).toEqual({
      'attachments.0.content_base64': ['INVALID'],
    });
    // Which attachment, and what of it, in words.
    const unnamed = await owner.request({
      method: 'POST',
      url: '/api/emails/send/',
      payload: {
        account: accountId,
        to: 'julia.wagner@beispiel.de',
        subject: 'x',
        attachments: [
          { filename: 'a.pdf', content_base64: 'aGFsbG8=' },
          { filename: '', content_base64: 'aGFsbG8=' },
        ],
      },
    });
    expect(unnamed.json<{ error: { message: string } }>().error.message).toBe(
      'Anhang 2: Dateiname ist erforderlich.',
    );
    const suggestions = (await owner.request({ method: 'GET', url: '/api/contacts/?q=jul' })).json<
      { address: string; name: string }[]
    >();
    expect(suggestions[0]).toMatchObject({
      address: 'julia.wagner@beispiel.de',
      name: 'Julia Wagner',
    });
  });

  it('refuses a line break in a recipient or an attachment type instead of bending it; nothing is sent', async () => {
    const before = smtp.received.length;
    const send = (payload: object) =>
      owner.request({
        method: 'POST',
        url: '/api/emails/send/',
        payload: { account: accountId, subject: 'Angriff', text: 'x', ...payload },
      });
    type Refusal = { error: { fields: unknown; field_messages: Record<string, string> } };
    for (const to of [
      'julia.wagner@beispiel.de\nbcc@angreifer.example',
      'Julia <julia.wagner@beispiel.de>\r\nBcc: bcc@angreifer.example',
      ['julia.wagner@beispiel.de', 'tom@beispiel.de\rbcc@angreifer.example'],
    ]) {
      const res = await send({ to });
      expect(res.statusCode, JSON.stringify(to)).toBe(400);
      expect(res.json<Refusal>().error.fields).toEqual({ to: ['ADDRESS_INVALID'] });
    }
    const cc = await send({ to: 'julia.wagner@beispiel.de', cc: 'tom@beispiel.de\nx@y.example' });
    expect(cc.json<Refusal>().error.fields).toEqual({ cc: ['ADDRESS_INVALID'] });
    // A draft is refused alike: it would be sent as it stands later.
    const draft = await owner.request({
      method: 'POST',
      url: '/api/drafts/',
      payload: { account: accountId, to: 'a@beispiel.de\nb@angreifer.example' },
    });
    expect(draft.json<Refusal>().error.fields).toEqual({ to: ['ADDRESS_INVALID'] });

    for (const contentType of [
      'text/plain\r\nX-Injected: ja',
      'text/plain\nContent-Disposition: inline',
      'text/plain; name="a\r\nb"',
      'kein typ',
    ]) {
      const res = await send({
        to: 'julia.wagner@beispiel.de',
        attachments: [
          { filename: 'a.txt', content_type: 'text/plain', content_base64: 'aGFsbG8=' },
          { filename: 'b.txt', content_type: contentType, content_base64: 'aGFsbG8=' },
        ],
      });
      expect(res.statusCode, contentType).toBe(400);
      const refusal = res.json<Refusal>().error;
      expect(refusal.fields).toEqual({ 'attachments.1.content_type': ['INVALID'] });
      expect(refusal.field_messages['attachments.1.content_type']).toBe(
        'Anhang 2: Dateityp: Dieser Wert ist ungültig',
      );
    }
    expect(smtp.received.length).toBe(before);

    // What browsers and mail programs send still goes, parameters included.
    const fine = await send({
      to: 'julia.wagner@beispiel.de',
      subject: 'Dateitypen',
      attachments: [
        {
          filename: 'a.txt',
          content_type: 'text/plain; charset="utf-8"',
          content_base64: 'aGFsbG8=',
        },
        {
          filename: 'b.docx',
          content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          content_base64: 'aGFsbG8=',
        },
        { filename: 'c.bin', content_type: '', content_base64: 'aGFsbG8=' },
      ],
    });
    expect(fine.statusCode, fine.body).toBe(200);
    const [sent] = (await smtp.waitFor(before + 1)).slice(before);
    expect(sent!.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8; name=a\.txt\r?$/m);
    expect(sent!.raw).toMatch(/^Content-Type: application\/octet-stream;/m);
  });

  it('a draft saved from one account and sent from another is removed from its own server only', async () => {
    const second = `zweites-${kind}@beispiel.de`;
    dovecot.addUser(second, 'pw');
    smtp.addUser(second, 'pw');
    const other = await imapClient(dovecot, second);
    // Enough drafts that one of them has the UID the new draft gets on the first account.
    const foreign = Array.from({ length: 20 }, (_, n) => ({ subject: `Entwurf ${n}`, text: 'x' }));
    await appendMessages(other, 'Drafts', foreign, ['\\Draft']);
    const secondId = (
      await owner.request({
        method: 'POST',
        url: '/api/accounts/',
        payload: accountPayload(dovecot, second, { smtpPort: smtp.port }),
      })
    ).json<{ id: number }>().id;
    await fetchAccount(owner, secondId);
    const draft = (
      await owner.request({
        method: 'POST',
        url: '/api/drafts/',
        payload: { account: accountId, to: 'a@beispiel.de', subject: 'Kontowechsel', text: 'x' },
      })
    ).json<{ draft_id: number }>().draft_id;
    const sent = await owner.request({
      method: 'POST',
      url: '/api/emails/send/',
      payload: {
        account: secondId,
        to: 'a@beispiel.de',
        subject: 'Kontowechsel',
        text: 'x',
        draft_id: draft,
      },
    });
    expect(sent.statusCode).toBe(200);
    expect(await subjectsIn('Drafts')).not.toContain('Kontowechsel');
    const lock = await other.getMailboxLock('Drafts');
    try {
      await other.noop();
      const left = (await other.search({ all: true }, { uid: true })) || [];
      expect(left).toHaveLength(20);
    } finally {
      lock.release();
      await other.logout();
    }
    expect((await owner.request({ method: 'GET', url: `/api/emails/${draft}/` })).statusCode).toBe(
      404,
    );
  });

  it('a forward and a reply carry the pictures the quoted HTML shows (cid:), each once', async () => {
    const logo = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const raw = [
      'From: Outlook <outlook@beispiel.de>',
      `To: ${address}`,
      'Subject: Mit Firmenlogo',
      'Message-ID: <logo@beispiel.de>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/related; boundary="rel"',
      '',
      '--rel',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Grüße</p><p><img src="cid:image001.png@01DA" alt="Logo"></p>',
      '--rel',
      'Content-Type: image/png; name="image001.png"',
      'Content-Transfer-Encoding: base64',
      'Content-ID: <image001.png@01DA>',
      'Content-Disposition: inline; filename="image001.png"',
      '',
      logo.toString('base64'),
      '--rel--',
      '',
    ].join('\r\n');
    await client.append('INBOX', raw, []);
    await fetchAccount(owner, accountId);
    const original = await emailId('Mit Firmenlogo');
    for (const action of ['forward', 'reply'] as const) {
      const template = (
        await owner.request({
          method: 'GET',
          url: `/api/emails/${original}/compose/?action=${action}`,
        })
      ).json<{ subject: string; html: string }>();
      expect(template.html).toContain('cid:image001.png@01DA');
      const before = smtp.received.length;
      const sent = await owner.request({
        method: 'POST',
        url: '/api/emails/send/',
        payload: {
          account: accountId,
          to: 'chef@beispiel.de',
          subject: template.subject,
          html: `<p>Siehe unten</p>${template.html}`,
          ...(action === 'forward' ? { forward_of: original } : { in_reply_to_email: original }),
        },
      });
      expect(sent.statusCode, action).toBe(200);
      const [mail] = (await smtp.waitFor(before + 1)).slice(before);
      expect(mail!.raw, action).toMatch(/multipart\/related/);
      expect(mail!.raw.match(/^Content-ID: <image001\.png@01DA>/gim), action).toHaveLength(1);
    }
  });

  it('files a reply sent while IMAP is down once the account answers again: Sent copy, draft, \\Answered', async () => {
    const original = await emailId('Angebot Küche');
    const draft = (
      await owner.request({
        method: 'POST',
        url: '/api/drafts/',
        payload: { account: accountId, to: 'a@beispiel.de', subject: 'Während der Störung' },
      })
    ).json<{ draft_id: number }>().draft_id;
    expect(await subjectsIn('Drafts')).toContain('Während der Störung');
    const before = smtp.received.length;
    await client.logout().catch(() => undefined);
    await dovecot.stop();
    try {
      const res = await owner.request({
        method: 'POST',
        url: '/api/emails/send/',
        payload: {
          account: accountId,
          to: 'a@beispiel.de',
          subject: 'Während der Störung',
          text: 'Trotzdem angekommen.',
          draft_id: draft,
          in_reply_to_email: original,
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ sent_copy_id: null, sent_copy_pending: true });
      expect((await smtp.waitFor(before + 1)).length).toBe(before + 1);
    } finally {
      await dovecot.start();
      client = await imapClient(dovecot, address);
    }
    await fetchAccount(owner, accountId);
    // Filed right after the fetch succeeded, in the background.
    const answered = async () =>
      (await owner.request({ method: 'GET', url: `/api/emails/${original}/` })).json<{
        is_answered: boolean;
      }>().is_answered;
    const filed = async () =>
      (await subjectsIn('Sent')).includes('Während der Störung') &&
      !(await subjectsIn('Drafts')).includes('Während der Störung') &&
      (await answered());
    for (let i = 0; i < 100 && !(await filed()); i++) await new Promise((r) => setTimeout(r, 100));
    expect((await subjectsIn('Sent')).filter((s) => s === 'Während der Störung')).toHaveLength(1);
    expect(await subjectsIn('Drafts')).not.toContain('Während der Störung');
    expect(await answered()).toBe(true);
    // Done once: another fetch files nothing twice.
    await fetchAccount(owner, accountId);
    await new Promise((r) => setTimeout(r, 300));
    expect((await subjectsIn('Sent')).filter((s) => s === 'Während der Störung')).toHaveLength(1);
  });

  it("refuses another user's account and mail", async () => {
    const original = await emailId('Angebot Küche');
    const send = await stranger.request({
      method: 'POST',
      url: '/api/emails/send/',
      payload: { account: accountId, to: 'a@b.de', subject: 'x' },
    });
    expect(send.statusCode).toBe(404);
    expect(
      (
        await stranger.request({
          method: 'GET',
          url: `/api/emails/${original}/compose/?action=reply`,
        })
      ).statusCode,
    ).toBe(404);
    expect((await stranger.request({ method: 'GET', url: '/api/contacts/?q=jul' })).json()).toEqual(
      [],
    );
  });
});
