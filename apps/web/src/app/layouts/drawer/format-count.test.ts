import { describe, expect, it } from 'vitest';
import { formatBadgeCount, formatFullCount } from './format-count.ts';

describe('formatBadgeCount', () => {
  it('shows numbers below 1000 as they are', () => {
    expect(formatBadgeCount(0)).toBe('0');
    expect(formatBadgeCount(7)).toBe('7');
    expect(formatBadgeCount(999)).toBe('999');
  });
  it('abbreviates thousands with one decimal and a German comma', () => {
    expect(formatBadgeCount(1000)).toBe('1,0k');
    expect(formatBadgeCount(1234)).toBe('1,2k');
    expect(formatBadgeCount(12_345)).toBe('12,3k');
    expect(formatBadgeCount(999_949)).toBe('999,9k');
  });
  it('moves to millions when thousands would round up to 1000', () => {
    expect(formatBadgeCount(999_950)).toBe('1,0M');
    expect(formatBadgeCount(3_400_000)).toBe('3,4M');
    expect(formatBadgeCount(1_250_000_000)).toBe('1.250,0M');
  });
  it('never shows negative counts', () => {
    expect(formatBadgeCount(-5)).toBe('0');
  });
  it('writes full counts with German grouping', () => {
    expect(formatFullCount(12_345)).toBe('12.345');
  });
});
