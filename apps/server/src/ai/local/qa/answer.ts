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
// "am 15." (a day of the month), "bis zum 30. November", "15:00", "Montag", "tomorrow".
const TIME_CUE =
  /\bam \d{1,2}\.(?=\s|$)|\b(\d{1,2}[:.]\d{2}\s*(a\.?m\.?|p\.?m\.?|uhr)?|\d{1,2}\s*(a\.?m\.?|p\.?m\.?|uhr)|monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|tomorrow|morgen|today|heute|january|february|march|april|may|june|july|august|september|october|november|december|januar|februar|märz|juni|juli|oktober|dezember|\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?)\b/i;
const EVENT_CUE =
  /\b(meeting|conference|party|lunch|dinner|call|presentation|training|session|workshop|seminar|celebration|event|ceremony|outage|termin|treffen|besprechung|konferenz|feier|sitzung|schulung|veranstaltung|ausfall)\b/i;
const PLACE_CUE = /\b(at|in|room|building|floor|im|in der|raum|gebäude|stock)\s+[A-Z0-9ÄÖÜ][\w-]*/;
const NAME = /\b([A-ZÄÖÜ][a-zäöüß]+(?:\s+[A-Z]\.)?(?:\s+[A-ZÄÖÜ][a-zäöüß]+)+)\b/g;

// A deadline: "bis zum 30. November", "spätestens am", "by Friday", "due".
const DEADLINE_CUE =
  /\b(bis(?: zum| spätestens)?|spätestens|frist|fällig|by|until|due|deadline)\b/i;
