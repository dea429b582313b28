import type { Attachment } from 'postal-mime';
import { DEFAULT_TIME_ZONE, germanDateFormat } from '../../lib/time-zone.ts';

/** A hostile calendar of megabytes would cost time for lines nobody reads. */
const MAX_ICS = 256 * 1024;

const readerTime = (timeZone: string) =>
  germanDateFormat(timeZone, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

interface Property {
  params: Record<string, string>;
  value: string;
}

function icsText(content: Attachment['content']): string {
  const bytes =
    typeof content === 'string'
      ? Buffer.from(content, 'utf8')
      : content instanceof Uint8Array
        ? Buffer.from(content)
        : Buffer.from(content);
  const head = bytes.subarray(0, MAX_ICS);
  // RFC 5545 says UTF-8; Outlook for years wrote the sender's code page.
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(head);
  } catch {
    return new TextDecoder('windows-1252').decode(head);
  }
}

/** The first event's properties, without those of its alarms. */
function firstEvent(ics: string): Map<string, Property> | undefined {
  const lines = ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const start = lines.findIndex((line) => /^BEGIN:VEVENT\s*$/i.test(line));
  if (start === -1) return undefined;
  const found = new Map<string, Property>();
  let nested = 0;
  for (const line of lines.slice(start + 1)) {
    if (/^END:VEVENT\s*$/i.test(line) && nested === 0) break;
    if (/^BEGIN:/i.test(line)) nested++;
    else if (/^END:/i.test(line)) nested = Math.max(0, nested - 1);
    if (nested > 0) continue;
    const match = /^([A-Za-z-]+)((?:;[^:;=]+=(?:"[^"]*"|[^:;"]*))*):(.*)$/.exec(line);
    if (!match || found.has(match[1]!.toUpperCase())) continue;
    const params: Record<string, string> = {};
    for (const [, key, value] of match[2]!.matchAll(/;([^:;=]+)=("[^"]*"|[^:;"]*)/g))
      params[key!.toUpperCase()] = value!.replace(/^"|"$/g, '');
    found.set(match[1]!.toUpperCase(), { params, value: match[3]!.trim() });
  }
  return found;
}

const unescaped = (text: string) =>
  text.replace(/\\([nN,;\\])/g, (_, c: string) => (c.toLowerCase() === 'n' ? '\n' : c));

/**
 * UTC times in the reader's zone; a named zone's wall time as written, with the zone's name
 * where it is not the reader's.
 */
function when(property: Property | undefined, timeZone: string): string | undefined {
  const m = property && /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})\d{2}(Z?))?$/.exec(property.value);
  if (!m) return property?.value || undefined;
  const [, year, month, day, hour, minute, utc] = m;
  const date = `${day}.${month}.${year}`;
  if (hour === undefined) return date;
  if (utc) {
    const time = new Date(Date.UTC(+year!, +month! - 1, +day!, +hour, +minute!));
    return Number.isNaN(time.getTime()) ? property.value : readerTime(timeZone).format(time);
  }
  const zone = property.params.TZID;
  return `${date}, ${hour}:${minute}${zone && zone !== timeZone ? ` (${zone})` : ''}`;
}

function organizer(property: Property | undefined): string | undefined {
  if (!property) return undefined;
  const address = property.value.replace(/^mailto:/i, '');
  const name = property.params.CN;
  return name && name !== address ? `${name} <${address}>` : address || undefined;
}

/**
 * An invitation sent as a calendar alone (RFC 6047) has no text part: what the reader needs to
 * recognise the appointment, as text. The calendar itself stays an attachment.
 */
export function calendarText(
  attachments: Attachment[],
  timeZone = DEFAULT_TIME_ZONE,
): string | undefined {
  const calendar = attachments.find((a) => /^(text\/calendar|application\/ics)$/.test(a.mimeType));
  if (!calendar) return undefined;
  const event = firstEvent(icsText(calendar.content));
  if (!event) return undefined;
  const summary = unescaped(event.get('SUMMARY')?.value ?? '');
  const cancelled = calendar.method === 'CANCEL' || event.get('STATUS')?.value === 'CANCELLED';
  const lines: [string, string | undefined][] = [
    [cancelled ? 'Abgesagt' : 'Einladung', summary || '(ohne Titel)'],
    ['Beginn', when(event.get('DTSTART'), timeZone)],
    ['Ende', when(event.get('DTEND'), timeZone)],
    ['Ort', unescaped(event.get('LOCATION')?.value ?? '') || undefined],
    ['Organisator', organizer(event.get('ORGANIZER'))],
  ];
  return lines
    .filter(([, value]) => value)
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
}
