/**
 * The author's own words in a mail: what a reply adds to the mail it answers, without the
 * quoted mail, the quote header and the signature. Read line by line, in one pass, so that a
 * hostile mail of two million characters costs no more than reading it.
 *
 * A quote header ("Am … schrieb Anna:", "On … wrote:") followed by "> " lines starts a quote
 * that the author may answer between its lines (inline and bottom-posted replies keep those
 * answers); followed by unquoted text, or for Outlook's header block and the "Original
 * Message" separators, everything after it is the older mail.
 */

/** Longest quote header, over at most four lines: longer text is never a header. */
const MAX_HEADER = 400;
const HEADER_LINES = 4;

const SPACE = String.raw`[ \t\u00a0]`;
const QUOTED = new RegExp(`^${SPACE}*>`);
/** Norwegian Gmail wraps "<anna@example.com\n>:"; that ">:" closes a header, it quotes nothing. */
const HEADER_CLOSER = new RegExp(`^${SPACE}*>${SPACE}*:${SPACE}*$`);

const WROTE = String.raw`(?:wrote|writes|quoting|zitat von|schrieb|geschrieben|a écrit|ha scritto|escreveu|escribió|schreef|skrev|kirjoitti|napisał(?:\(a\)|a)?|napsal(?:\(a\)|a)?|írta|написал(?:\(а\)|а)?|yazdı|pisze|写道|寫道|작성|のメッセージ)`;
/** "… wrote:", "… a écrit :", "… 写道：", "… wrote" (some clients drop the colon). */
const WROTE_AT_END = new RegExp(`(?<!\\p{L})${WROTE}\\s*[:：]?$`, 'iu');
/** "Am 3. März 2026 um 10:15 schrieb Anna Beispiel <anna@beispiel.de>:" */
const WROTE_THEN_NAME = new RegExp(`(?<!\\p{L})${WROTE}(?!\\p{L}).{1,150}:$`, 'iu');
/** Headers without a verb: "2017-11-24 16:32 GMT+01:00 Anna <anna@beispiel.de>:" */
const ADDRESS_AT_END = /<\s?[^<>\s]+@[^<>\s]+\s?>\s*:$/;
const TIME = /\d{1,2}[:.]\d{2}/;
/** A header names its time or its sender: "On the one hand … wrote:" in prose does neither. */
const DATE_OR_ADDRESS = /@|\d{1,2}[:.]\d{2}|\d{4}/;
/** Words that open a reply header, in the languages of the corpus and of our users. */
const OPENER = /^\s*(?:on|am|le|el|il|in data|em|op|den|dnia|w dniu|\d)(?!\p{L})/iu;
/** "Anna Beispiel schrieb am 03.03.2026 um 10:15:" – a header that starts with the name. */
const NAME_WROTE_ON = /^[^:@]{1,60}\s(?:schrieb|wrote) (?:am|on) [^@]{4,60}:$/iu;

const SEPARATOR = new RegExp(
  `^${SPACE}*[-=_*]{2,}${SPACE}*(?:original message|ursprüngliche nachricht|original-?nachricht|` +
    `weitergeleitete nachricht|forwarded message|message d'origine|message transféré|` +
    `mensaje original|mensaje reenviado|mensagem original|mensagem encaminhada|` +
    `messaggio originale|messaggio inoltrato|oorspronkelijk bericht|doorgestuurd bericht|` +
    `oprindelig besked|videresendt besked|opprinnelig melding|ursprungligt meddelande|` +
    `vidarebefordrat meddelande|alkuperäinen viesti|välitetty viesti|wiadomość oryginalna|` +
    `przekazana wiadomość|původní zpráva|исходное сообщение|пересылаемое сообщение|` +
    `eredeti üzenet)${SPACE}*[-=_*]{2,}${SPACE}*$`,
  'iu',
);
/** Horde: "----- Nachricht von anna@beispiel.de ---------". */
const MESSAGE_FROM =
  /^[ \t]*-{3,}[ \t]*(?:nachricht von|message from)[ \t][^\n]{1,200}?-{3,}[ \t]*$/iu;
const FORWARD_INTRO =
  /^[ \t]*(?:begin forwarded message|anfang der weitergeleiteten nachricht|début du message réexpédié|inizio messaggio inoltrato)\s*:\s*$/iu;

// Outlook's header block, in the languages of its users: "From: …" then "Sent: …", "To: …".
const FIELD = (names: string) =>
  new RegExp(`^${SPACE}*\\*?(?:${names})${SPACE}?\\*?${SPACE}?:(?:${SPACE}|\\*|$)`, 'iu');
