import { describe, expect, it } from 'vitest';
import { limitBlankRuns } from '../../src/mail/mime/blank-runs.ts';
import { parseMessage } from '../../src/mail/mime/parse-message.ts';

describe('runs of empty lines', () => {
  it('are cut to 200, everything else stays byte for byte', () => {
    const head = Buffer.from('Subject: x\r\nContent-Type: text/plain; charset=iso-8859-1\r\n\r\n');
    const body = Buffer.concat([
      Buffer.from('Gr\xfc\xdfe', 'latin1'),
      Buffer.from('\r\n'.repeat(150_000)),
      Buffer.from('Ende\n' + '\n'.repeat(500) + 'Schluss'),
    ]);
    const out = limitBlankRuns(Buffer.concat([head, body])).toString('latin1');
    expect(out).toBe(
      head.toString('latin1') +
        'Gr\xfc\xdfe' +
        '\r\n'.repeat(200) +
        'Ende' +
        '\n'.repeat(200) +
        'Schluss',
    );
    const normal = Buffer.from('Subject: x\r\n\r\nA\r\n\r\n\r\nB');
    expect(limitBlankRuns(normal)).toBe(normal);
  });

  it('cost the parser no more than a screenful, and the text after them is kept', async () => {
    const raw = Buffer.from(
      `Subject: Leere Zeilen\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nOben.${'\r\n'.repeat(150_000)}Unten.`,
    );
    const parsed = await parseMessage(raw);
    expect(parsed.text.startsWith('Oben.')).toBe(true);
    expect(parsed.text.trimEnd().endsWith('Unten.')).toBe(true);
    expect(parsed.text.length).toBeLessThan(1000);
  });

  it('change nothing in a base64 part that carries them', async () => {
    const content = Buffer.from('Rechnung März 2026 – 42,00 €').toString('base64');
    const raw = Buffer.from(
      'Subject: b\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n' +
        `${content.slice(0, 12)}${'\r\n'.repeat(5000)}${content.slice(12)}\r\n`,
    );
    expect((await parseMessage(raw)).text.trim()).toBe('Rechnung März 2026 – 42,00 €');
  });
});
