import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../src/mail/mime/parse-message.ts';

/** Charset labels that lie, are misspelt or name nothing: the text as its writer meant it. */
describe('charsets', () => {
  it('keeps UTF-8 with one stray bad byte as UTF-8, whatever the script', async () => {
    const words = 'Привет, Grüße: 100 € 😀 日本語';
    const source = Buffer.concat([
      Buffer.from('From: a@b.de\r\nSubject: x\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n'),
      Buffer.from(words),
      Buffer.from([0xff]),
      Buffer.from('\r\n'),
    ]);
    const parsed = await parseMessage(source);
    expect(parsed.text.trimEnd()).toBe(`${words}\uFFFD`);
    // Latin-1 under a UTF-8 label is still read as Latin-1.
    const latin = Buffer.concat([
      Buffer.from('From: a@b.de\r\nSubject: x\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n'),
      Buffer.from('Grüße aus München, 100 ', 'latin1'),
      Buffer.from([0x80, 0x20, 0x96]),
      Buffer.from(' schöne Woche', 'latin1'),
    ]);
    expect((await parseMessage(latin)).text.trimEnd()).toBe(
      'Grüße aus München, 100 € – schöne Woche',
    );
  });

  const plainMail = (label: string, body: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `From: a@b.de\r\nSubject: x\r\nContent-Type: text/plain; charset=${label}\r\n\r\n`,
      ),
      body,
      Buffer.from('\r\n'),
    ]);

  it('reads UTF-8 under a label no decoder knows, and Latin-1 under a misspelt UTF-8 label', async () => {
    const words = 'Grüße aus Köln, 5 €';
    for (const label of ['unknown-8bit', 'x-unknown', 'utf8mb4', '"UTF-8,"', 'default'])
      expect((await parseMessage(plainMail(label, Buffer.from(words)))).text.trimEnd(), label).toBe(
        words,
      );
    const latin = Buffer.concat([Buffer.from('Grüße aus Köln, 5 ', 'latin1'), Buffer.from([0x80])]);
    for (const label of ['unknown-8bit', 'utf_8'])
      expect((await parseMessage(plainMail(label, latin))).text.trimEnd(), label).toBe(words);
  });

  it('reads UTF-8 that a PHP mailer labelled ISO-8859-1 or Windows-1252 as UTF-8', async () => {
    const words = 'Sehr geehrte Frau Müller, Ihre Bestellung über 20 € ist eingegangen.';
    for (const label of ['iso-8859-1', 'windows-1252'])
      expect((await parseMessage(plainMail(label, Buffer.from(words)))).text.trimEnd(), label).toBe(
        words,
      );
    // Real Latin-1 stays Latin-1, also with a closing quote after ß.
    const quoted = Buffer.concat([
      Buffer.from('Der ', 'latin1'),
      Buffer.from([0x84]),
      Buffer.from('Fuß', 'latin1'),
      Buffer.from([0x93]),
      Buffer.from(' ist 30 cm lang, grüßt Jörg.', 'latin1'),
    ]);
    expect((await parseMessage(plainMail('windows-1252', quoted))).text.trimEnd()).toBe(
      'Der „Fuß“ ist 30 cm lang, grüßt Jörg.',
    );
  });
});
