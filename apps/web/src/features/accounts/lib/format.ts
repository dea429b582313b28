const numberFormat = new Intl.NumberFormat('de-DE');
const relativeFormat = new Intl.RelativeTimeFormat('de-DE', { numeric: 'auto' });
const dateTimeFormat = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

export const formatCount = (value: number) => numberFormat.format(value);

export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "vor 5 Minuten", "gestern" …; null below a minute, where the caller says "gerade eben". */
export function formatRelative(iso: string, now = Date.now()): string | null {
  const seconds = (Date.parse(iso) - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return null;
}
