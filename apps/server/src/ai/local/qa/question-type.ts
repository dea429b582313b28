export type QuestionType =
  | 'sender'
  | 'recipient'
  | 'email-address'
  | 'phone'
  | 'number'
  | 'amount'
  | 'subject'
  | 'attachment'
  | 'request'
  | 'when'
  | 'where'
  | 'mentioned'
  | 'event'
  | 'open';

const RULES: [QuestionType, RegExp][] = [
  ['email-address', /\b(e-?mail[- ]?address|mail address|e-?mail-?adresse|mailadresse)\b/i],
  ['phone', /\b(phone|telephone|telefon\w*|handynummer|rufnummer)\b/i],
  // "Welche Sendungsnummer …?", "Kundennummer", "tracking number": an identifier, not a count.
  [
    'number',
    /\b(\p{L}*nummer|\p{L}*-?nr\.?|aktenzeichen|iban|(?:tracking|order|invoice|reference|confirmation|account|case|ticket|customer) (?:number|no\.?|id))(?!\p{L})/iu,
  ],
  // "Wie hoch ist die Rechnung?", "Was kostet …?", "how much": a sum of money ("wie viele" counts).
  [
    'amount',
    /\b(wie hoch|wie ?viel(?!e)|was kostet|kostet|kosten|betrag|betragen|beträgt|preis|summe|how much|cost|costs|price|amount)\b/i,
  ],
  [
    'sender',
    // "Wer hat mir das Angebot für die Küchenrenovierung geschickt?": any words between.
    /\b(who (sent|wrote)|sender|from whom|absender\w*|von wem)\b|\bwer (hat|hatte)\b[^?]{0,80}?\b(geschrieben|geschickt|gesendet|gemailt)\b|^\s*wer (schrieb|schickte|sendete)\b/i,
  ],
  [
    'recipient',
    /\b(who (received|got)|recipients?|to whom|empfänger\w*|an wen)\b|\bwer (hat|hatte)\b[^?]{0,80}?\b(bekommen|erhalten)\b/i,
  ],
  ['subject', /\b(subject|betreff|worum geht)\b/i],
  ['attachment', /\b(attach\w*|enclosed|anhang|anhänge|angehängt|beigefügt)\b/i],
  ['request', /\b(requested|request|asked for|gebeten|verlangt|angefragt|worum wird gebeten)\b/i],
  [
    'mentioned',
    /\b(who|which people|wer) (is|are|wird|werden) (mentioned|named|erwähnt|genannt)\b|\bentities\b/i,
  ],
  ['event', /\b(what event|which event|welches ereignis|was ist passiert)\b/i],
  [
    'when',
    /^\s*(when|wann|bis wann|an welchem tag|um wie viel uhr)\b|\b(what time|which day|date of)\b/i,
  ],
  ['where', /^\s*(where|wo|wohin)\b/i],
];

export function questionType(question: string): QuestionType {
  for (const [type, pattern] of RULES) if (pattern.test(question)) return type;
  return 'open';
}
