import type { ImapFlow } from 'imapflow';
import { appendMessages, generateMessages, type TestMessage } from './mailbox.ts';

const now = Date.now();
const hoursAgo = (h: number) => new Date(now - h * 3_600_000);

/** Letters a person would recognise: German and English, a thread, HTML with a remote image. */
export function demoInboxMessages(to: string): TestMessage[] {
  return [
    {
      from: 'Stadtwerke Leipzig <kundenservice@stadtwerke-leipzig.example>',
      to,
      subject: 'Ihre Jahresabrechnung 2026',
      date: hoursAgo(1),
      html:
        '<h2 style="color:#0a5">Ihre Jahresabrechnung</h2><p>Sehr geehrte Kundin, sehr geehrter Kunde,</p>' +
        '<p>Ihre Abrechnung für den Zeitraum 01.01.–31.12.2026 liegt bereit. Der Rechnungsbetrag von ' +
        '<b>1.234,56 €</b> wird am 15.12. abgebucht.</p>' +
        '<p><img src="https://tracker.example.com/pixel.gif?id=4711" width="1" height="1" alt="">' +
        '<img src="https://cdn.stadtwerke-leipzig.example/logo.png" alt="Logo der Stadtwerke"></p>' +
        '<p>Mit freundlichen Grüßen<br>Ihre Stadtwerke</p>',
      attachments: [
        { filename: 'Jahresabrechnung-2026.pdf', content: Buffer.from('%PDF-1.4 Abrechnung') },
      ],
    },
    {
      from: 'Julia Wagner <julia.wagner@beispiel.de>',
      to,
      subject: 'Protokoll der Teambesprechung',
      date: hoursAgo(5),
      messageId: '<protokoll-1@beispiel.de>',
      text:
        'Hallo zusammen,\n\nanbei das Protokoll vom Dienstag. Bitte ergänzt bis Freitag eure Punkte.\n\n' +
        'Viele Grüße\nJulia\n\n-- \nJulia Wagner · Projektleitung',
    },
    {
      from: 'Thomas Müller <thomas.mueller@beispiel.de>',
      to,
      subject: 'AW: Protokoll der Teambesprechung',
      date: hoursAgo(3),
      messageId: '<protokoll-2@beispiel.de>',
      inReplyTo: '<protokoll-1@beispiel.de>',
      references: ['<protokoll-1@beispiel.de>'],
      text:
        'Hallo Julia,\n\nich habe Punkt 4 ergänzt.\n\nGruß\nThomas\n\n' +
        'Am 20.11.2026 um 09:12 schrieb Julia Wagner <julia.wagner@beispiel.de>:\n> Hallo zusammen,\n> anbei das Protokoll vom Dienstag.',
    },
    {
      from: 'Deutsche Bahn <buchung@bahn.example>',
      to,
      subject: 'Ihre Reiseverbindung nach Hamburg',
      date: hoursAgo(26),
      text: 'Ihre Fahrkarte: Leipzig Hbf → Hamburg Hbf, 28.11.2026, 08:14 Uhr, Wagen 7, Platz 45.',
      attachments: [{ filename: 'Fahrkarte-Überblick.pdf', content: Buffer.from('%PDF-1.4 DB') }],
    },
    {
      from: 'GitHub <noreply@github.example>',
      to,
      subject: 'Your pull request was merged',
      date: hoursAgo(50),
      html: '<p>Your pull request <b>#42 Fix umlaut handling</b> was merged into <code>main</code>.</p>',
    },
    {
      from: 'Sportverein Grün-Weiß <vorstand@gruen-weiss.example>',
      to,
      subject: 'Einladung zur Mitgliederversammlung',
      date: hoursAgo(80),
      text: 'Liebe Mitglieder,\n\nwir laden herzlich zur Mitgliederversammlung am 5. Dezember ein.\n\nDer Vorstand',
    },
  ];
}

/**
 * A lived-in mailbox on the test Dovecot: a few recognisable letters on top of `bulk` generated
 * ones, nested folders with mail, and something in Sent. Used by the end-to-end tests and the demo
 * stack (scripts/demo-stack.ts).
 */
export async function seedDemoMailbox(
  client: ImapFlow,
  address: string,
  options: { bulk?: number } = {},
): Promise<void> {
  const bulk = options.bulk ?? 120;
  await appendMessages(client, 'INBOX', generateMessages(bulk, new Date(now - 40 * 86_400_000)), [
    '\\Seen',
  ]);
  await appendMessages(client, 'INBOX', demoInboxMessages(address));
  for (const path of ['Projekte', 'Projekte/Kunde Müller', 'Projekte/Kunde Schmidt', 'Vereine'])
    await client.mailboxCreate(path);
  await appendMessages(
    client,
    'Projekte/Kunde Müller',
    [
      {
        from: 'Familie Müller <mueller@privat.example>',
        to: address,
        subject: 'Angebot für die Küchenrenovierung',
        date: hoursAgo(100),
        text: 'Guten Tag,\n\nbitte senden Sie uns ein Angebot für die Küche.\n\nFamilie Müller',
      },
    ],
    ['\\Seen'],
  );
  await appendMessages(
    client,
    'Sent',
    [
      {
        from: address,
        to: 'Julia Wagner <julia.wagner@beispiel.de>',
        subject: 'Unterlagen für Freitag',
        date: hoursAgo(30),
        text: 'Hallo Julia,\n\nhier die Unterlagen.\n\nViele Grüße',
      },
    ],
    ['\\Seen'],
  );
}
