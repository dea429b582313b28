import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../src/mail/mime/parse-message.ts';
import { decodeUtf7 } from '../../src/mail/mime/utf7-text.ts';

const message = (contentType: string | null, body: Buffer, encoding = '8bit') =>
  Buffer.concat([
    Buffer.from(
      [
        'From: alt@beispiel.de',
        'Subject: Test',
        'MIME-Version: 1.0',
        ...(contentType ? [`Content-Type: ${contentType}`] : []),
        `Content-Transfer-Encoding: ${encoding}`,
        '',
        '',
      ].join('\r\n'),
    ),
    body,
  ]);

describe('text in the encodings old clients send', () => {
  const latin1 = Buffer.from('Grüße aus Köln, schöne Straße', 'latin1');

  it('reads 8-bit text without a charset label as Windows-1252', async () => {
    expect((await parseMessage(message('text/plain', latin1))).text).toContain(
      'Grüße aus Köln, schöne Straße',
    );
    expect((await parseMessage(message(null, latin1))).text).toContain('Grüße aus Köln');
    const html = Buffer.from('<p>Grüße aus Köln</p>', 'latin1');
    expect((await parseMessage(message('text/html', html))).text).toContain('Grüße aus Köln');
  });

  it('reads each part by its own label when only one of them is wrong', async () => {
    const mixed = Buffer.concat([
      Buffer.from(
        [
          'From: alt@beispiel.de',
          'Subject: Test',
          'MIME-Version: 1.0',
          'Content-Type: multipart/mixed; boundary="grenze"',
          '',
          '--grenze',
          'Content-Type: text/plain',
          '',
          'Grüße aus Köln',
          'Content-Type: text/plain',
          '--grenze',
          'Content-Type: text/plain; charset=utf-8',
          '',
          '',
        ].join('\r\n'),
        'utf8',
      ),
      Buffer.from('Schöne Straße\r\n--grenze--\r\n', 'latin1'),
    ]);
    const text = (await parseMessage(mixed)).text;
    expect(text).toContain('Grüße aus Köln');
    expect(text).toContain('Schöne Straße');
    // A body line that looks like a header stays as it is.
    expect(text).toContain('Content-Type: text/plain\n');
    expect(text).not.toContain('charset=windows-1252');
  });

  it('keeps UTF-8 with one stray byte or a quoted "�" as UTF-8, breaking only that character', async () => {
    const label = 'text/plain; charset=utf-8';
    const strayByte = Buffer.concat([
      Buffer.from('schöne Grüße aus Köln ', 'utf8'),
      Buffer.from([0xfc]),
      Buffer.from(' – bis bald', 'utf8'),
    ]);
    const stray = (await parseMessage(message(label, strayByte))).text;
    expect(stray).toContain('schöne Grüße aus Köln \uFFFD – bis bald');
    const quoted = Buffer.from('Sie schrieben: "Gr\uFFFD\uFFFDe" – das war kaputt', 'utf8');
    expect((await parseMessage(message(label, quoted))).text).toContain(
      'Sie schrieben: "Gr\uFFFD\uFFFDe" – das war kaputt',
    );
    const quotedAscii = Buffer.from('Gr\uFFFD\uFFFDe', 'utf8');
    expect((await parseMessage(message(label, quotedAscii))).text.trim()).toBe('Gr\uFFFD\uFFFDe');
    // Latin-1 under a utf-8 label is still read as what it is.
    const latin = Buffer.from('Grüße aus Köln', 'latin1');
    expect((await parseMessage(message(label, latin))).text).toContain('Grüße aus Köln');
  });

  it('reads a message without a body as empty instead of failing it', async () => {
    const empty = Buffer.from('From: a@beispiel.de\r\nSubject: Nur ein Betreff\r\n\r\n');
    expect(await parseMessage(empty)).toMatchObject({ text: '', html: null, preview: '' });
  });

  it('rewrites charset labels only in headers, never in the text', async () => {
    const prose = Buffer.from('Grüße – im Header stand charset=us-ascii, nicht charset=utf-8.');
    expect((await parseMessage(message('text/plain; charset=us-ascii', prose))).text).toContain(
      'Grüße – im Header stand charset=us-ascii, nicht charset=utf-8.',
    );
  });

  it('reads an empty charset label like no label', async () => {
    const source = Buffer.from(
      'From: a@beispiel.de\r\nSubject: leer\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=""\r\n\r\nGrüße aus Köln\r\n',
      'latin1',
    );
    expect((await parseMessage(source)).text).toContain('Grüße aus Köln');
  });

  it('keeps UTF-8 without a label as UTF-8', async () => {
    const utf8 = Buffer.from('Grüße aus Köln – 5 €', 'utf8');
    expect((await parseMessage(message('text/plain', utf8))).text).toContain(
      'Grüße aus Köln – 5 €',
    );
  });

  it('decodes UTF-7 text and HTML', async () => {
    const text = Buffer.from('Gr+APwA3w-e aus K+APY-ln, 1+-1=2');
    expect((await parseMessage(message('text/plain; charset=utf-7', text, '7bit'))).text).toContain(
      'Grüße aus Köln, 1+1=2',
    );
    const html = Buffer.from('<p>Sch+APY-ne Gr+APwA3w-e</p>');
    const parsed = await parseMessage(message('text/html; charset="UTF-7"', html, '7bit'));
    expect(parsed.html).toContain('Schöne Grüße');
  });

  it('decodes UTF-7 runs leniently and leaves a lone plus alone', () => {
    expect(decodeUtf7('A+ImIDkQ.')).toBe('A\u2262\u0391.');
    expect(decodeUtf7('Hi Mom -+Jjo--!')).toBe('Hi Mom -\u263a-!');
    expect(decodeUtf7('+ZeVnLIqe-')).toBe('\u65e5\u672c\u8a9e');
    expect(decodeUtf7('a + b')).toBe('a + b');
    expect(decodeUtf7('Ruf an: +49 30 123')).toBe('Ruf an: +49 30 123');
  });
});

