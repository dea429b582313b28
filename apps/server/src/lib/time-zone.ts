/**
 * Where a client names no zone, or one Intl does not know: German time. Brieftaube is a German
 * mail client, and German time is what every text the server wrote said before clients sent
 * their zone (ADR 0017).
 */
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

/** The request header in which the web app names the browser's zone (an IANA name). */
export const TIME_ZONE_HEADER = 'x-time-zone';

/** IANA names are short; a longer value is no zone and must cost Intl nothing. */
const MAX_LENGTH = 64;

/**
 * The zone a client named, as Intl spells it ("europe/berlin" → "Europe/Berlin"), or the
 * default for anything Intl does not know. Never throws: a bad header is no reason to refuse
 * a request.
 */
export function timeZoneOr(value: unknown, fallback = DEFAULT_TIME_ZONE): string {
  if (typeof value !== 'string' || !value || value.length > MAX_LENGTH) return fallback;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value.trim() }).resolvedOptions().timeZone;
  } catch {
    return fallback;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One de-DE formatter per zone and style, built once: Intl formatters are costly to create. */
export function germanDateFormat(
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('de-DE', { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}
