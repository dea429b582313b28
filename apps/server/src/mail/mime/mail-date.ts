/**
 * Date headers as real clients write them when they ignore RFC 5322 §3.3: German (and a few
 * French) day and month names, "23.11.2026 10:00", zone names like MEZ or CET. JavaScript's
 * Date reads none of these, and the mail would otherwise have no date at all.
 */
const MONTHS: Record<string, number> = {
  jan: 1, januar: 1, jän: 1, jänner: 1, janv: 1, janvier: 1, january: 1,
  feb: 2, februar: 2, févr: 2, février: 2, february: 2,
  mar: 3, mär: 3, märz: 3, maerz: 3, mrz: 3, mars: 3, march: 3,
  apr: 4, april: 4, avr: 4, avril: 4,
  mai: 5, may: 5,
  jun: 6, juni: 6, juin: 6, june: 6,
  jul: 7, juli: 7, juil: 7, juillet: 7, july: 7,
  aug: 8, august: 8, août: 8,
  sep: 9, sept: 9, september: 9, septembre: 9,
  okt: 10, oktober: 10, oct: 10, octobre: 10, october: 10,
  nov: 11, november: 11, novembre: 11,
  dez: 12, dezember: 12, déc: 12, décembre: 12, dec: 12, december: 12,
}; // prettier-ignore

const ZONES: Record<string, string> = {
  UT: '+00:00', UTC: '+00:00', GMT: '+00:00', Z: '+00:00', WEZ: '+00:00', WET: '+00:00',
  BST: '+01:00', WESZ: '+01:00', WEST: '+01:00', MEZ: '+01:00', CET: '+01:00',
  MESZ: '+02:00', CEST: '+02:00', EET: '+02:00', OEZ: '+02:00', EEST: '+03:00', OESZ: '+03:00',
  EST: '-05:00', EDT: '-04:00', CST: '-06:00', CDT: '-05:00', MST: '-07:00', MDT: '-06:00',
  PST: '-08:00', PDT: '-07:00',
}; // prettier-ignore

const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2}))?`;
// "23 Nov 2026 10:00", "3. März 2026 10:00:00"
const NAMED = new RegExp(
  String.raw`^(\d{1,2})\.?\s+([^\s\d.,]+)\.?,?\s+(\d{2,4}),?\s+${TIME}\s*(.*)$`,
);
// "23.11.2026 10:00"
const NUMERIC = new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{2,4}),?\s+${TIME}\s*(.*)$`);

/** A Latin-1 "Mär" in a header read as UTF-8 arrives as "M\uFFFDr". */
function monthNamed(token: string): number | undefined {
  const name = token.toLowerCase();
  if (Object.hasOwn(MONTHS, name)) return MONTHS[name];
  if (!name.includes('\uFFFD')) return undefined;
  for (const letter of ['ä', 'é', 'û']) {
    const guess = name.replaceAll('\uFFFD', letter);
    if (Object.hasOwn(MONTHS, guess)) return MONTHS[guess];
  }
  return undefined;
}

const pad = (n: number, digits = 2) => String(n).padStart(digits, '0');

/** '' when the header names no zone at all. */
function zoneOf(value: string): string | null {
  const zone = value.trim().split(/\s+/)[0] ?? '';
  if (!zone) return '';
  const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (offset) return `${offset[1]}${offset[2]}:${offset[3]}`;
  return ZONES[zone.toUpperCase()] ?? null;
}

const BERLIN = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Berlin',
  timeZoneName: 'longOffset',
});

/**
 * A header without a zone is invalid, and most such headers come from German software: its
 * wall-clock time is read as German time ("GMT+01:00" in winter, "GMT+02:00" in summer).
 */
function berlinOffset(wall: string): string {
  const name = BERLIN.formatToParts(new Date(`${wall}Z`)).find((p) => p.type === 'timeZoneName');
  const offset = name?.value.replace(/^GMT/, '') ?? '';
  return /^[+-]\d{2}:\d{2}$/.test(offset) ? offset : '+00:00';
}

/** Longer is no date; the limit also keeps hostile headers from costing time. */
const MAX_LENGTH = 200;

/**
 * A Date header in a form this grammar knows: its time, or null where that form names no day
 * there was (31 February, year 1). Undefined for any other form.
 */
export function readMailDate(value: string): Date | null | undefined {
  if (value.length > MAX_LENGTH) return null;
  const text = value
    .replace(/\([^()]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    // A leading day name ("Mo,", "Montag,", "Mon"), whatever its language.
    .replace(/^[^\d\s,.]+\.?,?\s+/, '');
  const named = NAMED.exec(text);
  const numeric = named ? null : NUMERIC.exec(text);
  const match = named ?? numeric;
  if (!match) return undefined;
  const month = named ? monthNamed(match[2]!) : Number(match[2]);
  if (!month || month > 12) return named ? undefined : null;
  let year = Number(match[3]);
  // RFC 5322 §4.3: two digits below 50 are 20xx, other two- and three-digit years 19xx.
  if (match[3]!.length === 2) year += year < 50 ? 2000 : 1900;
  else if (match[3]!.length === 3) year += 1900;
  const zone = zoneOf(match[7] ?? '');
  if (zone === null) return undefined;
  if (Number(match[1]) > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  if (Number(match[4]) > 23 || Number(match[5]) > 59 || Number(match[6] ?? 0) > 60) return null;
  const wall = `${pad(year, 4)}-${pad(month)}-${pad(Number(match[1]))}T${pad(Number(match[4]))}:${match[5]}:${match[6] ?? '00'}`;
  const date = new Date(`${wall}${zone || berlinOffset(wall)}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function parseLenientDate(value: string): Date | null {
  return readMailDate(value) ?? null;
}
