import { DEFAULT_TIME_ZONE } from '../../lib/time-zone.ts';
import { limitBlankRuns } from './blank-runs.ts';
import { calendarText } from './calendar-text.ts';
import { decodeFlowed, unflowedSource } from './flowed-text.ts';
import { germanInlineHeadersHtml, germanInlineHeadersText } from './inline-headers.ts';
import { c1AsWindows1252 } from './mojibake.ts';
import { parseCharsets } from './parse-charsets.ts';
import { htmlToQuotedText, htmlToText, previewOf } from './plain-text.ts';
import { unpadQuotedPrintable } from './qp-padding.ts';
import { ownText } from './reply-text.ts';
import { withFoundBoundary, withHeaderEnd } from './repair-structure.ts';
import { splitYenc, type YencFile } from './yenc.ts';

export interface ParsedBody {
  text: string;
  html: string | null;
  /** The author's own words when they differ from `text`; null when they are `text` itself. */
  searchText: string | null;
  preview: string;
  /** Files written into the text as yEnc: no text, but attachments (yenc.ts). */
  yencFiles?: YencFile[];
}

export class EmptyMessageError extends Error {
  constructor() {
    super('no displayable content');
    this.name = 'EmptyMessageError';
  }
}

/** Caps what one message may contribute, so that a hostile mail cannot exhaust memory. */
export const MAX_TEXT = 2_000_000;

/** How Gmail, Apple Mail, Thunderbird, Yahoo and Proton mark the mail a reply quotes. */
export const REPLY_QUOTE =
  /<blockquote\b[^<>]*(?:type\s*=\s*["']?cite|gmail_quote|yahoo_quoted|protonmail_quote)/i;

/** The text as ownText lays it out when it cuts nothing off. */
const sameLayout = (text: string) =>
  text
    .replace(/\r\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

export function bodyFromParts(
  rawText: string | undefined,
  rawHtml: string | undefined,
): ParsedBody {
  // The text parts of a large message come through imapflow's strict ISO-8859-1 decoder.
  const yenc = rawText === undefined ? undefined : splitYenc(c1AsWindows1252(rawText));
  const text = yenc?.text;
  const html = rawHtml === undefined ? undefined : c1AsWindows1252(rawHtml);
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
    yencFiles: yenc?.files ?? [],
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

async function parseLabelled(raw: Buffer) {
  const source = unpadQuotedPrintable(raw);
  const flowed = source.includes('flowed') ? unflowedSource(source) : undefined;
  const parsed = await parseCharsets(flowed?.source ?? source);
  if (!flowed || parsed.text === undefined) return parsed;
  return { ...parsed, text: decodeFlowed(parsed.text, flowed.delSp) };
}

function hasSubjectOrSender(source: Buffer): boolean {
  const text = source.subarray(0, 64 * 1024).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  return /^(subject|from):[ \t]*\S/im.test(end === -1 ? text : text.slice(0, end));
}

/**
 * One text part of a huge message, given as a source of its own: read by the same charset
 * rules as a whole message, not by imapflow's download(), which trusts every label.
 */
export async function parsePart(
  source: Buffer,
  type: 'text/plain' | 'text/html',
  timeZone = DEFAULT_TIME_ZONE,
) {
  const parsed = await parseLabelled(limitBlankRuns(source));
  if (type === 'text/html')
    return parsed.html === undefined ? undefined : germanInlineHeadersHtml(parsed.html, timeZone);
  return parsed.text === undefined ? undefined : germanInlineHeadersText(parsed.text, timeZone);
}

/** The parse, and once more with the body's own boundary where the declared one is missing. */
async function parseStructure(source: Buffer) {
  const parsed = await parseLabelled(source);
  if (parsed.text?.trim() || parsed.html?.trim() || parsed.attachments.length > 0) return parsed;
  const repaired = withFoundBoundary(source);
  return repaired ? parseLabelled(repaired) : parsed;
}

/** `timeZone`: the reader's, for the dates this writes into the text (inline headers, invitations). */
export async function parseMessage(raw: Buffer, timeZone = DEFAULT_TIME_ZONE): Promise<ParsedBody> {
  const source = withHeaderEnd(limitBlankRuns(raw));
  let labelled: Awaited<ReturnType<typeof parseLabelled>>;
  try {
    labelled = await parseStructure(source);
  } catch (error) {
    // A structure the parser refuses (parts nested hundreds deep, say): its words, if any.
    const fallback = bodyFromParts(rawTextFallback(source), undefined);
    if (!fallback.text) throw error;
    return fallback;
  }
  const parsed = {
    ...labelled,
    text:
      labelled.text === undefined ? undefined : germanInlineHeadersText(labelled.text, timeZone),
    html:
      labelled.html === undefined ? undefined : germanInlineHeadersHtml(labelled.html, timeZone),
  };
  if (!parsed.text?.trim() && !parsed.html?.trim() && parsed.attachments.length === 0) {
    // Broken structure or no body at all: the words, if there are any. A note with a subject
    // or a sender and nothing else is read fine and shown as empty; a message with nothing at
    // all says so, rather than presenting an empty page as the message.
    const fallback = bodyFromParts(rawTextFallback(source), undefined);
    if (!fallback.text && !hasSubjectOrSender(source)) throw new EmptyMessageError();
    return fallback;
  }
  // An invitation sent as nothing but its calendar (Exchange, booking systems) would be empty.
  if (!parsed.text?.trim() && !parsed.html?.trim()) {
    const invitation = calendarText(parsed.attachments, timeZone);
    if (invitation) return bodyFromParts(invitation, undefined);
  }
  return bodyFromParts(parsed.text, parsed.html);
}
