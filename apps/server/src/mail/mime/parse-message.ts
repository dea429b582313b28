import PostalMime from 'postal-mime';
import { decodeFlowed, unflowedSource } from './flowed-text.ts';
import { germanInlineHeadersHtml, germanInlineHeadersText } from './inline-headers.ts';
import { htmlToQuotedText, htmlToText, previewOf } from './plain-text.ts';
import { unpadQuotedPrintable } from './qp-padding.ts';
import { ownText } from './reply-text.ts';
import { decodeUtf7, labelledUtf7 } from './utf7-text.ts';
import { UTF8_AS_1252 } from './mojibake.ts';

export interface ParsedBody {
  text: string;
  html: string | null;
  /** The author's own words when they differ from `text`; null when they are `text` itself. */
  searchText: string | null;
  preview: string;
}

export class EmptyMessageError extends Error {
  constructor() {
    super('no displayable content');
    this.name = 'EmptyMessageError';
  }
}

/** Caps what one message may contribute, so that a hostile mail cannot exhaust memory. */
const MAX_TEXT = 2_000_000;

/** How Gmail, Apple Mail, Thunderbird, Yahoo and Proton mark the mail a reply quotes. */
const REPLY_QUOTE =
  /<blockquote\b[^<>]*(?:type\s*=\s*["']?cite|gmail_quote|yahoo_quoted|protonmail_quote)/i;

/** The text as ownText lays it out when it cuts nothing off. */
const sameLayout = (text: string) =>
  text
    .replace(/\r\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

export function bodyFromParts(text: string | undefined, html: string | undefined): ParsedBody {
  const cleanHtml = html ? html.slice(0, MAX_TEXT) : null;
  // Line ends as postal-mime gives them: the text parts of a large message arrive raw, in CRLF.
  const plain = text?.trim()
    ? text.slice(0, MAX_TEXT).replace(/\r\n?/g, '\n')
    : cleanHtml
      ? htmlToText(cleanHtml).slice(0, MAX_TEXT)
      : '';
  // Without a text part, the reply's <blockquote> is what tells the quote apart; a newsletter's
  // blockquote (a testimonial, a citation) is text of its own.
  const fromHtml = !text?.trim() && cleanHtml !== null;
  const own = ownText(
    fromHtml && REPLY_QUOTE.test(cleanHtml) ? htmlToQuotedText(cleanHtml) : plain,
  );
  return {
    text: plain,
    html: cleanHtml,
    // Most mail quotes nothing: stored once, not twice (the indexer reads body_text then).
    searchText: own && own !== sameLayout(plain) ? own : null,
    preview: previewOf(own || plain),
  };
}

/**
 * For structures no parser makes sense of (broken boundaries and the like): the raw body with
 * MIME scaffolding removed, so the reader sees the words instead of nothing.
 */
export function rawTextFallback(source: Buffer): string {
  const text = source.toString('utf8');
  const start = text.search(/\r?\n\r?\n/);
  if (start === -1) return '';
  // Boundary lines: declared ones, and any without a space (a boundary that differs from the
  // declared one is why the parser found nothing). "-----Original Message-----" is the writer's.
  const boundaries = new Set(
    [...text.matchAll(/boundary\s*=\s*"?([^"\r\n;]+)"?/gi)].map((m) => m[1]!.trim()),
  );
  const isBoundary = (line: string) => {
    const inner = /^--(.+?)(--)?\s*$/.exec(line)?.[1];
    return inner !== undefined && (boundaries.has(inner) || !/\s/.test(inner));
  };
  // An attachment's base64: long lines of nothing else, which no reader wants to see.
  const isBase64 = (line: string) => line.length >= 60 && /^[A-Za-z0-9+/]+={0,2}$/.test(line);
  return text
    .slice(start)
    .split(/\r?\n/)
    .filter((line) => !isBoundary(line) && !isBase64(line) && !/^Content-[\w-]+:/i.test(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, MAX_TEXT);
}

/**
 * Charset labels rewritten in the header blocks only (the message's own and those after a
 * boundary line): a mail that writes "charset=us-ascii" in its text keeps its words.
 */
function relabel(source: Buffer, from: RegExp, to: string): Buffer {
  const lines = source.toString('latin1').split('\n');
  let inHeader = true;
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!inHeader) {
      if (line.startsWith('--') && line.trim().length > 2) inHeader = true;
      continue;
    }
    if (line === '' || line === '\r') inHeader = false;
    else if (from.test(line)) {
      from.lastIndex = 0;
      lines[i] = line.replace(from, `charset=${to}`);
      changed = true;
    }
    from.lastIndex = 0;
  }
  return changed ? Buffer.from(lines.join('\n'), 'latin1') : source;
}

// "us-ascii" over UTF-8 bytes is a common lie, and UTF-8 reads every real ASCII text the same.
const ASCII_LABEL = /charset\s*=\s*["']?(us-ascii|ascii|ansi_x3\.4-1968)["']?/gi;
const UTF8_LABEL = /charset\s*=\s*["']?utf-?8["']?/gi;
// charset="" says as little as no label at all.
const EMPTY_LABEL = /charset\s*=\s*(""|''|(?=[;\s]|$))/gi;
/**
 * UTF-8 sequences as Windows-1252 shows them: a lead byte Â/Ã (U+0080–U+00FF) or â€ (most
 * punctuation) followed by a continuation byte, or ï¿½ (a U+FFFD). German Latin-1 text never
 * has them; a UTF-8 text read as Windows-1252 has them at every umlaut.
 */
/**
 * Any UTF-8 sequence as Windows-1252 shows it: a lead byte (U+00C2–U+00F4) followed by as many
 * continuation bytes as it announces. German Latin-1 text rarely has one ("Fuß“"), a UTF-8 text
 * read as Windows-1252 has one at every non-ASCII character.
 */
const CONT = String.raw`[\u0080-\u00BF\u0152\u0153\u0160\u0161\u0178\u017D\u017E\u0192\u02C6\u02DC\u2013\u2014\u2018-\u201E\u2020-\u2022\u2026\u2030\u2039\u203A\u20AC\u2122]`;
const MOJIBAKE = new RegExp(
  `[\\u00C2-\\u00DF]${CONT}|[\\u00E0-\\u00EF]${CONT}{2}|[\\u00F0-\\u00F4]${CONT}{3}`,
  'g',
);

/**
 * Text parts without a charset (RFC 2045 says us-ascii, and 8-bit bytes then are mostly
 * Latin-1 from an old client) and a message without any Content-Type get windows-1252. Only
 * header blocks are touched: the message's own, and those after a boundary line.
 */
function labelUnlabelled(source: Buffer): Buffer {
  const lines = source.toString('latin1').split('\n');
  let inHeader = true;
  // A text Content-Type field: its first and its last (folded) line.
  let start = -1;
  let end = -1;
  const finish = () => {
    if (start === -1) return;
    if (!/charset/i.test(lines.slice(start, end + 1).join(''))) {
      const last = lines[end]!;
      const cr = last.endsWith('\r') ? '\r' : '';
      lines[end] = `${cr ? last.slice(0, -1) : last}; charset=windows-1252${cr}`;
    }
    start = end = -1;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!inHeader) {
      if (line.startsWith('--') && line.trim().length > 2) inHeader = true;
      continue;
    }
    if (start !== -1 && /^[ \t]/.test(line)) {
      end = i;
      continue;
    }
    finish();
    if (line === '' || line === '\r') inHeader = false;
    else if (/^content-type:[ \t]*text\//i.test(line)) start = end = i;
  }
  finish();
  let text = lines.join('\n');
  const headerEnd = text.search(/\r?\n\r?\n/);
  const header = headerEnd === -1 ? text : text.slice(0, headerEnd);
  if (!/^content-type:/im.test(header))
    text = `Content-Type: text/plain; charset=windows-1252\r\n${text}`;
  return Buffer.from(text, 'latin1');
}

async function parseLabelled(raw: Buffer) {
  const source = unpadQuotedPrintable(raw);
  const flowed = source.includes('flowed') ? unflowedSource(source) : undefined;
  const parsed = await parseCharsets(flowed?.source ?? source);
  if (!flowed || parsed.text === undefined) return parsed;
  return { ...parsed, text: decodeFlowed(parsed.text, flowed.delSp) };
}

/** Labels no decoder knows ("unknown-8bit", "x-unknown", "utf8mb4", "UTF-8,"): read as UTF-8. */
function unknownLabels(source: Buffer): RegExp | undefined {
  const unknown = new Set<string>();
  for (const m of source.toString('latin1').matchAll(/charset\s*=\s*["']?([^"';\s]+)/gi)) {
    const label = m[1]!;
    if (/^utf-?7$/i.test(label)) continue; // decoded by us, after the parser
    try {
      new TextDecoder(label);
    } catch {
      unknown.add(label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    }
  }
  if (!unknown.size) return undefined;
  return new RegExp(`charset\\s*=\\s*["']?(?:${[...unknown].join('|')})["']?`, 'gi');
}

const LATIN_LABEL =
  /charset\s*=\s*["']?(iso-?8859-1|iso-?8859-15|latin-?1|latin-?9|l1|windows-1252|cp-?1252|x-cp1252)["']?/gi;

const count = (text: string, pattern: RegExp) =>
  text.match(
    new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`),
  )?.length ?? 0;

async function parseCharsets(source: Buffer) {
  let labelled =
    source.includes('ascii') || source.includes('ASCII')
      ? relabel(source, ASCII_LABEL, 'utf-8')
      : source;
  const unknown = unknownLabels(labelled);
  if (unknown) labelled = relabel(labelled, unknown, 'utf-8');
  const parsed = await PostalMime.parse(labelled, { attachmentEncoding: 'arraybuffer' });
  if (labelledUtf7(source))
    return {
      ...parsed,
      text: parsed.text === undefined ? undefined : decodeUtf7(parsed.text),
      html: parsed.html === undefined ? undefined : decodeUtf7(parsed.html),
    };
  const read = `${parsed.text ?? ''}${parsed.html ?? ''}`;
  if (!/\uFFFD/.test(read)) {
    // "iso-8859-1" over UTF-8 bytes (PHP mailers): "Ã¼" at every umlaut. Read as UTF-8 where
    // that reads clean.
    if (!UTF8_AS_1252.test(read) || count(read, MOJIBAKE) < 2) return parsed;
    const retry = await PostalMime.parse(relabel(labelled, LATIN_LABEL, 'utf-8'), {
      attachmentEncoding: 'arraybuffer',
    });
    return /\uFFFD/.test(`${retry.text ?? ''}${retry.html ?? ''}`) ? parsed : retry;
  }
  // Latin-1 read as UTF-8 breaks at every non-ASCII byte; a stray bad byte in UTF-8 sits among
  // characters that read right. Most characters read right, or every broken line also holds
  // such characters: it is UTF-8, whatever the script (Cyrillic, €, emoji, CJK), and a reread
  // as Windows-1252 would garble all of it for the sake of one character.
  const wrong = count(read, /\uFFFD/g);
  const right = count(read, /[^\p{ASCII}\uFFFD]/gu);
  const broken = read.split('\n').filter((line) => line.includes('\uFFFD'));
  if (right > 2 * wrong || broken.every((line) => /[^\p{ASCII}\uFFFD]/u.test(line))) return parsed;
  // "utf-8" over Latin-1 bytes: read as Windows-1252 where that reads clean; then also the parts
  // without any label, which are UTF-8 as often as not and are given Latin-1 only when needed.
  // A retry that shows real UTF-8 as Windows-1252 ("Ã¼", "â‚¬") as often as the first reading
  // broke characters loses more than it wins: one broken character beats a garbled word.
  const latin = relabel(relabel(labelled, UTF8_LABEL, 'windows-1252'), EMPTY_LABEL, 'windows-1252');
  for (const candidate of [latin, labelUnlabelled(latin)]) {
    const retry = await PostalMime.parse(candidate, { attachmentEncoding: 'arraybuffer' });
    const text = `${retry.text ?? ''}${retry.html ?? ''}`;
    if (!/\uFFFD/.test(text) && !UTF8_AS_1252.test(text) && count(text, MOJIBAKE) < wrong)
      return retry;
  }
  return parsed;
}

function hasSubjectOrSender(source: Buffer): boolean {
  const text = source.subarray(0, 64 * 1024).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  return /^(subject|from):[ \t]*\S/im.test(end === -1 ? text : text.slice(0, end));
}

export async function parseMessage(source: Buffer): Promise<ParsedBody> {
  let labelled: Awaited<ReturnType<typeof parseLabelled>>;
  try {
    labelled = await parseLabelled(source);
  } catch (error) {
    // A structure the parser refuses (parts nested hundreds deep, say): its words, if any.
    const fallback = bodyFromParts(rawTextFallback(source), undefined);
    if (!fallback.text) throw error;
    return fallback;
  }
  const parsed = {
    ...labelled,
    text: labelled.text === undefined ? undefined : germanInlineHeadersText(labelled.text),
    html: labelled.html === undefined ? undefined : germanInlineHeadersHtml(labelled.html),
  };
  if (!parsed.text?.trim() && !parsed.html?.trim() && parsed.attachments.length === 0) {
    // Broken structure or no body at all: the words, if there are any. A note with a subject
    // or a sender and nothing else is read fine and shown as empty; a message with nothing at
    // all says so, rather than presenting an empty page as the message.
    const fallback = bodyFromParts(rawTextFallback(source), undefined);
    if (!fallback.text && !hasSubjectOrSender(source)) throw new EmptyMessageError();
    return fallback;
  }
  return bodyFromParts(parsed.text, parsed.html);
}
