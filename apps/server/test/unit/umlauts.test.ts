import { describe, expect, it } from 'vitest';
import { umlautReading } from '../../src/lib/umlauts.ts';

describe('a word typed without umlauts', () => {
  it('is read with them where German spells them out', () => {
    expect(umlautReading('kuechenrenovierung')).toBe('küchenrenovierung');
    expect(umlautReading('Groesse')).toBe('Grösse');
    expect(umlautReading('Aerger')).toBe('Ärger');
    expect(umlautReading('UEBERWEISUNG')).toBe('ÜBERWEISUNG');
    expect(umlautReading('Kaesespaetzle')).toBe('Käsespätzle');
  });

  it('has no other reading without such a pair, nor after q or e', () => {
    expect(umlautReading('Rechnung')).toBeUndefined();
    expect(umlautReading('Quelle')).toBeUndefined();
    expect(umlautReading('Feuer')).toBeUndefined();
    expect(umlautReading('teuer')).toBeUndefined();
    expect(umlautReading('Küche')).toBeUndefined();
  });
});
