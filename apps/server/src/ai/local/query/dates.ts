import { DEFAULT_TIME_ZONE } from '../../../lib/time-zone.ts';
import { addDays, beginning, day, span, todayIn } from './calendar.ts';
import { TIMES, type Days } from './times.ts';

export interface DateRange {
  /** Inclusive start: the instant the first day begins in the user's zone. */
  from: Date;
  /** Exclusive end: the instant the day after the last begins. */
  to: Date;
  /** German wording for the interpretation ("gestern (24.11.2026)", "Oktober 2026"). */
  label: string;
}

const anchoredCache = new Map<RegExp, RegExp>();
const anchored = (pattern: RegExp) => {
  let result = anchoredCache.get(pattern);
  if (!result)
    anchoredCache.set(pattern, (result = new RegExp(`^(?:${pattern.source})`, pattern.flags)));
  return result;
};

// "Mai" and "May" are also ordinary words: only with "im"/"in", a day or a year with them.
const ORDINARY = /^(mai|may|march|märz)$/i;

/** The time a text begins with, and how long its wording is. */
function timeAt(text: string, today: Date): { days: Days; length: number } | null {
  for (const { pattern, build } of TIMES) {
    const match = anchored(pattern).exec(text);
    if (!match || ORDINARY.test(match[0].trim())) continue;
    const days = build(today, match);
    // A day no calendar has ("31.02.") is no bound of a range: "seit dem 31.02." is not today.
    if (days && days.to > days.from) return { days, length: match[0].length };
  }
  return null;
}

const RANGE = /(?<![\p{L}])(zwischen|between|vom|von|from)\s+(?:dem\s+|der\s+)?/giu;
const RANGE_JOIN =
  /^\s*(?:und|bis(?:\s+einschließlich)?|and|to|until|-|–)\s*(?:zum\s+|zur\s+|dem\s+|der\s+)?/i;
const SINCE = /(?<![\p{L}])(seit|ab|since|after)\s+(?:dem\s+|der\s+|den\s+)?/giu;
const UNTIL =
  /(?<![\p{L}])(bis(?:\s+einschließlich)?|until|before|vor dem|vor der)\s+(?:zum\s+|zur\s+|dem\s+|der\s+)?/giu;
const FIRST_MAIL = day(1970, 0, 1);

interface Found {
  days: Days;
  start: number;
  end: number;
}

/** "zwischen 1. und 15. November", "vom 3.11. bis gestern", "from Monday to Wednesday". */
function findRange(query: string, today: Date): Found | null {
  for (const match of query.matchAll(RANGE)) {
    const at = match.index + match[0].length;
    const first = timeAt(query.slice(at), today);
    // "1. bis 15. November": the first day takes the second's month and year.
    const bare = first
      ? null
      : /^(\d{1,2})\.?(?=\s*(?:und|bis|and|to|-|–)\s)/.exec(query.slice(at));
    const firstLength = first?.length ?? bare?.[0].length;
    if (firstLength === undefined) continue;
    const join = RANGE_JOIN.exec(query.slice(at + firstLength));
    if (!join) continue;
    const secondAt = at + firstLength + join[0].length;
    const second = timeAt(query.slice(secondAt), today);
    if (!second) continue;
    let from = first?.days.from;
    if (!from) {
      const last = second.days.from;
      from = day(last.getUTCFullYear(), last.getUTCMonth(), Number(bare![1]));
      if (from.getUTCMonth() !== last.getUTCMonth()) continue;
    }
    let to = second.days.to;
    if (first && first.days.from > second.days.from) {
      // Given without a year, the first day fell into the year before the second's.
      from = first.days.from;
      to = second.days.to;
    }
    if (to <= from) continue;
    return {
      days: { from, to, label: span(from, to) },
      start: match.index,
      end: secondAt + second.length,
    };
  }
  return null;
}

/** "seit Montag", "ab dem 3.11.", "bis gestern", "vor dem 1. Oktober". */
function findOpen(query: string, today: Date): Found | null {
  for (const match of query.matchAll(SINCE)) {
    const at = match.index + match[0].length;
    const time = timeAt(query.slice(at), today);
    if (!time) continue;
    const after = /^after$/i.test(match[1]!);
    const from = after ? time.days.to : time.days.from;
    const to = addDays(today, 1);
    if (to <= from) continue;
    return {
      days: { from, to, label: `${after ? 'nach' : 'seit'} ${time.days.label}` },
      start: match.index,
      end: at + time.length,
    };
  }
  for (const match of query.matchAll(UNTIL)) {
    const at = match.index + match[0].length;
    const time = timeAt(query.slice(at), today);
    if (!time) continue;
    const before = /^(before|vor)/i.test(match[1]!);
    return {
      days: {
        from: FIRST_MAIL,
        to: before ? time.days.from : time.days.to,
        label: `${before ? 'vor' : 'bis'} ${time.days.label}`,
      },
      start: match.index,
      end: at + time.length,
    };
  }
  return null;
}

/**
 * The first time the query names, and the query without it. Days are the user's: "heute" is
 * today where `timeZone` is, and the range runs from the moment its first day begins there.
 */
export function extractDate(
  query: string,
  now: Date,
  timeZone = DEFAULT_TIME_ZONE,
): { range: DateRange | null; rest: string } {
  const today = todayIn(now, timeZone);
  const toRange = ({ days }: { days: Days }): DateRange => ({
    from: beginning(days.from, timeZone),
    to: beginning(days.to, timeZone),
    label: days.label,
  });
  const compound = findRange(query, today) ?? findOpen(query, today);
  if (compound)
    return {
      range: toRange(compound),
      rest: `${query.slice(0, compound.start)} ${query.slice(compound.end)}`,
    };
  for (const { pattern, build, alone } of TIMES) {
    if (!alone) continue;
    const match = query.match(pattern);
    if (!match || ORDINARY.test(match[0].trim())) continue;
    const days = build(today, match);
    if (days) return { range: toRange({ days }), rest: query.replace(match[0], ' ') };
  }
  return { range: null, rest: query };
}
