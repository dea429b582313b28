import { describe, expect, it } from 'vitest';
import { GONE_AFTER_MS, taskGone } from './task-gone.ts';

describe('a task that left the server list', () => {
  const since = 1_000_000;

  it('is gone once a list well newer than the one the page had when it began lacks it', () => {
    expect(taskGone(false, since + GONE_AFTER_MS + 1, since)).toBe(true);
  });

  it('is not gone while a list that may have left before its start lacks it', () => {
    expect(taskGone(false, since + 200, since)).toBe(false);
    expect(taskGone(false, since + GONE_AFTER_MS, since)).toBe(false);
  });

  it('is never gone while the list has it', () => {
    expect(taskGone(true, since + 10 * GONE_AFTER_MS, since)).toBe(false);
  });
});