describe('quoted-printable with transport padding (RFC 2045 §6.7)', () => {
  it('reads "= " and "=\\t" before a line break as a soft break', async () => {
    const body = Buffer.from(
      'Gr=C3=BC=C3=9Fe aus K= \r\n=C3=B6ln, sch=C3=B6n=\t \r\nes Wetter.\r\n',
    );
    const parsed = await parseMessage(
      message('text/plain; charset=utf-8', body, 'quoted-printable'),
    );
    expect(parsed.text.trim()).toBe('Grüße aus Köln, schönes Wetter.');
  });

  it('reads on past a dashed line of the text, and inside an attached mail', async () => {
    const body = Buffer.from(
      '-----Urspr=C3=BCngliche Nachricht-----\r\nGr=C3=BC=C3=9Fe aus K= \r\n=C3=B6ln\r\n',
    );
    const parsed = await parseMessage(
      message('text/plain; charset=utf-8', body, 'quoted-printable'),
    );
    expect(parsed.text).toContain('Grüße aus Köln');
    const forward = Buffer.from(
      [
        '--aussen',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Siehe unten.',
        '--aussen',
        'Content-Type: message/rfc822',
        '',
        'From: a@beispiel.de',
        'Subject: Innen',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Sch=C3=B6ne Gr= ',
        '=C3=BC=C3=9Fe',
        '--aussen--',
        '',
      ].join('\r\n'),
    );
    const outer = await parseMessage(message('multipart/mixed; boundary="aussen"', forward));
    expect(outer.text).toContain('Siehe unten.');
    const inner = await parseMessage(
      Buffer.from(
        [
          'From: a@beispiel.de',
          'Subject: Innen',
          'MIME-Version: 1.0',
          'Content-Type: message/rfc822',
          '',
          'From: b@beispiel.de',
          'Subject: Ganz innen',
          'Content-Type: text/plain; charset=utf-8',
          'Content-Transfer-Encoding: quoted-printable',
          '',
          'Sch=C3=B6ne Gr= ',
          '=C3=BC=C3=9Fe',
          '',
        ].join('\r\n'),
      ),
    );
    expect(inner.text).toContain('Schöne Grüße');
  });

  it('finds the padding behind encoded words in the header and at the very end', async () => {
    // "?= " in From and Subject comes first; the padded soft break follows in the body.
    const source = Buffer.from(
      [
        'From: =?UTF-8?Q?J=C3=BCrgen?= <j@beispiel.de>',
        'Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?= aus dem Norden',
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Gr=C3=BC=C3=9Fe aus K=  ',
        '=C3=B6ln, bis bald=\t',
      ].join('\r\n'),
    );
    const parsed = await parseMessage(source);
    expect(parsed.text.trim()).toBe('Grüße aus Köln, bis bald');
  });

  it('leaves "= " alone in an 8-bit part, where a flowed line may end in a space', async () => {
    const body = Buffer.from('Preis = \r\n10 Euro\r\n');
    const parsed = await parseMessage(message('text/plain; charset=utf-8; format=flowed', body));
    expect(parsed.text.trim()).toBe('Preis = 10 Euro');
  });
});

