import { mailFeatures, type MailText } from '../features.ts';
import { analyzeText } from '../text/analyze.ts';
import { domainOf, tokenize } from '../text/normalize.ts';
import { isStopWord } from '../text/stopwords.ts';
import { sphericalKMeans, unitVectors } from './kmeans.ts';

export interface ProposalMail extends MailText {
  id: number;
}

export interface Proposal {
  name: string;
  description: string;
  size: number;
  emailIds: number[];
}

/** Mail services whose domain names no sender a person would file by. */
const FREEMAIL =
  /^(gmail|googlemail|gmx|web|yahoo|outlook|hotmail|live|icloud|t-online|posteo|mailbox|freenet|aol)\./;

function brand(domain: string): string {
  const name = domain.split('.')[0] ?? domain;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The cluster's most distinctive word as people write it (its commonest surface form). */
function topWords(
  mails: readonly ProposalMail[],
  allCounts: Map<string, number>,
  total: number,
  limit: number,
) {
  const counts = new Map<string, { mails: number; forms: Map<string, number> }>();
  for (const mail of mails) {
    const seen = new Set<string>();
    const tokens = tokenize(`${mail.subject} ${mail.subject} ${mail.body.slice(0, 1500)}`).filter(
      (t) => t.kind === 'word' && t.text.length > 3 && !isStopWord(t.text),
    );
    const { terms } = analyzeText(tokens.map((t) => t.text).join(' '), {
      compounds: false,
    });
    terms.forEach(({ term, position }) => {
      const entry = counts.get(term) ?? { mails: 0, forms: new Map<string, number>() };
      if (!seen.has(term)) entry.mails++;
      seen.add(term);
      const form = tokens[position]?.text ?? term;
      entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1);
      counts.set(term, entry);
    });
  }
  return [...counts]
    .filter(([, entry]) => entry.mails >= Math.max(2, mails.length * 0.2))
    .map(([term, entry]) => {
      const share = entry.mails / mails.length;
      const background = (allCounts.get(term) ?? entry.mails) / total;
      const form = [...entry.forms].sort((a, b) => b[1] - a[1])[0]![0];
      return { term, form, score: share * Math.log(share / background + 1) };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
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
): Proposal[] {
  const features = mails.map((mail) => mailFeatures(mail));
  const assignment = sphericalKMeans(unitVectors(features), k);
  const allCounts = new Map<string, number>();
  for (const f of features)
    for (const term of Object.keys(f)) allCounts.set(term, (allCounts.get(term) ?? 0) + 1);
  const proposals: Proposal[] = [];
  for (let cluster = 0; cluster < k; cluster++) {
    const members = mails.filter((_, i) => assignment[i] === cluster);
    if (members.length < minSize) continue;
    const domains = new Map<string, number>();
    for (const mail of members) {
      const domain = domainOf(mail.fromAddress);
      if (domain && !FREEMAIL.test(domain)) domains.set(domain, (domains.get(domain) ?? 0) + 1);
    }
    const [domain, domainCount] = [...domains].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    const words = topWords(members, allCounts, mails.length, 3);
    const main = words[0] ? noun(words[0].form) : 'Sonstiges';
    const dominant = domain && domainCount >= members.length * 0.6;
    const name = dominant
      ? `${main} ${brand(domain)}`
      : words[1]
        ? `${main} und ${noun(words[1].form)}`
        : main;
    const topics = words.map((w) => noun(w.form));
    const about =
      topics.length > 1
        ? `${topics.slice(0, -1).join(', ')} und ${topics.at(-1)}`
        : (topics[0] ?? 'verschiedene Themen');
    const description = dominant
      ? `E-Mails von ${brand(domain)} (${domain}) rund um ${about}.`
      : `E-Mails rund um ${about}.`;
    proposals.push({ name, description, size: members.length, emailIds: members.map((m) => m.id) });
  }
  return proposals.sort((a, b) => b.size - a.size);
}
