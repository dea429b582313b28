import type { Features } from '../features.ts';
import { dot, norm, seededRandom, type Sparse } from '../sparse.ts';

/** TF-IDF vectors of unit length: cosine similarity becomes a dot product. */
export function unitVectors(all: readonly Features[]): Sparse[] {
  const df = new Map<string, number>();
  for (const features of all)
    for (const term of Object.keys(features)) df.set(term, (df.get(term) ?? 0) + 1);
  return all.map((features) => {
    const vector: Sparse = new Map();
    for (const [term, count] of Object.entries(features)) {
      const frequency = df.get(term)!;
      // A term in one mail only cannot group anything.
      if (frequency < 2) continue;
      vector.set(term, Math.log1p(count) * Math.log(all.length / frequency));
    }
    const length = norm(vector) || 1;
    for (const [term, value] of vector) vector.set(term, value / length);
    return vector;
  });
}

function centroid(members: readonly Sparse[]): Sparse {
  const sum: Sparse = new Map();
  for (const vector of members)
    for (const [term, value] of vector) sum.set(term, (sum.get(term) ?? 0) + value);
  const length = norm(sum) || 1;
  // Only the heaviest terms: keeps each step fast on large mailboxes and changes little.
  const top = [...sum].sort((a, b) => b[1] - a[1]).slice(0, 400);
  return new Map(top.map(([term, value]) => [term, value / length]));
}

/**
 * Spherical k-means (Dhillon & Modha) with k-means++ seeding from a fixed seed: the same mail
 * gives the same clusters in every process. Returns each vector's cluster.
 */
export function sphericalKMeans(
  vectors: readonly Sparse[],
  k: number,
  seed = 1,
  iterations = 12,
): number[] {
  const random = seededRandom(seed);
  const count = Math.min(k, vectors.length);
  if (count === 0) return [];
  const centres: Sparse[] = [vectors[Math.floor(random() * vectors.length)]!];
  const distance = vectors.map((v) => 1 - dot(v, centres[0]!));
  while (centres.length < count) {
    const total = distance.reduce((a, b) => a + Math.max(0, b), 0);
    let pick = random() * total;
    let index = 0;
    for (; index < vectors.length - 1; index++) {
      pick -= Math.max(0, distance[index]!);
      if (pick <= 0) break;
    }
    centres.push(vectors[index]!);
    vectors.forEach((v, i) => (distance[i] = Math.min(distance[i]!, 1 - dot(v, vectors[index]!))));
  }
  let assignment = vectors.map(() => 0);
  for (let round = 0; round < iterations; round++) {
    const next = vectors.map((v) => {
      let best = 0;
      let bestScore = -Infinity;
      centres.forEach((c, i) => {
        const score = dot(v, c);
        if (score > bestScore) [best, bestScore] = [i, score];
      });
      return best;
    });
    const changed = next.some((value, i) => value !== assignment[i]);
    assignment = next;
    for (let i = 0; i < centres.length; i++) {
      const members = vectors.filter((_, index) => assignment[index] === i);
      if (members.length > 0) centres[i] = centroid(members);
    }
    if (!changed) break;
  }
  return assignment;
}
