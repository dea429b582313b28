import { decodeHTML } from 'entities';

/**
 * Elements whose content is never text; unclosed, they swallow the rest as browsers do. Not
 * <head>: its title and styles are cut on their own, and a browser ignores a <head> opened
 * inside the body (newsletters do that) and shows all that follows it.
 */
const RAW_ELEMENTS = /<(script|style|title|noscript|template|textarea|xmp)\b/gi;

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

/**
 * Phrasing elements (HTML "inline" formatting): a browser draws no gap where one begins or ends,
 * so "<b>2026</b>." reads "2026." and "<span>Jahres</span>abrechnung" one word. Any other tag
 * (a cell, an image, an unknown element) still stands for a space.
 */
const INLINE_TAGS =
  /<\/?(?:a|abbr|acronym|b|bdi|bdo|big|blink|cite|code|data|del|dfn|em|font|i|ins|kbd|label|mark|nobr|o:p|q|s|samp|small|span|strike|strong|sub|sup|time|tt|u|var|wbr)(?=[\s/>])[^<>]*>/gi;

/**
 * Drawn as nothing: a soft hyphen inside a word ("Jahres&shy;abrechnung"), zero-width spaces
 * and joiners, and the grapheme joiner newsletters pad their preview line with ("&#847;&zwnj;").
 */
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]|\u034f/g;

function textOf(html: string, asDrawn: boolean): string {
  let text = stripNonText(html)
    .replace(/<br\b[^<>]*>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6]|blockquote|table)\s*>/gi, '\n');
  if (asDrawn) text = text.replace(INLINE_TAGS, '');
  // "[^<>]" not "[^>]": a stray "<" must not make every later "<" scan to the end.
  text = decodeHTML(text.replace(/<[^<>]*>/g, ' '));
  if (asDrawn) text = text.replace(INVISIBLE, '');
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\f\v\u00a0\u00ad]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Readable text from HTML, for search, previews and HTML-only mail; never rendered as HTML. */
export function htmlToText(html: string): string {
  return textOf(html, true);
}

/**
 * What earlier versions made of the same HTML: a space for every tag ("2026 ."), and for a soft
 * hyphen. Stored mail whose text is exactly this was made from its HTML and is made again
 * (rederive-text.ts).
 */
export function earlierHtmlToText(html: string): string {
  return textOf(html, false);
}

// Private-use characters stand for <blockquote> and </blockquote> while the tags are stripped.
const OPEN_QUOTE = '\ue000';
const CLOSE_QUOTE = '\ue001';

/**
 * htmlToText with each line inside a <blockquote> prefixed "> ", as a text part quotes: what
 * the reply parser needs to keep an answer written below or between the quoted lines.
 */
export function htmlToQuotedText(html: string): string {
  const marked = htmlToText(
    html
      .replace(/[\ue000\ue001]/g, '')
      .replace(/<blockquote\b[^<>]*>/gi, `\n${OPEN_QUOTE}\n`)
      .replace(/<\/blockquote\s*>/gi, `\n${CLOSE_QUOTE}\n`),
  );
  let depth = 0;
  const lines: string[] = [];
  for (const line of marked.split('\n')) {
    const opens = line.split(OPEN_QUOTE).length - 1;
    const closes = line.split(CLOSE_QUOTE).length - 1;
    const words = line.replace(/[\ue000\ue001]/g, '').trim();
    // One "> " whatever the depth: nesting only has to tell quoted from not, and 10,000 nested
    // <blockquote>s must not multiply the text.
    if (words) lines.push(depth ? `> ${words}` : words);
    else if (!opens && !closes) lines.push(depth ? '>' : '');
    depth = Math.max(0, depth + opens - closes);
  }
  return lines.join('\n');
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
