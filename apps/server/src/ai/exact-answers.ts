import { sql, type SQL } from 'drizzle-orm';
import type { AiMailRow, AiRepository } from './ai.repository.ts';
import type { ParsedQuery } from './local/query/parse-query.ts';
import { queryConditions } from './mail-filters.ts';
import { DEFAULT_TIME_ZONE, germanDateFormat } from '../lib/time-zone.ts';
import { NOTHING_FOUND, type QuestionResult } from './shared.ts';

/**
 * Counting and listing questions ("Wie viele Mails hat mir Thomas im Oktober geschrieben?",
 * "Welche Rechnungen sind noch offen?") are the database's job: the answer is exact over all of
 * the user's mail, never a guess from the few mails a ranking retrieved.
 */

const COUNTING = /\b(wie ?viele|wieviele|how many|anzahl)\b/i;
const LISTING_VERB = new RegExp(
  [
    String.raw`^\s*(liste|listen sie|zeig|zeige|zeigen sie|nenn|nenne|nennen sie|list|show)\b`,
    String.raw`^\s*(welche|which)\s+[\p{L}-]+\s+(sind|waren|haben|hatten|kamen|kommen|stehen|gibt es|habe ich|hab ich|bekam ich|are|were)\b`,
    // "Welche Rechnungen muss ich (noch) bezahlen?": the open ones.
    String.raw`^\s*welche\s+[\p{L}-]+\s+(muss|müssen|soll|sollte)\s+(ich|wir)\s+(noch\s+)?(be)?zahlen\b`,
    // "Was habe ich gestern bekommen?", "Was kam heute?", "Was ist seit Montag eingegangen?"
    String.raw`^\s*was\s+(habe|hab)\s+ich\b.*\b(bekommen|erhalten)\b`,
    String.raw`^\s*was\s+(kam|kamen)\b`,
    String.raw`^\s*was\s+ist\b.*\b(gekommen|eingegangen|angekommen|reingekommen)\b`,
  ].join('|'),
  'iu',
);
/** "noch offen", "unbezahlt": the invoices (mails naming a sum) that do not say they are paid or debited. */
const OPEN =
  /\b(noch\s+)?(offen(e|en)?|unbezahlt(e|en)?|ausstehend(e|en)?|unpaid|outstanding|still open|open|(muss|müssen|soll|sollte)\s+(ich|wir)\s+(noch\s+)?(be)?zahlen)\b/giu;
const PAID =
  /(bereits bezahlt|ist bezahlt|wurde bezahlt|zahlung (ist )?(bei uns )?eingegangen|zahlungseingang|vielen dank für ihre zahlung|abgebucht|lastschrift|beglichen|has been paid|payment received|thank you for your payment)/i;
/** Words of a question that name no topic. */
const FILLER = new Set(
  (
    'wie viele wieviele how many anzahl mir mich ich habe hab hat haben hatte hatten sind ist waren ' +
    'war welche welcher welches which liste listen zeig zeige zeigen nenn nenne nennen sie alle ' +
    'all the die der das den dem des ein eine einen es gibt gab noch bisher schon list show are ' +
    'were have did is was any my mein meine meinen e-mail e-mails email emails mail mails ' +
    'nachricht nachrichten message messages mit zu zum zur über ' +
    // "Wann kam die letzte Mail von Thomas?": words of the question, not of the mail.
    'wann when letzte letzten letzter letztes zuletzt neueste neuesten jüngste last latest ' +
    'most recent bekommen erhalten geschrieben gemeldet geantwortet gesendet geschickt did ' +
    'write wrote written hear heard from von kam come came kamen kommen kommt gekommen ' +
    'eingegangen angekommen reingekommen muss müssen soll sollte bezahlen zahlen'
  ).split(' '),
);
const LISTED = 10;

/** "Wann kam die letzte Mail von Thomas?", "Wann hat Thomas mir zuletzt geschrieben?" */
const LATEST =
  /^\s*(wann|when)\b.*\b(letzte[nmrs]?|zuletzt|neueste[nmrs]?|jüngste[nmrs]?|last|latest|most recent)\b/iu;

