// The classical baselines measured again in the same run: the same splits, the same
// descriptions and the same features as the engine. The figures came from descriptions
// nobody here has seen; these say how much of a gap is the method and how much the wording.
import { linearLogits, linearVector, trainLinear } from '../src/ai/local/categorize/linear.ts';
import { buildBackground } from '../src/ai/local/categorize/model.ts';
import type { Features } from '../src/ai/local/features.ts';
import { dot, norm, type Sparse } from '../src/ai/local/sparse.ts';
import { analyzeText } from '../src/ai/local/text/analyze.ts';
import type { Corpus } from './corpora.ts';
import { accuracyAndMacroF1 } from './metrics.ts';

type Score = { accuracy: number; macroF1: number };

function tfIdf(features: Features, df: Map<string, number>, documents: number): Sparse {
  const vector: Sparse = new Map();
  for (const [term, count] of Object.entries(features)) {
    const frequency = df.get(term);
    if (!frequency) continue;
    vector.set(term, Math.log1p(count) * Math.log(documents / frequency));
  }
  const length = norm(vector) || 1;
  for (const [term, value] of vector) vector.set(term, value / length);
  return vector;
}

function descriptionFeatures(category: Corpus['categories'][number]): Features {
  const features = Object.create(null) as Features;
  for (const { term } of analyzeText(`${category.name}. ${category.description}`).terms)
    features[term] = (features[term] ?? 0) + 1;
  return features;
}

const nearest = (vector: Sparse, centres: readonly Sparse[]) => {
  let best = 0;
  let bestScore = -Infinity;
  centres.forEach((centre, i) => {
    const score = dot(vector, centre);
    if (score > bestScore) [best, bestScore] = [i, score];
  });
  return best;
};

function mean(vectors: readonly Sparse[]): Sparse {
  const sum: Sparse = new Map();
  for (const vector of vectors)
    for (const [term, value] of vector) sum.set(term, (sum.get(term) ?? 0) + value);
  const length = norm(sum) || 1;
  for (const [term, value] of sum) sum.set(term, value / length);
  return sum;
}

/**
 * Zero-shot (each mail to the description it is most similar to, TF-IDF cosine) and
 * description-seeded spherical k-means over the whole corpus (the engine reads the unfiled mail
 * too), both scored on `test`.
 */
export function zeroShotBaselines(corpus: Corpus, features: Features[], test: readonly number[]) {
  const df = new Map<string, number>();
  for (const f of features)
    for (const term of Object.keys(f)) df.set(term, (df.get(term) ?? 0) + 1);
  const vectors = features.map((f) => tfIdf(f, df, features.length));
  let centres = corpus.categories.map((c) => tfIdf(descriptionFeatures(c), df, features.length));
  const gold = test.map((i) => corpus.mails[i]!.label);
  const labelOf = (index: number) => corpus.categories[index]!.label;
  const zero = accuracyAndMacroF1(
    gold,
    test.map((i) => labelOf(nearest(vectors[i]!, centres))),
  );
  let assignment = vectors.map((v) => nearest(v, centres));
  for (let round = 0; round < 12; round++) {
    centres = centres.map((centre, k) => {
      const members = vectors.filter((_, i) => assignment[i] === k);
      return members.length ? mean(members) : centre;
    });
    const next = vectors.map((v) => nearest(v, centres));
    const changed = next.some((value, i) => value !== assignment[i]);
    assignment = next;
    if (!changed) break;
  }
  const kmeans = accuracyAndMacroF1(
    gold,
    test.map((i) => labelOf(assignment[i]!)),
  );
  return { zero, kmeans };
}

/** Logistic regression on TF-IDF of the user-filed mails alone (the engine's linear model). */
export function supervisedBaseline(
  corpus: Corpus,
  features: Features[],
  train: readonly number[],
  test: readonly number[],
): Score {
  const ids = corpus.categories.map((_, i) => i);
  const index = new Map(corpus.categories.map((c, i) => [c.label, i]));
  const background = buildBackground(features);
  const model = trainLinear(
    ids,
    train.map((i) => ({ categoryId: index.get(corpus.mails[i]!.label)!, features: features[i]! })),
    background,
  );
  const predicted = test.map((i) => {
    const logits = linearLogits(model, linearVector(features[i]!, background));
    let best = 0;
    logits.forEach((value, k) => {
      if (value > logits[best]!) best = k;
    });
    return corpus.categories[best]!.label;
  });
  return accuracyAndMacroF1(
    test.map((i) => corpus.mails[i]!.label),
    predicted,
  );
}
