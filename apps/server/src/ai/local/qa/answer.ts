import { analyzeText } from '../text/analyze.ts';
import { words } from '../text/normalize.ts';
import { questionType, type QuestionType } from './question-type.ts';
import { splitSentences } from './sentences.ts';

export interface Person {
  name: string;
  address: string;
}

export interface QaMail {
  id: number;
  subject: string;
  /** The mail's text (the author's own words first is best). */
  body: string;
  from: Person;
  to: Person[];
  cc?: Person[];
  attachments?: string[];
}

export interface Answer {
  mailId: number;
  /** The answer itself: a name, an address, a number or a sentence. */
  text: string;
  /** The sentence of the mail it stands in, to quote as the source. */
  quote: string;
  /** 0..1; below ANSWER_THRESHOLD the engine says it found nothing. */
  score: number;
}

/** Below this, "Dazu habe ich in Ihren E-Mails nichts gefunden." is the honest answer. */
export const ANSWER_THRESHOLD = 0.35;

const EMAIL = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)+/g;
const PHONE = /(?:\+|\b)\d[\d ()/.-]{5,}\d\b/g;
const REQUEST =
  /\b(please|could you|can you|would you|let me know|i need|we need|send me|bitte|könnten sie|können sie|kannst du|könntest du|brauche|benötige)\b/i;
const ATTACHMENT_CUE =
  /<<\s*File:|\b(attached|enclosed|attachment|anbei|im anhang|angehängt|beigefügt)\b/i;
const TIME_CUE =
  /\b(\d{1,2}[:.]\d{2}\s*(a\.?m\.?|p\.?m\.?|uhr)?|\d{1,2}\s*(a\.?m\.?|p\.?m\.?|uhr)|monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|tomorrow|morgen|today|heute|january|february|march|april|may|june|july|august|september|october|november|december|januar|februar|märz|juni|juli|oktober|dezember|\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?)\b/i;
const EVENT_CUE =
  /\b(meeting|conference|party|lunch|dinner|call|presentation|training|session|workshop|seminar|celebration|event|ceremony|outage|termin|treffen|besprechung|konferenz|feier|sitzung|schulung|veranstaltung|ausfall)\b/i;
const PLACE_CUE = /\b(at|in|room|building|floor|im|in der|raum|gebäude|stock)\s+[A-Z0-9ÄÖÜ][\w-]*/;
const NAME = /\b([A-ZÄÖÜ][a-zäöüß]+(?:\s+[A-Z]\.)?(?:\s+[A-ZÄÖÜ][a-zäöüß]+)+)\b/g;

const content = (text: string) =>
  new Set(analyzeText(text, { compounds: false }).terms.map((t) => t.term));

/** Share of the question's content words that the sentence holds. */
function overlap(question: Set<string>, sentence: string): number {
  if (question.size === 0) return 0;
  const terms = content(sentence);
  let shared = 0;
  for (const term of question) if (terms.has(term)) shared++;
  return shared / question.size;
}

const personText = (person: Person) => person.name.trim() || person.address;

function bestSentence(mail: QaMail, question: Set<string>, test?: RegExp) {
  let best: { sentence: string; score: number } | null = null;
  for (const sentence of splitSentences(mail.body)) {
    if (test && !test.test(sentence)) continue;
    const score = overlap(question, sentence) + (test ? 0.3 : 0);
    if (!best || score > best.score) best = { sentence, score };
  }
  return best;
}

