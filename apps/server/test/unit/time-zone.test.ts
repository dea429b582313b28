import { describe, expect, it } from 'vitest';
import { quoteHeader } from '../../src/mail/compose/reply-template.ts';
import { parseMessage } from '../../src/mail/mime/parse-message.ts';
import { probes } from '../fixtures/mime-probes.ts';
import { timeZoneOr } from '../../src/lib/time-zone.ts';

describe('the time zone a client names', () => {
  it('is taken as Intl spells it', () => {
    expect(timeZoneOr('America/New_York')).toBe('America/New_York');
    expect(timeZoneOr('europe/berlin')).toBe('Europe/Berlin');
    expect(timeZoneOr(' Asia/Tokyo ')).toBe('Asia/Tokyo');
    expect(timeZoneOr('UTC')).toBe('UTC');
  });

  it('falls back to German time where it is none', () => {
    for (const value of [
      undefined,
      '',
      'Mars/Olympus',
      'Europe/Berlin; DROP',
      'x'.repeat(500),
      ['UTC', 'UTC'],
      42,
    ])
      expect(timeZoneOr(value), String(value)).toBe('Europe/Berlin');
    expect(timeZoneOr('Mars/Olympus', 'UTC')).toBe('UTC');
  });
});

describe('the quote header of a reply', () => {
  const from = { name: 'Julia Wagner', address: 'julia@beispiel.de' };
  const written = new Date('2026-05-02T09:00:00Z');

  it("names the time in the writer's zone", () => {
    expect(quoteHeader(written, from, 'Europe/Berlin')).toBe(
      'Am 2. Mai 2026 um 11:00 schrieb Julia Wagner <julia@beispiel.de>:',
    );
    expect(quoteHeader(written, from, 'America/New_York')).toBe(
      'Am 2. Mai 2026 um 05:00 schrieb Julia Wagner <julia@beispiel.de>:',
    );
    // Past midnight there: another day.
    expect(quoteHeader(new Date('2026-05-02T20:30:00Z'), from, 'Asia/Tokyo')).toBe(
      'Am 3. Mai 2026 um 05:30 schrieb Julia Wagner <julia@beispiel.de>:',
    );
  });
});

describe('dates a sync writes into the text of a mail', () => {
  const forwarded = Buffer.from(
    [
      'From: a@beispiel.de',
      'Subject: Weitergeleitet',
      'Content-Type: multipart/mixed; boundary="aussen"',
      '',
      '--aussen',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Siehe unten.',
      '--aussen',
      'Content-Type: message/rfc822',
      '',
      'From: Händler <verkauf@haendler.example>',
      'Subject: Angebot',
      'Date: Tue, 03 Mar 2026 22:30:00 +0000',
      '',
      'Das Angebot.',
      '--aussen--',
      '',
    ].join('\r\n'),
  );

  it("are in the reader's zone: an attached mail's header block", async () => {
    expect((await parseMessage(forwarded)).text).toContain('Datum:   03.03.2026, 23:30');
    expect((await parseMessage(forwarded, 'America/New_York')).text).toContain(
      'Datum:   03.03.2026, 17:30',
    );
  });

  it("are in the reader's zone: an invitation's times", async () => {
    expect((await parseMessage(probes.p19, 'America/New_York')).text).toContain(
      'Beginn: 10.03.2026, 05:00\nEnde: 10.03.2026, 06:00',
    );
  });
});
