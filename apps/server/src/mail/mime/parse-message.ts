import PostalMime from 'postal-mime';
import { htmlToText, ownText, previewOf } from './plain-text.ts';

export interface ParsedBody {
  text: string;
  html: string | null;
  searchText: string;
  preview: string;
}

/** Caps what one message may contribute, so that a hostile mail cannot exhaust memory. */
const MAX_TEXT = 2_000_000;

export function bodyFromParts(text: string | undefined, html: string | undefined): ParsedBody {
  const cleanHtml = html ? html.slice(0, MAX_TEXT) : null;
  const plain = (text?.trim() ? text : cleanHtml ? htmlToText(cleanHtml) : '').slice(0, MAX_TEXT);
  const own = ownText(plain);
  return {
    text: plain,
    html: cleanHtml,
    searchText: own || plain,
    preview: previewOf(own || plain),
  };
}

export async function parseMessage(source: Buffer): Promise<ParsedBody> {
  const parsed = await PostalMime.parse(source, { attachmentEncoding: 'arraybuffer' });
  return bodyFromParts(parsed.text, parsed.html);
}
