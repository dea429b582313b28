import { sphericalKMeans, unitVectors } from '../src/ai/local/cluster/kmeans.ts';
import { mailFeatures } from '../src/ai/local/features.ts';
import { seededRandom, shuffled } from '../src/ai/local/sparse.ts';
import type { Corpus } from './corpora.ts';
import { adjustedRand, mean, purity } from './metrics.ts';

/** Spherical k-means with k = number of classes on up to 2,000 mails, mean of the seeds. */
export function evaluateClusters(corpus: Corpus, seeds: readonly number[]) {
  const runs = seeds.map((seed) => {
    const sample = shuffled(corpus.mails, seededRandom(seed)).slice(0, 2000);
    const vectors = unitVectors(sample.map(({ mail }) => mailFeatures(mail)));
    const k = corpus.categories.length;
    const assignment = sphericalKMeans(vectors, k, seed);
    const labels = sample.map(({ label }) => label);
    return { purity: purity(labels, assignment), ari: 100 * adjustedRand(labels, assignment) };
  });
  return { purity: mean(runs.map((r) => r.purity)), ari: mean(runs.map((r) => r.ari)) };
}
