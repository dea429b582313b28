import { describe, expect, it } from 'vitest';
import { FeatureStore } from '../../src/ai/feature-store.ts';
import { mailFeatures } from '../../src/ai/local/features.ts';

const mails = [
  {
    subject: 'Ihre Telekom Rechnung für Oktober 2026',
    body: 'Guten Tag,\n\nIhre Mobilfunkrechnung über 39,95 € steht bereit.\n\n> Alte Nachricht\n\nIhre Telekom',
    fromAddress: 'rechnung@telekom.de',
    hasAttachments: true,
  },
  {
    subject: 'JavaScript: constructor und __proto__',
    body: 'Der constructor von Object hat 2026 einen __proto__ und 42 toString.',
    fromAddress: 'thomas.weber@web.de',
  },
  { subject: '', body: '', fromAddress: '' },
];

describe('FeatureStore', () => {
  it('gives back each mail’s features exactly, keys in their order, and its filing', () => {
    const store = new FeatureStore();
    const features = mails.map((m) => mailFeatures(m));
    features.forEach((f, i) =>
      store.add(
        { id: 100 + i, categoryId: i === 0 ? 7 : null, categorySource: i === 0 ? 'user' : null },
        f,
      ),
    );
    expect(store.size).toBe(3);
    features.forEach((f, i) => {
      const back = store.features(i);
      // Same terms, same counts, same order: the engine's floating-point sums stay the same.
      expect(Object.entries(back)).toEqual(Object.entries(f));
      expect(Object.getPrototypeOf(back)).toBeNull();
    });
    expect(store.mail(0)).toEqual({ id: 100, categoryId: 7, categorySource: 'user' });
    expect(store.mail(2)).toEqual({ id: 102, categoryId: null, categorySource: null });
  });

  it('grows past its first arrays without losing a term', () => {
    const store = new FeatureStore();
    const big = Object.create(null) as Record<string, number>;
    for (let i = 0; i < 70_000; i++) big[`w${i}`] = (i % 8) / 4;
    store.add({ id: 1, categoryId: null, categorySource: 'ai' }, { a: 3 });
    store.add({ id: 2, categoryId: 3, categorySource: 'ai' }, big);
    store.add({ id: 3, categoryId: null, categorySource: null }, { b: 0.25 });
    expect(store.features(0)).toEqual({ a: 3 });
    expect(Object.entries(store.features(1))).toEqual(Object.entries(big));
    expect(store.features(2)).toEqual({ b: 0.25 });
  });
});
