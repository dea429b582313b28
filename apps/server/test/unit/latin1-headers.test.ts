import { describe, expect, it } from 'vitest';
import { envelopeFields, latin1Headers } from '../../src/mail/mime/envelope.ts';
import { undoMojibake } from '../../src/mail/mime/mojibake.ts';
import { probes } from '../fixtures/mime-probes.ts';

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
      replyTo: [{ name: 'Jürgen Groß', address: 'jg@beispiel.de' }],
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
      replyTo: [{ name: 'Jürgen', address: 'jg@beispiel.de' }],
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

  it('repairs every address field, and the Reply-To the ENVELOPE copies from the sender', async () => {
    expect(await latin1Headers(probes.p61)).toEqual({
      subject: 'Antwort an Büro',
      fromName: 'Jürgen Müßig',
      fromAddress: 'jm@example.org',
      replyTo: [{ name: 'Büro Müller', address: 'buero@example.org' }],
      ccAddresses: [{ name: 'Frau Köhler', address: 'k@example.org' }],
    });
    const withoutReplyTo = await latin1Headers(
      source(latin1('From: Jürgen <j@x.de>\r\nBcc: Jörg <jo@x.de>, Team: Änne <ae@x.de>;')),
    );
    expect(withoutReplyTo).toEqual({
      fromName: 'Jürgen',
      fromAddress: 'j@x.de',
      replyTo: [{ name: 'Jürgen', address: 'j@x.de' }],
      bccAddresses: [
        { name: 'Jörg', address: 'jo@x.de' },
        { name: 'Änne', address: 'ae@x.de' },
      ],
    });
  });

  it('has nothing to repair in a UTF-8 header block', async () => {
    expect(await latin1Headers(source(utf8('Subject: Grüße\r\nFrom: a@beispiel.de')))).toBeNull();
  });
});

describe('encoded words imapflow misreads', () => {
  it('reads the subject again from the source, where the ENVELOPE shows a mark', async () => {
    expect(await latin1Headers(probes.p107)).toEqual({ subject: 'Grüße aus Berlin' });
    expect(await latin1Headers(probes.p82)).toEqual({ subject: 'Grüße aus KölnStraße€uro' });
    // What imapflow made of p107: control characters, shown as U+FFFD so that the sync looks.
    const garbled = envelopeFields({ subject: 'Grüße\u0002\u0006\u0017W2\u0004&W&Ɩ' });
    expect(garbled.subject).toBe('Grüße\uFFFD\uFFFD\uFFFDW2\uFFFD&W&Ɩ');
    // Words it reads right are not read again.
    const split = 'Subject: =?UTF-8?Q?Gr=C3?= =?UTF-8?Q?=BC=C3=9Fe?=\r\nFrom: a@b.de';
    expect(await latin1Headers(source(utf8(split)))).toBeNull();
  });

  it('reads ISO-8859-1 in the ENVELOPE as Windows-1252, as browsers do', () => {
    // imapflow decodes "=?iso-8859-1?Q?=84Angebot=93_=96_5_=80?=" with iconv, strictly.
    const fields = envelopeFields({
      subject: '\u0084Angebot\u0093 \u0096 5 \u0080',
      from: [{ name: 'M\u0096Z', address: 'mz@beispiel.de' }],
    });
    expect(fields.subject).toBe('„Angebot“ – 5 €');
    expect(fields.fromName).toBe('M–Z');
  });
});

describe('groups', () => {
  it('lists the members of a group, never its name, and nothing for an empty one', () => {
    // As imapflow gives Dovecot's ENVELOPE of probe 26.
    const fields = envelopeFields({
      to: [
        { name: 'Projektteam', address: '' },
        { name: '', address: 'anna@example.org' },
        { name: 'Bob B.', address: 'bob@example.org' },
        { name: '', address: 'demo@beispiel.de' },
      ],
      cc: [{ name: 'undisclosed-recipients', address: '' }],
    });
    expect(fields.toAddresses).toEqual([
      { name: '', address: 'anna@example.org' },
      { name: 'Bob B.', address: 'bob@example.org' },
      { name: '', address: 'demo@beispiel.de' },
    ]);
    expect(fields.ccAddresses).toEqual([]);
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
