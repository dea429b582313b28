import { describe, expect, it } from 'vitest';
import { uidSet } from '../../src/mail/imap/imap-client.ts';

describe('uidSet', () => {
  it('joins runs into ranges, in ascending order, without duplicates', () => {
    expect(uidSet([5, 3, 4, 1, 10, 11, 12, 4, 20])).toBe('1,3:5,10:12,20');
    expect(uidSet([7])).toBe('7');
    expect(uidSet([])).toBe('');
  });

  it('keeps a 20,000-message mailbox a few bytes long', () => {
    const uids = Array.from({ length: 20_000 }, (_, i) => 20_000 - i);
    expect(uidSet(uids)).toBe('1:20000');
  });
});
