/**
 * An attached mail without a disposition (forwarded as attachment, the original in a bounce) is
 * shown inline by postal-mime under a header block in English ("From:", "Date: 3/2/2026,
 * 22:30:00": the process's default locale and zone). Here the block is put into German, with the
 * date in German time, in the text and in the HTML alike.
 */

const KEYS: Record<string, string> = {
  From: 'Von',
  Subject: 'Betreff',
  Date: 'Datum',
  To: 'An',
  Cc: 'Cc',
  Bcc: 'Bcc',
};
const german = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});
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

const germanDate = (date: Date | undefined, fallback: string) =>
  date && !Number.isNaN(date.getTime()) ? german.format(date) : fallback;

const TEXT_BLOCK = /^(-{3,})\n((?:(?:From|Subject|Date|To|Cc|Bcc): .*\n| +\S.*\n)+)\1$/gm;

export function germanInlineHeadersText(text: string): string {
  if (!text.includes('---')) return text;
  return text.replace(TEXT_BLOCK, (_block, _marker: string, body: string) => {
    const rows: { key: string; lines: string[] }[] = [];
    for (const line of body.split('\n').filter(Boolean)) {
      const row = /^(From|Subject|Date|To|Cc|Bcc): +(.*)$/.exec(line);
      if (row) rows.push({ key: row[1]!, lines: [row[2]!] });
      else rows.at(-1)?.lines.push(line.trim());
    }
    for (const row of rows)
      if (row.key === 'Date')
        row.lines = [germanDate(readWrittenDate(row.lines[0]!), row.lines[0]!)];
    const width = Math.max(...rows.map((r) => KEYS[r.key]!.length));
    const lines = rows.flatMap((r) => {
      const key = `${KEYS[r.key]!}:`.padEnd(width + 2);
      return r.lines.map((l, i) => `${i ? ' '.repeat(width + 2) : key}${l}`);
    });
    const marker = '-'.repeat(Math.max(...lines.map((l) => l.length)));
    return `${marker}\n${lines.join('\n')}\n${marker}`;
  });
}

export function germanInlineHeadersHtml(html: string): string {
  if (!html.includes('postal-email-header')) return html;
  return html
    .replace(
      /(<div class="postal-email-header-key">)(From|Subject|Date|To|Cc|Bcc)(<\/div>)/g,
      (_m, open: string, key: string, close: string) => `${open}${KEYS[key]!}${close}`,
    )
    .replace(
      /(<div class="postal-email-header-value postal-email-header-date" data-date="([^"]*)">)([^<]*)(<\/div>)/g,
      (_m, open: string, iso: string, shown: string, close: string) =>
        `${open}${germanDate(new Date(iso.replace(/&amp;/g, '&')), shown)}${close}`,
    );
}
