/**
 * An attached mail without a disposition (forwarded as attachment, the original in a bounce) is
 * shown inline by postal-mime under a header block in English ("From:", "Date: 3/2/2026,
 * 22:30:00": the process's default locale and zone). Here the block is put into German, with the
 * date in the reader's zone (the one their browser named when they fetched, German time without
 * one), in the text and in the HTML alike.
 */
import { DEFAULT_TIME_ZONE, germanDateFormat } from '../../lib/time-zone.ts';

const KEYS: Record<string, string> = {
  From: 'Von',
  Subject: 'Betreff',
  Date: 'Datum',
  To: 'An',
  Cc: 'Cc',
  Bcc: 'Bcc',
};
const german = (timeZone: string) =>
  germanDateFormat(timeZone, { dateStyle: 'medium', timeStyle: 'short' });
// The format postal-mime writes the date in (text-format.js, formatDate).
const written = new Intl.DateTimeFormat('default', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hour12: false,
});
const FIELDS = ['year', 'month', 'day', 'hour', 'minute', 'second'];
const ORDER: string[] = written
  .formatToParts(new Date(2001, 10, 22, 13, 44, 55))
  .map((p) => String(p.type))
  .filter((t) => FIELDS.includes(t));

/** The written date back as a time: only when formatting it again gives exactly the same. */
function readWrittenDate(value: string): Date | undefined {
  const numbers = value.match(/\d+/g)?.map(Number) ?? [];
  if (numbers.length !== ORDER.length) return undefined;
  const part = (type: string) => numbers[ORDER.indexOf(type)] ?? 0;
  const date = new Date(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return !Number.isNaN(date.getTime()) && written.format(date) === value ? date : undefined;
}

const germanDate = (date: Date | undefined, fallback: string, timeZone: string) =>
  date && !Number.isNaN(date.getTime()) ? german(timeZone).format(date) : fallback;

const TEXT_BLOCK = /^(-{3,})\n((?:(?:From|Subject|Date|To|Cc|Bcc): .*\n| +\S.*\n)+)\1$/gm;

const ROW_ORDER = ['From', 'Subject', 'Date', 'To', 'Cc', 'Bcc'];

/**
 * Whether a dashed block is exactly what postal-mime writes (text-format.js, formatTextHeader):
 * header rows in its order, values aligned one column after the longest key, continuation lines
 * indented to that column, dashes as long as the longest line. A writer's own "---" block with
 * "To: Berlin" in it is none of that and stays as written.
 */
function writtenByParser(marker: string, lines: string[]): boolean {
  const keys = lines.map((l) => /^(From|Subject|Date|To|Cc|Bcc):/.exec(l)?.[1]);
  if (!keys[0]) return false;
  const present = keys.filter((k): k is string => k !== undefined);
  const order = present.map((k) => ROW_ORDER.indexOf(k));
  if (order.some((o, i) => i > 0 && o <= order[i - 1]!)) return false;
  const column = Math.max(...present.map((k) => k.length)) + 2;
  const aligned = lines.every((line, i) =>
    keys[i]
      ? line.length > column &&
        /^ *\S/.test(line.slice(keys[i].length + 1)) &&
        line.slice(keys[i].length + 1, column).trim() === '' &&
        line[column] !== ' '
      : line.length > column && line.slice(0, column).trim() === '' && line[column] !== ' ',
  );
  return aligned && marker.length === Math.max(...lines.map((l) => l.length));
}

export function germanInlineHeadersText(text: string, timeZone = DEFAULT_TIME_ZONE): string {
  if (!text.includes('---')) return text;
  return text.replace(TEXT_BLOCK, (block, marker: string, body: string) => {
    const bodyLines = body.split('\n').filter(Boolean);
    if (!writtenByParser(marker, bodyLines)) return block;
    const rows: { key: string; lines: string[] }[] = [];
    for (const line of bodyLines) {
      const row = /^(From|Subject|Date|To|Cc|Bcc): +(.*)$/.exec(line);
      if (row) rows.push({ key: row[1]!, lines: [row[2]!] });
      else rows.at(-1)?.lines.push(line.trim());
    }
    for (const row of rows)
      if (row.key === 'Date')
        row.lines = [germanDate(readWrittenDate(row.lines[0]!), row.lines[0]!, timeZone)];
    const width = Math.max(...rows.map((r) => KEYS[r.key]!.length));
    const lines = rows.flatMap((r) => {
      const key = `${KEYS[r.key]!}:`.padEnd(width + 2);
      return r.lines.map((l, i) => `${i ? ' '.repeat(width + 2) : key}${l}`);
    });
    const dashes = '-'.repeat(Math.max(...lines.map((l) => l.length)));
    return `${dashes}\n${lines.join('\n')}\n${dashes}`;
  });
}

export function germanInlineHeadersHtml(html: string, timeZone = DEFAULT_TIME_ZONE): string {
  if (!html.includes('postal-email-header')) return html;
  return html
    .replace(
      /(<div class="postal-email-header-key">)(From|Subject|Date|To|Cc|Bcc)(<\/div>)/g,
      (_m, open: string, key: string, close: string) => `${open}${KEYS[key]!}${close}`,
    )
    .replace(
      /(<div class="postal-email-header-value postal-email-header-date" data-date="([^"]*)">)([^<]*)(<\/div>)/g,
      (_m, open: string, iso: string, shown: string, close: string) =>
        `${open}${germanDate(new Date(iso.replace(/&amp;/g, '&')), shown, timeZone)}${close}`,
    );
}
