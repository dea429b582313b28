import type { Features } from '../features.ts';
import { addInto, type Sparse } from '../sparse.ts';
import { analyzeText } from '../text/analyze.ts';
import { relatedTerms } from '../text/word-fields.ts';
import type { LinearModel } from './linear.ts';

export interface CategorySeed {
  id: number;
  name: string;
  description: string;
}

/**
 * Summed document vectors of one category from one source. As rows: one per term
 * (`category_id, source, term, weight`) and one total (`category_id, source, docs, mass`);
 * adding or removing a mail is `weight = weight ± delta` on those rows.
 */
export interface TermTable {
  docs: number;
  mass: number;
  terms: Map<string, number>;
}

export interface CategoryModel {
  categories: CategorySeed[];
  /** Name and description as a pseudo-document: what a category is before any mail is filed. */
  seeds: Map<number, Sparse>;
  /** Mails the user filed (source `user`): counted at once, no retraining. */
  user: Map<number, TermTable>;
  /** What self-training on the account's unfiled mail added (source `ai`), rebuilt per run. */
  auto: Map<number, TermTable>;
  /** `auto` as it was before self-training read the user's examples (not stored; calibrate.ts). */
  anchoredAuto?: Map<number, TermTable>;
  /** Document frequencies over the account's mail: smoothing and term weights. */
  background: TermTable;
  /** Softmax temperature for calibrated confidences (see calibrate.ts). */
  temperature: number;
  /**
   * Logistic regression on the user's filed mail (calibrate.ts trains it once there are enough
   * examples); `blend` is its weight against naive Bayes, fitted on held-out examples.
   */
  linear?: LinearModel;
  blend: number;
  /**
   * Per category, log(its share of the account's mail / its share of the user's examples),
   * added to the logits while a linear model is in use; without one, log(share × categories)
   * as counted by the descriptions and examples, naive Bayes's prior (prior-shift.ts).
   */
  priorShift?: Map<number, number>;
  /**
   * Temperature of the anchor view (descriptions and the user's examples, without what
   * self-training added): a mail is filed only when this view backs the choice too.
   */
  anchorTemperature: number;
}

export const MODEL = {
  /** Weight of the seed pseudo-document, in documents. */
  seedWeight: 5,
  /** Dirichlet smoothing towards the background, in documents. */
  smoothing: 10,
  /** Weight of self-trained statistics against the user's own examples. */
  autoWeight: 0.01,
  /** Total weight of a classified mail's terms: makes scores comparable across mail lengths. */
  queryMass: 12,
};

/**
 * Without examples the anchor view is the descriptions alone. At this temperature a lead of one
 * unit of log likelihood (of a mail's 12) over every other category gives 0.9 with two
 * categories: on codealltag the mails with that lead were right 91 % of the time where the
 * self-trained model's own confidence was right 78 % (its errors are its most confident ones).
 * With more categories a lead over the second says less (the descriptions overlap more, and
 * there are more ways to be wrong): the temperature grows with log2 of their number.
 */
export function defaultAnchorTemperature(categories: number): number {
  return Math.log2(Math.max(2, categories)) / Math.log(9);
}

export const emptyTable = (): TermTable => ({ docs: 0, mass: 0, terms: new Map() });

/** A mail's contribution to the statistics: log term frequencies summing to one. */
export function docVector(features: Features): Sparse {
  const vector: Sparse = new Map();
  let sum = 0;
  for (const [term, count] of Object.entries(features)) {
    const value = Math.log1p(count);
    vector.set(term, value);
    sum += value;
  }
  if (sum > 0) for (const [term, value] of vector) vector.set(term, value / sum);
  return vector;
}

