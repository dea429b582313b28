import { BUILT_IN_LEXICON, splitCompound, type Lexicon } from '../../ai/local/text/compound.ts';
import { stem } from '../../ai/local/text/stem.ts';
import { STOP_WORDS } from '../../ai/local/text/stopwords.ts';
import { REPLY_QUOTE } from '../mime/parse-message.ts';
import { htmlToQuotedText, htmlToText } from '../mime/plain-text.ts';
import { ownText } from '../mime/reply-text.ts';

/** What the indexer reads of a message, beyond what its SQL turns into lexemes by itself. */
export interface IndexSource {
  subject: string | null;
  /** The text part (or the text made from the HTML where there is none). */
  bodyText: string | null;
  /** The words the vector indexes as the mail's own (coalesce(search_text, body_text), forwards). */
  ownText: string;
  bodyHtml: string | null;
  fileNames: string;
}

/** Words the SQL cannot derive: compound parts (subject, body) and the HTML part's own words. */
export interface ExtraWords {
  /** Compound parts of the subject's words, indexed with the subject (weight A). */
  subject: string;
  /** Words only the HTML part has, and compound parts of the mail's words (weight C). */
  body: string;
}

/** The indexer never reads more than this of a text; a tsvector holds at most 1 MB. */
export const MAX_EXTRA_CHARS = 100_000;
/** Long enough that a word can be two words; "Abteilung" is, "Termin" is not. */
const MIN_COMPOUND = 8;
/** A head shorter than this ("amt", "tag") would make too many words "compounds". */
const MIN_HEAD = 4;
const MIN_MODIFIER = 3;
const MAX_CACHED = 100_000;
/** Longer "words" are codes and tracking ids; the splitter's cost grows with the cube of the length. */
const MAX_COMPOUND = 40;
const cache = new Map<string, readonly string[]>();

/**
 * The parts of a German compound a search should find it by: "jahresabrechnung" → jahr,
 * abrechnung (the AI engine's splitter, ai/local/text/compound.ts). Where the splitter cannot
 * explain the first part ("zalandobestellung", "haftpflichtversicherung"), the longest known
 * last part still counts: German compounds name their kind last, and that is what is searched.
 */
export function compoundParts(
  word: string,
  lexicon: Lexicon = BUILT_IN_LEXICON,
): readonly string[] {
  if (word.length < MIN_COMPOUND || word.length > MAX_COMPOUND) return [];
  let parts = cache.get(word);
  if (parts) return parts;
  parts = splitCompound(word, lexicon);
  if (parts.length === 0 && lexicon.frequency(stem(word, 'de')) === 0) {
    for (let cut = MIN_MODIFIER; cut <= word.length - MIN_HEAD; cut++) {
      const head = word.slice(cut);
      if (STOP_WORDS.de.has(head) || lexicon.frequency(stem(head, 'de')) === 0) continue;
      // "Zinsberechnung" is Zins + Berechnung, which is no Rechnung: a verb's prefix before the
      // head makes it another word.
      if (VERB_PREFIX.test(word.slice(0, cut))) continue;
      parts = [lexicon.surface(stem(head, 'de')) ?? head];
      break;
    }
  }
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(word, parts);
  return parts;
}

const VERB_PREFIX = /(?:be|ge|ver|zer|ent|emp)$/;

const LETTERS = /\p{L}{8,}/gu;

/** Every compound part of the text's words that the text does not already have as a word. */
function partsOf(text: string, known: Set<string>): string[] {
  const found = new Set<string>();
  for (const match of text.toLowerCase().matchAll(LETTERS)) {
    for (const part of compoundParts(match[0])) if (!known.has(part)) found.add(part);
  }
  return [...found];
}

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** A token of running text without the punctuation around it ("(Gutschein-Code:" → "Gutschein-Code"). */
const trimmed = (token: string) => token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/**
 * The words of the HTML part that its text part lacks. Newsletters send a shortened text part
 * beside the full HTML; the reader sees the HTML, so search must find its words. Deduplicated
 * against the text part: a mail whose two parts say the same adds nothing to the index. A reply's
 * quote in a <blockquote> is cut off, as it is from the text part.
 */
export function htmlOnlyWords(bodyHtml: string, bodyText: string): string {
  const html = bodyHtml.slice(0, MAX_EXTRA_CHARS * 4);
  const text = REPLY_QUOTE.test(html) ? ownText(htmlToQuotedText(html)) : htmlToText(html);
  if (text === bodyText) return '';
  const have = wordsOf(bodyText);
  const extra = new Set<string>();
  for (const token of text.slice(0, MAX_EXTRA_CHARS).split(/\s+/)) {
    const word = trimmed(token);
    if (!word) continue;
    // A token counts as new only if one of its words is ("Gutschein-Code" when "Code" is known).
    const parts = word.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    if (parts.some((p) => !have.has(p))) extra.add(word);
  }
  return [...extra].join(' ');
}

/** What the indexer adds to the vector the SQL builds from the stored columns. */
export function extraWords(source: IndexSource): ExtraWords {
  const subject = source.subject ?? '';
  const bodyText = source.bodyText ?? '';
  const fromHtml = source.bodyHtml && bodyText ? htmlOnlyWords(source.bodyHtml, bodyText) : '';
  const own = `${source.ownText.slice(0, MAX_EXTRA_CHARS)}\n${fromHtml}\n${source.fileNames}`;
  const subjectParts = partsOf(subject, wordsOf(subject));
  const bodyParts = partsOf(own, wordsOf(own));
  // Well-formed: a lone surrogate (cut by slice, or from a broken entity) would make the JSON the
  // indexer sends invalid for jsonb, and with it the whole chunk, every time it is tried.
  return {
    subject: subjectParts.join(' ').toWellFormed(),
    body: [fromHtml, ...bodyParts]
      .filter(Boolean)
      .join(' ')
      .slice(0, MAX_EXTRA_CHARS)
      .toWellFormed(),
  };
}