// A sum of money: "249,90 €", "EUR 1.200", "$35", "39,95 Euro".
const MONEY = /(?:€|EUR|USD|\$)\s?\d[\d.,]*|\d[\d.,]*\s?(?:€|EUR|Euro|USD|\$|dollars?)(?!\p{L})/iu;
// An identifier: a run of six or more digits, or letters and digits mixed ("AB-123456").
const IDENTIFIER = /\b(?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{5,}\b/;
// A closing or a bare salutation is never an answer ("Mit freundlichen Grüßen Sanitär Krause").
const CLOSING =
  /^(?:mit )?(?:freundlichen|besten?|vielen?|lieben?|herzlichen?|schönen?)? ?gr(?:ü|ue)(?:ß|ss)(?:e|en)?\b|^(?:lg|mfg|vg|bg)\b|^(?:best |kind |warm )?regards\b|^(?:cheers|thanks|thank you|danke|vielen dank)\W*$|^(?:hallo|hi|hey|moin|servus|guten (?:tag|morgen|abend)|sehr geehrte[rs]?|liebe[rs]?|dear)(?:\s+[\p{L}.' -]{1,40})?,?\W*$/iu;
// "Hallo, der Schreiner hat …": the answer begins after the salutation.
const SALUTATION =
  /^(?:hallo|hi|moin|servus|guten (?:tag|morgen|abend)|sehr geehrte[^,]{0,40}|liebe[rs]? [^,]{1,40}),\s*/i;

const SAYING =
  /\b(geschrieben|geschickt|gesendet|gesagt|gemeint|mitgeteilt|geantwortet|schreibt|schrieb|sagt|sagte|wrote|written|write|writes|said|say|says|told|tell)\b/gi;

/** A text's content words, each with its compound parts ("heizungswartung": heizung, wartung). */
function content(text: string): Map<string, string[]> {
  const words = new Map<string, string[]>();
  let last = '';
  for (const { term, part } of analyzeText(text).terms) {
    if (!part) words.set((last = term), []);
    else words.get(last)?.push(term);
  }
  return words;
}

/** Every term of a text, compound parts included. */
function allTerms(text: string): Set<string> {
  const terms = new Set<string>();
  for (const [word, parts] of content(text)) {
    terms.add(word);
    for (const part of parts) terms.add(part);
  }
  return terms;
}

/**
 * Share of the question's content words that the sentence holds; a compound counts by the share
 * of its parts there ("Heizungswartung" is half in "Wartung Ihrer Heizung" and half again). A word
 * of the mail's subject counts half: the whole mail is about it, so it tells its sentences apart
 * less than the rest ("Wann wird die Telekom-Rechnung abgebucht?" in "Ihre Telekom Rechnung").
 */
function overlap(
  question: Map<string, string[]>,
  sentence: string,
  subject?: Set<string>,
  people?: Set<string>,
): number {
  if (question.size === 0) return 0;
  const terms = allTerms(sentence);
  // "Was hat Thomas … geschrieben?" of a mail Thomas wrote: the mail names him in its header.
  if (people) for (const name of people) terms.add(name);
  let shared = 0;
  let total = 0;
  for (const [word, parts] of question) {
    const weight = subject?.has(word) || parts.some((p) => subject?.has(p)) ? 0.5 : 1;
    total += weight;
    if (terms.has(word)) shared += weight;
    else if (parts.length)
      shared += (weight * parts.filter((part) => terms.has(part)).length) / parts.length;
  }
  return shared / total;
}

/**
 * Whether the mail is linked to the question only by a part of one of its compounds: the tiler's
 * "Termin" to "Wann ist der Zahnarzttermin bei Dr. Hoffmann?". That is no answer; a mail that
 * holds a word of the question, or a compound with all of its parts ("Heizungswartung" in
 * "Wartung Ihrer Heizung"), or none of its words at all ("When does the event take place?" of
 * the mail it was asked about) is judged by its sentences as before.
 */
function onlyPartlyNamed(question: Map<string, string[]>, mail: QaMail): boolean {
  const text = `${mail.subject}\n${mail.body}`.toLowerCase();
  const has = (term: string) => term.length >= 3 && text.includes(term);
  let partly = false;
  for (const [word, parts] of question) {
    if (has(word) || (parts.length > 0 && parts.every(has))) return false;
    if (parts.some(has)) partly = true;
  }
  return partly;
}

const personText = (person: Person) => person.name.trim() || person.address;

function bestSentence(
  mail: QaMail,
  question: Map<string, string[]>,
  test?: RegExp,
  bonus?: RegExp,
  /** Only sentences that have the bonus's cue too. */
  required = false,
  /** Names the mail's header holds, matched in every sentence (see overlap). */
  people?: Set<string>,
) {
  let best: { sentence: string; score: number; overlap: number } | null = null;
  const subject = allTerms(mail.subject);
  for (const sentence of splitSentences(mail.body)) {
    if (CLOSING.test(sentence)) continue;
    if (test && !test.test(sentence)) continue;
    if (required && bonus && !bonus.test(sentence)) continue;
    const shared = overlap(question, sentence, subject, people);
    const score = shared + (test ? 0.3 : 0) + (bonus?.test(sentence) ? 0.2 : 0);
    if (!best || score > best.score) best = { sentence, score, overlap: shared };
  }
  return best;
}

/** The sentence as an answer: without the salutation it may begin with. */
const asAnswer = (sentence: string) => {
  const text = sentence.replace(SALUTATION, '');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : sentence;
};

function answerOfType(
  type: QuestionType,
  question: string,
  mail: QaMail,
): Omit<Answer, 'mailId'> | null {
  // "Was hat Thomas zum Umbau geschrieben?": the verb of saying is not what the answer says.
  const terms = content(question.replace(SAYING, ' '));
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
    case 'number': {
      const found = bestSentence(mail, terms, IDENTIFIER);
      const id = found?.sentence.match(IDENTIFIER)?.[0];
      return found && id ? { text: id, quote: found.sentence, score: 0.5 + found.score / 2 } : null;
    }
    case 'amount': {
      const found = bestSentence(mail, terms, MONEY);
      return found
        ? { text: asAnswer(found.sentence), quote: found.sentence, score: 0.5 + found.score / 2 }
        : null;
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
      // "Bis wann …?" asks for a deadline: a sentence with a time that says "bis" or
      // "spätestens", where the mail has one.
      const deadline = type === 'when' && /^\s*(bis wann|by when|until when)\b/i.test(question);
      const found =
        (deadline ? bestSentence(mail, terms, TIME_CUE, DEADLINE_CUE, true) : null) ??
        bestSentence(mail, terms, type === 'when' ? TIME_CUE : PLACE_CUE);
      return found && !onlyPartlyNamed(terms, mail)
        ? { text: asAnswer(found.sentence), quote: found.sentence, score: 0.3 + found.score }
        : null;
    }
    case 'event': {
      // Only a mail that names an occasion describes an event; a status note does not.
      const found = bestSentence(mail, terms, EVENT_CUE);
      return found
        ? { text: asAnswer(found.sentence), quote: found.sentence, score: 0.5 + found.score / 2 }
        : null;
    }
    case 'open': {
      // "Was hat Thomas geschrieben?": with the names of the mail's people taken out nothing is
      // left to look for, so the mail's first sentence of substance answers.
      const names = new Set(
        people.flatMap((p) => [
          ...content(`${p.name} ${p.address.split('@')[0]!.replace(/[._-]/g, ' ')}`).keys(),
        ]),
      );
      const asksWhatWasSaid = new RegExp(SAYING.source, 'i').test(question);
      if (asksWhatWasSaid && terms.size > 0 && [...terms.keys()].every((w) => names.has(w))) {
        const first = splitSentences(mail.body).find((sentence) => !CLOSING.test(sentence));
        return first ? { text: asAnswer(first), quote: first, score: 0.5 } : null;
      }
      const found = bestSentence(
        mail,
        terms,
        undefined,
        undefined,
        false,
        asksWhatWasSaid ? names : undefined,
      );
      return found && found.score > 0
        ? { text: asAnswer(found.sentence), quote: found.sentence, score: found.score }
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
