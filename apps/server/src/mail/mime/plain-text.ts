const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  shy: '',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1]?.toLowerCase() === 'x'
          ? parseInt(entity.slice(2), 16)
          : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[entity.toLowerCase()] ?? match;
  });
}

/** Readable text from HTML, for search, previews and HTML-only mail; never rendered as HTML. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style|head|title)[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|tr|h[1-6]|blockquote|table)\s*>/gi, '\n')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// Quote headers of German and English clients: "Am 3. März 2026 um 10:15 schrieb Anna <…>:",
// "On Tue, Mar 3, 2026 at 10:15 AM Anna <…> wrote:", Outlook's "-----Original Message-----".
const QUOTE_HEADERS = [
  /^\s*Am .{3,200}schrieb .{0,200}:\s*$/im,
  /^\s*On .{3,200}wrote:\s*$/im,
  /^\s*-{2,}\s*(Original Message|Ursprüngliche Nachricht|Originalnachricht)\s*-{2,}\s*$/im,
  /^\s*(Von|From):\s.+\n\s*(Gesendet|Sent|Datum|Date):\s.+$/im,
];

/**
 * The author's own words: quoted lines ("> …"), everything after a quote header and the
 * signature (after the "-- " delimiter of RFC 3676 §4.3) are cut off.
 */
export function ownText(text: string): string {
  let body = text.replace(/\r\n/g, '\n');
  let cut = body.length;
  for (const pattern of QUOTE_HEADERS) {
    const match = pattern.exec(body);
    if (match && match.index < cut) cut = match.index;
  }
  body = body.slice(0, cut);
  const signature = body.search(/^-- ?$/m);
  if (signature !== -1) body = body.slice(0, signature);
  return body
    .split('\n')
    .filter((line) => !/^\s*>/.test(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function previewOf(text: string, length = 200): string {
  // Only the beginning can show; flattening a whole long letter would be wasted work.
  const head = text.trimStart();
  let flat = head
    .slice(0, length * 8)
    .replace(/\s+/g, ' ')
    .trim();
  if (flat.length < length && head.length > length * 8) flat = head.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1)}…`;
}
