import { words } from './normalize.ts';

export type Language = 'de' | 'en';

// The commonest function words of each language: in any sentence of a few words, several of
// them occur, and almost none is shared ("in" and "so" are, so they are left out).
const GERMAN = new Set(
  'der die das und ist nicht ich sie es ein eine zu den mit auf für von dem sich des auch wir ihr wie aber oder wenn noch bei nach nur werden wird sind haben hat kann schon mir mich uns ihnen sehr dass über im zum zur vom'.split(
    ' ',
  ),
);
const ENGLISH = new Set(
  'the and is not you it of to that for with on are this be have has was were will can your we they my at from by or but if as an our would about what there which their been'.split(
    ' ',
  ),
);

/**
 * German or English, from function words (the first 400 words are plenty) and, as a tie-break,
 * from umlauts and ß. Mail that is neither counts as German, the interface's language.
 */
export function detectLanguage(text: string, fallback: Language = 'de'): Language {
  let de = 0;
  let en = 0;
  for (const word of words(text.slice(0, 4000)).slice(0, 400)) {
    if (GERMAN.has(word)) de++;
    else if (ENGLISH.has(word)) en++;
  }
  if (de === en) return /[äöüß]/i.test(text) ? 'de' : de === 0 ? fallback : 'de';
  return de > en ? 'de' : 'en';
}
