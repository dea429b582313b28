import { describe, expect, it } from 'vitest';
import {
  mergeRecipients,
  parseRecipient,
  parseRecipients,
  recipientForServer,
  splitAddressList,
} from './addresses.ts';

describe('splitAddressList', () => {
  it('splits at commas, semicolons and line breaks outside quotes and brackets', () => {
    expect(splitAddressList('a@x.de, "Müller, Bob" <b@y.de>; c@z.de\nd@w.de,')).toEqual([
      'a@x.de',
      '"Müller, Bob" <b@y.de>',
      'c@z.de',
      'd@w.de',
    ]);
  });
});

describe('parseRecipient', () => {
  it('reads name and address', () => {
    expect(parseRecipient('Anna Beispiel <anna@beispiel.de>')).toEqual({
      name: 'Anna Beispiel',
      address: 'anna@beispiel.de',
      valid: true,
    });
    expect(parseRecipient('"Müller, Bob" <b@y.de>').name).toBe('Müller, Bob');
    expect(parseRecipient('<c@z.de>')).toEqual({ name: '', address: 'c@z.de', valid: true });
    expect(parseRecipient('mailto:c@z.de').address).toBe('c@z.de');
    // German umlaut domains are addresses too (sent in their ASCII spelling by the server).
    expect(parseRecipient('Buchladen <info@bücher.de>')).toEqual({
      name: 'Buchladen',
      address: 'info@bücher.de',
      valid: true,
    });
  });
  it('marks what is not an address', () => {
    expect(parseRecipient('anna@').valid).toBe(false);
    expect(parseRecipient('Anna').valid).toBe(false);
    expect(parseRecipient('a b@x.de').valid).toBe(false);
  });
});

describe('recipients', () => {
  it('merges without duplicates', () => {
    const merged = mergeRecipients(parseRecipients('a@x.de'), parseRecipients('A@X.de, b@x.de'));
    expect(merged.map((r) => r.address)).toEqual(['a@x.de', 'b@x.de']);
  });
  it('quotes names with specials, so the server reads them back as they were', () => {
    expect(recipientForServer(parseRecipient('"Müller, Bob" <b@y.de>'))).toBe(
      '"Müller, Bob" <b@y.de>',
    );
    const tricky = { name: 'Anna "Ann" B.', address: 'a@x.de', valid: true };
    expect(recipientForServer(tricky)).toBe('"Anna \\"Ann\\" B." <a@x.de>');
    expect(parseRecipient(recipientForServer(tricky))).toEqual(tricky);
    expect(recipientForServer(parseRecipient('Anna Beispiel <a@x.de>'))).toBe(
      'Anna Beispiel <a@x.de>',
    );
  });
});
