import { brandOf, FREEMAIL } from '../describe/brand.ts';
import { mailFeatures, type MailText } from '../features.ts';
import { analyzeText } from '../text/analyze.ts';
import { domainOf, tokenize } from '../text/normalize.ts';
import { isStopWord } from '../text/stopwords.ts';
import { sphericalKMeans, unitVectors } from './kmeans.ts';
import { telling } from '../describe/telling.ts';

export interface ProposalMail extends MailText {
  id: number;
}

export interface Proposal {
  name: string;
  description: string;
  size: number;
  emailIds: number[];
}

// English words common in any mail that name no topic (German has capitalised nouns instead).
// Words of mail itself (headers quoted in a body, greetings, link text) name no topic either.
const MAIL_WORDS =
  'forwarded original subject date wrote schrieb gesendet betreff http https www html link links url ciao author reply regards hallo hello dear liebe lieber viele grüße gruß gruss cheers discuss daily digest unsubscribe abmelden'.split(
    ' ',
  );
const GENERIC_EN = new Set([
  ...'time date like wrote make made using used use get got know think new way good well work people thing things going want need see look day days week year today still really much many back first last next said says email mail list message messages post sent send information please thanks'.split(
    ' ',
  ),
  ...MAIL_WORDS,
]);

const GENERIC_DE = new Set([
  ...'tag tage tagen woche wochen monat monate monaten jahr jahre jahren zeit uhr frage fragen dank grüße gruß problem probleme sache sachen leute mail mails e-mail e-mails nachricht antwort hallo herr frau möchten könnten würden hätten sollten müssten dürfen falls bitte danke gerne leider eigentlich vielleicht wirklich'.split(
    ' ',
  ),
  ...MAIL_WORDS,
]);

/** "thomas.weber", "s.schmidt3": a person's own address, not a company's "rechnung@". */
const PERSONAL_LOCAL = /^\p{L}+[._]\p{L}+\d*$/u;

/**
 * A domain a cluster may be named after: a company's or a club's. Not the user's own (their
 * colleagues' mail), and not one people write from with their own names ("Sarah Schmidt
 * <s.schmidt@example.com>" is a person, whatever company the domain belongs to).
 */
function brandDomain(mail: ProposalMail, ownDomains: ReadonlySet<string>): string | undefined {
  const domain = domainOf(mail.fromAddress);
  if (!domain || FREEMAIL.test(domain) || ownDomains.has(domain)) return undefined;
  const local = mail.fromAddress.toLowerCase().split('@')[0] ?? '';
  return PERSONAL_LOCAL.test(local) ? undefined : domain;
}

/**
 * People's names (of senders, and as signed) are no topic a category is named after: "Steven"
 * or "Matthias" would name a person's mail, which the sender already does better.
 */
function personNames(mails: readonly ProposalMail[]): Set<string> {
  const names = new Set<string>();
  for (const mail of mails) {
    // A person writes from "thomas.weber@…" or a freemail address; "Telekom Rechnung
    // <rechnung@telekom.de>" is a company whose display name names its topic.
    const [local = '', domain = ''] = mail.fromAddress.toLowerCase().split('@');
    const personal = PERSONAL_LOCAL.test(local);
    if (!personal && !FREEMAIL.test(domain)) continue;
    const parts = [
      ...(mail.fromName ?? '').toLowerCase().split(/[^\p{L}-]+/u),
      ...(personal ? local.split(/[._]/) : []),
    ];
    for (const part of parts) if (part.length > 2) names.add(part);
  }
  return names;
}

/** How often each word is written with a capital inside a sentence (German nouns are). */
function capitalShare(mails: readonly ProposalMail[]) {
  const counts = new Map<string, [number, number]>();
  for (const mail of mails) {
    for (const match of `${mail.subject}\n${mail.body.slice(0, 1500)}`.matchAll(
      /(?<![.!?:]\s|^|\n)\b(\p{L}[\p{L}-]+)/gu,
    )) {
      const word = match[1]!;
      const key = word.toLowerCase();
      const entry = counts.get(key) ?? [0, 0];
      entry[word[0] === word[0]!.toUpperCase() ? 0 : 1]++;
      counts.set(key, entry);
    }
  }
  return (word: string) => {
    const [upper, lower] = counts.get(word) ?? [0, 0];
    return upper + lower === 0 ? 1 : upper / (upper + lower);
  };
}

