import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

describe('linkify', () => {
  it('links web addresses and mail addresses, leaving the sentence its punctuation', () => {
    expect(linkify('Siehe https://beispiel.de/a?b=1. Fragen an anna.meier+info@firma.de!')).toEqual(
      [
        { text: 'Siehe ' },
        { text: 'https://beispiel.de/a?b=1', href: 'https://beispiel.de/a?b=1' },
        { text: '. Fragen an ' },
        { text: 'anna.meier+info@firma.de', href: 'mailto:anna.meier+info@firma.de' },
        { text: '!' },
      ],
    );
    expect(linkify('javascript:alert(1) und ftp://x.de')).toEqual([
      { text: 'javascript:alert(1) und ftp://x.de' },
    ]);
  });

  it('takes linear time on one long line of word boundaries without any address', () => {
    const line = 'a.'.repeat(40_000);
    const started = performance.now();
    expect(linkify(line)).toEqual([{ text: line }]);
    // The unbounded pattern took seconds here (quadratic); linear work takes milliseconds.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
