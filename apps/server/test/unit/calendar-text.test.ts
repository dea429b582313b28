import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../src/mail/mime/parse-message.ts';
import { probes } from '../fixtures/mime-probes.ts';

const invitation = (method: string, event: string[]) =>
  Buffer.from(
    [
      'From: termine@beispiel.de',
      'Subject: Termin',
      `Content-Type: text/calendar; charset=utf-8; method=${method}`,
      '',
      'BEGIN:VCALENDAR',
      `METHOD:${method}`,
      'BEGIN:VEVENT',
      ...event,
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
  );

describe('a message that is nothing but an invitation', () => {
  it('shows what the invitation says instead of an empty page', async () => {
    const parsed = await parseMessage(probes.p19);
    expect(parsed.text).toBe(
      [
        'Einladung: Besprechung Jahresplanung',
        'Beginn: 10.03.2026, 10:00',
        'Ende: 10.03.2026, 11:00',
        'Ort: Raum 4, 2. Stock',
        'Organisator: Anna Muster <anna@example.org>',
      ].join('\n'),
    );
    expect(parsed.preview).toMatch(/^Einladung: Besprechung Jahresplanung Beginn/);
  });

  it('keeps a named zone, a whole day and a cancellation', async () => {
    const parsed = await parseMessage(
      invitation('CANCEL', [
        'SUMMARY:Team-\r\n Frühstück',
        'DTSTART;TZID="W. Europe Standard Time":20260310T083000',
        'DTEND;VALUE=DATE:20260311',
      ]),
    );
    expect(parsed.text).toBe(
      [
        'Abgesagt: Team-Frühstück',
        'Beginn: 10.03.2026, 08:30 (W. Europe Standard Time)',
        'Ende: 11.03.2026',
      ].join('\n'),
    );
  });

  it('leaves a text part alone that comes with the calendar', async () => {
    const source = Buffer.from(
      [
        'From: termine@beispiel.de',
        'Subject: Termin',
        'Content-Type: multipart/alternative; boundary="a"',
        '',
        '--a',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Bitte zusagen.',
        '--a',
        'Content-Type: text/calendar; method=REQUEST',
        '',
        'BEGIN:VCALENDAR',
        'BEGIN:VEVENT',
        'SUMMARY:X',
        'END:VEVENT',
        'END:VCALENDAR',
        '--a--',
        '',
      ].join('\r\n'),
    );
    expect((await parseMessage(source)).text.trim()).toBe('Bitte zusagen.');
  });
});