// …about a mail itself, not "Wann war das letzte Treffen?" (that the mail's text answers).
const ABOUT_MAIL =
  /\b(e-?mails?|nachrichten?|messages?|geschrieben|gemeldet|geantwortet|bekommen|erhalten|gesendet|geschickt|kam|kamen|eingegangen|wrote|written|heard|sent|received|came|arrived)\b/i;

export const isCountingQuestion = (question: string) => COUNTING.test(question);
export const isListingQuestion = (question: string) => LISTING_VERB.test(question);

/**
 * A word's inflected forms share their start: "Rechnungen" finds "Rechnung" and
 * "Mobilfunkrechnung". Endings are cut, not stemmed, so umlauts stay as the mail wrote them.
 */
function wordStem(word: string): string {
  const lower = word.toLowerCase();
  const cut = lower.replace(/(en|er|es|e|n|s)$/u, '');
  return cut.length >= 4 ? cut : lower;
}

function topicWords(text: string): string[] {
  return [
    ...new Set(
      (text.replace(OPEN, ' ').match(/[\p{L}\p{N}][\p{L}\p{N}-]*/gu) ?? [])
        .filter((w) => w.length >= 3 && !FILLER.has(w.toLowerCase()))
        .map(wordStem),
    ),
  ];
}

const containsAll = (words: string[]): SQL =>
  sql`(${sql.join(
    words.map(
      (w) =>
        sql`lower(e.subject || ' ' || coalesce(e.body_text, '')) LIKE ${`%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
    ),
    sql` AND `,
  )})`;

const number = (n: number) => new Intl.NumberFormat('de-DE').format(n);
const mailsWord = (n: number) => (n === 1 ? '1 E-Mail' : `${number(n)} E-Mails`);

/** The first amount of money a mail names ("39,95 €", "EUR 1.200,00"), as written. */
function amountOf(mail: AiMailRow): string | undefined {
  const match =
    /(\d{1,3}(?:\.\d{3})*,\d{2})\s?(?:€|EUR|Euro)(?!\p{L})|(?:€|EUR)\s?(\d{1,3}(?:\.\d{3})*,\d{2})/u.exec(
      `${mail.subject}\n${mail.body}`,
    );
  const value = match?.[1] ?? match?.[2];
  return value ? `${value} €` : undefined;
}

export async function exactAnswer(input: {
  repo: AiRepository;
  userId: string;
  question: string;
  parsed: ParsedQuery;
  source: (mail: AiMailRow, quote: string) => QuestionResult['sources'][number];
  /** The user's zone, in which a date is told (German time when not given). */
  timeZone?: string | undefined;
}): Promise<QuestionResult | undefined> {
  const { repo, userId, question, source } = input;
  if (LATEST.test(question) && ABOUT_MAIL.test(question)) return latestMail(input);
  const counting = isCountingQuestion(question);
  if (!counting && !isListingQuestion(question)) return undefined;
  const open = !counting && new RegExp(OPEN.source, 'iu').test(question);

  // A category the user named but the mail of which is not filed yet ("Rechnungen" before the
  // first categorisation run) is read as the topic word it is.
  // Not so when the question says "Kategorie": then an empty category is the answer.
  let parsed = input.parsed;
  let where = [...queryConditions(parsed), ...topicCondition(parsed.text)];
  let n = await repo.count(userId, where);
  let interpretation = parsed.interpretation;
  if (n === 0 && parsed.category && !/\bkategorie\b/i.test(question)) {
    const name = parsed.category;
    parsed = { ...parsed, category: null, text: `${parsed.text} ${name}` };
    where = [...queryConditions(parsed), ...topicCondition(parsed.text)];
    n = await repo.count(userId, where);
    // What was counted: the word in the mail, not the category.
    interpretation = interpretation.replace(`in der Kategorie ${name}`, `„${name}“ im Text`);
  }
  const about =
    interpretation
      .replace(/^Gesucht:\s*/, '')
      .replace(/^alle E-Mails · /, '')
      .replace(new RegExp(OPEN.source, 'giu'), '')
      .replace(/\s+/g, ' ')
      .replace(/^[\s·]+|[\s·]+$/g, '')
      .replace(/\s*·\s*·\s*/g, ' · ') || 'alle E-Mails';
  // A listing with words no mail holds together may be a question the text answers ("Was kam
  // bei der Untersuchung heraus?"): the ranked answer tries it. A count of nothing is the answer.
  if (n === 0 && !counting && topicWords(parsed.text).length > 0) return undefined;
  if (n === 0) return { answer: NOTHING_FOUND, sources: [] };

  if (counting) {
    const mails = await repo.mails({ userId, where, limit: 5 });
    return {
      answer: `Ich habe ${mailsWord(n)} gefunden (${about}).`,
      sources: mails.map((m) => source(m, m.subject)),
    };
  }

  // Open invoices: at most a few hundred candidates are read to tell paid from open.
  let mails = await repo.mails({ userId, where, limit: open ? 500 : LISTED });
  let paid = 0;
  if (open) {
    // An invoice names its sum; a mail that merely says "Berechnung" is none.
    const invoices = mails.filter((m) => amountOf(m) !== undefined);
    const unpaid = invoices.filter((m) => !PAID.test(`${m.subject}\n${m.body}`));
    paid = invoices.length - unpaid.length;
    n = unpaid.length;
    mails = unpaid.slice(0, LISTED);
    if (n === 0)
      return {
        answer: `In ${mailsWord(paid)} (${about}) steht, dass bezahlt oder abgebucht wird: offen ist davon nach Ihren E-Mails nichts.`,
        sources: [],
      };
  }
  const lines = mails.map((m) => {
    const amount = amountOf(m);
    return `• ${m.subject || '(kein Betreff)'} – ${m.fromName || m.fromAddress}${amount ? `, ${amount}` : ''}`;
  });
  const more = n > mails.length ? `\n… und ${number(n - mails.length)} weitere.` : '';
  const head = open
    ? `${mailsWord(n)} ohne Hinweis auf Zahlung oder Abbuchung (${about}${paid ? `; ${mailsWord(paid)} als bezahlt oder abgebucht nicht mitgezählt` : ''}):`
    : `Ich habe ${mailsWord(n)} gefunden (${about}):`;
  return {
    answer: `${head}\n${lines.join('\n')}${more}`,
    sources: mails.map((m) => source(m, m.subject)),
  };
}

function topicCondition(text: string): SQL[] {
  const words = topicWords(text);
  return words.length ? [containsAll(words)] : [];
}

/**
 * When the newest mail of a sender (or to a recipient, or on a topic) came: the database's
 * newest by date, not the best-ranked. Told in the user's zone.
 */
async function latestMail(input: Parameters<typeof exactAnswer>[0]): Promise<QuestionResult> {
  const { repo, userId, parsed, source } = input;
  const where = [...queryConditions(parsed), ...topicCondition(parsed.text)];
  const [mail] = await repo.mails({ userId, where, limit: 1 });
  if (!mail) return { answer: NOTHING_FOUND, sources: [] };
  const when = germanDateFormat(input.timeZone ?? DEFAULT_TIME_ZONE, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(mail.date)
    .replace(/(\d{2}:\d{2})$/, '$1 Uhr');
  const who = parsed.senders.length
    ? ` von ${mail.fromName || mail.fromAddress}`
    : parsed.recipients.length
      ? ` an ${parsed.recipients.map((r) => r.text.replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase())).join(', ')}`
      : '';
  return {
    answer: `Die letzte E-Mail${who} kam am ${when}: „${mail.subject || '(kein Betreff)'}“.`,
    sources: [source(mail, mail.subject)],
  };
}
