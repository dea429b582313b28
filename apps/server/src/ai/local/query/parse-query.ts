import { extractDate, type DateRange } from './dates.ts';

export type FolderType = 'inbox' | 'sent' | 'drafts' | 'trash' | 'spam' | 'archive';

export interface SenderFilter {
  /** What to match against the sender's name, address or domain, lower case. */
  text: string;
  kind: 'person' | 'organisation' | 'address' | 'domain';
}

export interface ParsedQuery {
  /** What remains to be ranked by relevance ("rechnungen", "umbau"). */
  text: string;
  senders: SenderFilter[];
  /** Whom the mail went to (To or Cc): "Mails an Thomas", "was ich an Anna geschickt habe". */
  recipients: SenderFilter[];
  date: DateRange | null;
  folderType: FolderType | null;
  /** Names of the caller's own folders or categories that the query named (as given). */
  folder: string | null;
  category: string | null;
  unread: boolean | null;
  flagged: boolean | null;
  hasAttachments: boolean | null;
  unanswered: boolean | null;
  /** Only mail the user received (no Sent, no Drafts): "Was habe ich gestern bekommen?". */
  received?: boolean;
  /** What was searched, in German: "Gesucht: Rechnungen · von telekom.de · Oktober 2026". */
  interpretation: string;
}

export interface QueryContext {
  folders?: readonly string[];
  categories?: readonly string[];
  /** The user's zone (IANA): "heute" is today there. German time when not given. */
  timeZone?: string;
}

const FOLDERS: [RegExp, FolderType, string][] = [
  [/\b(?:im |in the )?(posteingang|inbox)\b/i, 'inbox', 'im Posteingang'],
  [/\b(?:im ordner )?(gesendeten?|gesendet|sent)\b/i, 'sent', 'gesendet'],
  [/\b(?:in den )?(entwürfen?|entwürfe|drafts?)\b/i, 'drafts', 'Entwürfe'],
  [/\b(?:im )?(papierkorb|trash|gelöschten?)\b/i, 'trash', 'im Papierkorb'],
  [/\b(?:im )?(spam|junk)(?:[- ]?ordner)?\b/i, 'spam', 'im Spam'],
  [/\b(?:im )?(archiv|archive|archivierten?)\b/i, 'archive', 'im Archiv'],
];

const FLAGS: [RegExp, 'unread' | 'flagged' | 'hasAttachments' | 'unanswered', string][] = [
  [
    /\b(unbeantwortete?n?|nicht beantwortete?n?|unanswered|not answered|ohne antwort)\b/i,
    'unanswered',
    'unbeantwortet',
  ],
  [/\b(ungelesene?n?|nicht gelesene?n?|unread)\b/i, 'unread', 'ungelesen'],
  [/\b(markierte?n?|mit markierung|flagged|starred|mit stern)\b/i, 'flagged', 'markiert'],
  [
    /\b(mit (?:einem )?anhang|mit anhängen|mit anlagen?|with (?:an )?attachments?|has attachments?)\b/i,
    'hasAttachments',
    'mit Anhang',
  ],
];

// Words that say "mail" or "show me" and nothing about which mail.
const FILLER =
  /\b(zeig(?:e|en)?|such(?:e|en)?|finde?n?|gib|liste|alle|allen|mir|mich|meine?n?|bitte|mails?|e-mails?|emails?|nachrichten|show|find|search|list|all|my|me|messages?|die|der|das|den|dem|des|the|zum|zur|zu|über|about|regarding|on|betreffend|wegen|aus|im|in|vom|von|from|of|mit|with|und|and|sind|is|are|welche|which|was|what|haben|hat|habe|ich|i|have|wie|viele|wieviele|oft|how|many|often|wo|wohin|woher|wann|wer|wem|wen|where|when|who)\b/gi;

const SENDER =
  /\b(?:von|from)\s+(?:(der|dem|die|the)\s+)?([\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}|(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}|\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)?|[\p{L}-]{2,})/gu;

