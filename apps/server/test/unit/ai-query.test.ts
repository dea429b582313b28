import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/ai/local/query/parse-query.ts';
import { senderPattern } from '../../src/ai/mail-filters.ts';

// Wednesday, 25 November 2026.
const NOW = new Date('2026-11-25T10:00:00Z');
const days = (q: ReturnType<typeof parseQuery>) =>
  q.date && [q.date.from.toISOString().slice(0, 10), q.date.to.toISOString().slice(0, 10)];

describe('local engine: query parser', () => {
  it('reads sender, organisation and month', () => {
    const q = parseQuery('Rechnungen von der Telekom aus dem Oktober', NOW);
    expect(q.text).toBe('Rechnungen');
    expect(q.senders).toEqual([{ text: 'telekom', kind: 'organisation' }]);
    expect(days(q)).toEqual(['2026-10-01', '2026-11-01']);
    expect(q.interpretation).toBe('Gesucht: Rechnungen · von Telekom · Oktober 2026');
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
