import { sql, type SQL } from 'drizzle-orm';
import { umlautReading } from '../../lib/umlauts.ts';
import type { FieldTerm, SearchQuery } from '../../mail/search/search-query.ts';

// The search box's text as a query of the full-text index that search-indexer.ts builds.

/** Amounts, dates, times, versions ("1.234,56", "31.12.2026"): one token with its separators. */
const NUMBER = /^\p{N}+(?:[.,/:-]\p{N}+)+$/u;
const MAX_TERMS = 12;

/** A word as a prefix, or either of its readings where it may stand for umlauts ("kuechen"). */
function prefixTerm(word: string): string {
  const lower = word.toLowerCase();
  const reading = umlautReading(lower);
  return reading ? `(${lower}:* | ${reading}:*)` : `${lower}:*`;
}

/**
 * "Rechn novemb" → "rechn:* & novemb:*": every word, as a prefix, stemmed by the German parser.
 * A number with separators goes to the parser whole ("exact"): it keeps "31.12.2026" as one
 * lexeme and splits "1.234,56" into "1.234" and "56", which word by word would never match.
 */
export function searchTerms(text: string): { prefix?: string; exact?: string } | undefined {
  const words: string[] = [];
  const numbers: string[] = [];
  for (const raw of text.split(/\s+/)) {
    const token = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (NUMBER.test(token)) numbers.push(token);
    else words.push(...(token.match(/[\p{L}\p{N}]+/gu) ?? []));
  }
  const exact = numbers.slice(0, MAX_TERMS);
  const prefix = words.slice(0, MAX_TERMS - exact.length);
  if (prefix.length === 0 && exact.length === 0) return undefined;
  return {
    ...(prefix.length ? { prefix: prefix.map(prefixTerm).join(' & ') } : {}),
    ...(exact.length ? { exact: exact.join(' ') } : {}),
  };
}

function matchQuery(terms: { prefix?: string; exact?: string }): SQL {
  const prefix =
    terms.prefix === undefined ? undefined : sql`to_tsquery('german', ${terms.prefix})`;
  const exact =
    terms.exact === undefined ? undefined : sql`plainto_tsquery('german', ${terms.exact})`;
  return prefix && exact ? sql`(${prefix} && ${exact})` : (prefix ?? exact!);
}

/**
 * Each field has its weight in the index (search-indexer.ts): subject A, sender B, recipients
 * D. "from:anna" is "anna:*B", a lookup in the same GIN index as any word.
 */
const FIELD_WEIGHTS = { subject: 'A', from: 'B', to: 'D' } as const;

/** A field operator's words as a tsquery: prefixes, or in this order where they were quoted. */
function fieldQuery(term: FieldTerm, weight: string): SQL | undefined {
  const words = (term.text.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
  if (words.length === 0) return undefined;
  const query = term.phrase
    ? words.map((w) => `${w.toLowerCase()}:${weight}`).join(' <-> ')
    : words.map((w) => `${w.toLowerCase()}:*${weight}`).join(' & ');
  return sql`to_tsquery('german', ${query})`;
}

/** Everything of the search that the full-text index answers, as one tsquery. */
export function fullTextQuery(search: SearchQuery): SQL | undefined {
  const parts: SQL[] = [];
  const terms = searchTerms(search.words);
  if (terms) parts.push(matchQuery(terms));
  for (const phrase of search.phrases.slice(0, MAX_TERMS))
    parts.push(sql`phraseto_tsquery('german', ${phrase})`);
  for (const field of ['subject', 'from', 'to'] as const)
    for (const term of search[field].slice(0, MAX_TERMS)) {
      const query = fieldQuery(term, FIELD_WEIGHTS[field]);
      if (query) parts.push(query);
    }
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` && `)})`;
}
