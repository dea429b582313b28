import { isAsciiLabel } from './charset-labels.ts';
import { decodeUtf7 } from './utf7-text.ts';

// Q words with a space in them are wrong (RFC 2047 §5) but common, and every reader takes them.
const WORD = /=\?([^?\s]+)\?([BbQq])\?([^?]*)\?=/g;
/** Encoded words with nothing but whitespace between them, which is no text (RFC 2047 §6.2). */
const RUN = new RegExp(`${WORD.source}(?:\\s*${WORD.source})*`, 'g');

/**
 * Labels TextDecoder does not know but imapflow's decoder (iconv) reads right: DOS and IBM code
 * pages, UTF-7/16/32. Their words are left to it.
 */
const OTHERS_READ = /^(?:x-)?(?:cp|ibm|dos|ms)?-?\d{3,5}$|^(?:x-)?(?:utf-?(?:7|16|32)|ucs-?[24])/;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const cp1252 = new TextDecoder('windows-1252');

/** "UTF-8*de" names UTF-8 with a language (RFC 2231 §5). */
const labelOf = (charset: string) => charset.replace(/\*.*$/, '').trim().toLowerCase();

function knownEncoding(label: string): string | undefined {
  if (isAsciiLabel(label)) return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

function isUtf8(bytes: Buffer): boolean {
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * As bodies are read: by the label where a decoder knows it; an ASCII label (a lie over 8-bit
 * bytes) or one nobody knows as UTF-8 where the bytes are UTF-8, else as Windows-1252.
 */
function decodeBytes(bytes: Buffer, label: string): string {
  if (/^(?:x-)?(?:unicode-1-1-)?utf-?7$/.test(label)) return decodeUtf7(bytes.toString('latin1'));
  const encoding = knownEncoding(label);
  if (encoding) return new TextDecoder(encoding).decode(bytes);
  return isUtf8(bytes) ? bytes.toString('utf8') : cp1252.decode(bytes);
}

/** One word's bytes on its own: a word without its padding is still a whole word. */
function wordBytes(encoding: string, payload: string): Buffer {
  if (encoding.toUpperCase() === 'B') {
    let base64 = payload.replace(/[^A-Za-z0-9+/]/g, '');
    if (base64.length % 4 === 1) base64 = base64.slice(0, -1);
    return Buffer.from(base64, 'base64');
  }
  const text = payload
    .replace(/_/g, ' ')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(text, 'latin1');
}

interface Word {
  label: string;
  /** The label's encoding, so that "utf8" and "UTF-8" count as one. */
  same: string;
  encoding: string;
  payload: string;
}

function wordsOf(run: string): Word[] {
  return [...run.matchAll(WORD)].map(([, charset, encoding, payload]) => {
    const label = labelOf(charset!);
    return { label, same: knownEncoding(label) ?? label, encoding: encoding!, payload: payload! };
  });
}

/**
 * Each word is decoded to bytes on its own, and the bytes of neighbours in the same charset
 * are read together: a sender may split one character over two words.
 */
function decodeRun(run: string): string {
  let text = '';
  let group: Word[] = [];
  const flush = () => {
    if (!group.length) return;
    const bytes = Buffer.concat(group.map((w) => wordBytes(w.encoding, w.payload)));
    text += decodeBytes(bytes, group[0]!.label);
    group = [];
  };
  for (const word of wordsOf(run)) {
    if (group.length && group[0]!.same !== word.same) flush();
    group.push(word);
  }
  flush();
  return text;
}

export function decodeWords(value: string): string {
  return value.replace(RUN, decodeRun);
}

/**
 * Each run of encoded words as one UTF-8 word holding our reading of it, for a parser that
 * decodes words itself (inside an address list, where only it knows what is a name).
 */
export function cleanWords(value: string): string {
  return value.replace(RUN, (run) => {
    const text = decodeRun(run);
    return text ? `=?utf-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=` : '';
  });
}

/**
 * Words that imapflow's decoder, which made the ENVELOPE's fields, reads wrong. It joins the
 * base64 of neighbouring B words before decoding, which garbles all after a word without its
 * padding; and it reads bytes that are not UTF-8 under a label it does not know (or under an
 * ASCII label) as U+FFFD.
 */
export function misreadWords(value: string): boolean {
  for (const [run] of value.matchAll(RUN)) {
    const words = wordsOf(run);
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      const next = words[i + 1];
      const isB = word.encoding.toUpperCase() === 'B';
      const unpadded = word.payload.replace(/\s/g, '').length % 4 !== 0;
      if (isB && unpadded && next?.encoding.toUpperCase() === 'B' && next.same === word.same)
        return true;
      const unread =
        isAsciiLabel(word.label) || (!knownEncoding(word.label) && !OTHERS_READ.test(word.label));
      if (unread && !isUtf8(wordBytes(word.encoding, word.payload))) return true;
    }
  }
  return false;
}
