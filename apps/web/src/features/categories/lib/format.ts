const numberFormat = new Intl.NumberFormat('de-DE');
const timeFormat = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' });
const dayMonthFormat = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'short' });
const fullDateFormat = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const longFormat = new Intl.DateTimeFormat('de-DE', { dateStyle: 'full', timeStyle: 'short' });

export const formatCount = (value: number) => numberFormat.format(value);

/** Like a mail client's list: the time today, day and month this year, the full date before. */
export function formatMailDate(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (date.toDateString() === now.toDateString()) return timeFormat.format(date);
  if (date.getFullYear() === now.getFullYear()) return dayMonthFormat.format(date);
  return fullDateFormat.format(date);
}

export const formatLongDate = (iso: string) => longFormat.format(new Date(iso));