function answerOfType(
  type: QuestionType,
  question: string,
  mail: QaMail,
): Omit<Answer, 'mailId'> | null {
  const terms = content(question);
  const people = [mail.from, ...mail.to, ...(mail.cc ?? [])];
  switch (type) {
    case 'sender':
      return { text: personText(mail.from), quote: `Von: ${personText(mail.from)}`, score: 0.9 };
    case 'recipient': {
      if (mail.to.length === 0) return null;
      const main = /\bmain\b|\bhaupt/i.test(question);
      const text = (main ? mail.to.slice(0, 1) : mail.to).map(personText).join(', ');
      return { text, quote: `An: ${text}`, score: 0.9 };
    }
    case 'email-address': {
      // Names are matched as written, unstemmed: "Allen" is a German function word, and a
      // surname's stem differs between the languages.
      const named = question.match(/(?:\bof|\bvon|\bfor|\bfür)\s+(.+?)[?.!]*$/i)?.[1] ?? question;
      const wanted = words(named).filter(
        (word) => word.length > 1 && !/^(the|der|die|das)$/.test(word),
      );
      const known = [
        ...people,
        ...[...mail.body.matchAll(EMAIL)].map((m) => ({ name: '', address: m[0] })),
      ];
      for (const person of known) {
        const haystack = new Set(words(`${person.name} ${person.address.replace(/[@._-]/g, ' ')}`));
        const hits = wanted.filter((word) => haystack.has(word)).length;
        if (person.address && hits > 0 && hits >= Math.min(2, wanted.length))
          return { text: person.address, quote: person.address, score: 0.8 };
      }
      return null;
    }
    case 'phone': {
      const found = bestSentence(mail, terms, PHONE);
      PHONE.lastIndex = 0;
      const number = found?.sentence.match(PHONE)?.[0];
      return found && number
        ? { text: number.trim(), quote: found.sentence, score: 0.5 + found.score / 2 }
        : null;
    }
    case 'subject': {
      if (mail.subject.trim())
        return { text: mail.subject.trim(), quote: `Betreff: ${mail.subject.trim()}`, score: 0.8 };
      const first = splitSentences(mail.body)[0];
      return first ? { text: first, quote: first, score: 0.5 } : null;
    }
    case 'attachment': {
      if (mail.attachments?.length)
        return {
          text: mail.attachments.join(', '),
          quote: mail.attachments.join(', '),
          score: 0.9,
        };
      const found = bestSentence(mail, terms, ATTACHMENT_CUE);
      return found
        ? { text: found.sentence, quote: found.sentence, score: 0.4 + found.score / 2 }
        : null;
    }
    case 'request': {
      const found = bestSentence(mail, terms, REQUEST);
      return found
        ? { text: found.sentence, quote: found.sentence, score: 0.5 + found.score / 2 }
        : null;
    }
    case 'mentioned': {
      const own = new Set(people.flatMap((p) => p.name.toLowerCase().split(/\s+/)));
      for (const sentence of splitSentences(mail.body)) {
        for (const match of sentence.matchAll(NAME)) {
          const name = match[1]!;
          if (
            !name
              .toLowerCase()
              .split(/\s+/)
              .every((part) => own.has(part))
          )
            return { text: name, quote: sentence, score: 0.6 };
        }
      }
      return null;
    }
    case 'when':
    case 'where': {
      const found = bestSentence(mail, terms, type === 'when' ? TIME_CUE : PLACE_CUE);
      return found
        ? { text: found.sentence, quote: found.sentence, score: 0.3 + found.score }
        : null;
    }
    case 'event': {
      // Only a mail that names an occasion describes an event; a status note does not.
      const found = bestSentence(mail, terms, EVENT_CUE);
      return found
        ? { text: found.sentence, quote: found.sentence, score: 0.5 + found.score / 2 }
        : null;
    }
    case 'open': {
      const found = bestSentence(mail, terms);
      return found && found.score > 0
        ? { text: found.sentence, quote: found.sentence, score: found.score }
        : null;
    }
  }
}

/** The answer one mail gives to the question, or null when it holds none. */
export function answerFromMail(question: string, mail: QaMail): Answer | null {
  const answer = answerOfType(questionType(question), question, mail);
  return answer && answer.score >= ANSWER_THRESHOLD ? { mailId: mail.id, ...answer } : null;
}

/**
 * The best-supported answer from the retrieved mails (best first): extractive, so it can only
 * say what a mail says, and null — "nothing found" — when no mail supports an answer.
 */
export function answerQuestion(question: string, mails: readonly QaMail[]): Answer | null {
  let best: Answer | null = null;
  mails.forEach((mail, rank) => {
    const answer = answerFromMail(question, mail);
    if (!answer) return;
    // A lower-ranked mail must make a clearly better case than the top one.
    const score = answer.score - rank * 0.05;
    if (!best || score > best.score) best = { ...answer, score };
  });
  return best;
}
