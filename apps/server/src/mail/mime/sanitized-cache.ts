import { sanitizeMailHtml, type SanitizedHtml } from './sanitize-html.ts';

/** Below this, sanitising takes a few milliseconds: not worth the memory. */
const MIN_LENGTH = 64 * 1024;
/** Characters of sanitised HTML kept in all (UTF-16: about twice as many bytes). */
const BUDGET = 16 * 1024 * 1024;

const entries = new Map<string, SanitizedHtml>();
let held = 0;

/**
 * A stored mail's HTML never changes, yet it is sanitised at every opening: a 2 MB newsletter
 * held the API thread for over a second each time it was opened. The largest results are kept,
 * least recently used first out. The key holds the row id (a row is one stored message) and the
 * length, so that a row whose body was read again (a re-fetched message) is sanitised anew.
 */
export function sanitizeStoredHtml(
  rowId: number,
  html: string,
  options: { allowRemote: boolean },
): SanitizedHtml {
  if (html.length < MIN_LENGTH) return sanitizeMailHtml(html, options);
  const key = `${rowId}:${html.length}:${options.allowRemote ? 1 : 0}`;
  const hit = entries.get(key);
  if (hit) {
    entries.delete(key);
    entries.set(key, hit);
    return hit;
  }
  const result = sanitizeMailHtml(html, options);
  if (result.html.length > BUDGET / 4) return result;
  entries.set(key, result);
  held += result.html.length;
  for (const [oldest, value] of entries) {
    if (held <= BUDGET) break;
    entries.delete(oldest);
    held -= value.html.length;
  }
  return result;
}
