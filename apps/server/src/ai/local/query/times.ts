import {
  addDays,
  day,
  format,
  MONTH_LABEL,
  MONTH_NAMES,
  mondayOf,
  monthOf,
  span,
  WEEKDAY_LABEL,
  WEEKDAY_NAMES,
  weekdayOf,
} from './calendar.ts';

// Single times a query names ("gestern", "vor 3 Tagen", "3.11.", "im Oktober"); dates.ts
// combines them into spans ("seit …", "zwischen … und …") and makes them instants.

/** Calendar days from `from` up to `to` (exclusive), as calendar.ts counts them. */
export interface Days {
  from: Date;
  to: Date;
  label: string;
}

type Build = (today: Date, match: RegExpMatchArray) => Days | null;

const oneDay = (start: Date, label: string): Days => ({
  from: start,
  to: addDays(start, 1),
  label: `${label} (${format(start)})`,
});

function monthDays(year: number, month: number, label?: string): Days {
  return {
    from: day(year, month, 1),
    to: day(year, month + 1, 1),
    label: label ?? `${MONTH_LABEL[month]} ${year}`,
  };
}

/** A day and month without a year: the last one that has begun (mail is from the past). */
function pastDate(today: Date, month: number, date: number, year?: number): Date | null {
  const exists = (d: Date) => d.getUTCMonth() === month && d.getUTCDate() === date;
  let y = year ?? today.getUTCFullYear();
  if (year === undefined && day(y, month, date) > today) y--;
  // "29.02." without a year: the last 29 February there was.
  if (year === undefined) for (let back = 0; back < 8 && !exists(day(y, month, date)); back++) y--;
  const result = day(y, month, date);
  // 31.2. is no day.
  return exists(result) ? result : null;
}

const fullYear = (text: string | undefined) => {
  if (!text) return undefined;
  const year = Number(text);
  // "3.11.26" is 2026, "24.12.99" is 1999: mail from before 1970 does not exist.
  return text.length === 2 ? year + (year < 70 ? 2000 : 1900) : year;
};

const NUMBERS: Record<string, number> = {
  ein: 1,
  einem: 1,
  einer: 1,
  eine: 1,
  einen: 1,
  a: 1,
  an: 1,
  one: 1,
  zwei: 2,
  two: 2,
  drei: 3,
  three: 3,
  vier: 4,
  four: 4,
  fünf: 5,
  five: 5,
  sechs: 6,
  six: 6,
  sieben: 7,
  seven: 7,
  acht: 8,
  eight: 8,
  neun: 9,
  nine: 9,
  zehn: 10,
  ten: 10,
  elf: 11,
  zwölf: 12,
  twelve: 12,
};
const COUNT = `(\\d{1,3}|${Object.keys(NUMBERS).join('|')})`;
const count = (text: string) => NUMBERS[text.toLowerCase()] ?? Number(text);

/** A unit back from today: that day, that week (Monday to Sunday), that month or that year. */
function unitsAgo(today: Date, n: number, unit: string): Days {
  const u = unit.toLowerCase();
  if (/^(tag|day)/.test(u)) {
    const start = addDays(today, -n);
    return oneDay(start, n === 1 ? 'vor einem Tag' : `vor ${n} Tagen`);
  }
  if (/^(woche|week)/.test(u)) {
    const from = addDays(mondayOf(today), -7 * n);
    const to = addDays(from, 7);
    return {
      from,
      to,
      label: `${n === 1 ? 'vor einer Woche' : `vor ${n} Wochen`} (${span(from, to)})`,
    };
  }
  if (/^(monat|month)/.test(u)) {
    const first = day(today.getUTCFullYear(), today.getUTCMonth() - n, 1);
    return monthDays(
      first.getUTCFullYear(),
      first.getUTCMonth(),
      `${n === 1 ? 'vor einem Monat' : `vor ${n} Monaten`} (${MONTH_LABEL[first.getUTCMonth()]} ${first.getUTCFullYear()})`,
    );
  }
  const year = today.getUTCFullYear() - n;
  return {
    from: day(year, 0, 1),
    to: day(year + 1, 0, 1),
    label: `${n === 1 ? 'vor einem Jahr' : `vor ${n} Jahren`} (${year})`,
  };
}

/** The last such weekday up to today, or before today when `strictly`. */
function lastWeekday(today: Date, weekday: number, strictly: boolean): Days {
  let back = (today.getUTCDay() - weekday + 7) % 7;
  if (back === 0 && strictly) back = 7;
  const start = addDays(today, -back);
  return oneDay(start, WEEKDAY_LABEL[weekday]!);
}

