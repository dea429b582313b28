import fs from 'node:fs';
import path from 'node:path';
import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { CORPORA_DIR } from '@brieftaube/test-support/corpus.ts';
import { appendMessages, type TestMessage } from '@brieftaube/test-support/mailbox.ts';
import {
  accountPayload,
  fetchAccount,
  imapClient,
} from '@brieftaube/test-support/mail-fixtures.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';

// Real German mail (codealltag-de, CC BY-SA 4.0; read from ../shared/corpora, never copied).
const CORPUS = path.join(CORPORA_DIR, 'labelled/codealltag-de');

interface CorpusMail {
  id: string;
  text: string;
}

function corpus(): CorpusMail[] {
  return ['finance', 'travels'].flatMap((topic) =>
    fs
      .readFileSync(path.join(CORPUS, `codealltag_pxl_${topic}_sample2500.jsonl`), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as CorpusMail),
  );
}

/** The word on its own, not as a part of another ("Rechnung", not "Telefonrechnung"). */
const standsAlone = (text: string, word: string) =>
  new RegExp(`(?<![\\p{L}])${word}`, 'iu').test(text);

// Compounds of the corpus and the part a search must find them by: each mail has the compound
// and never the part as a word of its own, so only a decompounding index finds it.
const COMPOUNDS: [compound: string, part: string][] = [
  ['Telefonrechnung', 'Rechnung'],
  ['Kreditkartenrechnung', 'Rechnung'],
  ['Reisekostenabrechnung', 'Abrechnung'],
  ['Kartenabrechnung', 'Abrechnung'],
  ['Haftpflichtversicherung', 'Versicherung'],
  ['Depotbank', 'Bank'],
];

interface Item {
  id: number;
  subject: string;
}

