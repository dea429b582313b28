import i18n from '../../i18n/index.ts';

// Intl formatters are costly to create and the list formats thousands of dates: build them once.
const time = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' });
const dayMonth = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'short' });
const numericDate = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const full = new Intl.DateTimeFormat('de-DE', { dateStyle: 'full', timeStyle: 'short' });
const medium = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });
const numbers = new Intl.NumberFormat('de-DE');
const oneDecimal = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

const DAY = 86_400_000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/**
 * The short date of a list row, as mail clients show it: today the time ('14:32'), yesterday
 * 'Gestern', within the last week the weekday ('Mo.'), this year day and month ('12. Nov.'),
 * before that the full date ('12.11.2025').
 */
export function formatListDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const ms = date.getTime();
  if (Number.isNaN(ms)) return '';
  const today = startOfDay(now);
  // A few hours into the future (a sender's skewed clock) still counts as today.
  if (ms >= today && ms < today + 2 * DAY) return time.format(date);
  const yesterday = startOfDay(new Date(today - DAY / 2));
  if (ms >= yesterday && ms < today) return i18n.t('mailbox.date.yesterday');
  const weekAgo = startOfDay(new Date(today - 6 * DAY + DAY / 2));
  // CLDR's short weekday has lost its dot ('Mo'); German mail clients write 'Mo.'.
  if (ms >= weekAgo && ms < today)
    return (i18n.t('mailbox.date.weekdays', { returnObjects: true }) as readonly string[])[
      date.getDay()
    ]!;
  if (date.getFullYear() === now.getFullYear()) return dayMonth.format(date);
  return numericDate.format(date);
}

/** 'Montag, 12. November 2025 um 14:32' — for tooltips and the detail view. */
export function formatFullDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : full.format(date);
}

/** '12.11.2025, 14:32' — where the full form would be too long (thread lists). */
export function formatMediumDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : medium.format(date);
}

export function formatNumber(value: number): string {
  return numbers.format(value);
}

/** File sizes the German way: '512 Byte', '12,3 KB', '4,5 MB' (1 KB = 1024 Byte, as file managers count). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return i18n.t('email.size.bytes', { value: numbers.format(bytes) });
  if (bytes < 1024 ** 2) return i18n.t('email.size.kb', { value: oneDecimal.format(bytes / 1024) });
  if (bytes < 1024 ** 3)
    return i18n.t('email.size.mb', { value: oneDecimal.format(bytes / 1024 ** 2) });
  return i18n.t('email.size.gb', { value: oneDecimal.format(bytes / 1024 ** 3) });
}
