import { describe, expect, it } from 'vitest';
import { namesDay } from '../../src/ai/local/query/calendar.ts';
import { parseQuery } from '../../src/ai/local/query/parse-query.ts';
import { senderPattern } from '../../src/ai/mail-filters.ts';

// Wednesday, 25 November 2026.
const NOW = new Date('2026-11-25T10:00:00Z');
// The calendar day an instant falls on in German time, the parser's zone when none is given.
const berlin = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' });
const days = (q: ReturnType<typeof parseQuery>) =>
  q.date && [berlin.format(q.date.from), berlin.format(q.date.to)];

describe('local engine: query parser', () => {
  it('reads sender, organisation and month', () => {
    const q = parseQuery('Rechnungen von der Telekom aus dem Oktober', NOW);
    expect(q.text).toBe('Rechnungen');
    expect(q.senders).toEqual([{ text: 'telekom', kind: 'organisation' }]);
    expect(days(q)).toEqual(['2026-10-01', '2026-11-01']);
    expect(q.interpretation).toBe('Gesucht: Rechnungen · von Telekom · Oktober 2026');
  });

  it('leaves question words out of what is searched', () => {
    expect(parseQuery('Wohin fahre ich mit dem Zug?', NOW).interpretation).toBe(
      'Gesucht: Fahre Zug',
    );
    expect(parseQuery('Wann kommt mein Paket?', NOW).text).toBe('kommt Paket');
    expect(parseQuery('When is the meeting?', NOW).text).toBe('meeting');
  });

  it('reads "letzten Oktober" as the last October that has ended', () => {
    const q = parseQuery('Mails vom letzten Oktober', NOW);
    expect(q.text).toBe('');
    expect(days(q)).toEqual(['2026-10-01', '2026-11-01']);
    expect(q.interpretation).toBe('Gesucht: alle E-Mails · Oktober 2026');
    // Asked in November, "letzten November" is a year ago; "im November" is this one.
    expect(days(parseQuery('Rechnungen vom letzten November', NOW))).toEqual([
      '2025-11-01',
      '2025-12-01',
    ]);
    expect(days(parseQuery('Rechnungen im November', NOW))).toEqual(['2026-11-01', '2026-12-01']);
  });

  it('says a day no calendar has, and finds no mail from it', () => {
    const q = parseQuery('Mails vom 31.02.', NOW);
    expect(q.text).toBe('');
    expect(q.interpretation).toBe('Gesucht: alle E-Mails · 31.02. (diesen Tag gibt es nicht)');
    expect(q.date!.from.getTime()).toBe(q.date!.to.getTime());
    // Nor is it the bound of a range: not "since today", not "everything until today".
    for (const query of ['Mails seit dem 31.02.', 'Mails bis 31.02.', 'Mails vor dem 30.02.'])
      expect(parseQuery(query, NOW).date!.to.getTime(), query).toBe(
        parseQuery(query, NOW).date!.from.getTime(),
      );
    // 29 February without a year: the last one there was.
    expect(days(parseQuery('Mails vom 29.02.', NOW))).toEqual(['2024-02-29', '2024-03-01']);
  });

  it('knows when a text names a day', () => {
    const fifth = new Date(Date.UTC(2026, 11, 5));
    for (const text of [
      'Die Versammlung ist am 5. Dezember um 19 Uhr.',
      'am 05.12. im Vereinsheim',
      'Termin: 5.12.2026',
      'Date: 2026-12-05',
      'See you on December 5!',
      'Meeting 5 Dec',
    ])
      expect(namesDay(text, fifth), text).toBe(true);
    for (const text of ['am 15. Dezember', 'am 5.11.', '25.12.2026', 'Version 1.5.12', 'Dezember'])
      expect(namesDay(text, fifth), text).toBe(false);
  });

  it('reads a person and keeps the topic', () => {
    const q = parseQuery('Mails von Thomas zum Umbau', NOW);
    expect(q.senders).toEqual([{ text: 'thomas', kind: 'person' }]);
    expect(q.text).toBe('Umbau');
    expect(q.interpretation).toBe('Gesucht: Umbau · von Thomas');
    // A full name reads as written, not "Thomas weber".
    expect(parseQuery('Mails von Thomas Weber', NOW).interpretation).toBe(
      'Gesucht: alle E-Mails · von Thomas Weber',
    );
  });

  it('reads addresses and domains', () => {
    expect(parseQuery('von max@example.de', NOW).senders).toEqual([
      { text: 'max@example.de', kind: 'address' },
    ]);
    const q = parseQuery('Rechnungen von telekom.de', NOW);
    expect(q.senders).toEqual([{ text: 'telekom.de', kind: 'domain' }]);
    expect(q.interpretation).toBe('Gesucht: Rechnungen · von telekom.de');
  });

  it.each([
    ['gestern', ['2026-11-24', '2026-11-25'], 'gestern (24.11.2026)'],
    ['vorgestern', ['2026-11-23', '2026-11-24'], 'vorgestern (23.11.2026)'],
    ['heute', ['2026-11-25', '2026-11-26'], 'heute (25.11.2026)'],
    ['letzte Woche', ['2026-11-16', '2026-11-23'], 'letzte Woche (16.11.2026–22.11.2026)'],
    ['diese Woche', ['2026-11-23', '2026-11-30'], 'diese Woche (23.11.2026–29.11.2026)'],
    ['letzten Monat', ['2026-10-01', '2026-11-01'], 'letzten Monat (Oktober 2026)'],
    ['diesen Monat', ['2026-11-01', '2026-12-01'], 'diesen Monat (November 2026)'],
    ['im Dezember', ['2025-12-01', '2026-01-01'], 'Dezember 2025'],
    ['im März 2024', ['2024-03-01', '2024-04-01'], 'März 2024'],
    ['letztes Jahr', ['2025-01-01', '2026-01-01'], 'letztes Jahr (2025)'],
    ['in den letzten 7 Tagen', ['2026-11-19', '2026-11-26'], 'die letzten 7 Tage'],
    ['yesterday', ['2026-11-24', '2026-11-25'], 'gestern (24.11.2026)'],
    ['last month', ['2026-10-01', '2026-11-01'], 'letzten Monat (Oktober 2026)'],
    ['in October', ['2026-10-01', '2026-11-01'], 'Oktober 2026'],
  ])('understands "%s"', (phrase, range, label) => {
    const q = parseQuery(`Mails ${phrase}`, NOW);
    expect(days(q)).toEqual(range);
    expect(q.date!.label).toBe(label);
    expect(q.text).toBe('');
  });

  it.each([
    ['seit Montag', ['2026-11-23', '2026-11-26'], 'seit Montag (23.11.2026)'],
    ['seit dem 3.11.', ['2026-11-03', '2026-11-26'], 'seit 03.11.2026'],
    ['ab 1. Oktober', ['2026-10-01', '2026-11-26'], 'seit 01.10.2026'],
    ['seit Oktober', ['2026-10-01', '2026-11-26'], 'seit Oktober 2026'],
    [
      'seit letzter Woche',
      ['2026-11-16', '2026-11-26'],
      'seit letzte Woche (16.11.2026–22.11.2026)',
    ],
    ['since Monday', ['2026-11-23', '2026-11-26'], 'seit Montag (23.11.2026)'],
    ['bis gestern', ['1970-01-01', '2026-11-25'], 'bis gestern (24.11.2026)'],
    ['vor dem 1. Oktober', ['1970-01-01', '2026-10-01'], 'vor 01.10.2026'],
    ['zwischen 1. und 15. November', ['2026-11-01', '2026-11-16'], '01.11.2026–15.11.2026'],
    ['vom 3.11. bis 10.11.2026', ['2026-11-03', '2026-11-11'], '03.11.2026–10.11.2026'],
    ['von Montag bis gestern', ['2026-11-23', '2026-11-25'], '23.11.2026–24.11.2026'],
    ['zwischen dem 20.12. und dem 5.1.', ['2025-12-20', '2026-01-06'], '20.12.2025–05.01.2026'],
    ['vor 3 Tagen', ['2026-11-22', '2026-11-23'], 'vor 3 Tagen (22.11.2026)'],
    ['vor zwei Wochen', ['2026-11-09', '2026-11-16'], 'vor 2 Wochen (09.11.2026–15.11.2026)'],
    ['vor einem Monat', ['2026-10-01', '2026-11-01'], 'vor einem Monat (Oktober 2026)'],
    ['2 days ago', ['2026-11-23', '2026-11-24'], 'vor 2 Tagen (23.11.2026)'],
    ['in den letzten 2 Wochen', ['2026-11-12', '2026-11-26'], 'die letzten 2 Wochen'],
    ['am 3.11.2026', ['2026-11-03', '2026-11-04'], '03.11.2026'],
    ['vom 24. Dezember', ['2025-12-24', '2025-12-25'], '24.12.2025'],
    ['2026-11-03', ['2026-11-03', '2026-11-04'], '03.11.2026'],
    ['letzten Mittwoch', ['2026-11-18', '2026-11-19'], 'Mittwoch (18.11.2026)'],
    ['vom Montag', ['2026-11-23', '2026-11-24'], 'Montag (23.11.2026)'],
    ['heute morgen', ['2026-11-25', '2026-11-26'], 'heute (25.11.2026)'],
    ['gestern Abend', ['2026-11-24', '2026-11-25'], 'gestern (24.11.2026)'],
  ])('understands "%s" (since, until, between, ago, a day)', (phrase, range, label) => {
    const q = parseQuery(`Mails ${phrase}`, NOW);
    expect(days(q)).toEqual(range);
    expect(q.date!.label).toBe(label);
    expect(q.text).toBe('');
    expect(q.senders).toEqual([]);
  });

  it('keeps a sender, the topic and a weekday that is the topic apart from the time', () => {
    const q = parseQuery('Mails von Thomas bis gestern zum Umbau', NOW);
    expect(q.senders).toEqual([{ text: 'thomas', kind: 'person' }]);
    expect(q.text).toBe('Umbau');
    expect(days(q)).toEqual(['1970-01-01', '2026-11-25']);
    // "am Freitag" alone may be what the mail is about; a version number is no date.
    expect(parseQuery('Meeting am Freitag', NOW).date).toBeNull();
    expect(parseQuery('Release 1.2.3 Changelog', NOW).date).toBeNull();
    expect(parseQuery('wichtige Mails von heute morgen', NOW).senders).toEqual([]);
  });

  it('counts days where the user is: shortly after midnight in Berlin it is already tomorrow', () => {
    // 23:30 UTC on 25 November is 00:30 on 26 November in Berlin.
    const late = new Date('2026-11-25T23:30:00Z');
    const here = parseQuery('Mails von heute', late);
    expect(here.date!.label).toBe('heute (26.11.2026)');
    expect(here.date!.from.toISOString()).toBe('2026-11-25T23:00:00.000Z');
    expect(here.date!.to.toISOString()).toBe('2026-11-26T23:00:00.000Z');
    const utc = parseQuery('Mails von heute', late, { timeZone: 'UTC' });
    expect(utc.date!.from.toISOString()).toBe('2026-11-25T00:00:00.000Z');
    const tokyo = parseQuery('Mails von gestern', late, { timeZone: 'Asia/Tokyo' });
    expect(tokyo.date!.label).toBe('gestern (25.11.2026)');
    expect(tokyo.date!.from.toISOString()).toBe('2026-11-24T15:00:00.000Z');
    // Summer time: a day in July begins at 22:00 UTC in Berlin.
    const july = parseQuery('Mails vom 3.7.', late);
    expect(july.date!.from.toISOString()).toBe('2026-07-02T22:00:00.000Z');
    expect(july.date!.to.toISOString()).toBe('2026-07-03T22:00:00.000Z');
  });

  it('reads a recipient after a word for mail or its writer, not every "an"', () => {
    const sent = parseQuery('gesendete Mails an Anna', NOW);
    expect(sent).toMatchObject({
      folderType: 'sent',
      recipients: [{ text: 'anna', kind: 'person' }],
      senders: [],
      text: '',
    });
    expect(sent.interpretation).toBe('Gesucht: alle E-Mails · an Anna · gesendet');
    expect(parseQuery('Mails an die Telekom zum Vertrag', NOW)).toMatchObject({
      recipients: [{ text: 'telekom', kind: 'organisation' }],
      text: 'Vertrag',
    });
    expect(parseQuery('Was habe ich an Thomas Weber geschrieben', NOW).recipients).toEqual([
      { text: 'thomas weber', kind: 'person' },
    ]);
    expect(parseQuery('mails to max@example.de last week', NOW)).toMatchObject({
      recipients: [{ text: 'max@example.de', kind: 'address' }],
      text: '',
    });
    const reminder = parseQuery('Erinnerung an den Termin', NOW);
    expect(reminder.recipients).toEqual([]);
    expect(reminder.text).toBe('Erinnerung an Termin');
  });

  it('does not take "may" as a month on its own', () => {
    expect(parseQuery('what may happen', NOW).date).toBeNull();
  });

  it('reads flags: unread, flagged, attachments, unanswered', () => {
    const q = parseQuery('unbeantwortete Mails von letzter Woche', NOW);
    expect(q.unanswered).toBe(true);
    expect(days(q)).toEqual(['2026-11-16', '2026-11-23']);
    expect(q.interpretation).toBe(
      'Gesucht: alle E-Mails · letzte Woche (16.11.2026–22.11.2026) · unbeantwortet',
    );
    const f = parseQuery('ungelesene markierte Mails mit Anhang', NOW);
    expect([f.unread, f.flagged, f.hasAttachments, f.unanswered]).toEqual([true, true, true, null]);
    expect(parseQuery('unread messages with attachments', NOW)).toMatchObject({
      unread: true,
      hasAttachments: true,
    });
  });

  it("reads folders and the caller's own categories and folders", () => {
    expect(parseQuery('Newsletter im Spam', NOW)).toMatchObject({
      folderType: 'spam',
      text: 'Newsletter',
    });
    expect(parseQuery('gesendete Mails an Anna', NOW).folderType).toBe('sent');
    const context = { categories: ['Finanzen'], folders: ['Projekte/Umbau'] };
    const q = parseQuery('Kontoauszug in der Kategorie Finanzen', NOW, context);
    expect(q).toMatchObject({ category: 'Finanzen', text: 'Kontoauszug' });
    expect(q.interpretation).toBe('Gesucht: Kontoauszug · in der Kategorie Finanzen');
    expect(parseQuery('Angebote im Ordner Projekte/Umbau', NOW, context).folder).toBe(
      'Projekte/Umbau',
    );
  });

  it('understands English', () => {
    const q = parseQuery('invoices from amazon.de last month', NOW);
    expect(q).toMatchObject({ text: 'invoices', senders: [{ text: 'amazon.de', kind: 'domain' }] });
    expect(q.interpretation).toBe(
      'Gesucht: Invoices · von amazon.de · letzten Monat (Oktober 2026)',
    );
  });

  it('finds a sender named in a declined form ("von der Deutschen Bahn")', () => {
    const q = parseQuery('Mails von der Deutschen Bahn zur Reise nach Hamburg', NOW);
    expect(q.senders).toEqual([{ text: 'deutschen bahn', kind: 'organisation' }]);
    const pattern = senderPattern(q.senders[0]!.text);
    expect(pattern).toBe('%deutsche%bahn%');
    const like = (value: string) =>
      new RegExp(`^${pattern.replace(/%/g, '.*')}$`).test(value.toLowerCase());
    expect(like('Deutsche Bahn')).toBe(true);
    expect(like('Deutsche Bahn AG')).toBe(true);
    expect(like('Bahnhof Deutschland')).toBe(false);
    expect(senderPattern('thomas weber')).toBe('%thomas%webe%');
    expect(senderPattern('50%_rabatt')).toBe('%50\\%\\_rabatt%');
  });

  it('leaves the question words out of what it says it searched', () => {
    // (ask.ts reads "hat mir Julia Wagner geschrieben" as "von Julia Wagner" first.)
    const q = parseQuery('Wie viele E-Mails von Julia Wagner?', NOW);
    expect(q.interpretation).toBe('Gesucht: alle E-Mails · von Julia Wagner');
    expect(parseQuery('How many mails from Julia last month?', NOW).text).toBe('');
  });
});
