import { analyzeText, termsOfToken } from '../text/analyze.ts';
import type { Lexicon } from '../text/compound.ts';
import { tokenize } from '../text/normalize.ts';
import { isStopWord } from '../text/stopwords.ts';
import { queryRelatives } from '../text/word-fields.ts';
import { umlautReading } from '../../../lib/umlauts.ts';

export interface SearchDocument {
  id: number;
  subject: string;
  body: string;
  /** Sender's name and address: searchable like the text ("von thomas" is a filter, "thomas" is not). */
  from?: string;
}

export interface SearchHit {
  id: number;
  score: number;
  /** Found only by words of the query words' fields, by none of the query's own words. */
  onlyRelated?: true;
}

interface Posting {
  doc: number;
  tf: number;
}

const K1 = 1.2;
const B = 0.75;
const FIELD_WEIGHTS = { subject: 2.5, from: 1.5, body: 1 };
const PART_WEIGHT = 0.5;
/**
 * A word of the query word's field ("Bahn", "Ticket" for "Zug"), for AI search: it counts only
 * where the word itself is not, and then far below it. At 0.25 such words moved other mail
 * above the answering one in the QA eval's retrieval (top-3 answer F1 72.4 → 71.8); at 0.1
 * nothing moved.
 */
const RELATED_WEIGHT = 0.1;

/**
 * An in-memory BM25 index (Robertson & Zaragoza) with field weights folded into the term
 * frequency (BM25F-lite). Mail and query meet on stems and German compound parts, so
 * "Rechnung" finds "Stromrechnung" and "Jahresabrechnung" finds "Abrechnung fürs Jahr".
 */
export class Bm25Index {
  private readonly postings = new Map<string, Posting[]>();
  private readonly lengths: number[] = [];
  private readonly ids: number[] = [];
  private totalLength = 0;
  private readonly lexicon: Lexicon | undefined;

  constructor(lexicon?: Lexicon) {
    this.lexicon = lexicon;
  }

  get size(): number {
    return this.ids.length;
  }

  add(document: SearchDocument): void {
    const doc = this.ids.length;
    this.ids.push(document.id);
    const counts = new Map<string, number>();
    let length = 0;
    const fields: [string, number][] = [
      [document.subject, FIELD_WEIGHTS.subject],
      [document.from ?? '', FIELD_WEIGHTS.from],
      [document.body, FIELD_WEIGHTS.body],
    ];
    for (const [text, weight] of fields) {
      for (const { term, part } of analyzeText(text, { lexicon: this.lexicon }).terms) {
        counts.set(term, (counts.get(term) ?? 0) + (part ? weight * PART_WEIGHT : weight));
        if (!part) length += 1;
      }
    }
    for (const [term, tf] of counts) {
      const list = this.postings.get(term);
      if (list) list.push({ doc, tf });
      else this.postings.set(term, [{ doc, tf }]);
    }
    this.lengths.push(length);
    this.totalLength += length;
  }

  /** Inverse document frequency (BM25's, floored at a small positive value). */
  idf(term: string): number {
    const n = this.postings.get(term)?.length ?? 0;
    return Math.max(0.01, Math.log(1 + (this.size - n + 0.5) / (n + 0.5)));
  }

  /**
   * Each query word counts once, by its best reading: its German or English stem, or its
   * compound parts at half weight. A query's language is too short to detect reliably.
   */
  queryTerms(query: string, related = false): Map<string, number>[] {
    const groups: Map<string, number>[] = [];
    for (const token of tokenize(query)) {
      if (token.kind === 'word' && isStopWord(token.text)) continue;
      const group = new Map<string, number>();
      // Typed without umlauts ("kuechen"), the word is read with them too (lib/umlauts.ts).
      const reading = token.kind === 'word' ? umlautReading(token.text) : undefined;
      for (const text of reading ? [token.text, reading] : [token.text])
        for (const language of ['de', 'en'] as const) {
          termsOfToken({ ...token, text }, language, { lexicon: this.lexicon }).forEach(
            (term, index) => {
              if (!group.has(term)) group.set(term, index === 0 ? 1 : PART_WEIGHT);
            },
          );
        }
      if (group.size > 0 && related)
        for (const term of queryRelatives([...group.keys()]).stems)
          if (!group.has(term)) group.set(term, RELATED_WEIGHT);
      if (group.size > 0) groups.push(group);
    }
    return groups;
  }

  search(
    query: string,
    limit = 10,
    filter?: (id: number) => boolean,
    /** Words of the query words' fields count too, far below the words themselves. */
    related = false,
  ): SearchHit[] {
    const average = this.totalLength / Math.max(1, this.size);
    const scores = new Map<number, number>();
    const own = new Set<number>();
    for (const group of this.queryTerms(query, related)) {
      const best = new Map<number, number>();
      for (const [term, weight] of group) {
        const idf = this.idf(term);
        for (const { doc, tf } of this.postings.get(term) ?? []) {
          if (weight > RELATED_WEIGHT) own.add(doc);
          const norm = K1 * (1 - B + (B * this.lengths[doc]!) / average);
          const value = (weight * idf * tf * (K1 + 1)) / (tf + norm);
          if (value > (best.get(doc) ?? 0)) best.set(doc, value);
        }
      }
      for (const [doc, value] of best) scores.set(doc, (scores.get(doc) ?? 0) + value);
    }
    const hits: SearchHit[] = [];
    for (const [doc, score] of scores) {
      const id = this.ids[doc]!;
      if (!filter || filter(id))
        hits.push(own.has(doc) ? { id, score } : { id, score, onlyRelated: true });
    }
    return hits.sort((a, b) => b.score - a.score || a.id - b.id).slice(0, limit);
  }
}