// Words of a description that name a property of mail rather than its topic: "replies" are
// mails that answer another, whatever they say, and a reply's text rarely says "reply" (on
// SpamAssassin "reply" is a word of the adverts: "reply to be removed"). Such a word adds the
// property's feature to the seed, as heavy as the category's name (twice in the seed text).
// "Empty", "without any text", "leer", "ohne Text": a mail with (almost) no words of its own,
// which is also a requirement (classify.ts: text keeps a mail out of such a category).
const PROPERTY_WEIGHT = 2;
const PROPERTIES: [RegExp, string][] = [
  [/(?:^|[^\p{L}])(?:antwort|repl(?:y|ies)\b|answers?\b)/iu, 'is:reply'],
  [/(?:^|[^\p{L}])(?:anh[aä]ng|attach)/iu, 'has:attachment'],
  [
    /(?:^|[^\p{L}])(?:empty|leer(?:e[nmrs]?)?\b|(?:without|no)(?: any)? text|(?:ohne|kein(?:en)?) text)/iu,
    'is:empty',
  ],
];

// A category's description names a few words of its concern; the word fields add the others
// people use for it (text/word-fields.ts), together this share of the seed, spread evenly. A
// field reaches mail the description's own words miss (Enron zero-shot 41.8 / 27.8 → 48.6 /
// 32.5), but its words are weaker evidence than the user's own: at 0.1 and more a broad field
// pulled mail of the other categories (SpamAssassin zero-shot 87.5 → 84.9), and words of the
// other language only diluted the seed (codealltag 83.6 → 81.8 with them, 83.2 without).
const RELATED_SHARE = 0.05;

export function seedVector(seed: CategorySeed): Sparse {
  // No prototype: a mail about JavaScript says "constructor" and "__proto__".
  const features = Object.create(null) as Features;
  const text = `${seed.name}. ${seed.name}. ${seed.description}`;
  const { language, terms } = analyzeText(text);
  for (const { term, part } of terms) features[term] = (features[term] ?? 0) + (part ? 0.5 : 1);
  for (const [pattern, feature] of PROPERTIES)
    if (pattern.test(text)) features[feature] = PROPERTY_WEIGHT;
  const vector = docVector(features);
  const related = relatedTerms(Object.keys(features), language);
  if (related.size === 0) return vector;
  for (const [term, value] of vector) vector.set(term, value * (1 - RELATED_SHARE));
  for (const term of related) vector.set(term, RELATED_SHARE / related.size);
  return vector;
}

export function createModel(categories: CategorySeed[]): CategoryModel {
  return {
    categories,
    seeds: new Map(categories.map((category) => [category.id, seedVector(category)])),
    user: new Map(categories.map((category) => [category.id, emptyTable()])),
    auto: new Map(categories.map((category) => [category.id, emptyTable()])),
    background: emptyTable(),
    temperature: 1,
    blend: 0,
    anchorTemperature: defaultAnchorTemperature(categories.length),
  };
}

export function addToTable(table: TermTable, vector: Sparse, factor = 1): void {
  addInto(table.terms, vector, factor);
  table.docs += factor;
  table.mass += factor;
  // A removed example must leave no residue, or rebuilt rows would differ from updated ones.
  for (const [term, value] of table.terms) if (Math.abs(value) < 1e-9) table.terms.delete(term);
}

/** The user filed a mail (factor 1) or took it back out (factor -1): the row deltas to store. */
export function addExample(
  model: CategoryModel,
  categoryId: number,
  features: Features,
  factor: 1 | -1 = 1,
): { categoryId: number; term: string; delta: number }[] {
  const table = model.user.get(categoryId);
  if (!table) throw new Error(`unknown category ${categoryId}`);
  const vector = docVector(features);
  addToTable(table, vector, factor);
  return [...vector].map(([term, value]) => ({ categoryId, term, delta: value * factor }));
}

/** Account-wide document frequencies from the features of the account's mail. */
export function buildBackground(all: Iterable<Features>): TermTable {
  const table = emptyTable();
  for (const features of all) {
    table.docs++;
    for (const term of Object.keys(features)) {
      table.terms.set(term, (table.terms.get(term) ?? 0) + 1);
      table.mass++;
    }
  }
  return table;
}
