import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { buildMessage } from '@brieftaube/test-support/mailbox.ts';
import {
  accountPayload,
  fetchAccount,
  imapClient,
} from '@brieftaube/test-support/mail-fixtures.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';

interface Item {
  id: number;
  subject: string;
  date: string;
  thread: Item[];
  sent_at: string | null;
  received_at: string;
}

/** Every mail arrived on one afternoon (an import, a move by another client): INTERNALDATE. */
const ARRIVAL = new Date('2026-11-20T12:00:00Z');
const hours = (n: number) => new Date(ARRIVAL.getTime() + n * 3_600_000);

/** A message without any Date header, which nodemailer would always add. */
const withoutDate = (raw: Buffer) =>
  Buffer.from(raw.toString('latin1').replace(/^Date: .*\r\n/m, ''), 'latin1');

const MAILS: { subject: string; date?: Date; arrival: Date; expected: Date }[] = [
  // Written long before it reached this server: the sender's date.
  { subject: 'Datumstest aus 2019', date: new Date('2019-03-04T09:00:00Z'), arrival: hours(-4), expected: new Date('2019-03-04T09:00:00Z') },
  { subject: 'Datumstest aus 2024', date: new Date('2024-06-01T08:00:00Z'), arrival: hours(-3), expected: new Date('2024-06-01T08:00:00Z') },
  // No Date header: the arrival.
  { subject: 'Datumstest ohne Datum', arrival: hours(-2), expected: hours(-2) },
  // Absurd: decades after it arrived, or the zero point of a broken clock.
  { subject: 'Datumstest aus der Zukunft', date: new Date('2099-01-01T00:00:00Z'), arrival: hours(-1), expected: hours(-1) },
  { subject: 'Datumstest aus 1970', date: new Date('1970-01-01T00:00:00Z'), arrival: hours(-5), expected: hours(-5) },
  // A sender's clock two hours fast is still the sender's date.
  { subject: 'Datumstest mit schneller Uhr', date: hours(2), arrival: hours(-0.5), expected: hours(2) },
]; // prettier-ignore

/** Newest first by the sender's date, as Thunderbird and Outlook sort. */
const NEWEST_FIRST = [...MAILS]
  .sort((a, b) => b.expected.getTime() - a.expected.getTime())
  .map((m) => m.subject);

describe.each(DATABASE_KINDS)('the date a mail is listed and sorted by, on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let owner: ApiUser;
  let client: ImapFlow;
  let accountId: number;
  const address = `datum-${kind}@beispiel.de`;

  beforeAll(async () => {
    [t, dovecot] = await Promise.all([startTestApp(kind, {}, { jobs: true }), startDovecot()]);
    owner = await registerApiUser(t.app, 'datum');
    dovecot.addUser(address, 'pw');
    client = await imapClient(dovecot, address);
    for (const mail of MAILS) {
      const raw = await buildMessage({
        subject: mail.subject,
        text: `${mail.subject}: Inhalt`,
        ...(mail.date ? { date: mail.date } : {}),
      });
      await client.append('INBOX', mail.date ? raw : withoutDate(raw), [], mail.arrival);
    }
    // A conversation imported answer first: the reply reached this server before the question.
    await client.mailboxCreate('Import');
    const question = await buildMessage({
      subject: 'Frage zum Umzug',
      text: 'Wann passt es Ihnen?',
      messageId: '<umzug-1@beispiel.de>',
      date: new Date('2026-10-01T10:00:00Z'),
    });
    const answer = await buildMessage({
      subject: 'AW: Frage zum Umzug',
      text: 'Am Samstag.',
      messageId: '<umzug-2@beispiel.de>',
      inReplyTo: '<umzug-1@beispiel.de>',
      references: ['<umzug-1@beispiel.de>'],
      date: new Date('2026-10-02T10:00:00Z'),
    });
    await client.append('Import', answer, ['\\Seen'], hours(-0.3));
    await client.append('Import', question, ['\\Seen'], hours(-0.1));
    const account = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: accountPayload(dovecot, address),
    });
    accountId = account.json<{ id: number }>().id;
    const synced = await fetchAccount(owner, accountId);
    if (synced.status !== 'SUCCESS') throw new Error(`sync failed: ${synced.message}`);
  });
  afterAll(async () => {
    await client?.logout().catch(() => undefined);
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  /** Every page of a list, two at a time, by the cursor the server announces. */
  const allPages = async (url: string) => {
    const items: Item[] = [];
    let next: string | undefined = `${url}${url.includes('?') ? '&' : '?'}limit=2`;
    for (let page = 0; next && page < 20; page++) {
      const res = await owner.request({ method: 'GET', url: next });
      expect(res.statusCode, res.body).toBe(200);
      items.push(...res.json<Item[]>());
      next = (res.headers.link as string | undefined)?.match(/<([^>]+)>/)?.[1];
    }
    return items.filter((i) => i.subject.startsWith('Datumstest'));
  };

  it("shows the sender's date, or the arrival where that is missing or absurd", async () => {
    const items = await allPages('/api/emails/');
    for (const mail of MAILS) {
      const item = items.find((i) => i.subject === mail.subject);
      expect(item?.date, mail.subject).toBe(mail.expected.toISOString());
    }
    const detail = (
      await owner.request({
        method: 'GET',
        url: `/api/emails/${items.find((i) => i.subject === 'Datumstest aus 2019')!.id}/`,
      })
    ).json<Item>();
    expect(detail.received_at).toBe(hours(-4).toISOString());
    expect(detail.sent_at).toBe('2019-03-04T09:00:00.000Z');
  });

  it("pages every list by the sender's date, each mail once", async () => {
    const inbox = (
      await owner.request({
        method: 'GET',
        url: `/api/folders/?account_id=${accountId}&folder_type=inbox`,
      })
    ).json<{ id: number }[]>()[0]!;
    const category = (
      await owner.request({
        method: 'POST',
        url: '/api/categories/',
        payload: { name: 'Datum', description: 'Alles zum Datum', account: accountId },
      })
    ).json<{ id: number }>();
    const all = await allPages('/api/emails/');
    await owner.request({
      method: 'POST',
      url: '/api/emails/bulk/',
      payload: { ids: all.map((i) => i.id), action: 'categorize', category: category.id },
    });
    const lists = [
      '/api/emails/',
      `/api/folders/${inbox.id}/emails/`,
      '/api/emails/?read=false',
      `/api/emails/?accounts=${accountId}`,
      `/api/emails/?category=${category.id}`,
      '/api/emails/?q=Datumstest',
    ];
    for (const url of lists)
      expect(
        (await allPages(url)).map((i) => i.subject),
        url,
      ).toEqual(NEWEST_FIRST);
    const selection = (
      await owner.request({ method: 'GET', url: `/api/emails/selection/?accounts=${accountId}` })
    ).json<{ rows: [number][] }>();
    const order = new Map(all.map((i) => [i.id, i.subject]));
    expect(
      selection.rows.map(([id]) => order.get(id)).filter((s): s is string => s !== undefined),
    ).toEqual(NEWEST_FIRST);
  });

  it('orders a conversation by the dates it was written, not by when it arrived', async () => {
    const answer = (
      await owner.request({ method: 'GET', url: '/api/emails/?q=Umzug&folder_name=Import' })
    )
      .json<Item[]>()
      .find((i) => i.subject === 'AW: Frage zum Umzug')!;
    const detail = (
      await owner.request({ method: 'GET', url: `/api/emails/${answer.id}/` })
    ).json<Item>();
    expect(detail.thread.map((i) => i.subject)).toEqual(['Frage zum Umzug', 'AW: Frage zum Umzug']);
  });
});
