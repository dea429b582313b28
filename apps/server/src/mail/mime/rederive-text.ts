import { bodyFromParts, MAX_TEXT, type ParsedBody } from './parse-message.ts';
import { earlierHtmlToText } from './plain-text.ts';

export interface StoredText {
  bodyText: string | null;
  bodyHtml: string | null;
  searchText: string | null;
  preview: string;
}

/**
 * The text, search text and preview a stored mail gets today, where they were made from its
 * HTML by an earlier version; undefined where its text came from a text part of its own (that
 * text is the sender's and stays) or nothing changes. Works from what is stored: no message is
 * fetched again.
 */
export function rederivedBody(stored: StoredText): ParsedBody | undefined {
  if (stored.bodyHtml === null || stored.bodyText === null) return undefined;
  // A text part word for word what the HTML gave is no sender's text: HTML-only mail.
  if (stored.bodyText !== earlierHtmlToText(stored.bodyHtml).slice(0, MAX_TEXT)) return undefined;
  const body = bodyFromParts(undefined, stored.bodyHtml);
  const same =
    body.text === stored.bodyText &&
    body.searchText === stored.searchText &&
    body.preview === stored.preview;
  return same ? undefined : body;
}
