import PostalMime from 'postal-mime';
import { htmlToText, ownText, previewOf } from './plain-text.ts';

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

/** The text as ownText lays it out when it cuts nothing off. */
const sameLayout = (text: string) =>
  text
    .replace(/\r\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

export function bodyFromParts(text: string | undefined, html: string | undefined): ParsedBody {
  const cleanHtml = html ? html.slice(0, MAX_TEXT) : null;
  const plain = (text?.trim() ? text : cleanHtml ? htmlToText(cleanHtml) : '').slice(0, MAX_TEXT);
  const own = ownText(plain);
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
  return text
    .slice(start)
    .split(/\r?\n/)
    .filter((line) => !/^--\S/.test(line) && !/^Content-[\w-]+:/i.test(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, MAX_TEXT);
}

export async function parseMessage(source: Buffer): Promise<ParsedBody> {
  const parsed = await PostalMime.parse(source, { attachmentEncoding: 'arraybuffer' });
  if (!parsed.text?.trim() && !parsed.html?.trim() && parsed.attachments.length === 0) {
    const fallback = bodyFromParts(rawTextFallback(source), undefined);
    // Nothing to show at all: say so, rather than presenting an empty page as the message.
    if (!fallback.text) throw new EmptyMessageError();
    return fallback;
  }
  return bodyFromParts(parsed.text, parsed.html);
}
