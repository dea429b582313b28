import { describe, expect, it } from 'vitest';
import { compoundParts, extraWords, htmlOnlyWords } from '../../src/mail/search/index-words.ts';
import { parseDay, parseSearch, SearchDateError } from '../../src/mail/search/search-query.ts';

describe('search operators', () => {
  it('takes operators out of the text, in English and German', () => {
    expect(
      parseSearch('Rechnung from:stadtwerke von:"Anna Beispiel" to:bernd betreff:Abrechnung'),
    ).toEqual({
      words: 'Rechnung',
      phrases: [],
      from: [
        { text: 'stadtwerke', phrase: false },
        { text: 'Anna Beispiel', phrase: true },
      ],
      to: [{ text: 'bernd', phrase: false }],
      subject: [{ text: 'Abrechnung', phrase: false }],
    });
    expect(parseSearch('hat:Anhang ist:ungelesen is:flagged in:Posteingang')).toMatchObject({
      words: '',
      hasAttachment: true,
      read: false,
      flagged: true,
      folder: 'Posteingang',
    });
    expect(parseSearch('ordner:"Kunde Müller" is:read').folder).toBe('Kunde Müller');
  });

  it('keeps quoted phrases, and unknown operators or values as words', () => {
    expect(parseSearch('"kostet 899 Euro" Angebot')).toMatchObject({
      words: 'Angebot',
      phrases: ['kostet 899 Euro'],
    });
    expect(parseSearch('label:wichtig is:wichtig from: Uhrzeit 10:30').words).toBe(
      'label:wichtig is:wichtig from: Uhrzeit 10:30',
    );
    // An unclosed quote runs to the end.
    expect(parseSearch('Termin "nächste Woche').phrases).toEqual(['nächste Woche']);
  });

  it('reads ISO and German dates as the start of the day in the zone', () => {
    const start = new Date('2026-09-30T22:00:00Z');
    for (const text of ['2026-10-01', '2026/10/01', '1.10.2026', '01.10.2026', '01.10.26'])
      expect(parseDay(text, 'Europe/Berlin'), text).toEqual(start);
    expect(parseDay('1.1.2026', 'Europe/Berlin')).toEqual(new Date('2025-12-31T23:00:00Z'));
    expect(parseDay('24.12.99', 'UTC')).toEqual(new Date('1999-12-24T00:00:00Z'));
    // The day the clocks go forward still starts at midnight (CET).
    expect(parseDay('29.3.2026', 'Europe/Berlin')).toEqual(new Date('2026-03-28T23:00:00Z'));
    expect(parseSearch('after:1.10.2026 vor:2026-10-05')).toMatchObject({
      after: start,
      before: new Date('2026-10-04T22:00:00Z'),
    });
    // "bis" includes its day.
    expect(parseSearch('bis:30.09.2026').before).toEqual(start);
    for (const bad of ['31.02.2026', '2026-13-01', 'morgen', '1.10.', '0.0.2026'])
      expect(parseDay(bad), bad).toBeUndefined();
    expect(() => parseSearch('before:31.02.2026')).toThrow(SearchDateError);
  });
});

describe('words the index adds', () => {
  it('splits German compounds into the parts a search names', () => {
    expect(compoundParts('jahresabrechnung')).toEqual(['jahr', 'abrechnung']);
    expect(compoundParts('telefonrechnung')).toEqual(['telefon', 'rechnung']);
    // An unknown first part: the known last one still counts.
    expect(compoundParts('zalandobestellung')).toEqual(['bestellung']);
    expect(compoundParts('haftpflichtversicherung')).toEqual(['versicherung']);
    // A verb's prefix makes another word: Berechnung is no Rechnung; nor is a simple word split.
    expect(compoundParts('zinsberechnung')).toEqual([]);
    expect(compoundParts('informationen')).toEqual([]);
    expect(compoundParts('termin')).toEqual([]);
  });

  it("adds the HTML part's words that the text part lacks, without its quote", () => {
    expect(
      htmlOnlyWords(
        '<p>Neu: <b>Quittenmarmelade</b> und K&auml;sesp&auml;tzle.</p><style>x{}</style>',
        'Neu im Oktober.',
      ),
    ).toBe('Quittenmarmelade und Käsespätzle');
    expect(htmlOnlyWords('<p>Gleich.</p>', 'Gleich.')).toBe('');
    expect(
      htmlOnlyWords(
        '<div>Danke!</div><blockquote class="gmail_quote">Zitronenkuchen?</blockquote>',
        'Danke!',
      ),
    ).toBe('');
    expect(
      extraWords({
        subject: 'Ihre Jahresabrechnung',
        bodyText: 'Kurz.',
        ownText: 'Kurz.',
        bodyHtml: '<p>Ihre Stromrechnung</p>',
        fileNames: '',
      }),
    ).toEqual({ subject: 'jahr abrechnung', body: 'Ihre Stromrechnung strom rechnung' });
    // Half an emoji (a broken mail) would make the indexer's JSON invalid for jsonb.
    const broken = extraWords({
      subject: 'Hallo',
      bodyText: 'Kurz.',
      ownText: 'Kurz.',
      bodyHtml: '<p>Sonnen\ud83dschein</p>',
      fileNames: '',
    });
    expect(broken.body.isWellFormed()).toBe(true);
  });
});