/** The cluster's most distinctive words as people write them (their commonest surface form). */
function topWords(
  mails: readonly ProposalMail[],
  allCounts: Map<string, number>,
  total: number,
  limit: number,
  names: ReadonlySet<string>,
) {
  const counts = new Map<string, { mails: number; forms: Map<string, number> }>();
  let german = 0;
  for (const mail of mails) {
    const seen = new Set<string>();
    const tokens = tokenize(`${mail.subject} ${mail.subject} ${mail.body.slice(0, 1500)}`).filter(
      (t) => t.kind === 'word' && t.text.length > 3 && !isStopWord(t.text),
    );
    const { language, terms } = analyzeText(tokens.map((t) => t.text).join(' '), {
      compounds: false,
    });
    if (language === 'de') german++;
    terms.forEach(({ term, position }) => {
      const entry = counts.get(term) ?? { mails: 0, forms: new Map<string, number>() };
      if (!seen.has(term)) entry.mails++;
      seen.add(term);
      const form = tokens[position]?.text ?? term;
      entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1);
      counts.set(term, entry);
    });
  }
  const isGerman = german > mails.length / 2;
  const capital = capitalShare(mails);
  return (
    [...counts]
      .filter(([, entry]) => entry.mails >= Math.max(2, mails.length * 0.15))
      .map(([term, entry]) => {
        const share = entry.mails / mails.length;
        const lift = share / ((allCounts.get(term) ?? entry.mails) / total);
        const form = [...entry.forms].sort((a, b) => b[1] - a[1])[0]![0];
        return { term, form, lift, score: share * Math.log(lift + 1) };
      })
      // A name is a noun that sets the cluster apart: twice as common here as in the mailbox.
      .filter(
        ({ form, lift }) =>
          lift >= 2 &&
          telling(form) &&
          !/['’]/.test(form) &&
          !names.has(form.toLowerCase()) &&
          (isGerman ? capital(form) >= 0.6 && !GENERIC_DE.has(form) : !GENERIC_EN.has(form)),
      )
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
  );
}

const noun = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Groups mail (the account's unfiled mail) into up to `k` clusters and names each as a person
 * would: the dominant sender's brand with the cluster's word ("Rechnungen Telekom"), or its two
 * most distinctive words ("Reisen · Flüge" becomes "Reisen und Flüge"), with one German sentence.
 */
export function proposeCategories(
  mails: readonly ProposalMail[],
  k: number,
  minSize = 3,
  /** The user's own domains (of their sent mail): never a cluster's name. */
  ownDomains: ReadonlySet<string> = new Set(),
): Proposal[] {
  const features = mails.map((mail) => mailFeatures(mail));
  const assignment = sphericalKMeans(unitVectors(features), k);
  const allCounts = new Map<string, number>();
  for (const f of features)
    for (const term of Object.keys(f)) allCounts.set(term, (allCounts.get(term) ?? 0) + 1);
  const names = personNames(mails);
  const senders = new Map<string, number>();
  for (const mail of mails) {
    const domain = domainOf(mail.fromAddress);
    if (domain) senders.set(domain, (senders.get(domain) ?? 0) + 1);
  }
  const proposals: Proposal[] = [];
  for (let cluster = 0; cluster < k; cluster++) {
    const members = mails.filter((_, i) => assignment[i] === cluster);
    if (members.length < minSize) continue;
    const domains = new Map<string, number>();
    for (const mail of members) {
      const domain = brandDomain(mail, ownDomains);
      if (domain) domains.set(domain, (domains.get(domain) ?? 0) + 1);
    }
    const [domain, domainCount] = [...domains].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    const words = topWords(members, allCounts, mails.length, 3, names);
    // A sender names the cluster when most of it comes from there, and that sender is not
    // simply most of the mailbox (a company's own domain in its staff's mail).
    const dominant =
      domain !== '' &&
      domainCount >= members.length * 0.6 &&
      domainCount / members.length >= (2 * (senders.get(domain) ?? 0)) / mails.length;
    // A cluster with neither a common sender nor a word of its own is no category anyone wants.
    if (!words[0] && !dominant) continue;
    const main = words[0] ? noun(words[0].form) : 'E-Mails';
    const name = dominant
      ? words[0]
        ? `${main} ${brandOf(domain)}`
        : brandOf(domain)
      : // A second word only when it is nearly as telling as the first, not a filler.
        words[1] && words[1].score >= 0.5 * words[0]!.score
        ? `${main} und ${noun(words[1].form)}`
        : main;
    const topics = words.map((w) => noun(w.form));
    const about =
      topics.length > 1
        ? `${topics.slice(0, -1).join(', ')} und ${topics.at(-1)}`
        : (topics[0] ?? 'ihre Nachrichten');
    const description = dominant
      ? topics.length
        ? `E-Mails von ${brandOf(domain)} (${domain}) rund um ${about}.`
        : `E-Mails von ${brandOf(domain)} (${domain}).`
      : `E-Mails rund um ${about}.`;
    // Two clusters a person would name alike are one category to them.
    const twin = proposals.find((p) => p.name.toLowerCase() === name.toLowerCase());
    if (twin) {
      twin.size += members.length;
      twin.emailIds.push(...members.map((m) => m.id));
      continue;
    }
    proposals.push({ name, description, size: members.length, emailIds: members.map((m) => m.id) });
  }
  return proposals.sort((a, b) => b.size - a.size);
}
