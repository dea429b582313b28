import { DEFAULT_TIME_ZONE } from '../../lib/time-zone.ts';

/** A field operator's value: words to find in that field, as a phrase when it was quoted. */
export interface FieldTerm {
  text: string;
  phrase: boolean;
}

/** What a search box's text asks for: words, phrases, and operators (ADR 0016). */
export interface SearchQuery {
  /** Everything that is no operator, as typed (searchTerms makes prefixes of it). */
  words: string;
  /** "quoted phrases": these words in this order. */
  phrases: string[];
  from: FieldTerm[];
  to: FieldTerm[];
  subject: FieldTerm[];
  hasAttachment?: boolean;
  read?: boolean;
  flagged?: boolean;
  /** Mail dated before the start of this day (exclusive). */
  before?: Date;
  /** Mail dated on or after the start of this day. */
  after?: Date;
  /** A folder by its name, path or the name the app shows ("Posteingang"). */
  folder?: string;
}

/** before:/after: with something that is no date; the route answers 400 with a German message. */
export class SearchDateError extends Error {
  readonly value: string;
  constructor(value: string) {
    super(`not a date: ${value}`);
    this.name = 'SearchDateError';
    this.value = value;
  }
}

type Operator = 'from' | 'to' | 'subject' | 'has' | 'is' | 'before' | 'until' | 'after' | 'in';

// English as Gmail and Thunderbird spell them, German as a German user would guess.
const OPERATORS: Record<string, Operator> = {
  from: 'from',
  von: 'from',
  absender: 'from',
  to: 'to',
  an: 'to',
  cc: 'to',
  empfänger: 'to',
  subject: 'subject',
  betreff: 'subject',
  has: 'has',
  hat: 'has',
  mit: 'has',
  is: 'is',
  ist: 'is',
  before: 'before',
  vor: 'before',
  // "bis 1.10." includes the first of October; "before:" (Gmail's) does not.
  bis: 'until',
  after: 'after',
  nach: 'after',
  seit: 'after',
  ab: 'after',
  in: 'in',
  im: 'in',
  ordner: 'in',
  folder: 'in',
};

const ATTACHMENT = new Set(['attachment', 'attachments', 'anhang', 'anhänge', 'anlage', 'anlagen']);
const STATES: Record<string, Partial<Pick<SearchQuery, 'read' | 'flagged'>>> = {
  unread: { read: false },
  ungelesen: { read: false },
  read: { read: true },
  gelesen: { read: true },
  flagged: { flagged: true },
  starred: { flagged: true },
  markiert: { flagged: true },
  unflagged: { flagged: false },
  unmarkiert: { flagged: false },
};

/** key:"quoted value" | key:value | "quoted phrase" | anything else up to a space. */
const TOKEN = /([\p{L}]+):"([^"]*)"?|([\p{L}]+):([^\s"]+)|"([^"]*)"?|(\S+)/gu;

/**
 * The search box's text, its operators taken out. An operator this does not know ("label:x"), or
 * a known one with a value it does not understand ("is:wichtig"), stays in the text as words, as
 * does anything without an operator. Only a date that is none is refused: "before:morgen"
 * silently ignored would list all mail.
 */
export function parseSearch(text: string, timeZone = DEFAULT_TIME_ZONE): SearchQuery {
  const query: SearchQuery = { words: '', phrases: [], from: [], to: [], subject: [] };
  const words: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const [whole, quotedKey, quotedValue, key, value, phrase, word] = match;
    if (word !== undefined) {
      words.push(word);
      continue;
    }
    if (phrase !== undefined) {
      if (phrase.trim()) query.phrases.push(phrase.trim());
      continue;
    }
    const operator = OPERATORS[(quotedKey ?? key)!.toLocaleLowerCase('de')];
    const raw = (quotedValue ?? value ?? '').trim();
    if (!operator || !raw || !apply(query, operator, raw, quotedValue !== undefined, timeZone))
      words.push(whole.replace(/"/g, ' '));
  }
  query.words = words.join(' ').trim();
  return query;
}

function apply(
  query: SearchQuery,
  operator: Operator,
  value: string,
  quoted: boolean,
  timeZone: string,
): boolean {
  const lower = value.toLocaleLowerCase('de');
  switch (operator) {
    case 'from':
    case 'to':
    case 'subject':
      query[operator].push({ text: value, phrase: quoted });
      return true;
    case 'has':
      if (!ATTACHMENT.has(lower)) return false;
      query.hasAttachment = true;
      return true;
    case 'is': {
      const state = STATES[lower];
      if (!state) return false;
      Object.assign(query, state);
      return true;
    }
    case 'before':
    case 'until':
    case 'after': {
      const start = parseDay(value, timeZone);
      if (!start) throw new SearchDateError(value);
      const day = operator === 'until' ? nextDay(value, timeZone)! : start;
      const field = operator === 'after' ? 'after' : 'before';
      // Two of one kind narrow: the earlier "before", the later "after".
      const current = query[field];
      if (!current || (field === 'before' ? day < current : day > current)) query[field] = day;
      return true;
    }
    case 'in':
      query.folder = value;
      return true;
  }
}

/**
 * The start of a calendar day in the given zone, from "2026-10-01", "1.10.2026", "01.10.26" or
 * "2026/10/01"; undefined for anything else or a day no calendar has (31.2.2026).
 */
export function parseDay(text: string, timeZone = DEFAULT_TIME_ZONE): Date | undefined {
  let year: number, month: number, day: number;
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text);
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(text);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (german) {
    [day, month, year] = [Number(german[1]), Number(german[2]), Number(german[3])];
    // "01.10.26" is 2026, "24.12.99" is 1999: mail from before 1970 does not exist.
    if (german[3]!.length === 2) year += year < 70 ? 2000 : 1900;
  } else return undefined;
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day)
    return undefined;
  return startOfDay(year, month, day, timeZone);
}

/** The start of the day after the given one, in the zone. */
function nextDay(text: string, timeZone: string): Date | undefined {
  const start = parseDay(text, timeZone);
  if (!start) return undefined;
  // Noon of the next day, whatever the zone's offset, names that day.
  const noon = new Date(start.getTime() + 36 * 3_600_000);
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone })
    .format(noon)
    .split('-')
    .map(Number) as [number, number, number];
  return startOfDay(year, month, day, timeZone);
}

/** Midnight of that day in the zone, as an instant: UTC midnight moved by the zone's offset. */
export function startOfDay(year: number, month: number, day: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day);
  const offset = (at: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date(at));
    const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    return (
      Date.UTC(
        get('year'),
        get('month') - 1,
        get('day'),
        get('hour'),
        get('minute'),
        get('second'),
      ) - at
    );
  };
  // Twice: the offset at midnight may differ from the one at UTC midnight on a changeover day.
  const first = guess - offset(guess);
  return new Date(guess - offset(first));
}

/** True when the query asks for anything at all beyond its plain words. */
export function hasOperators(query: SearchQuery): boolean {
  return (
    query.phrases.length > 0 ||
    query.from.length > 0 ||
    query.to.length > 0 ||
    query.subject.length > 0 ||
    query.hasAttachment !== undefined ||
    query.read !== undefined ||
    query.flagged !== undefined ||
    query.before !== undefined ||
    query.after !== undefined ||
    query.folder !== undefined
  );
}
