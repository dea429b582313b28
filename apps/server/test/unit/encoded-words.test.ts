import { describe, expect, it } from 'vitest';
import { cleanWords, decodeWords, misreadWords } from '../../src/mail/mime/encoded-words.ts';

describe('RFC 2047 encoded words', () => {
  it('decodes each base64 word on its own, padded or not', () => {
    const unpadded = '=?UTF-8?B?R3LDvMOfZQ?= =?UTF-8?B?IGF1cyBCZXJsaW4=?=';
    expect(decodeWords(unpadded)).toBe('Grüße aus Berlin');
    // imapflow joins the base64 of both words first, which garbles the second.
    expect(misreadWords(unpadded)).toBe(true);
  });

  it('joins the bytes of words that split one character, and knows imapflow reads them right', () => {
    const split =
      '=?UTF-8?Q?Gr=C3?= =?UTF-8?Q?=BC=C3=9Fe_?=\r\n =?UTF-8?B?R3LDvMOfZSDwnw==?= =?UTF-8?B?mIAgRW5kZQ==?=';
    expect(decodeWords(split)).toBe('Grüße Grüße 😀 Ende');
    expect(misreadWords(split)).toBe(false);
    expect(decodeWords('=?utf-8?B?8J+Y?= =?UTF8?B?gA==?=')).toBe('😀');
  });

  it('reads an unknown or ASCII label as UTF-8 where the bytes are, else as Windows-1252', () => {
    expect(decodeWords('=?x-unknown?Q?Stra=DFe?=')).toBe('Straße');
    expect(misreadWords('=?x-unknown?Q?Stra=DFe?=')).toBe(true);
    expect(decodeWords('=?x-unknown?Q?Stra=C3=9Fe?=')).toBe('Straße');
    expect(misreadWords('=?x-unknown?Q?Stra=C3=9Fe?=')).toBe(false);
    for (const label of ['us-ascii', 'ANSI_X3.4-1968', 'us', 'csASCII', 'cp367']) {
      expect(decodeWords(`=?${label}?Q?Gr=C3=BC=C3=9Fe?=`), label).toBe('Grüße');
      expect(decodeWords(`=?${label}?Q?Gr=FC=DFe?=`), label).toBe('Grüße');
      expect(misreadWords(`=?${label}?Q?Gr=FC=DFe?=`), label).toBe(true);
    }
  });

  it('reads ISO-8859-1 as Windows-1252, keeps languages, text and spaces between words', () => {
    expect(decodeWords('=?iso-8859-1?Q?=84Angebot=93_=96_5_=80?=')).toBe('„Angebot“ – 5 €');
    expect(decodeWords('=?UTF-8*de?Q?K=C3=B6ln?=')).toBe('Köln');
    expect(decodeWords('Re: =?utf-8?q?a?= x =?utf-8?q?b?= c')).toBe('Re: a x b c');
    expect(decodeWords('=?utf-7?Q?Gr+APwA3w-e?=')).toBe('Grüße');
    // Labels imapflow reads and TextDecoder does not are left to it.
    expect(misreadWords('=?cp850?Q?Gr=81=E1e?=')).toBe(false);
  });

  it('gives a parser of address lists one clean word for each run', () => {
    const cleaned = cleanWords('=?UTF-8?B?R3LDvMOfZQ?= =?UTF-8?B?IGF1cyBCZXJsaW4=?= <a@b.de>');
    expect(cleaned).toMatch(/^=\?utf-8\?B\?[A-Za-z0-9+/=]+\?= <a@b\.de>$/);
    expect(decodeWords(cleaned)).toBe('Grüße aus Berlin <a@b.de>');
  });
});
