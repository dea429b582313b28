import type { Features } from './features.ts';

export type Sparse = Map<string, number>;

export function toSparse(features: Features): Sparse {
  return new Map(Object.entries(features));
}

export function addInto(target: Sparse, source: Sparse, factor = 1): void {
  for (const [key, value] of source) target.set(key, (target.get(key) ?? 0) + value * factor);
}

export function norm(vector: Sparse): number {
  let sum = 0;
  for (const value of vector.values()) sum += value * value;
  return Math.sqrt(sum);
}

export function dot(a: Sparse, b: Sparse): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [key, value] of small) {
    const other = large.get(key);
    if (other !== undefined) sum += value * other;
  }
  return sum;
}

export function scaled(vector: Sparse, factor: number): Sparse {
  const result: Sparse = new Map();
  for (const [key, value] of vector) result.set(key, value * factor);
  return result;
}

/** A deterministic pseudo-random generator (mulberry32), for seeded k-means and eval splits. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}
