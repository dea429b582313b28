import { ownText } from '../mail/mime/reply-text.ts';
import type { AiMailRow } from './ai.repository.ts';
import { splitSentences } from './local/qa/sentences.ts';
import { analyzeText } from './local/text/analyze.ts';
import { detectLanguage } from './local/text/language.ts';
import { NO_ANSWER_BUT_TOPIC } from './shared.ts';

/**
 * A question that no passage answers may still be about a mail the user has: "Wann ist das
 * Sommerfest?" where the invitation names no date. "Nichts gefunden" alone would hide the
 * invitation; a user of Gmail or Outlook is shown it. A mail counts as the question's topic only
 * when its own words (not a quote) hold every word the question searched for, so "Wann ist der
 * Zahnarzttermin bei Dr. Hoffmann?" still finds nothing where no mail names both. Returns that
 * mail, best ranked first, with the sentence that holds most of the words (else its subject).
 */
export function mailAbout(
  wording: string,
  mails: readonly AiMailRow[],
): { mail: AiMailRow; quote: string } | undefined {
  for (const mail of mails) {
    const own = ownText(mail.body);
    const language = detectLanguage(`${mail.subject}\n${own.slice(0, 3000)}`);
    const termsOf = (text: string) =>
      new Set(
        analyzeText(text, { language, compounds: false })
          .terms.filter(({ part }) => !part)
          .map(({ term }) => term),
      );
    const asked = [...termsOf(wording)];
    if (asked.length === 0) return undefined;
    const has = termsOf(`${mail.subject}\n${own}`);
    if (!asked.every((term) => has.has(term))) continue;
    let quote = mail.subject;
    let most = 0;
    for (const sentence of splitSentences(own)) {
      const words = termsOf(sentence);
      const count = asked.filter((term) => words.has(term)).length;
      if (count > most) [quote, most] = [sentence, count];
    }
    return { mail, quote };
  }
  return undefined;
}

/** The answer beside such a mail: no answer, and where the topic is. */
export function topicOnlyAnswer(mail: AiMailRow): string {
  return `${NO_ANSWER_BUT_TOPIC} Darum geht es in „${mail.subject}“ von ${mail.fromName || mail.fromAddress}.`;
}
