import { detectLanguage, type Language } from '../text/language.ts';

export interface SentMail {
  to: string[];
  body: string;
}

export interface SuggestionInput {
  toRecipients: string[];
  /** Recipients' display names where known, for the greeting. */
  recipientNames?: string[];
  subject: string;
  /** The thread or the draft so far. */
  context: string;
  /** The user's own sent mail (newest first); the engine reads greeting, closing and register. */
  sent: readonly SentMail[];
  userName?: string;
}

export interface Style {
  language: Language;
  register: 'Sie' | 'Du';
  greeting: string | null;
  closing: string | null;
}

const GREETING =
  /^\s*((?:sehr geehrte[r]?|liebe[r]?|hallo|hi|hey|moin|guten (?:tag|morgen|abend)|servus|dear|hello)\b[^\n]*)/im;
const CLOSING =
  /^\s*((?:mit freundlichen grüßen|freundliche grüße|viele grüße|beste grüße|liebe grüße|lg|vg|mfg|gruß|grüße|herzliche grüße|bis dann|bis bald|bis später|ciao|tschüss|best regards|kind regards|regards|best|cheers|thanks)[,!.]?)\s*$/im;
const DU = /\b(du|dir|dich|dein\w*|euch|euer|eure\w*)\b/i;
const SIE = /\b(Sie|Ihnen|Ihr\w*)\b/;

/** The register, greeting and closing the user wrote to these recipients before. */
export function learnStyle(input: SuggestionInput): Style {
  const wanted = new Set(input.toRecipients.map((r) => r.toLowerCase()));
  // What the user wrote, not what they quoted: a reply quotes the other side's "Sie".
  const pool = input.sent
    .filter((mail) => mail.to.some((r) => wanted.has(r.toLowerCase())))
    .map((mail) => ({ ...mail, body: lastMessage(mail.body) }));
  const count = (pattern: RegExp) => pool.filter((mail) => pattern.test(mail.body)).length;
  const du = count(DU);
  const sie = count(SIE);
  const contextDu = DU.test(input.context) && !SIE.test(input.context);
  const register = du > sie || (du === sie && contextDu) ? 'Du' : 'Sie';
  const first = (pattern: RegExp) => {
    for (const mail of pool) {
      const match = mail.body.match(pattern);
      if (match) return match[1]!.trim();
    }
    return null;
  };
  const language = input.context.trim() ? detectLanguage(input.context) : 'de';
  return { language, register, greeting: first(GREETING), closing: first(CLOSING) };
}

function defaultGreeting(style: Style, name: string | undefined): string {
  if (style.language === 'en') return name ? `Hello ${name},` : 'Hello,';
  if (style.register === 'Du') return name ? `Hallo ${name},` : 'Hallo,';
  return name ? `Guten Tag ${name},` : 'Guten Tag,';
}

const REPLY_SUBJECT = /^\s*((re|aw|wg|fw|fwd)\s*:\s*)+/i;
const QUOTE_START = /\n(?:>|Am .+schrieb|On .+wrote|-{2,} ?(?:Original|Ursprüngliche))/;

/** The thread's last message: what stands before the quote of the earlier ones. */
const lastMessage = (context: string) => context.split(QUOTE_START)[0] ?? context;

/** The question or request of the thread's last message, to answer it by name. */
function lastAsk(context: string): string | null {
  const lines = lastMessage(context).split('\n');
  // Not the greeting line: "Hi Anna, could you …?" asks only "could you …?".
  if (lines[0] && GREETING.test(lines[0])) lines[0] = lines[0].replace(/^[^,]*,\s*/, '');
  const sentences = lines
    .join(' ')
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+/);
  return sentences.find((s) => s.trim().endsWith('?'))?.trim() ?? null;
}

