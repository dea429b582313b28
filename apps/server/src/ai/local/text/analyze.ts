import { BUILT_IN_LEXICON, splitCompound, type Lexicon } from './compound.ts';
import { detectLanguage, type Language } from './language.ts';
import { tokenize, type Token } from './normalize.ts';
import { stem } from './stem.ts';
import { isStopWord } from './stopwords.ts';

export interface AnalyzeOptions {
  /** The text's language when the caller knows it; detected otherwise. */
  language?: Language;
  lexicon?: Lexicon;
  /** Compound parts as terms of their own (default true). */
  compounds?: boolean;
}

export interface AnalyzedTerm {
  term: string;
  /** Position of the word in the token list; compound parts share their word's position. */
  position: number;
  /** True for a part of a compound, which counts less than a whole word. */
  part: boolean;
}

const MAX_WORD = 40;

/** The index terms of one token: its stem, and for a German compound the stems of its parts. */
export function termsOfToken(token: Token, language: Language, options: AnalyzeOptions = {}) {
  if (token.kind === 'domain') return [token.text];
  if (token.kind === 'email') {
    // "john.lavorato@enron.com" is also found by "Lavorato".
    const local = token.text.slice(0, token.text.indexOf('@')).split(/[._+-]+/);
    return [token.text, ...local.filter((word) => word.length > 2 && /^\p{L}+$/u.test(word))];
  }
  if (token.kind === 'number') return [];
  const word = token.text;
  if (word.length < 2 || word.length > MAX_WORD || isStopWord(word)) return [];
  const terms = [stem(word, language)];
  if (language === 'de' && options.compounds !== false) {
    for (const part of splitCompound(word, options.lexicon ?? BUILT_IN_LEXICON)) {
      const partStem = stem(part, 'de');
      if (!terms.includes(partStem)) terms.push(partStem);
    }
  }
  return terms;
}

/**
 * Text → stemmed terms in the text's language, without function words, with German compounds
 * also as their parts ("Jahresabrechnung" → jahresabrechn, jahr, abrechn). Search and the
 * classifier both read text through this, so a query and a mail meet on the same terms.
 */
export function analyzeText(text: string, options: AnalyzeOptions = {}) {
  const language = options.language ?? detectLanguage(text);
  const terms: AnalyzedTerm[] = [];
  tokenize(text).forEach((token, position) => {
    termsOfToken(token, language, options).forEach((term, index) =>
      terms.push({ term, position, part: index > 0 }),
    );
  });
  return { language, terms };
}
