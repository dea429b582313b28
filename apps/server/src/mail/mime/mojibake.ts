/** UTF-8 read as Windows-1252: "Ã¼" for "ü", "â€ž" for "„", "ï¿½" for a lost character. */
export const UTF8_AS_1252 =
  /[ÂÃ][\u0080-\u00BF\u0152\u0153\u0160\u0161\u0178\u017D\u017E\u0192\u02C6\u02DC\u2013\u2014\u2018-\u201E\u2020-\u2022\u2026\u2030\u2039\u203A\u20AC\u2122]|â€|ï¿½/;

const cp1252 = new TextDecoder('windows-1252');
const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Each character Windows-1252 can show, with its byte. */
const byteOf = new Map<string, number>(
  Array.from({ length: 256 }, (_, b) => [cp1252.decode(Uint8Array.of(b)), b] as const),
);

/**
 * A header a mailer encoded as ISO-8859-1 over UTF-8 bytes ("=?iso-8859-1?Q?Gr=C3=BC=C3=9Fe?="
 * reads "GrÃ¼ÃŸe"): read again as UTF-8, but only when every character has its Windows-1252 byte
 * and the bytes are valid UTF-8 — a real "Ã" beside an emoji or a lone "Â°" stays as it is.
 */
export function undoMojibake(text: string): string {
  if (!UTF8_AS_1252.test(text)) return text;
  const bytes: number[] = [];
  for (const char of text) {
    const byte = byteOf.get(char);
    if (byte === undefined) return text;
    bytes.push(byte);
  }
  try {
    return utf8.decode(Uint8Array.from(bytes));
  } catch {
    return text;
  }
}

const C1 = /[\u0080-\u009f]/g;

/**
 * C1 controls never stand in text: they are Windows-1252 bytes ("€ „ “ – …") that a strict
 * ISO-8859-1 decoder kept as they were. iconv, which imapflow uses for ENVELOPE fields and
 * download(), decodes that way; browsers and TextDecoder read the label as Windows-1252
 * (WHATWG Encoding), as parse-message does for the smaller messages. The five bytes that
 * Windows-1252 leaves undefined stay what they were.
 */
export function c1AsWindows1252(text: string): string {
  C1.lastIndex = 0;
  if (!C1.test(text)) return text;
  return text.replace(C1, (c) => cp1252.decode(Uint8Array.of(c.charCodeAt(0))));
}
