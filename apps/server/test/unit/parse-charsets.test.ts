import { describe, expect, it } from 'vitest';
import { bodyFromParts, parseMessage } from '../../src/mail/mime/parse-message.ts';
import { probes } from '../fixtures/mime-probes.ts';

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

  it('reads Latin-1 in a part that has no Content-Type at all as Windows-1252', async () => {
    const source = Buffer.concat([
      Buffer.from(
        'From: a@b.de\r\nSubject: x\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\nContent-Transfer-Encoding: 8bit\r\n\r\n',
      ),
      Buffer.from('Grüße aus München', 'latin1'),
      Buffer.from('\r\n--b--\r\n'),
    ]);
    expect((await parseMessage(source)).text.trim()).toBe('Grüße aus München');
  });

  it('reads the Windows names of East Asian charsets as their standard names', async () => {
    const big5 = Buffer.from([0xa4, 0xa4, 0xa4, 0xe5]); // "中文" in Big5
    expect((await parseMessage(plainMail('"CHINESEBIG5"', big5))).text.trimEnd()).toBe('中文');
    const sjis = Buffer.from([0x93, 0xfa, 0x96, 0x7b]); // "日本" in Shift_JIS
    expect((await parseMessage(plainMail('Shift-JIS', sjis))).text.trimEnd()).toBe('日本');
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

  it('reads UTF-8 under every name of ASCII as UTF-8, as under "us-ascii"', async () => {
    expect((await parseMessage(probes.p119)).text.trimEnd()).toBe(
      'Schöne Grüße, Preis 20 € – bis Mittwoch.',
    );
    const words = 'Grüße aus Köln, 5 € – bis bald';
    for (const label of ['ANSI_X3.4-1968', 'us', '"iso646-US"', 'csASCII', 'cp367', 'IBM367'])
      expect((await parseMessage(plainMail(label, Buffer.from(words)))).text.trimEnd(), label).toBe(
        words,
      );
    // The label on the very first line (a message or a part that starts with its Content-Type).
    const first = Buffer.concat([
      Buffer.from('Content-Type: text/plain; charset=ANSI_X3.4-1968\r\n\r\n'),
      Buffer.from(words),
    ]);
    expect((await parseMessage(first)).text.trimEnd()).toBe(words);
    // Latin-1 bytes under those names are still Latin-1.
    const latin = Buffer.from('Grüße aus Köln', 'latin1');
    expect((await parseMessage(plainMail('ANSI_X3.4-1968', latin))).text.trimEnd()).toBe(
      'Grüße aus Köln',
    );
  });
});

describe('the text parts of a large message', () => {
  it('read as Windows-1252 where imapflow decoded ISO-8859-1 strictly, as the small path does', async () => {
    // download() decodes with iconv: each byte its own code point, 0x80 a C1 control.
    const downloaded = (raw: Buffer, start: string, end: string) => {
      const text = raw.toString('latin1');
      return text.slice(text.indexOf(start), text.indexOf(end, text.indexOf(start)));
    };
    const small = await parseMessage(probes.p52);
    const large = bodyFromParts(downloaded(probes.p52, 'Schöne', '\r\n--b52'), undefined);
    expect(large.text).toBe('Schöne Grüße, Betrag 5 €, „Angebot“ – bis bald…');
    expect(small.text.trimEnd()).toBe(large.text);

    const smallHtml = await parseMessage(probes.p64);
    const largeHtml = bodyFromParts(undefined, downloaded(probes.p64, '<p>', '\r\n--b64'));
    expect(largeHtml.html).toBe('<p>„Angebot“ – Preis 20€ …</p>');
    expect(largeHtml.text).toBe(smallHtml.text);
  });
});
