import { GERMAN_WORDS } from './german-lexicon.ts';
import { stem } from './stem.ts';
import { STOP_WORDS } from './stopwords.ts';

/** How often a word (by its German stem) stands alone: from the built-in list and the mailbox. */
export interface Lexicon {
  frequency(wordStem: string): number;
  /** The word's shortest form seen ("kunde" for "kund"), to name a part as a reader would. */
  surface(wordStem: string): string | undefined;
}

const BUILT_IN = new Map<string, string>();
for (const word of GERMAN_WORDS.split(/\s+/).filter(Boolean)) {
  const key = stem(word, 'de');
  const seen = BUILT_IN.get(key);
  if (!seen || word.length < seen.length) BUILT_IN.set(key, word);
}
const BUILT_IN_FREQUENCY = 5;

export const BUILT_IN_LEXICON: Lexicon = {
  frequency: (wordStem) => (BUILT_IN.has(wordStem) ? BUILT_IN_FREQUENCY : 0),
  surface: (wordStem) => BUILT_IN.get(wordStem),
};

/**
 * A lexicon from running text: every German word of four letters or more that is not a function
 * word counts by its stem. Built from the mailbox, it lets "Zalandobestellung" split even though
 * "zalando" is in no list.
 */
export function buildLexicon(wordLists: Iterable<readonly string[]>, minCount = 2): Lexicon {
  const counts = new Map<string, number>();
  const forms = new Map<string, string>();
  for (const list of wordLists) {
    for (const word of list) {
      if (word.length < 4 || STOP_WORDS.de.has(word) || /\d/.test(word)) continue;
      const key = stem(word, 'de');
      counts.set(key, (counts.get(key) ?? 0) + 1);
      const seen = forms.get(key);
      if (!seen || word.length < seen.length) forms.set(key, word);
    }
  }
  for (const [key, count] of counts) if (count < minCount) counts.delete(key);
  return {
    frequency: (wordStem) => (counts.get(wordStem) ?? 0) + BUILT_IN_LEXICON.frequency(wordStem),
    surface: (wordStem) =>
      BUILT_IN.get(wordStem) ?? (counts.has(wordStem) ? forms.get(wordStem) : undefined),
  };
}

// Linking elements between the parts of a compound: Jahr-es-abrechnung, Kunde-n-nummer.
const LINKS = ['', 's', 'es', 'n', 'en', 'e', 'er', 'ens'];
const MIN_PART = 3;
const MIN_WORD = 7;

interface Split {
  parts: string[];
  score: number;
}

function known(part: string, lexicon: Lexicon): number {
  if (part.length < MIN_PART || STOP_WORDS.de.has(part)) return 0;
  return lexicon.frequency(stem(part, 'de'));
}

function bestSplit(word: string, lexicon: Lexicon, depth: number): Split | null {
  let best: Split | null = null;
  for (let cut = MIN_PART; cut <= word.length - MIN_PART; cut++) {
    const head = word.slice(cut);
    const headFrequency = known(head, lexicon);
    const rest = depth > 0 && head.length >= MIN_WORD ? bestSplit(head, lexicon, depth - 1) : null;
    if (headFrequency === 0 && !rest) continue;
    for (const link of LINKS) {
      const left = word.slice(0, cut);
      if (link && !left.endsWith(link)) continue;
      const modifier = left.slice(0, left.length - link.length);
      const modifierFrequency = known(modifier, lexicon);
      if (modifierFrequency === 0) continue;
      // Koehn & Knight (2003): the split whose parts are most frequent, by geometric mean.
      for (const tail of [
        headFrequency > 0 ? { parts: [head], score: Math.log(headFrequency) } : null,
        rest,
      ]) {
        if (!tail) continue;
        const parts = [modifier, ...tail.parts];
        const score = (Math.log(modifierFrequency) + tail.score * tail.parts.length) / parts.length;
        if (
          !best ||
          score > best.score ||
          (score === best.score && parts.length < best.parts.length)
        )
          best = { parts, score };
      }
    }
  }
  return best;
}

/**
 * The parts of a German compound ("jahresabrechnung" → ["jahr", "abrechnung"]), or [] when the
 * word is no compound the lexicon can explain. A word that stands alone more often than its parts
 * ("beinhalten") stays whole.
 */
export function splitCompound(word: string, lexicon: Lexicon = BUILT_IN_LEXICON): string[] {
  if (word.length < MIN_WORD || /[^\p{L}]/u.test(word)) return [];
  const split = bestSplit(word, lexicon, 2);
  if (!split) return [];
  const whole = lexicon.frequency(stem(word, 'de'));
  if (whole > 0 && Math.log(whole) > split.score) return [];
  return split.parts.map((part) => lexicon.surface(stem(part, 'de')) ?? part);
}