describe.each(DATABASE_KINDS)('search on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let owner: ApiUser;
  let client: ImapFlow;
  const address = `suche-${kind}@beispiel.de`;
  /** Corpus mails by subject ("codealltag FINANCE-95577"), with the compound they contain. */
  const real = new Map<string, { text: string; compound: string; part: string }>();

  beforeAll(async () => {
    [t, dovecot] = await Promise.all([startTestApp(kind, {}, { jobs: true }), startDovecot()]);
    owner = await registerApiUser(t.app, 'suche');
    dovecot.addUser(address, 'pw');
    client = await imapClient(dovecot, address);

    const mails = corpus();
    const chosen: TestMessage[] = [];
    for (const [compound, part] of COMPOUNDS) {
      const mail = mails.find(
        (m) => new RegExp(compound, 'i').test(m.text) && !standsAlone(m.text, part),
      )!;
      const subject = `codealltag ${mail.id}`;
      real.set(subject, { text: mail.text, compound, part });
      chosen.push({ subject, text: mail.text, date: new Date('2026-03-01T10:00:00Z') });
    }
    // And a hundred more of the corpus around them, as a mailbox has.
    for (const mail of mails.slice(0, 100))
      if (![...real.values()].some((r) => r.text === mail.text))
        chosen.push({
          subject: `codealltag ${mail.id}`,
          text: mail.text,
          date: new Date('2026-02-01T10:00:00Z'),
        });
    await appendMessages(client, 'INBOX', chosen, ['\\Seen']);

    await client.mailboxCreate('Projekte');
    await client.mailboxCreate('Projekte/Kunde Müller');
    await appendMessages(
      client,
      'INBOX',
      [
        {
          subject: 'Ihre Jahresabrechnung 2026',
          from: 'Stadtwerke Leipzig <kundenservice@stadtwerke.example>',
          to: 'Anna Beispiel <anna@beispiel.example>',
          text: 'Sehr geehrte Frau Beispiel,\n\nanbei erhalten Sie Ihre Jahresabrechnung.',
          date: new Date('2026-09-15T10:00:00Z'),
          attachments: [{ filename: 'Jahresabrechnung.pdf', content: '%PDF-1.4' }],
        },
      ],
      ['\\Flagged', '\\Seen'],
    );
    await appendMessages(client, 'INBOX', [
      {
        subject: 'Brötchen für Samstag',
        from: 'Anna Beispiel <anna@beispiel.example>',
        to: 'Bernd Brot <bernd@backstube.example>',
        text: 'Hallo Bernd,\n\nbitte zwölf Brötchen für Samstag, die Rechnung wie immer an mich.\n\nAnna',
        // Half past midnight in Berlin on 1 October: before:1.10.2026 must not list it.
        date: new Date('2026-09-30T22:30:00Z'),
      },
      {
        subject: 'Ihr Tagesgeldkonto',
        from: 'Sparkasse <service@sparkasse.example>',
        text: 'Die Zinsberechnung für Ihr Tagesgeldkonto finden Sie im Postfach.',
        date: new Date('2026-01-05T08:00:00Z'),
      },
      {
        // What newsletters send: a short text part, and the whole issue only as HTML.
        subject: 'Newsletter Oktober',
        from: 'Hofladen Sonnenberg <news@hofladen.example>',
        text: 'Unser Newsletter im Oktober. Die ganze Ausgabe sehen Sie in der HTML-Ansicht.',
        html:
          '<html><head><style>.quittenmarmelade{color:red}</style></head><body>' +
          '<h1>Unser Newsletter im Oktober</h1><p>Neu im Sortiment: <b>Quittenmarmelade</b> ' +
          'und K&auml;sesp&auml;tzle aus der Region.</p><p>Ihr Gutschein-Code: HERBST26</p></body></html>',
        date: new Date('2026-10-05T08:00:00Z'),
      },
      {
        // A reply as Gmail sends it: the text part without the quote, the HTML with it.
        subject: 'Re: Kuchen',
        from: 'Carla Kunz <carla@beispiel.example>',
        text: 'Danke, das passt!',
        html:
          '<div dir="ltr">Danke, das passt!</div><div class="gmail_quote">' +
          '<blockquote class="gmail_quote" style="margin:0">Magst du Zitronenkuchen?</blockquote></div>',
        date: new Date('2026-10-06T08:00:00Z'),
      },
    ]);
    await appendMessages(client, 'Projekte/Kunde Müller', [
      {
        subject: 'Angebot Kaffeemaschine',
        from: 'Händler <verkauf@haendler.example>',
        text: 'Die Siebträgermaschine kostet 899 Euro, die Kaffeemühle 199 Euro.',
        date: new Date('2026-10-03T09:00:00Z'),
      },
    ]);
    await appendMessages(
      client,
      'Sent',
      [
        {
          subject: 'Anfrage Kaffeemühle',
          from: `Ich <${address}>`,
          to: 'Händler <verkauf@haendler.example>',
          text: 'Was kostet die Kaffeemühle?',
          date: new Date('2026-10-02T09:00:00Z'),
        },
      ],
      ['\\Seen'],
    );

    const account = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: accountPayload(dovecot, address),
    });
    const synced = await fetchAccount(owner, account.json<{ id: number }>().id);
    if (synced.status !== 'SUCCESS') throw new Error(`sync failed: ${synced.message}`);
    // The first sync is a bulk: its mail is indexed by the job, as after an upgrade.
    await t.services.search.drain();
  });
  afterAll(async () => {
    await client?.logout().catch(() => undefined);
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  const search = async (q: string) => {
    const res = await owner.request({
      method: 'GET',
      url: `/api/emails/?limit=200&q=${encodeURIComponent(q)}`,
    });
    expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    return res
      .json<Item[]>()
      .map((e) => e.subject)
      .sort();
  };

  it('finds real German mail by a part of its compounds', async () => {
    for (const [subject, { compound, part }] of real) {
      expect(await search(part), `${part} in ${compound}`).toContain(subject);
      // The compound itself, and a prefix of the part, as typed while searching.
      expect(await search(compound)).toContain(subject);
      expect(await search(part.slice(0, 5))).toContain(subject);
    }
    // The subject's compounds too: "Abrechnung" finds "Ihre Jahresabrechnung 2026".
    expect(await search('Abrechnung')).toContain('Ihre Jahresabrechnung 2026');
    // No part of a word that is none: a "Zinsberechnung" holds no "Rechnung".
    expect(await search('Zinsberechnung')).toEqual(['Ihr Tagesgeldkonto']);
    expect(await search('Rechnung')).not.toContain('Ihr Tagesgeldkonto');
    expect(await search('Konto')).toContain('Ihr Tagesgeldkonto');
  });

  it('finds umlauts typed as ae, oe and ue, and the word as typed too', async () => {
    expect(await search('Broetchen')).toEqual(['Brötchen für Samstag']);
    expect(await search('Kaesespaetzle')).toEqual(['Newsletter Oktober']);
    expect(await search('zwoelf')).toEqual(['Brötchen für Samstag']);
    expect(await search('Kaffeemuehle')).toEqual(await search('Kaffeemühle'));
    expect((await search('Kaffeemuehle')).length).toBeGreaterThan(0);
  });

  it("finds words only a mail's HTML part has, not its HTML's quote or style", async () => {
    expect(await search('Quittenmarmelade')).toEqual(['Newsletter Oktober']);
    expect(await search('Käsespätzle')).toEqual(['Newsletter Oktober']);
    expect(await search('HERBST26')).toEqual(['Newsletter Oktober']);
    expect(await search('Gutschein')).toEqual(['Newsletter Oktober']);
    expect(await search('Sortiment Region')).toEqual(['Newsletter Oktober']);
    expect(await search('Zitronenkuchen')).toEqual([]);
    expect(await search('passt')).toEqual(['Re: Kuchen']);
  });

  it('narrows by sender, recipient and subject', async () => {
    expect(await search('from:stadtwerke')).toEqual(['Ihre Jahresabrechnung 2026']);
    expect(await search('von:kundenservice@stadtwerke.example')).toEqual([
      'Ihre Jahresabrechnung 2026',
    ]);
    // Anna wrote one and received the other: from: and to: tell them apart.
    expect(await search('from:anna')).toEqual(['Brötchen für Samstag']);
    expect(await search('to:anna')).toEqual(['Ihre Jahresabrechnung 2026']);
    expect(await search('an:"Bernd Brot"')).toEqual(['Brötchen für Samstag']);
    expect(await search('absender:Händler')).toEqual(['Angebot Kaffeemaschine']);
    expect(await search('empfänger:haendler.example in:gesendet')).toEqual(['Anfrage Kaffeemühle']);
    // "Rechnung" is in the Brötchen mail's text, not in any subject.
    expect(await search('Rechnung from:anna')).toEqual(['Brötchen für Samstag']);
    expect(await search('subject:Rechnung from:anna')).toEqual([]);
    expect(await search('betreff:Jahresabrechnung')).toEqual(['Ihre Jahresabrechnung 2026']);
    expect(await search('subject:abrechnung')).toEqual(['Ihre Jahresabrechnung 2026']);
    expect(await search('betreff:"Jahresabrechnung 2026"')).toEqual(['Ihre Jahresabrechnung 2026']);
    expect(await search('betreff:"2026 Jahresabrechnung"')).toEqual([]);
  });

  it('narrows by state, attachment, date and folder', async () => {
    const ours = (subjects: string[]) => subjects.filter((s) => !s.startsWith('codealltag'));
    expect(ours(await search('has:attachment'))).toEqual(['Ihre Jahresabrechnung 2026']);
    expect(ours(await search('hat:anhang'))).toEqual(['Ihre Jahresabrechnung 2026']);
    expect(await search('is:flagged')).toEqual(['Ihre Jahresabrechnung 2026']);
    expect(await search('ist:markiert Jahresabrechnung')).toEqual(['Ihre Jahresabrechnung 2026']);
    expect(ours(await search('is:unread'))).toEqual([
      'Angebot Kaffeemaschine',
      'Brötchen für Samstag',
      'Ihr Tagesgeldkonto',
      'Newsletter Oktober',
      'Re: Kuchen',
    ]);
    expect(await search('ist:ungelesen from:anna')).toEqual(['Brötchen für Samstag']);
    expect(await search('is:read from:anna')).toEqual([]);
    // Days begin at midnight in Berlin: the Brötchen mail (00:30 on 1 October) is after:1.10.
    for (const q of ['before:2026-10-01', 'vor:1.10.2026', 'before:01.10.26'])
      expect(ours(await search(q)), q).toEqual([
        'Ihr Tagesgeldkonto',
        'Ihre Jahresabrechnung 2026',
      ]);
    expect(ours(await search('bis:30.09.2026'))).toEqual([
      'Ihr Tagesgeldkonto',
      'Ihre Jahresabrechnung 2026',
    ]);
    for (const q of ['after:2026-10-01 before:2026-10-05', 'nach:1.10.2026 vor:5.10.2026'])
      expect(await search(q), q).toEqual([
        'Anfrage Kaffeemühle',
        'Angebot Kaffeemaschine',
        'Brötchen für Samstag',
      ]);
    expect(await search('after:2026-10-05')).toEqual(['Newsletter Oktober', 'Re: Kuchen']);
    // Folders by name, path, the German name the app shows, or their type.
    expect(await search('in:"Kunde Müller"')).toEqual(['Angebot Kaffeemaschine']);
    expect(await search('ordner:"Projekte/Kunde Müller"')).toEqual(['Angebot Kaffeemaschine']);
    expect(await search('Kaffeemühle in:Gesendet')).toEqual(['Anfrage Kaffeemühle']);
    expect(await search('Kaffeemühle in:sent')).toEqual(['Anfrage Kaffeemühle']);
    expect(await search('Kaffeemühle')).toEqual(['Anfrage Kaffeemühle', 'Angebot Kaffeemaschine']);
    expect(ours(await search('in:Posteingang after:2026-09-01'))).toEqual([
      'Brötchen für Samstag',
      'Ihre Jahresabrechnung 2026',
      'Newsletter Oktober',
      'Re: Kuchen',
    ]);
    expect(await search('in:inbox Kaffeemühle')).toEqual([]);
  });

  it('matches quoted phrases in order, and reads unknown operators as words', async () => {
    expect(await search('"kostet 899 Euro"')).toEqual(['Angebot Kaffeemaschine']);
    expect(await search('"899 Euro kostet"')).toEqual([]);
    expect(await search('"zwölf Brötchen" Samstag')).toEqual(['Brötchen für Samstag']);
    // Not an operator: its words are searched as any others.
    expect(await search('Angebot:Kaffeemaschine')).toEqual(['Angebot Kaffeemaschine']);
    expect(await search('is:wichtig')).toEqual([]);
    expect(await search('Siebträgermaschine label:x')).toEqual([]);
  });

  it('refuses a date that is none, in German', async () => {
    for (const q of ['before:31.02.2026', 'nach:morgen', 'after:2026-13-01']) {
      const res = await owner.request({
        method: 'GET',
        url: `/api/emails/?q=${encodeURIComponent(q)}`,
      });
      expect(res.statusCode, q).toBe(400);
      const error = res.json<{ error: { code: string; fields: object; message: string } }>().error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields).toEqual({ q: ['SEARCH_DATE_INVALID'] });
      expect(JSON.stringify(res.json())).toContain('Das Datum in der Suche ist ungültig');
    }
  });
});
