import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../src/ai/local/text/analyze.ts';
import { buildLexicon, splitCompound } from '../../src/ai/local/text/compound.ts';
import { detectLanguage } from '../../src/ai/local/text/language.ts';
import { registrableDomain, tokenize } from '../../src/ai/local/text/normalize.ts';
import { stem } from '../../src/ai/local/text/stem.ts';
import { mailFeatures } from '../../src/ai/local/features.ts';

describe('local engine: text', () => {
  it('keeps umlauts, ß, addresses and link hosts as tokens', () => {
    const tokens = tokenize(
      'Grüße aus der Straße! Schreib an Rechnung@Telekom.de oder https://www.zalando.de/konto',
    );
    expect(tokens.map((t) => [t.text, t.kind])).toEqual([
      ['grüße', 'word'],
      ['aus', 'word'],
      ['der', 'word'],
      ['straße', 'word'],
      ['schreib', 'word'],
      ['an', 'word'],
      ['rechnung@telekom.de', 'email'],
      ['oder', 'word'],
      ['zalando.de', 'domain'],
    ]);
    expect(registrableDomain('mail.telekom.de')).toBe('telekom.de');
    expect(registrableDomain('shop.amazon.co.uk')).toBe('amazon.co.uk');
  });

  it('tells German from English', () => {
    expect(detectLanguage('Können Sie mir bitte die Rechnung schicken?')).toBe('de');
    expect(detectLanguage('Could you please send me the invoice for October?')).toBe('en');
    expect(detectLanguage('Grüße')).toBe('de');
  });

  it('stems German and English', () => {
    expect(stem('häuser', 'de')).toBe('haus');
    expect(stem('rechnungen', 'de')).toBe(stem('rechnung', 'de'));
    expect(stem('invoices', 'en')).toBe(stem('invoice', 'en'));
  });

  it('splits German compounds into words a reader knows', () => {
    expect(splitCompound('jahresabrechnung')).toEqual(['jahr', 'abrechnung']);
    expect(splitCompound('stromrechnungen')).toEqual(['strom', 'rechnung']);
    expect(splitCompound('kundennummer')).toEqual(['kunde', 'nummer']);
    expect(splitCompound('rechnung')).toEqual([]);
    expect(splitCompound('beinhalten')).toEqual([]);
    const lexicon = buildLexicon([['zalando', 'zalando', 'bestellung']]);
    expect(splitCompound('zalandobestellung', lexicon)).toEqual(['zalando', 'bestellung']);
    expect(splitCompound('zalandobestellung')).toEqual([]);
  });

  it('analyses text into stems and compound parts, without function words', () => {
    const terms = analyzeText('Ihre Jahresabrechnung ist da').terms.map((t) => t.term);
    expect(terms).toEqual([stem('jahresabrechnung', 'de'), 'jahr', stem('abrechnung', 'de')]);
  });

  it('turns a mail into features: weighted subject, own words, sender and domain', () => {
    const features = mailFeatures({
      subject: 'Stromrechnung',
      body: 'Anbei die Rechnung.\n\nAm 12.10.2026 schrieb Max <max@example.de>:\n> Urlaubsfotos',
      fromAddress: 'Rechnung@Mail.Telekom.de',
      hasAttachments: true,
    });
    expect(features['from:rechnung@mail.telekom.de']).toBe(1);
    expect(features['dom:telekom.de']).toBe(1);
    expect(features['has:attachment']).toBe(1);
    expect(features[stem('stromrechnung', 'de')]).toBe(3);
    // The quoted mail counts, but less than the author's own words.
    expect(features[stem('urlaubsfotos', 'de')]).toBeLessThan(features[stem('anbei', 'de')]!);
  });
});
