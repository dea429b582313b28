import fs from 'node:fs';
import path from 'node:path';
import { CORPORA_DIR } from '@brieftaube/test-support/corpus.ts';
import { describe, expect, it } from 'vitest';
import { bodyFromParts, parseMessage } from '../../src/mail/mime/parse-message.ts';
import { ownText } from '../../src/mail/mime/reply-text.ts';

const REPLIES = path.join(CORPORA_DIR, 'reply-parsing');
const CRISP = path.join(REPLIES, 'crisp/test/fixtures');
const TALON = path.join(REPLIES, 'talon/tests/fixtures');
const read = (file: string) => fs.readFileSync(file, 'utf8');
const trimmedLines = (text: string) => text.split('\n').map((line) => line.trim());

/**
 * Crisp's reply-parser fixtures (many clients and languages, and "tricky" mails whose prose
 * only looks like a quote header or a signature): how the author's own words end, and the
 * start of the first line hidden after them ('' where nothing after them is hidden). Each
 * row was checked by reading the fixture.
 */
const CRISP_EXPECTED: [fixture: string, ownEnd: string, hiddenFrom: string][] = [
  ['correct_sig', 'is an email with a correct -- signature.', '--'],
  ['email_1', '-Abhishek Kona', '__'],
  [
    'email_10',
    'dio id arcu varius aliquet nec nec nibh.',
    'De : Company Questions<mailto:questions@',
  ],
  [
    'email_11',
    'dio id arcu varius aliquet nec nec nibh.',
    'De : Company Questions<mailto:questions@',
  ],
  [
    'email_12',
    'dio id arcu varius aliquet nec nec nibh.',
    'Van: Company Questions [mailto:questions',
  ],
  [
    'email_13',
    'dio id arcu varius aliquet nec nec nibh.',
    'Da: Company Questions<mailto:questions@c',
  ],
  [
    'email_14',
    'dio id arcu varius aliquet nec nec nibh.',
    'W dniu 2017-01-09 11:59:39 użytkownik Co',
  ],
  ['email_15', 'dio id arcu varius aliquet nec nec nibh.', 'Sent from my Wiko RIDGE FAB 4G'],
  [
    'email_16',
    'dio id arcu varius aliquet nec nec nibh.',
    'Dnia 27 grudnia 2016 12:08 Company Quest',
  ],
  [
    'email_17',
    'dio id arcu varius aliquet nec nec nibh.',
    'W dniu 2017-01-09 11:59:39 użytkownik Co',
  ],
  ['email_18', 'dio id arcu varius aliquet nec nec nibh.', 'From: John Jung <john@hellolucy.io>'],
  [
    'email_19',
    'Sent from a magnificent torch of pixels',
    'On Dec 16, 2011, at 12:47 PM, Corey Dono',
  ],
  ['email_2', 'l need to delete them all individually."', '>'],
  ['email_20', 'On Thursday.', '> On May 17, 2017, at 01:42 PM, John Doe'],
  ['email_21', 'cia deserunt mollit anim id est laborum.', ''],
  [
    'email_22',
    'dio id arcu varius aliquet nec nec nibh.',
    '30.09.2017, 18.30, "John - Doe" <s.rewrr',
  ],
  [
    'email_23',
    'dio id arcu varius aliquet nec nec nibh.',
    '2017-11-24 16:32 GMT+01:00 Baptiste - Cr',
  ],
  [
    'email_24',
    'dio id arcu varius aliquet nec nec nibh.',
    'On Wed, 14 Nov 2018 08:14:43 -0200 John ',
  ],
  [
    'email_25',
    'dio id arcu varius aliquet nec nec nibh.',
    '11:00 AM, November 17, 2021, "John - Acm',
  ],
  [
    'email_26',
    'dio id arcu varius aliquet nec nec nibh.',
    'Wednesday, 17 November 2021, 3:32 PM +03',
  ],
  ['email_2_1', 'Outlook with a reply', '------------------------------'],
  ['email_3', '-Abhishek Kona', 'On 01/03/11 7:07 PM, Russell Brown wrote'],
  [
    'email_4',
    "! I haven't had another problem with it.",
    'On Aug 22, 2011, at 7:37 PM, defunkt<rep',
  ],
  ['email_5', 'for a while.', ''],
  ['email_6', 'Sent a magnificent torch of pixels', 'On Dec 16, 2011, at 12:47 PM, Corey Dono'],
  [
    'email_7',
    'dio id arcu varius aliquet nec nec nibh.',
    'Il giovedì 8 dicembre 2016, Company Ques',
  ],
  [
    'email_8',
    'dio id arcu varius aliquet nec nec nibh.',
    'Op 12 december 2016 19:05 schreef Compan',
  ],
  ['email_9', 'dio id arcu varius aliquet nec nec nibh.', '===='],
  ['email_blackberry', 'Here is another email', 'Sent from my BlackBerry'],
  ['email_bullets', '- and another', 'On Fri, Feb 24, 2012 at 10:19 AM, <examp'],
  ['email_custom_quote_header', 'Thank you!', '2013.02.08. 7:31 keltezéssel, "Gyõrvári '],
  [
    'email_customer_quote_header_2',
    'Thank you very much.',
    'From: somedude [mailto:test@webdomain.co',
  ],
  ['email_customer_quote_header_3', "merci d'avance", 'De : Someone Somewhere <someone@yahoo.fr'],
  [
    'email_danish_dash_separator',
    'dio id arcu varius aliquet nec nec nibh.',
    '-------- Oprindelig besked --------',
  ],
  ['email_emoji', '@pandaland', ''],
  [
    'email_en_multiline_2',
    'dio id arcu varius aliquet nec nec nibh.',
    'On Tue, 16 Nov 2021, 12:34 pm John - Acm',
  ],
  [
    'email_finnish',
    'dio id arcu varius aliquet nec nec nibh.',
    'pe 20. lokakuuta 2017 klo 17.50 John Coe',
  ],
  [
    'email_fr_multiline',
    'dio id arcu varius aliquet nec nec nibh.',
    'Le lun. 15 nov. 2021 à 19:42, John - Acm',
  ],
  [
    'email_french_2',
    'dio id arcu varius aliquet nec nec nibh.',
    '> Le 29 avr. 2025 à 11:11, Chris - Crisp',
  ],
  [
    'email_french_dash_separator',
    'dio id arcu varius aliquet nec nec nibh.',
    "-------- Message d'origine --------",
  ],
  [
    'email_german',
    'dio id arcu varius aliquet nec nec nibh.',
    'Am 13.12.2017 21:11 schrieb "John Doe - ',
  ],
  [
    'email_german_2',
    'dio id arcu varius aliquet nec nec nibh.',
    'Von: John Doe <service@example.de>',
  ],
  [
    'email_german_3',
    'dio id arcu varius aliquet nec nec nibh.',
    'Gesendet von Outlook für Android<https:/',
  ],
  [
    'email_german_outlook',
    'dio id arcu varius aliquet nec nec nibh.',
    '-----Ursprüngliche Nachricht-----',
  ],
  [
    'email_gmail_split_line_from',
    'dio id arcu varius aliquet nec nec nibh.',
    'On Mon, Aug 26, 2019 at 4:37 PM The Hiri',
  ],
  [
    'email_ios_outlook',
    'dio id arcu varius aliquet nec nec nibh.',
    'Get Outlook for iOS<https://aka.ms/o0uke',
  ],
  [
    'email_ios_outlook_fr',
    'dio id arcu varius aliquet nec nec nibh.',
    'Envoyé à partir de Outlook pour iOS<http',
  ],
  ['email_iphone', 'Here is another email', 'Sent from my iPhone'],
  [
    'email_italian',
    'dio id arcu varius aliquet nec nec nibh.',
    'In data 11 ottobre 2017 21:11:31 "John D',
  ],
  ['email_msn', 'dio id arcu varius aliquet nec nec nibh.', '________________________________'],
  [
    'email_multi_word_sent_from_my_mobile_device',
    'Here is another email',
    'Sent from my Verizon Wireless BlackBerry',
  ],
  [
    'email_norwegian_gmail',
    'dio id arcu varius aliquet nec nec nibh.',
    'tir. 18. apr. 2017 kl. 13:09 skrev Test ',
  ],
  ['email_not_a_signature', 'Super Domain Name Manager', ''],
  ['email_not_a_signature_2', 'Thanks!', ''],
  [
    'email_one_is_not_on',
    'Locally (on development), when I run...',
    'On Oct 1, 2012, at 11:55 PM, Dave Tapley',
  ],
  [
    'email_original_message',
    'dio id arcu varius aliquet nec nec nibh.',
    '-----original message-----',
  ],
  [
    'email_original_message_2',
    'dio id arcu varius aliquet nec nec nibh.',
    '----- Original Message -----',
  ],
  [
    'email_outlook_split_line_from',
    'dio id arcu varius aliquet nec nec nibh.',
    'From: Human Resources',
  ],
  [
    'email_portuguese',
    'dio id arcu varius aliquet nec nec nibh.',
    'Em 10 de julho de 2017 às 16:32:35, John',
  ],
  ['email_reply_header', 'Stranger', 'On Wed, Dec 9, Mister Example'],
  [
    'email_russian',
    'dio id arcu varius aliquet nec nec nibh.',
    'ср, 30 апр. 2025 г. в 15:19, John Doe <d',
  ],
  [
    'email_sent_from',
    'you type in between words or paragraphs.',
    'Sent from TypeApp<http://www.typeapp.com',
  ],
  ['email_sent_from_my_not_signature', 'sk, is much easier then my mobile phone.', ''],
  ['email_thread', 's new email reply in thread from bellow.', 'On Nov 21, 2014,'],
  [
    'email_tricky_10_special_chars_in_name',
    'dio id arcu varius aliquet nec nec nibh.',
    "On Dec 15, 2024, at 3:45 PM, O'Brien, Pa",
  ],
  ['email_tricky_11_double_signature', 'John', '--'],
  [
    'email_tricky_12_no_space_after_header',
    'dio id arcu varius aliquet nec nec nibh.',
    'On Dec 15, 2024, at 3:00 PM, John Smith ',
  ],
  ['email_tricky_13_timestamp_variations', 'amples in my content, not quote headers.', ''],
  [
    'email_tricky_14_long_quote_header',
    'dio id arcu varius aliquet nec nec nibh.',
    'On Monday, December 15, 2024, at 3:45:32',
  ],
  [
    'email_tricky_15_original_message_variations',
    'dio id arcu varius aliquet nec nec nibh.',
    '-----Original Message-----',
  ],
  ['email_tricky_16_unicode_signatures', '📱 +1 555-0123', ''],
  [
    'email_tricky_17_forward_header',
    'See the forwarded message below.',
    '---------- Forwarded message ---------',
  ],
  ['email_tricky_18_inline_reply', 'tion C is not suitable for our use case.', ''],
  ['email_tricky_19_quote_without_header', 'And my final thoughts.', ''],
  ['email_tricky_1_on_false_positive', 'ed to mention that performance is great.', ''],
  [
    'email_tricky_20_html_entities',
    'hat &amp; symbols are handled correctly.',
    'On Dec 15, 2024, John &quot;Johnny&quot;',
  ],
  ['email_tricky_2_url_with_wrote', 'John', ''],
  ['email_tricky_3_code_block', "uldn't be detected as actual signatures.", ''],
  ['email_tricky_4_from_in_body', 'This is the actual message content.', ''],
  [
    'email_tricky_5_mixed_languages',
    'dio id arcu varius aliquet nec nec nibh.',
    'Le 15 janv. 2024 à 14:30, Pierre Dubois ',
  ],
  ['email_tricky_6_regards_in_sentence', 'e actual content that should be visible.', ''],
  ['email_tricky_7_multiple_dashes', 'signs are just separators in my content.', ''],
  ['email_tricky_8_sent_from_in_content', ' messages are sent from the main server.', ''],
  [
    'email_tricky_9_nested_quotes',
    'I agree with the points below.',
    'On Dec 15, 2024, at 2:00 PM, Jane Doe <j',
  ],
  ['email_unquoted_reply', 'This is my reply.', 'On Nov 26, 2013 you wrote:'],
  ['email_with_date_headers', 'This is my previous mail', ''],
  ['email_with_from_headers', 'My email is <foo@example.com>', ''],
  ['email_with_regards', 'CEO @ Acme !', ''],
  ['email_zoho', 'running a test?', '---- On Wed, 24 Feb 2021 14:02:50 +0530 '],
  ['sig_no_empty_line', 'th a signature with no empty line above.', '--'],
];

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
