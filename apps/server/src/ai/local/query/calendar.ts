import { startOfDay } from '../../../mail/search/search-query.ts';

/**
 * Calendar days as UTC midnight of their date: day arithmetic without zones or clock changes.
 * Only at the end does a day become an instant, the moment it begins in the user's zone.
 */
export const DAY_MS = 86_400_000;

export const day = (year: number, month: number, date: number) =>
  new Date(Date.UTC(year, month, date));
export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
/** The Monday of the date's week (DIN 1355: weeks start on Monday). */
export const mondayOf = (date: Date) => addDays(date, -((date.getUTCDay() + 6) % 7));

export const MONTHS_DE = [
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
export const MONTHS_EN = [
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
export const MONTH_LABEL = MONTHS_DE.map((name) => name.charAt(0).toUpperCase() + name.slice(1));
const SHORT_MONTHS = 'jan|feb|mär|apr|jun|jul|aug|sep|sept|okt|oct|nov|dez|dec';
/** A month's name, German or English, in full or short: for a regular expression. */
export const MONTH_NAMES = [...MONTHS_DE, ...MONTHS_EN, SHORT_MONTHS].join('|');

/** The month a name (or its first three letters) means, 0–11, or -1. */
export function monthOf(name: string): number {
  const lower = name.toLowerCase().replace(/\.$/, '');
  for (const list of [MONTHS_DE, MONTHS_EN]) if (list.includes(lower)) return list.indexOf(lower);
  const index = [...MONTHS_DE, ...MONTHS_EN].findIndex((full) =>
    full.startsWith(lower.slice(0, 3)),
  );
  return index < 0 ? -1 : index % 12;
}

// Sunday first, as Date.getUTCDay counts.
export const WEEKDAYS_DE = [
  'sonntag',
  'montag',
  'dienstag',
  'mittwoch',
  'donnerstag',
  'freitag',
  'samstag',
];
const WEEKDAYS_EN = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
export const WEEKDAY_NAMES = [...WEEKDAYS_DE, 'sonnabend', ...WEEKDAYS_EN].join('|');
export const WEEKDAY_LABEL = WEEKDAYS_DE.map((n) => n.charAt(0).toUpperCase() + n.slice(1));

export function weekdayOf(name: string): number {
  const lower = name.toLowerCase();
  if (lower === 'sonnabend') return 6;
  const german = WEEKDAYS_DE.indexOf(lower);
  return german >= 0 ? german : WEEKDAYS_EN.indexOf(lower);
}

export const format = (date: Date) =>
  `${String(date.getUTCDate()).padStart(2, '0')}.${String(date.getUTCMonth() + 1).padStart(2, '0')}.${date.getUTCFullYear()}`;
/** "16.11.2026–22.11.2026" for the days from `from` to the day before `to`. */
export const span = (from: Date, to: Date) => `${format(from)}–${format(addDays(to, -1))}`;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The date it is at `now` where the user is, as a calendar day. */
export function todayIn(now: Date, timeZone: string): Date {
  let formatter = dateFormats.get(timeZone);
  if (!formatter)
    dateFormats.set(timeZone, (formatter = new Intl.DateTimeFormat('en-CA', { timeZone })));
  const [year, month, date] = formatter.format(now).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  return day(year, month - 1, date);
}

/** The instant a calendar day begins in the zone. */
export const beginning = (date: Date, timeZone: string) =>
  startOfDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), timeZone);

/**
 * Whether a text names the calendar day `date` (as `todayIn` gives it): "20. Oktober", "20.10.",
 * "20.10.2026", "2026-10-20", "October 20", "20 Oct".
 */
export function namesDay(text: string, date: Date): boolean {
  const d = date.getUTCDate();
  const m = date.getUTCMonth();
  const mm = String(m + 1).padStart(2, '0');
  const dd = String(d).padStart(2, '0');
  const names = [MONTHS_DE[m]!, MONTHS_EN[m]!, MONTHS_DE[m]!.slice(0, 3), MONTHS_EN[m]!.slice(0, 3)]
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
  const pattern = new RegExp(
    [
      String.raw`(?<![\p{N}.])0?${d}\.\s?(?:0?${m + 1}\.|(?:${names})(?!\p{L}))`,
      String.raw`(?<![\p{N}])0?${d}\s(?:${names})(?!\p{L})`,
      String.raw`(?<!\p{L})(?:${names})\.?\s0?${d}(?![\p{N}])`,
      String.raw`${date.getUTCFullYear()}-${mm}-${dd}`,
    ].join('|'),
    'iu',
  );
  return pattern.test(text);
}