/**
 * Each pattern names a time; in a query the first pattern that matches wins and is cut out.
 * `alone` false: only after "seit", "bis", "zwischen" and the like (a bare "Montag" may be
 * the topic: "Mails zum Meeting am Freitag").
 */
export const TIMES: { pattern: RegExp; build: Build; alone: boolean }[] = [
  {
    // "heute morgen" is this morning, not a sender "Morgen".
    pattern:
      /\b(heute|gestern|vorgestern|today|yesterday)\s+(morgen|früh|vormittag|mittag|nachmittag|abend|nacht|morning|afternoon|evening|night)\b/i,
    build: (today, m) => {
      const back = /^vorgestern/i.test(m[1]!) ? 2 : /^(gestern|yesterday)/i.test(m[1]!) ? 1 : 0;
      return oneDay(addDays(today, -back), ['heute', 'gestern', 'vorgestern'][back]!);
    },
    alone: true,
  },
  {
    pattern: /\b(vorgestern|day before yesterday)\b/i,
    build: (today) => oneDay(addDays(today, -2), 'vorgestern'),
    alone: true,
  },
  {
    pattern: /\b(gestern|yesterday)\b/i,
    build: (today) => oneDay(addDays(today, -1), 'gestern'),
    alone: true,
  },
  { pattern: /\b(heute|today)\b/i, build: (today) => oneDay(today, 'heute'), alone: true },
  {
    pattern: new RegExp(
      `(?<![\\p{L}])(?:vor|von vor) ${COUNT} (tag|tage|tagen|woche|wochen|monat|monaten|jahr|jahren)\\b`,
      'iu',
    ),
    build: (today, m) => unitsAgo(today, count(m[1]!), m[2]!),
    alone: true,
  },
  {
    pattern: new RegExp(`\\b${COUNT} (days?|weeks?|months?|years?) ago\\b`, 'i'),
    build: (today, m) => unitsAgo(today, count(m[1]!), m[2]!),
    alone: true,
  },
  {
    pattern: new RegExp(
      `\\b(?:in den |in the |während der )?(?:letzten|vergangenen|last|past) ${COUNT} (tagen|tage|days|wochen|weeks|monaten|monate|months)\\b`,
      'i',
    ),
    build: (today, m) => {
      const n = count(m[1]!);
      const to = addDays(today, 1);
      const unit = m[2]!.toLowerCase();
      if (/^(tag|day)/.test(unit))
        return { from: addDays(to, -n), to, label: `die letzten ${n} Tage` };
      if (/^(woche|week)/.test(unit))
        return { from: addDays(to, -7 * n), to, label: `die letzten ${n} Wochen` };
      const from = day(today.getUTCFullYear(), today.getUTCMonth() - n, today.getUTCDate() + 1);
      return { from, to, label: `die letzten ${n} Monate` };
    },
    alone: true,
  },
  {
    pattern:
      /\b(?:(?:von |aus )?(?:der )?(letzte|letzten|letzter|vergangene|vergangenen|vergangener|vorige|vorigen|voriger) woche|last week)\b/i,
    build: (today) => {
      const from = addDays(mondayOf(today), -7);
      const to = mondayOf(today);
      return { from, to, label: `letzte Woche (${span(from, to)})` };
    },
    alone: true,
  },
  {
    pattern: /\b(?:(?:von |aus )?(?:dieser|diese) woche|this week)\b/i,
    build: (today) => {
      const from = mondayOf(today);
      const to = addDays(from, 7);
      return { from, to, label: `diese Woche (${span(from, to)})` };
    },
    alone: true,
  },
  {
    pattern:
      /\b(?:(?:im |aus dem |vom )?(letzten|vergangenen|vorigen|letzter|vergangener|letztem|vergangenem) monat|last month)\b/i,
    build: (today) => {
      const first = day(today.getUTCFullYear(), today.getUTCMonth() - 1, 1);
      return monthDays(
        first.getUTCFullYear(),
        first.getUTCMonth(),
        `letzten Monat (${MONTH_LABEL[first.getUTCMonth()]} ${first.getUTCFullYear()})`,
      );
    },
    alone: true,
  },
  {
    pattern: /\b(?:(?:in |aus )?(?:diesem|diesen) monat|this month)\b/i,
    build: (today) =>
      monthDays(
        today.getUTCFullYear(),
        today.getUTCMonth(),
        `diesen Monat (${MONTH_LABEL[today.getUTCMonth()]} ${today.getUTCFullYear()})`,
      ),
    alone: true,
  },
  {
    pattern:
      /\b(?:(?:im |aus dem )?(letztes|letzten|letztem|vergangenes|vergangenen|voriges|vorigen) jahr|last year)\b/i,
    build: (today) => {
      const year = today.getUTCFullYear() - 1;
      return { from: day(year, 0, 1), to: day(year + 1, 0, 1), label: `letztes Jahr (${year})` };
    },
    alone: true,
  },
  {
    pattern: /\b(?:(?:in |aus )?(?:diesem|dieses) jahr|this year)\b/i,
    build: (today) => {
      const year = today.getUTCFullYear();
      return { from: day(year, 0, 1), to: day(year + 1, 0, 1), label: `dieses Jahr (${year})` };
    },
    alone: true,
  },
  {
    // 2026-11-03
    pattern: /(?<![\p{N}.])(?:(?:am|vom|on) )?(\d{4})-(\d{1,2})-(\d{1,2})(?![\p{N}])/u,
    build: (_today, m) => {
      const start = pastDate(_today, Number(m[2]) - 1, Number(m[3]), Number(m[1]));
      return start && { from: start, to: addDays(start, 1), label: format(start) };
    },
    alone: true,
  },
  {
    // 3.11.2026, 03.11.26, 3.11. (not a version number like 1.2.3)
    pattern:
      /(?<![\p{N}.])(?:(?:am|vom|den|on) )?(\d{1,2})\.(\d{1,2})\.(?:(\d{4}|\d{2})(?![\p{N}.])|(?![\p{N}]))/u,
    build: (today, m) => {
      const start = pastDate(today, Number(m[2]) - 1, Number(m[1]), fullYear(m[3]));
      if (start) return { from: start, to: addDays(start, 1), label: format(start) };
      // "am 31.02.": a day no calendar has. Said as such, and no mail is from it.
      const [date, month] = [Number(m[1]), Number(m[2])];
      if (date < 1 || date > 31 || month < 1 || month > 12) return null;
      const written = `${String(date).padStart(2, '0')}.${String(month).padStart(2, '0')}.`;
      return { from: today, to: today, label: `${written} (diesen Tag gibt es nicht)` };
    },
    alone: true,
  },
  {
    // 3. November, 3. Nov. 2025, 3 November
    pattern: new RegExp(
      `(?<![\\p{N}.])(?:(?:am|vom|den|on|the) )?(\\d{1,2})\\.? (${MONTH_NAMES})\\.?(?: (\\d{4}))?(?![\\p{L}])`,
      'iu',
    ),
    build: (today, m) => {
      const month = monthOf(m[2]!);
      const start = month < 0 ? null : pastDate(today, month, Number(m[1]), fullYear(m[3]));
      return start && { from: start, to: addDays(start, 1), label: format(start) };
    },
    alone: true,
  },
  {
    pattern: new RegExp(
      `\\b(?:(?:am |vom |von )?(?:letzten|letztem|vergangenen|vergangenem|vorigen|last) )(${WEEKDAY_NAMES})\\b`,
      'i',
    ),
    build: (today, m) => lastWeekday(today, weekdayOf(m[1]!), true),
    alone: true,
  },
  {
    pattern: new RegExp(`\\b(?:vom|von|on) (${WEEKDAY_NAMES})\\b`, 'i'),
    build: (today, m) => lastWeekday(today, weekdayOf(m[1]!), false),
    alone: true,
  },
  {
    pattern: new RegExp(
      `\\b(?:(?:im|in|aus dem|vom|during) )?(?:(letzten|vergangenen|vorigen|last) )?(${MONTH_NAMES})\\.?(?: (\\d{4}))?\\b`,
      'i',
    ),
    build: (today, m) => {
      const month = monthOf(m[2]!);
      if (month < 0) return null;
      // "im Oktober" without a year: the last October that has begun; "letzten Oktober": the
      // last that has ended (asked in October, the one a year before).
      const past = m[1] ? month >= today.getUTCMonth() : month > today.getUTCMonth();
      const year = m[3] ? Number(m[3]) : past ? today.getUTCFullYear() - 1 : today.getUTCFullYear();
      return monthDays(year, month);
    },
    alone: true,
  },
  {
    pattern: /\b(?:(?:im jahr|in|aus|from) )?((?:19|20)\d{2})\b/i,
    build: (_today, m) => {
      const year = Number(m[1]);
      return { from: day(year, 0, 1), to: day(year + 1, 0, 1), label: String(year) };
    },
    alone: true,
  },
  {
    pattern: new RegExp(`\\b(?:am )?(${WEEKDAY_NAMES})\\b`, 'i'),
    build: (today, m) => lastWeekday(today, weekdayOf(m[1]!), false),
    alone: false,
  },
];