const FROM_FIELD = FIELD('from|von|de|fra|da|van|od|från|lähettäjä|от|feladó');
const SENT_FIELD = FIELD(
  'sent|message du|gesendet|envoyé(?: le)?|verzonden|enviado|enviada|skickat|sendt|lähetetty|отправлено|elküldve',
);
const DATE_FIELD = FIELD('date|datum|dato|data|дата');
const SUBJECT_FIELD = FIELD(
  'subject|betreff|objet|sujet|emne|oggetto|onderwerp|asunto|assunto|temat|aihe|тема|tárgy|ämne',
);
const OTHER_FIELD = FIELD(
  'to|an|à|a|til|aan|para|till|vastaanottaja|кому|címzett|cc|kopie|copie à',
);
const MAIL_ADDRESS = /@|\[mailto:/i;

/**
 * "Sent from my iPhone", "Von meinem iPhone gesendet", "Get Outlook for iOS" – alone on a line,
 * naming a device or a mail app: "Sent with DHL Express today" is a sentence.
 */
const MOBILE_SIGNATURE = new RegExp(
  String.raw`^(?:sent from (?:my|mail|outlook|yahoo|aol|samsung|typeapp|proton|gmail|bluemail|spark|blackberry)` +
    String.raw`|sent with (?:sparrow|spark|proton|airmail|bluemail|blackberry)|get outlook for` +
    String.raw`|gesendet von (?:meinem|outlook|der|mail|yahoo|samsung)|gesendet mit (?:der|dem|outlook)` +
    String.raw`|von meinem .{1,40} gesendet|envoyé de mon|envoyé depuis (?:mon|outlook|yahoo)` +
    String.raw`|envoyé à partir de (?:mon|outlook)|inviato da(?:l mio)? |enviado desde mi|enviado do meu` +
    String.raw`|verzonden (?:met|vanaf mijn)|sendt fra min|skickat från min|lähetetty)(?!\p{L})[^,.;:!?]{0,50}$`,
  'iu',
);
/** RFC 3676's "-- ", its form without the space, and the "____" above mailing-list footers. */
const SIGNATURE_DELIMITER = /^(?:--|_{2,})$/;
/** A delimiter without the space is a signature only when little follows it. */
const MAX_SIGNATURE_LINES = 12;
const SIGNATURE_SCAN = 200;

const isBlank = (line: string) => line.trim() === '';
const isQuoted = (line: string) => QUOTED.test(line) && !HEADER_CLOSER.test(line);

function isReplyHeader(joined: string): boolean {
  // Zoho wraps its header in dashes: "---- On … wrote ----".
  // Every header names a time or an address: the cheap test first, most lines fail it.
  if (!DATE_OR_ADDRESS.test(joined)) return false;
  const header = joined.replace(/^-{2,}\s*/, '').replace(/\s*-{2,}$/, '');
  // A header starts its line with a date, an opening word or the sender's address in it:
  // "… bei Müller GmbH: Am 12.02.2026 schrieb der Kunde:" is a sentence.
  if (!header.includes('@') && !OPENER.test(header)) return NAME_WROTE_ON.test(header);
  return (
    WROTE_AT_END.test(header) ||
    WROTE_THEN_NAME.test(header) ||
    (ADDRESS_AT_END.test(header) && TIME.test(header))
  );
}

/** Where a wrapped header may not begin: with its address ("<anna@…>") or its verb. */
const CONTINUATION = new RegExp(`^\\s*(?:[<(]|[\\w.+-]+@|${WROTE}(?!\\p{L}))`, 'iu');

/** How many lines a reply header starting at line `i` spans; 0 when none starts there. */
function replyHeaderAt(lines: string[], i: number): number {
  let joined = '';
  for (let k = 0; k < HEADER_LINES && i + k < lines.length; k++) {
    const line = lines[i + k]!;
    if (isBlank(line) || isQuoted(line)) return 0;
    // A sentence's end is prose, not a wrapped header.
    if (k > 0 && /[.!?]\s*$/.test(lines[i + k - 1]!)) return 0;
    joined = `${joined} ${line.trim()}`.trim();
    if (joined.length > MAX_HEADER) return 0;
    if (!isReplyHeader(joined)) continue;
    // "Hallo Anna" above "Am … schrieb Bob:" greets; the header starts on the later line.
    for (let s = i + 1; s <= i + k; s++) {
      if (CONTINUATION.test(lines[s]!)) continue;
      // "On Nov 21, 2014,\nat 10:18,\nJohn <…> wrote:" is one header wrapped after its commas.
      if (/[,<(]\s*$/.test(lines[s - 1]!) && !OPENER.test(lines[s]!)) continue;
      const rest = lines.slice(s, i + k + 1).map((l) => l.trim());
      if (isReplyHeader(rest.join(' '))) return 0;
    }
    return k + 1;
  }
  return 0;
}

const isField = (line: string) =>
  [FROM_FIELD, SENT_FIELD, DATE_FIELD, SUBJECT_FIELD, OTHER_FIELD].some((f) => f.test(line));

/** Whether Outlook's "From: … / Sent: … / To: …" block (in any order) starts at line `i`. */
function headerBlockAt(lines: string[], i: number): boolean {
  const first = lines[i]!;
  if (first.length > MAX_HEADER || !isField(first)) return false;
  let fromHasAddress: boolean | undefined;
  let fromAt = -2;
  let sent = false;
  let others = 0;
  let dated = false;
  let blanks = 0;
  for (let j = i; j < lines.length && j <= i + 8; j++) {
    const line = lines[j]!;
    if (isBlank(line)) {
      // Converted from HTML, each field may be a paragraph of its own.
      if (++blanks > 1) break;
      continue;
    }
    blanks = 0;
    if (FROM_FIELD.test(line)) {
      fromHasAddress ??= MAIL_ADDRESS.test(line + (lines[j + 1] ?? ''));
      fromAt = j;
    } else if (SENT_FIELD.test(line)) sent = true;
    else if (DATE_FIELD.test(line)) dated = true;
    else if (SUBJECT_FIELD.test(line)) continue;
    else if (OTHER_FIELD.test(line)) others++;
    // A wrapped sender ("<anna@…>", "On Behalf Of …") continues its field; else prose ends
    // the block.
    else if (j !== fromAt + 1 || line.length > 100) break;
  }
  if (fromHasAddress === undefined) return false;
  // A mail's header says "Sent:", or names the sender's address beside a date or a recipient:
  // "From: Frankfurt / To: Boston" in a booking and "Von: <anna@…> / Betreff: …" in a contact
  // form's message are neither.
  return sent || (fromHasAddress && (dated || others > 0));
}

function isMobileSignature(lines: string[], i: number): boolean {
  const line = lines[i]!.trim();
  if (line.length > 100 || (i > 0 && !isBlank(lines[i - 1]!))) return false;
  return MOBILE_SIGNATURE.test(line.replace(/<[^<>]*>$/, '').trim());
}

/** Per text, which lines start a quote (1) or not (2): a run of "—" lines asks about the same. */
const quoteStarts = new WeakMap<string[], Uint8Array>();

function startsQuote(lines: string[], j: number): boolean {
  let known = quoteStarts.get(lines);
  if (!known) quoteStarts.set(lines, (known = new Uint8Array(lines.length)));
  known[j] ||= isQuoted(lines[j]!) || replyHeaderAt(lines, j) || headerBlockAt(lines, j) ? 1 : 2;
  return known[j] === 1;
}

function isSignatureStart(lines: string[], i: number): boolean {
  const line = lines[i]!;
  if (line === '-- ') return true;
  if (!SIGNATURE_DELIMITER.test(line.trim())) return false;
  let text = 0;
  for (let j = i + 1; j < lines.length; j++) {
    if (j > i + SIGNATURE_SCAN) return false;
    if (isBlank(lines[j]!)) continue;
    if (startsQuote(lines, j)) break;
    if (++text > MAX_SIGNATURE_LINES) return false;
  }
  return true;
}

/** A long quoted line that the sender's client wrapped: its tail arrives without the "> ". */
function continuesQuote(lines: string[], i: number): boolean {
  const previous = lines[i - 1];
  const next = lines[i + 1];
  return (
    previous !== undefined &&
    next !== undefined &&
    isQuoted(previous) &&
    previous.length >= 60 &&
    isQuoted(next)
  );
}

function nextNonBlank(lines: string[], from: number): number {
  let j = from;
  while (j < lines.length && isBlank(lines[j]!)) j++;
  return j;
}

export function ownText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const own: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (isQuoted(line)) continue;
    if (isBlank(line)) {
      own.push('');
      continue;
    }
    const header = replyHeaderAt(lines, i);
    if (header) {
      const next = nextNonBlank(lines, i + header);
      // A quote follows: what the author writes after it (or between its lines) is theirs.
      if (next < lines.length && isQuoted(lines[next]!)) {
        i = next - 1;
        continue;
      }
      break;
    }
    if (
      SEPARATOR.test(line) ||
      MESSAGE_FROM.test(line) ||
      FORWARD_INTRO.test(line) ||
      headerBlockAt(lines, i) ||
      isMobileSignature(lines, i) ||
      isSignatureStart(lines, i)
    ) {
      break;
    }
    if (continuesQuote(lines, i)) continue;
    own.push(line);
  }
  // Outlook's "_____" rule above its header block, and the like, end nobody's words.
  while (own.length && /^[\s_\-=—–*]*$/.test(own[own.length - 1]!)) own.pop();
  return own
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
