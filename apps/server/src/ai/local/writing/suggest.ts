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
const DU = /\b(du|dir|dich|dein\w*|euch|euer)\b/i;
const SIE = /\b(Sie|Ihnen|Ihr\w*)\b/;

/** The register, greeting and closing the user wrote to these recipients before. */
export function learnStyle(input: SuggestionInput): Style {
  const wanted = new Set(input.toRecipients.map((r) => r.toLowerCase()));
  const toThem = input.sent.filter((mail) => mail.to.some((r) => wanted.has(r.toLowerCase())));
  const pool = toThem.length > 0 ? toThem : [];
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

/** The question or request of the thread's last message, to answer it by name. */
function lastAsk(context: string): string | null {
  const own = context.split(/\n(?:>|Am .+schrieb|On .+wrote)/)[0] ?? context;
  const sentences = own.replace(/\s+/g, ' ').split(/(?<=[.!?])\s+/);
  return sentences.find((s) => s.trim().endsWith('?'))?.trim() ?? null;
}

/**
 * A reply (or continuation of a draft) in the user's own register, greeting and closing, in
 * German or in the thread's language. Built from templates and the thread, never canned English
 * for a German thread.
 */
export function suggestReply(input: SuggestionInput): string {
  const style = learnStyle(input);
  const name =
    input.recipientNames?.[0]?.split(/\s+/)[style.register === 'Du' ? 0 : 1] ??
    input.recipientNames?.[0];
  const greeting =
    style.greeting ?? defaultGreeting(style, style.register === 'Du' ? name : undefined);
  const ask = lastAsk(input.context);
  const topic = input.subject.replace(/^\s*((re|aw|wg|fw|fwd)\s*:\s*)+/i, '').trim();
  const en = style.language === 'en';
  const du = style.register === 'Du';
  const lines: string[] = [];
  if (en) {
    lines.push(`thank you for your message${topic ? ` about "${topic}"` : ''}.`);
    if (ask)
      lines.push(
        `Regarding your question "${ask}": I will look into it and get back to you shortly.`,
      );
    else lines.push('I will look into it and get back to you shortly.');
  } else {
    lines.push(
      `${du ? 'danke für deine' : 'vielen Dank für Ihre'} Nachricht${topic ? ` zu „${topic}“` : ''}.`,
    );
    if (ask)
      lines.push(
        `Zu ${du ? 'deiner' : 'Ihrer'} Frage „${ask}“: Ich kümmere mich darum und melde mich in Kürze.`,
      );
    else lines.push(`Ich kümmere mich darum und melde mich in Kürze bei ${du ? 'dir' : 'Ihnen'}.`);
  }
  const closing =
    style.closing ?? (en ? 'Best regards' : du ? 'Viele Grüße' : 'Mit freundlichen Grüßen');
  const signature = input.userName ? `\n${input.userName}` : '';
  return `${greeting}\n\n${lines.join(' ')}\n\n${closing.replace(/,$/, '')}${signature}`;
}