describe('format=flowed (RFC 3676)', () => {
  it('joins soft-broken lines at their own quote depth, as Thunderbird means them', async () => {
    const source = Buffer.from(
      [
        'From: Bernd <bernd@beispiel.de>',
        'Subject: Re: Antwort',
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=UTF-8; format=flowed',
        'Content-Transfer-Encoding: 8bit',
        '',
        'Hallo Anna, danke, das ',
        'passt so.',
        '',
        'Am 02.03.26 um 09:00 schrieb Anna:',
        '> Hallo Bernd, hier ist ein langer Absatz, der beim ',
        '> Senden umbrochen wurde. ',
        '> Er sollte wieder ein Absatz sein.',
        '>',
        '>> Noch älteres Zitat, ',
        '>> ebenfalls umbrochen.',
        ' >Zeile mit Stuffing',
        '',
        '-- ',
        'Bernd',
      ].join('\r\n'),
      'utf8',
    );
    const { text } = await parseMessage(source);
    expect(text.trimEnd().split('\n')).toEqual([
      'Hallo Anna, danke, das passt so.',
      '',
      'Am 02.03.26 um 09:00 schrieb Anna:',
      '> Hallo Bernd, hier ist ein langer Absatz, der beim Senden umbrochen wurde. Er sollte wieder ein Absatz sein.',
      '> ',
      '>> Noch älteres Zitat, ebenfalls umbrochen.',
      '>Zeile mit Stuffing',
      '',
      '-- ',
      'Bernd',
    ]);
  });

  it('removes the space before a soft break with DelSp=yes and leaves fixed text alone', async () => {
    const mail = (format: string) =>
      Buffer.from(
        [
          'From: a@beispiel.de',
          `Content-Type: text/plain; charset=utf-8; ${format}`,
          '',
          'Donau',
          'dampfschiff ',
          'fahrt',
        ].join('\r\n'),
      );
    expect((await parseMessage(mail('format=flowed; delsp=yes'))).text.trimEnd()).toBe(
      'Donau\ndampfschifffahrt',
    );
    expect((await parseMessage(mail('format=fixed'))).text.trimEnd()).toBe(
      'Donau\ndampfschiff \nfahrt',
    );
  });
});

