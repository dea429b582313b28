import { decodeHTML } from 'entities';

/** Elements whose content is never text; unclosed, they swallow the rest as browsers do. */
const RAW_ELEMENTS = /<(script|style|head|title|noscript|template|textarea|xmp)\b/gi;

/**
 * Cuts raw-text elements and comments in one pass. Lazy regexes ("<style>[\s\S]*?</style>")
 * scan to the end for every unclosed opener: minutes for a mail of 100,000 "<!--".
 */
function stripNonText(html: string): string {
  const lower = html.toLowerCase();
  let out = '';
  let at = 0;
  while (at < html.length) {
    const comment = lower.indexOf('<!--', at);
    RAW_ELEMENTS.lastIndex = at;
    const raw = RAW_ELEMENTS.exec(html);
    const rawAt = raw ? raw.index : -1;
    if (comment === -1 && rawAt === -1) break;
    if (comment !== -1 && (rawAt === -1 || comment < rawAt)) {
      out += `${html.slice(at, comment)} `;
      const end = lower.indexOf('-->', comment + 4);
      at = end === -1 ? html.length : end + 3;
    } else {
      out += `${html.slice(at, rawAt)} `;
      const close = lower.indexOf(`</${raw![1]!.toLowerCase()}`, rawAt + 1);
      const end = close === -1 ? -1 : lower.indexOf('>', close);
      at = end === -1 ? html.length : end + 1;
    }
  }
  return out + html.slice(at);
}

/** Readable text from HTML, for search, previews and HTML-only mail; never rendered as HTML. */
export function htmlToText(html: string): string {
  return decodeHTML(
    stripNonText(html)
      .replace(/<br\b[^<>]*>/gi, '\n')
      .replace(/<\/(p|div|li|tr|h[1-6]|blockquote|table)\s*>/gi, '\n')
      // "[^<>]" not "[^>]": a stray "<" must not make every later "<" scan to the end.
      .replace(/<[^<>]*>/g, ' '),
  )
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\f\v\u00a0\u00ad]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// Quote headers of German and English clients: "Am 3. März 2026 um 10:15 schrieb Anna <…>:",
// "On Tue, Mar 3, 2026 at 10:15 AM Anna <…> wrote:", Outlook's "-----Original Message-----".
// "[ \t]" rather than "\s" around them: "\s*" at a line start also eats the following blank
// lines, which made each of 150,000 empty lines rescan the rest (over a minute of CPU).
const QUOTE_HEADERS = [
  /^[ \t]*Am [^\n]{3,200}schrieb [^\n]{0,200}:[ \t]*$/im,
  // Wrapped by the sender's client: "… schrieb Anna Beispiel <" / "anna@beispiel.de>:".
  /^[ \t]*Am [^\n]{3,200}schrieb [^\n]{0,200}\n[^\n]{0,200}>:[ \t]*$/im,
  /^[ \t]*On [^\n]{3,200}wrote:[ \t]*$/im,
  /^[ \t]*On [^\n]{3,200}\n[^\n]{0,200}wrote:[ \t]*$/im,
  /^[ \t]*-{2,}[ \t]*(Original Message|Ursprüngliche Nachricht|Originalnachricht)[ \t]*-{2,}[ \t]*$/im,
  /^[ \t]*(Von|From):[ \t][^\n]+\n([ \t]*<[^\n]+>[ \t]*\n)?[ \t]*(Gesendet|Sent|Datum|Date):[ \t][^\n]+$/im,
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
