export interface DateRange {
  /** Inclusive start (UTC midnight). */
  from: Date;
  /** Exclusive end. */
  to: Date;
  /** German wording for the interpretation ("gestern", "Oktober 2026"). */
  label: string;
}

const MONTHS_DE = [
  'januar',
  'februar',
  'märz',
  'april',
  'mai',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'dezember',
];
const MONTHS_EN = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_LABEL = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];

const day = (year: number, month: number, date: number) => new Date(Date.UTC(year, month, date));
const DAY_MS = 86_400_000;
const format = (date: Date) =>
  `${String(date.getUTCDate()).padStart(2, '0')}.${String(date.getUTCMonth() + 1).padStart(2, '0')}.${date.getUTCFullYear()}`;
const span = (from: Date, to: Date) => `${format(from)}–${format(new Date(to.getTime() - DAY_MS))}`;

function monthRange(year: number, month: number, label?: string): DateRange {
  return {
    from: day(year, month, 1),
    to: day(year, month + 1, 1),
    label: label ?? `${MONTH_LABEL[month]} ${year}`,
  };
}

const MONTH_NAMES = [
  ...MONTHS_DE,
  ...MONTHS_EN,
  'jan',
  'feb',
  'mär',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'okt',
  'oct',
  'nov',
  'dez',
  'dec',
].join('|');

/**
 * Each pattern names a time; the first match wins and is cut from the query. Calendar days are
 * UTC days of `now`; weeks start on Monday (DIN 1355).
 */
const PATTERNS: [RegExp, (now: Date, match: RegExpMatchArray) => DateRange | null][] = [
  [
    /\b(vorgestern|day before yesterday)\b/i,
    (now) => {
      const start = day(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 2);
      return {
        from: start,
        to: new Date(start.getTime() + DAY_MS),
        label: `vorgestern (${format(start)})`,
      };
    },
  ],
  [
    /\b(gestern|yesterday)\b/i,
    (now) => {
      const start = day(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1);
      return {
        from: start,
        to: new Date(start.getTime() + DAY_MS),
        label: `gestern (${format(start)})`,
      };
    },
  ],
  [
    /\b(heute|today)\b/i,
    (now) => {
      const start = day(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      return {
        from: start,
        to: new Date(start.getTime() + DAY_MS),
        label: `heute (${format(start)})`,
      };
    },
  ],
  [
    /\b(?:in den |in the )?(?:letzten|vergangenen|last|past) (\d{1,3}) (tagen|tage|days)\b/i,
    (now, m) => {
      const count = Number(m[1]);
      const to = day(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
      return {
        from: new Date(to.getTime() - count * DAY_MS),
        to,
        label: `die letzten ${count} Tage`,
      };
    },
  ],
  [
    /\b(?:(?:von |aus )?(?:der )?(letzte|letzten|letzter|vergangene|vergangenen|vergangener|vorige|vorigen|voriger) woche|last week)\b/i,
    (now) => {
      const monday = day(
        now.getUTCFullYear(),
        now.getUTCMonth(),
        now.getUTCDate() - ((now.getUTCDay() + 6) % 7),
      );
      const from = new Date(monday.getTime() - 7 * DAY_MS);
      return { from, to: monday, label: `letzte Woche (${span(from, monday)})` };
    },
  ],
  [
    /\b(?:(?:von |aus )?(?:dieser|diese) woche|this week)\b/i,
    (now) => {
      const monday = day(
        now.getUTCFullYear(),
        now.getUTCMonth(),
        now.getUTCDate() - ((now.getUTCDay() + 6) % 7),
      );
      const to = new Date(monday.getTime() + 7 * DAY_MS);
      return { from: monday, to, label: `diese Woche (${span(monday, to)})` };
    },
  ],
  [
    /\b(?:(?:im |aus dem |vom )?(letzten|vergangenen|vorigen|letzter|vergangener) monat|last month)\b/i,
    (now) => {
      const first = day(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
      return monthRange(
        first.getUTCFullYear(),
        first.getUTCMonth(),
        `letzten Monat (${MONTH_LABEL[first.getUTCMonth()]} ${first.getUTCFullYear()})`,
      );
    },
  ],
  [
    /\b(?:(?:in |aus )?(?:diesem|diesen) monat|this month)\b/i,
    (now) =>
      monthRange(
        now.getUTCFullYear(),
        now.getUTCMonth(),
        `diesen Monat (${MONTH_LABEL[now.getUTCMonth()]} ${now.getUTCFullYear()})`,
      ),
  ],
  [
    /\b(?:(?:im |aus dem )?(letztes|letzten|vergangenes|vergangenen|voriges|vorigen) jahr|last year)\b/i,
    (now) => {
      const year = now.getUTCFullYear() - 1;
      return { from: day(year, 0, 1), to: day(year + 1, 0, 1), label: `letztes Jahr (${year})` };
    },
  ],
  [
    /\b(?:(?:in |aus )?(?:diesem|dieses) jahr|this year)\b/i,
    (now) => {
      const year = now.getUTCFullYear();
      return { from: day(year, 0, 1), to: day(year + 1, 0, 1), label: `dieses Jahr (${year})` };
    },
  ],
  [
    new RegExp(
      `\\b(?:(?:im|in|aus dem|vom|seit|from|since|during) )?(${MONTH_NAMES})\\.?(?: (\\d{4}))?\\b`,
      'i',
    ),
    (now, m) => {
      const name = m[1]!.toLowerCase();
      let month = MONTHS_DE.indexOf(name);
      if (month < 0) month = MONTHS_EN.indexOf(name);
      if (month < 0)
        month =
          [...MONTHS_DE, ...MONTHS_EN].findIndex((full) => full.startsWith(name.slice(0, 3))) % 12;
      if (month < 0) return null;
      // "im Oktober" without a year: the last October that has begun.
      const year = m[2]
        ? Number(m[2])
        : month > now.getUTCMonth()
          ? now.getUTCFullYear() - 1
          : now.getUTCFullYear();
      return monthRange(year, month);
    },
  ],
  [
    /\b(?:(?:im jahr|in|aus|from) )?((?:19|20)\d{2})\b/i,
    (_now, m) => {
      const year = Number(m[1]);
      return { from: day(year, 0, 1), to: day(year + 1, 0, 1), label: String(year) };
    },
  ],
];

/** The first time the query names, and the query without it. */
export function extractDate(query: string, now: Date): { range: DateRange | null; rest: string } {
  for (const [pattern, build] of PATTERNS) {
    const match = query.match(pattern);
    if (!match) continue;
    // "Mai" and "May" are also ordinary words: only with "im"/"in" or a year before them.
    if (/^(mai|may|march|märz)$/i.test(match[0].trim())) continue;
    const range = build(now, match);
    if (range) return { range, rest: query.replace(match[0], ' ') };
  }
  return { range: null, rest: query };
}
