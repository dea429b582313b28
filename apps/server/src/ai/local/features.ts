import { ownText } from '../../mail/mime/reply-text.ts';
import { saysNothing } from './own-words.ts';
import { analyzeText } from './text/analyze.ts';
import type { Lexicon } from './text/compound.ts';
import { detectLanguage, type Language } from './text/language.ts';
import { domainOf } from './text/normalize.ts';

/** What the engine reads of a mail: the fields every stored mail has. */
export interface MailText {
  subject: string;
  /**
   * The whole body text as stored (`body_text`, ai.repository.ts): mailFeatures finds the
   * author's own words in it and weighs the quoted or forwarded rest at half.
   */
  body: string;
  fromAddress: string;
  fromName?: string;
  hasAttachments?: boolean;
  /** Answers another mail (In-Reply-To): people reply to people, hardly ever to adverts. */
  isReply?: boolean;
}

/** A sparse vector as a plain object: serialisable as jsonb and rebuilt identically anywhere. */
export type Features = Record<string, number>;

export const SUBJECT_WEIGHT = 3;
const PART_WEIGHT = 0.5;
const QUOTE_WEIGHT = 0.5;
// A long newsletter must not outvote its subject and sender; the start of a mail says what it is.
const MAX_BODY = 6000;

// Not every client sends In-Reply-To; a subject "Re: …" / "AW: …" says it as well.
const REPLY_SUBJECT = /^\s*(?:\[[^\]]{1,40}\]\s*)?(?:re|aw|antw|sv|vs)(?:\[\d+\])?\s*:/i;

export interface FeatureOptions {
  lexicon?: Lexicon;
  /** Set when the body is already the author's own words (stored `search_text`). */
  bodyIsOwnText?: boolean;
}

export function mailLanguage(mail: MailText): Language {
  return detectLanguage(`${mail.subject}\n${mail.body.slice(0, 3000)}`);
}

/**
 * Term counts of subject (weighted), body (quotes and signature cut) and compound parts (half
 * weight), plus the sender's address and domain as features of their own ("from:…", "dom:…")
 * "has:attachment", "is:reply" and "is:empty" (the author wrote at most a few words: a bare
 * forward, "fyi"). Terms are plain stems; the prefixes cannot collide with them.
 */
export function mailFeatures(mail: MailText, options: FeatureOptions = {}): Features {
  const language = mailLanguage(mail);
  // No prototype: a mail about JavaScript says "constructor" and "__proto__".
  const features = Object.create(null) as Features;
  const add = (term: string, weight: number) => {
    features[term] = (features[term] ?? 0) + weight;
  };
  // The quoted mail a reply answers often names the topic the reply itself only says yes to:
  // it counts at half weight, the author's own words at full weight.
  const whole = mail.body.slice(0, MAX_BODY);
  const own = options.bodyIsOwnText ? whole : ownText(mail.body.slice(0, MAX_BODY * 2));
  const fields: [string, number][] = [
    [mail.subject, SUBJECT_WEIGHT],
    [own.slice(0, MAX_BODY), 1 - QUOTE_WEIGHT],
    [whole, QUOTE_WEIGHT],
  ];
  for (const [text, weight] of fields) {
    for (const { term, part } of analyzeText(text, { language, lexicon: options.lexicon }).terms)
      add(term, part ? weight * PART_WEIGHT : weight);
  }
  const address = mail.fromAddress.trim().toLowerCase();
  if (address) {
    add(`from:${address}`, 1);
    const domain = domainOf(address);
    if (domain) add(`dom:${domain}`, 1);
  }
  if (mail.hasAttachments) add('has:attachment', 1);
  if (mail.isReply || REPLY_SUBJECT.test(mail.subject)) add('is:reply', 1);
  if (saysNothing(own)) add('is:empty', 1);
  return features;
}
