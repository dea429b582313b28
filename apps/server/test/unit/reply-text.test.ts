import fs from 'node:fs';
import path from 'node:path';
import { CORPORA_DIR } from '@brieftaube/test-support/corpus.ts';
import { describe, expect, it } from 'vitest';
import { bodyFromParts, parseMessage } from '../../src/mail/mime/parse-message.ts';
import { ownText } from '../../src/mail/mime/reply-text.ts';
import { CRISP_EXPECTED } from '../fixtures/crisp-replies.ts';

const REPLIES = path.join(CORPORA_DIR, 'reply-parsing');
const CRISP = path.join(REPLIES, 'crisp/test/fixtures');
const TALON = path.join(REPLIES, 'talon/tests/fixtures');
const read = (file: string) => fs.readFileSync(file, 'utf8');
const trimmedLines = (text: string) => text.split('\n').map((line) => line.trim());

describe("the author's own words of a reply (reply-parsing corpus)", () => {
  it('covers every crisp fixture', () => {
    const fixtures = fs.readdirSync(CRISP).map((file) => file.replace(/\.txt$/, ''));
    expect(CRISP_EXPECTED.map(([fixture]) => fixture).sort()).toEqual(fixtures.sort());
  });

  it.each(CRISP_EXPECTED)('%s', (fixture, ownEnd, hiddenFrom) => {
    const own = ownText(read(path.join(CRISP, `${fixture}.txt`)));
    expect(own.endsWith(ownEnd)).toBe(true);
    if (hiddenFrom) {
      expect(trimmedLines(own).some((line) => line.startsWith(hiddenFrom))).toBe(false);
    }
    // Quoted lines never count as the author's, wherever they stand.
    expect(own).not.toMatch(/^\s*>/m);
  });

  it('knows the quote headers of Polish Thunderbird and of Apple Mail in Chinese, Korean and Japanese', () => {
    for (const header of [
      'W dniu 2015-01-07 14:23, Test user <test@example.com> pisze:',
      '在 2016年11月8日，下午2:23，Test user <test@example.com> 写道：',
      '2016. 11. 8. 오후 2:23, Test user <test@example.com> 작성:',
      '2016/11/08 14:23、Test user <test@example.com> のメッセージ:',
    ]) {
      const mail = `Thank you very much.\n\n${header}\n\n> Wie geht es?\n> Test`;
      expect(ownText(mail), header).toBe('Thank you very much.');
    }
    // The same verbs inside a sentence are prose.
    const prose = 'Er 写道 dass alles gut ist. Ich pisze dir später.';
    expect(ownText(prose)).toBe(prose);
  });

  it('keeps answers written between and below the quoted lines', () => {
    const inline = ownText(read(path.join(CRISP, 'email_tricky_18_inline_reply.txt')));
    expect(inline).toBe(
      'I think option A is great.\n\nOption B has some drawbacks.\n\nOption C is not suitable for our use case.',
    );
    const bottom = ownText(read(path.join(CRISP, 'email_2.txt')));
    expect(bottom.startsWith('Hi,\n\nYou can list the keys for the bucket')).toBe(true);
    expect(bottom).not.toContain('Abhishek Kona wrote');
  });

  it('finds "Hello" in every standard reply of talon, through the MIME parser', async () => {
    const dir = path.join(TALON, 'standard_replies');
    const mails = fs.readdirSync(dir).filter((file) => file.endsWith('.eml'));
    expect(mails.length).toBeGreaterThanOrEqual(12);
    for (const mail of mails) {
      const body = await parseMessage(fs.readFileSync(path.join(dir, mail)));
      // talon keeps "Sent from my iPhone" (iphone_reply_text); as a signature it is left out here.
      expect({ mail, own: body.searchText ?? body.text.trim() }).toEqual({ mail, own: 'Hello' });
    }
  });

  it('finds the reply in HTML-only mail of nine clients', () => {
    const dir = path.join(TALON, 'html_replies');
    for (const file of fs.readdirSync(dir)) {
      const body = bodyFromParts(undefined, read(path.join(dir, file)));
      const own = (body.searchText ?? '').replace(/\s+/g, ' ');
      expect({ file, own }).toEqual({ file, own: 'Hi. I am fine. Thanks, Alex' });
      expect(body.preview).toBe('Hi. I am fine. Thanks, Alex');
    }
    const outlook = bodyFromParts(undefined, read(path.join(TALON, 'OLK_SRC_BODY_SECTION.html')));
    expect(outlook.searchText).toBe('Reply');
  });

  it('keeps an answer below a <blockquote> of an HTML-only mail', () => {
    const html =
      '<div>Hallo Anna,</div><div class="gmail_quote">Am 3. März 2026 um 10:15 schrieb Bob ' +
      '&lt;bob@beispiel.de&gt;:<blockquote class="gmail_quote"><div>Passt Donnerstag?</div>' +
      '<blockquote>Alte Frage</blockquote></blockquote></div><div>Donnerstag passt gut.</div>';
    const body = bodyFromParts(undefined, html);
    expect(body.searchText).toBe('Hallo Anna,\n\nDonnerstag passt gut.');
    expect(body.text).toContain('Passt Donnerstag?');
  });

  it("keeps a newsletter's blockquote and survives ten thousand nested ones", () => {
    const newsletter = bodyFromParts(
      undefined,
      '<p>Das sagen unsere Kunden:</p><blockquote>Tolle Beratung!</blockquote><p>Bis bald</p>',
    );
    expect(newsletter.searchText).toBeNull();
    expect(newsletter.preview).toBe('Das sagen unsere Kunden: Tolle Beratung! Bis bald');
    const nested = `<p>Oben</p>${'<blockquote type="cite">'.repeat(20_000)}${'x<br>'.repeat(20_000)}`;
    expect(bodyFromParts(undefined, nested).searchText).toBe('Oben');
  });

  it('cuts nothing from prose that only looks like a header', () => {
    const booking = [
      'Ihre Buchung ist bestätigt.',
      '',
      'From: Frankfurt (FRA)',
      'To: Boston (BOS)',
      'Date: 12.03.2026',
      '',
      'Gute Reise!',
    ].join('\n');
    expect(ownText(booking)).toBe(booking);
    const invitation = [
      'Von: 10 Uhr',
      'Bis: 12 Uhr, danach gemeinsames Essen.',
      'Ort: Rathaus',
      'Betreff: Haushalt',
      '',
      'Gesendet von: Stadtverwaltung',
      '',
      'Bitte melden Sie sich bis Freitag an.',
    ].join('\n');
    expect(ownText(invitation)).toBe(invitation);
    const greeting = 'Hallo Anna\nAm 3. März 2026 um 10:15 schrieb Bob <bob@beispiel.de>:\n> Frage';
    expect(ownText(greeting)).toBe('Hallo Anna');
  });

  it('keeps the whole of mail that only quotes, lists or announces', () => {
    const mails = [
      // A contact form and a helpdesk ticket name a sender and a subject, but no mail is quoted.
      'Neue Anfrage über das Kontaktformular:\n\nVon: Max Mustermann <max@gmx.de>\nBetreff: Angebot Badsanierung\n\nNachricht:\nWir möchten unser Bad sanieren lassen.',
      'Neues Ticket #48213 wurde erstellt.\n\nVon: Max Mustermann <max@kunde.de>\nBetreff: Drucker im 3. OG defekt\nPriorität: Hoch\n\nBeschreibung:\nFehler 49.4C02.',
      'Hallo zusammen,\n\nBetreff: Quartalsplanung Q2\nDatum: 12.03.2026\nVon: 10:00 Uhr\nBis: 11:30 Uhr\n\nBitte bringt eure Zahlen mit.',
      // "schrieb" in the middle of a sentence, "writes:" in a config, "Sent with" in prose.
      'Hallo Team,\n\nzur Eskalation bei Müller GmbH: Am 12.02.2026 schrieb der Kunde:\n„Die Lieferung ist unvollständig.“\nIch habe das Lager informiert.',
      'Our config:\n\nlimits:\n  reads:\n    per_minute: 1000\n  writes:\n    per_minute: 200\n\nAny objections?',
      'Hi Tom,\n\nthe parcel is on its way.\n\nSent with DHL Express today\n\nTracking: 1234567890.',
      'Unser Frühjahrsangebot:\n\n— \nAlle Gartenmöbel 20 % günstiger\nGültig bis 31.03.2026\n\nIhr Gartencenter',
    ];
    for (const mail of mails) expect(ownText(mail)).toBe(mail);
  });

  it("removes Horde's quote header and forward line", () => {
    expect(ownText('Gern.\n\nZitat von Anna Beispiel <anna@beispiel.de>:\n\n> Kommst du?')).toBe(
      'Gern.',
    );
    expect(
      ownText('Zur Info.\n\n----- Nachricht von anna@beispiel.de ---------\nDatum: heute\nText'),
    ).toBe('Zur Info.');
  });

  it('reads a hostile mail in linear time', () => {
    const hostile = `${'—\n'.repeat(50_000)}${'On 12:00 '.repeat(20_000)}\n${'From: x\n'.repeat(50_000)}`;
    const started = performance.now();
    ownText(hostile);
    // A generous bound on a check that takes minutes when the parser goes quadratic.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
