import type { Features } from './local/features.ts';

/** What a categorisation run keeps of each mail besides its features. */
export interface StoredMail {
  id: number;
  categoryId: number | null;
  categorySource: 'user' | 'ai' | null;
}

const SOURCES = [null, 'user', 'ai'] as const;

/**
 * The features of a whole account's mail, compact: every term once in a dictionary, each mail a
 * run of term ids and counts in typed arrays (about 8 bytes a term instead of a string-keyed
 * object per mail, and no subject or body kept). `features(i)` rebuilds a mail's `Features`
 * with its terms in the order they were added, so the engine sees exactly what `mailFeatures`
 * gave (the order matters for its floating-point sums).
 */
export class FeatureStore {
  private readonly dictionary = new Map<string, number>();
  private readonly words: string[] = [];
  private termIds = new Uint32Array(1 << 16);
  // Feature counts are sums of 3, 1, 0.5 and 0.25: exact in single precision.
  private counts = new Float32Array(1 << 16);
  private used = 0;
  private starts: number[] = [];
  private ids: number[] = [];
  private categories: number[] = [];
  private sources: number[] = [];

  get size(): number {
    return this.ids.length;
  }

  add(mail: StoredMail, features: Features): void {
    const keys = Object.keys(features);
    if (this.used + keys.length > this.termIds.length) this.grow(this.used + keys.length);
    this.starts.push(this.used);
    for (const key of keys) {
      let id = this.dictionary.get(key);
      if (id === undefined) {
        id = this.words.length;
        this.dictionary.set(key, id);
        this.words.push(key);
      }
      this.termIds[this.used] = id;
      this.counts[this.used] = features[key]!;
      this.used++;
    }
    this.ids.push(mail.id);
    this.categories.push(mail.categoryId ?? -1);
    this.sources.push(SOURCES.indexOf(mail.categorySource));
  }

  mail(index: number): StoredMail {
    const category = this.categories[index]!;
    return {
      id: this.ids[index]!,
      categoryId: category < 0 ? null : category,
      categorySource: SOURCES[this.sources[index]!]!,
    };
  }

  features(index: number): Features {
    // No prototype: a mail about JavaScript says "constructor" and "__proto__".
    const features = Object.create(null) as Features;
    const end = index + 1 < this.starts.length ? this.starts[index + 1]! : this.used;
    for (let at = this.starts[index]!; at < end; at++)
      features[this.words[this.termIds[at]!]!] = this.counts[at]!;
    return features;
  }

  /** Bytes held by the typed arrays and the dictionary's strings (roughly), for the log. */
  bytes(): number {
    let strings = 0;
    for (const word of this.words) strings += 2 * word.length + 40;
    return this.used * 8 + this.ids.length * 32 + strings;
  }

  private grow(minimum: number): void {
    let length = this.termIds.length * 2;
    while (length < minimum) length *= 2;
    const termIds = new Uint32Array(length);
    termIds.set(this.termIds.subarray(0, this.used));
    const counts = new Float32Array(length);
    counts.set(this.counts.subarray(0, this.used));
    this.termIds = termIds;
    this.counts = counts;
  }
}
