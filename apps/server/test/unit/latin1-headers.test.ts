import { describe, expect, it } from 'vitest';
import { envelopeFields, latin1Headers } from '../../src/mail/mime/envelope.ts';
import { undoMojibake } from '../../src/mail/mime/mojibake.ts';

const source = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from('\r\n\r\nText\r\n')]);
const utf8 = (s: string) => Buffer.from(s, 'utf8');
const latin1 = (s: string) => Buffer.from(s, 'latin1');

describe('raw 8-bit headers', () => {
  it('repairs a Latin-1 subject and sender', async () => {
    const repaired = await latin1Headers(
      source(latin1('Subject: Grüße aus Köln\r\nFrom: Jürgen Groß <jg@beispiel.de>')),
    );
    expect(repaired).toEqual({
      subject: 'Grüße aus Köln',
      fromName: 'Jürgen Groß',
      fromAddress: 'jg@beispiel.de',
    });
  });

  it('leaves correct UTF-8 fields alone when another header is Latin-1', async () => {
    const mixed = source(
      latin1('Received: from Mühle by mx\r\n'),
      utf8('Subject: Grüße aus Köln\r\n'),
      latin1('From: Jürgen <jg@beispiel.de>'),
    );
    // Only the sender was Latin-1; the subject stays as the envelope read it.
    expect(await latin1Headers(mixed)).toEqual({
      fromName: 'Jürgen',
      fromAddress: 'jg@beispiel.de',
    });
    const onlyReceived = source(
      latin1('Received: from Mühle by mx\r\n'),
      utf8('Subject: Grüße aus Köln\r\nFrom: Jürgen <jg@beispiel.de>'),
    );
    expect(await latin1Headers(onlyReceived)).toBeNull();
  });

  it('repairs Latin-1 recipients, group members included, and nothing else', async () => {
    const repaired = await latin1Headers(
      source(
        utf8('Subject: Grüße\r\nFrom: a@beispiel.de\r\n'),
        latin1(
          'To: Jürgen <jg@beispiel.de>, Team: Änne <ae@beispiel.de>;\r\nCc: "Groß, Jörg" <jo@x.de>',
        ),
      ),
    );
    expect(repaired).toEqual({
      toAddresses: [
        { name: 'Jürgen', address: 'jg@beispiel.de' },
        { name: 'Änne', address: 'ae@beispiel.de' },
      ],
      ccAddresses: [{ name: 'Groß, Jörg', address: 'jo@x.de' }],
    });
  });

  it('has nothing to repair in a UTF-8 header block', async () => {
    expect(await latin1Headers(source(utf8('Subject: Grüße\r\nFrom: a@beispiel.de')))).toBeNull();
  });
});

describe('UTF-8 headers encoded as ISO-8859-1', () => {
  it('reads "GrÃ¼ÃŸe" as "Grüße", in the subject and in names', () => {
    expect(undoMojibake('GrÃ¼ÃŸe aus KÃ¶ln â€ž2026â€œ')).toBe('Grüße aus Köln „2026“');
    const fields = envelopeFields({
      subject: 'Ihre BestellbestÃ¤tigung: Ã„pfel',
      from: [{ name: 'JÃ¼rgen MÃ¼ller', address: 'jm@beispiel.de' }],
    });
    expect(fields.subject).toBe('Ihre Bestellbestätigung: Äpfel');
    expect(fields.fromName).toBe('Jürgen Müller');
  });

  it('leaves text alone that only looks like it', () => {
    for (const text of ['Temperatur 20Â° 😀', 'Ã la carte', 'Straße', 'Ã', 'Preis: 5 Â']) {
      expect(undoMojibake(text), text).toBe(text);
    }
  });
});