// "an" names a recipient only right after a word for mail or its writer ("Mails an Thomas",
// "habe ich an Anna"): elsewhere it is mostly a preposition ("Erinnerung an den Termin").
const RECIPIENT = new RegExp(
  String.raw`(?<=\b(?:[Mm]ails?|[Ee]-?[Mm]ails?|[Nn]achrichten?|[Aa]ntworten|ich|wir|sent|[Mm]essages?|wrote|written)\s+)(?:an|to)\s+(?:(der|dem|die|den|the)\s+)?([\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}|(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}|\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)?|[\p{L}-]{2,})`,
  'gu',
);

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function senderFilter(article: string | undefined, name: string): SenderFilter {
  if (name.includes('@')) return { text: name.toLowerCase(), kind: 'address' };
  if (/\.\p{L}{2,}$/u.test(name)) return { text: name.toLowerCase(), kind: 'domain' };
  return { text: name.toLowerCase(), kind: article ? 'organisation' : 'person' };
}

function named(query: string, names: readonly string[] | undefined) {
  for (const name of [...(names ?? [])].sort((a, b) => b.length - a.length)) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(
      `(?<![\\p{L}\\p{N}])(?:(?:im|in der|in|aus der|kategorie|ordner|folder|category)\\s+)?${escaped}(?![\\p{L}\\p{N}])`,
      'iu',
    );
    const match = query.match(pattern);
    if (match) return { name, rest: query.replace(match[0], ' ') };
  }
  return null;
}

/**
 * A natural German or English query → filters and the words to rank by. Pure: `now` comes in,
 * so "gestern" and "letzten Monat" mean the same in a test as on the day it ran.
 */
export function parseQuery(query: string, now: Date, context: QueryContext = {}): ParsedQuery {
  let rest = ` ${query.replace(/\s+/g, ' ').trim()} `;
  const parts: string[] = [];
  const flags = { unread: null, flagged: null, hasAttachments: null, unanswered: null } as Record<
    'unread' | 'flagged' | 'hasAttachments' | 'unanswered',
    boolean | null
  >;
  const flagLabels: string[] = [];
  for (const [pattern, key, label] of FLAGS) {
    if (pattern.test(rest)) {
      flags[key] = true;
      flagLabels.push(label);
      rest = rest.replace(pattern, ' ');
    }
  }
  const category = named(rest, context.categories);
  if (category) rest = category.rest;
  const folder = category ? null : named(rest, context.folders);
  if (folder) rest = folder.rest;
  let folderType: FolderType | null = null;
  let folderLabel = '';
  for (const [pattern, type, label] of FOLDERS) {
    if (!folder && pattern.test(rest)) {
      folderType = type;
      folderLabel = label;
      rest = rest.replace(pattern, ' ');
      break;
    }
  }
  const { range, rest: withoutDate } = extractDate(rest, now, context.timeZone);
  rest = withoutDate;
  const senders: SenderFilter[] = [];
  const recipients: SenderFilter[] = [];
  rest = rest.replace(RECIPIENT, (whole, article: string | undefined, name: string) => {
    const filler = FILLER.test(name);
    FILLER.lastIndex = 0;
    if (filler) return whole;
    recipients.push(senderFilter(article, name));
    return ' ';
  });
  rest = rest.replace(SENDER, (whole, article: string | undefined, name: string) => {
    if (FILLER.test(name) || /^(zum|zur|über)$/i.test(name)) {
      FILLER.lastIndex = 0;
      return whole;
    }
    FILLER.lastIndex = 0;
    senders.push(senderFilter(article, name));
    return ' ';
  });
  const text = rest
    .replace(FILLER, ' ')
    .replace(/[?!.,;:"„“]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text) parts.push(capitalised(text));
  else parts.push('alle E-Mails');
  for (const sender of senders)
    parts.push(
      `von ${sender.kind === 'person' || sender.kind === 'organisation' ? sender.text.split(' ').map(capitalised).join(' ') : sender.text}`,
    );
  for (const recipient of recipients)
    parts.push(
      `an ${recipient.kind === 'person' || recipient.kind === 'organisation' ? recipient.text.split(' ').map(capitalised).join(' ') : recipient.text}`,
    );
  if (range) parts.push(range.label);
  if (folderType) parts.push(folderLabel);
  if (folder) parts.push(`im Ordner ${folder.name}`);
  if (category) parts.push(`in der Kategorie ${category.name}`);
  parts.push(...flagLabels);
  return {
    text,
    senders,
    recipients,
    date: range,
    folderType,
    folder: folder?.name ?? null,
    category: category?.name ?? null,
    ...flags,
    interpretation: `Gesucht: ${parts.join(' · ')}`,
  };
}
