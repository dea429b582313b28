import { describe, expect, it } from 'vitest';
import { plausibleDate } from '../../src/mail/mime/envelope.ts';
import { parseLenientDate } from '../../src/mail/mime/mail-date.ts';

const iso = (value: string) => plausibleDate(value)?.toISOString() ?? null;

describe('Date headers as clients really write them', () => {
  it('reads German and French day and month names', () => {
    expect(iso('Di, 3 Mär 2026 10:00:00 +0100')).toBe('2026-03-03T09:00:00.000Z');
    expect(iso('Sa, 2 Mai 2026 10:00:00 +0200')).toBe('2026-05-02T08:00:00.000Z');
    expect(iso('Donnerstag, 24. Dezember 2026 18:30 +0100')).toBe('2026-12-24T17:30:00.000Z');
    expect(iso('mer., 14 oct. 2026 08:05:09 +0200')).toBe('2026-10-14T06:05:09.000Z');
    expect(iso('Mo, 1 Feb 27 07:00:00 -0000')).toBe('2027-02-01T07:00:00.000Z');
    // Latin-1 bytes read as UTF-8
    expect(iso('Di, 3 M\uFFFDr 2026 10:15:00 MEZ')).toBe('2026-03-03T09:15:00.000Z');
  });

  it('reads zone names, comments and numeric German dates', () => {
    expect(iso('Mon, 23 Nov 2026 10:00:00 CET')).toBe('2026-11-23T09:00:00.000Z');
    expect(iso('Mi, 23 Okt 2026 10:00 MESZ')).toBe('2026-10-23T08:00:00.000Z');
    expect(iso('Do, 24 Dez 2026 10:00:00 +0100 (MEZ)')).toBe('2026-12-24T09:00:00.000Z');
    expect(iso('23.11.2026 10:00:00 +01:00')).toBe('2026-11-23T09:00:00.000Z');
    // Without a zone: German time, winter and summer.
    expect(iso('23.11.2026 10:00')).toBe('2026-11-23T09:00:00.000Z');
    expect(iso('Mo, 3. August 2026 10:00')).toBe('2026-08-03T08:00:00.000Z');
  });

  it('keeps what JavaScript reads, and refuses what is no date', () => {
    expect(iso('Fri, 2 May 2025 10:00:00 GMT')).toBe('2025-05-02T10:00:00.000Z');
    expect(iso('morgen früh')).toBeNull();
    expect(iso('Mo, 23 Foo 2026 10:00:00 +0100')).toBeNull();
    expect(iso('23.13.2026 10:00')).toBeNull();
    expect(iso('31.02.2026 10:00')).toBeNull();
    expect(iso('Mo, 23 Nov 2026 10:00:00 XYZ')).toBeNull();
    expect(parseLenientDate('')).toBeNull();
    expect(iso('Mo, 23 constructor 2026 10:00:00 +0100')).toBeNull();
    expect(iso('Mo, 23 Nov 126 10:00:00 +0000')).toBe('2026-11-23T10:00:00.000Z');
    // Hostile: long and full of unclosed comments, answered at once.
    expect(parseLenientDate('('.repeat(200_000))).toBeNull();
    expect(iso('Mo, 23 Nov 1850 10:00:00 +0100')).toBeNull();
  });

  it('gives no date for a day that never was, rather than one JavaScript makes of it', () => {
    expect(iso('Sun, 01 Jan 0001 00:00:00 +0000')).toBeNull();
    expect(iso('Sun, 29 Feb 2026 10:00:00 +0100')).toBeNull();
    expect(iso('Sat, 29 Feb 2028 10:00:00 +0100')).toBe('2028-02-29T09:00:00.000Z');
    expect(iso('Mon, 02 Mar 2026 24:30:00 +0100')).toBeNull();
    // Forms this grammar does not know are still JavaScript's.
    expect(iso('2026-03-02T10:00:00Z')).toBe('2026-03-02T10:00:00.000Z');
  });
});
