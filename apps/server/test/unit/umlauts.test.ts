import { describe, expect, it } from 'vitest';
import { umlautReading } from '../../src/lib/umlauts.ts';

describe('a word typed without umlauts', () => {
  it('is read with them where German spells them out', () => {
    expect(umlautReading('kuechenrenovierung')).toBe('küchenrenovierung');
    expect(umlautReading('Groesse')).toBe('Grösse');
    expect(umlautReading('Aerger')).toBe('Ärger');
    expect(umlautReading('UEBERWEISUNG')).toBe('ÜBERWEISUNG');
    expect(umlautReading('Kaesespaetzle')).toBe('Käsespätzle');
    // Also before "ll": "Mueller" is "Müller" ("aktuell" gets a reading that matches nothing).
    expect(umlautReading('Mueller')).toBe('Müller');
  });

  it('has no other reading without such a pair, nor after q or a vowel', () => {
    expect(umlautReading('Rechnung')).toBeUndefined();
    expect(umlautReading('Quelle')).toBeUndefined();
    expect(umlautReading('Feuer')).toBeUndefined();
    expect(umlautReading('teuer')).toBeUndefined();
    expect(umlautReading('Mauer')).toBeUndefined();
    expect(umlautReading('Küche')).toBeUndefined();
  });
});