/** The name the thread's last message is signed with ("Thanks,\nJohn"), if it has one. */
function signedName(context: string): string | undefined {
  const lines = lastMessage(context)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const at = lines.findIndex((l) => CLOSING.test(l));
  const name = at >= 0 ? lines[at + 1] : undefined;
  return name && /^\p{Lu}[\p{L}-]+$/u.test(name) ? name : undefined;
}

/**
 * The user's own draft of a new mail (no "Re:", no quoted thread): the suggestion continues it
 * rather than answering it.
 */
const isDraft = (input: SuggestionInput) =>
  !REPLY_SUBJECT.test(input.subject) && !QUOTE_START.test(`\n${input.context}`);

function continueDraft(input: SuggestionInput, style: Style, greeting: string): string {
  const en = style.language === 'en';
  const du = style.register === 'Du';
  const topic = input.subject.trim();
  const closing =
    style.closing ?? (en ? 'Best regards' : du ? 'Viele Grüße' : 'Mit freundlichen Grüßen');
  const signature = input.userName ? `\n${input.userName}` : '';
  const draft = input.context.trim();
  const body = draft
    ? GREETING.test(draft.split('\n')[0] ?? '')
      ? draft
      : `${greeting}\n\n${draft}`
    : `${greeting}\n\n${
        en
          ? `I am writing to you${topic ? ` about "${topic}"` : ''}.`
          : `ich melde mich bei ${du ? 'dir' : 'Ihnen'}${topic ? ` wegen „${topic}“` : ''}.`
      }`;
  if (CLOSING.test(draft)) return body;
  const offer = en
    ? 'Please let me know if you have any questions.'
    : du
      ? 'Sag mir gern Bescheid, wenn du Fragen hast.'
      : 'Für Rückfragen stehe ich Ihnen gern zur Verfügung.';
  return `${body}\n\n${offer}\n\n${closing.replace(/,$/, '')}${signature}`;
}

/**
 * A reply (or continuation of a draft) in the user's own register, greeting and closing, in
 * German or in the thread's language. Built from templates and the thread, never canned English
 * for a German thread. A draft comes back whole, with its greeting and ending added.
 */
export function suggestReply(input: SuggestionInput): string {
  const style = learnStyle(input);
  const known =
    input.recipientNames?.[0]?.split(/\s+/)[style.register === 'Du' ? 0 : 1] ??
    input.recipientNames?.[0];
  const name = known ?? signedName(input.context);
  const greeting =
    style.greeting ??
    defaultGreeting(style, style.register === 'Du' || style.language === 'en' ? name : undefined);
  if (isDraft(input)) return continueDraft(input, style, greeting);
  const ask = lastAsk(input.context);
  const topic = input.subject.replace(REPLY_SUBJECT, '').trim();
  const en = style.language === 'en';
  const du = style.register === 'Du';
  const lines: string[] = [];
  if (en) {
    lines.push(`thank you for your message${topic ? ` about "${topic}"` : ''}.`);
    if (ask) lines.push(`I will look into your question "${ask}" and get back to you shortly.`);
    else lines.push('I will look into it and get back to you shortly.');
  } else {
    lines.push(
      `${du ? 'danke für deine' : 'vielen Dank für Ihre'} Nachricht${topic ? ` zu „${topic}“` : ''}.`,
    );
    if (ask)
      lines.push(
        `${du ? 'Deine' : 'Ihre'} Frage „${ask}“ kläre ich und melde mich in Kürze bei ${du ? 'dir' : 'Ihnen'}.`,
      );
    else lines.push(`Ich kümmere mich darum und melde mich in Kürze bei ${du ? 'dir' : 'Ihnen'}.`);
  }
  const closing =
    style.closing ?? (en ? 'Best regards' : du ? 'Viele Grüße' : 'Mit freundlichen Grüßen');
  const signature = input.userName ? `\n${input.userName}` : '';
  return `${greeting}\n\n${lines.join(' ')}\n\n${closing.replace(/,$/, '')}${signature}`;
}