describe('a mail attached without a disposition (forward as attachment, bounce)', () => {
  const forward = (outerType: string, outerBody: string) =>
    Buffer.from(
      [
        'From: Anna <anna@beispiel.de>',
        'Subject: WG: Termin',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="aussen"',
        '',
        '--aussen',
        `Content-Type: ${outerType}; charset=utf-8`,
        '',
        outerBody,
        '--aussen',
        'Content-Type: message/rfc822',
        '',
        'From: Carla <carla@beispiel.de>',
        'To: anna@beispiel.de',
        'Subject: Termin',
        'Date: Mon, 02 Mar 2026 23:30:00 +0100',
        `Content-Type: ${outerType}; charset=utf-8`,
        '',
        outerType === 'text/html' ? '<p>Termin am Dienstag.</p>' : 'Termin am Dienstag.',
        '--aussen--',
      ].join('\r\n'),
      'utf8',
    );

  it('shows its header block in German, with the date in German time', async () => {
    const { text } = await parseMessage(forward('text/plain', 'Siehe Anhang.'));
    expect(text).toContain(
      'Von:     Carla <carla@beispiel.de>\nBetreff: Termin\nDatum:   02.03.2026, 23:30\nAn:      anna@beispiel.de',
    );
    expect(text).not.toMatch(/^(From|Subject|Date|To):/m);
    const { html } = await parseMessage(forward('text/html', '<p>Siehe Anhang.</p>'));
    expect(html).toContain('<div class="postal-email-header-key">Von</div>');
    expect(html).toContain('<div class="postal-email-header-key">Datum</div>');
    expect(html).toContain('>02.03.2026, 23:30</div>');
    expect(html).not.toMatch(/header-key">(From|Subject|Date|To)</);
  });

  it("leaves a writer's own dashed blocks as written", async () => {
    for (const body of [
      'Hallo Anna,\n---\n  Max Mustermann\n  Tel. 0176 123456\n---\n',
      'Fahrplan:\n---\n  Abfahrt 10:00 Hamburg\nTo: Berlin Hbf\n---\n',
      'Notiz\n---\nTo: Berlin\nFrom: Hamburg\n---\n',
    ]) {
      const parsed = await parseMessage(message('text/plain; charset=utf-8', Buffer.from(body)));
      expect(parsed.text.trim(), body).toBe(body.trim());
    }
  });
});

describe('a structure no parser makes sense of', () => {
  const broken = (declared: string, body: string[]) =>
    Buffer.from(
      [
        'From: a@beispiel.de',
        'Subject: Kaputt',
        'MIME-Version: 1.0',
        `Content-Type: multipart/mixed; boundary="${declared}"`,
        '',
        ...body,
      ].join('\r\n'),
    );

  it("shows the words without boundaries and without an attachment's base64", async () => {
    const { text } = await parseMessage(
      broken('----=_Part_1_2', [
        '------=_Part_1_3',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Der Text der Nachricht.',
        '------=_Part_1_3',
        'Content-Type: application/pdf; name="a.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        'JVBERi0xLjQKJcfsj6IKNSAwIG9iago8PC9MZW5ndGggNiAwIFIvRmlsdGVyIC9GbGF0ZURlY29k',
        'ZT4+CnN0cmVhbQp4nCvkMlAwUDC1NDJTMDE0BkKIHEDJYxYKZW5kc3RyZWFtCmVuZG9iago2IDAg',
        '------=_Part_1_3--',
      ]),
    );
    expect(text.trim()).toBe('Der Text der Nachricht.');
  });

  it('keeps lines of the writer that merely start with dashes', async () => {
    const { text } = await parseMessage(
      broken('nie', ['Hallo,', '--Wichtig: bitte lesen', '-----Original Message-----', 'Gruß']),
    );
    expect(text.trim()).toBe('Hallo,\n--Wichtig: bitte lesen\n-----Original Message-----\nGruß');
  });

  it('reads the words of a message nested deeper than the parser goes', async () => {
    let body = 'Content-Type: text/plain; charset=utf-8\r\n\r\nHallo Welt, viele Grüße\r\n';
    for (let level = 0; level < 300; level++)
      body =
        `Content-Type: multipart/mixed; boundary="b${level}"\r\n\r\n` +
        `--b${level}\r\n${body}--b${level}--\r\n`;
    const source = Buffer.from(`From: a@b.de\r\nSubject: Tief\r\nMIME-Version: 1.0\r\n${body}`);
    const parsed = await parseMessage(source);
    expect(parsed.text).toBe('Hallo Welt, viele Grüße');
  });
});
