import { describe, expect, it } from 'vitest';
import { syncAgainBeforeIdle } from '../../src/mail/live/account-watcher.ts';

const state = (exists: number, uidNext: number, highestModseq = 10n) => ({
  exists,
  uidNext,
  highestModseq,
});

describe('the SELECT before IDLE', () => {
  it('syncs again whenever mail arrived after the sync, through a whole burst', () => {
    // Mail 3 arrives after the sync saw 2; the re-sync sees 3, then mail 4 arrives.
    expect(syncAgainBeforeIdle(state(3, 4), state(2, 3), undefined)).toBe(true);
    expect(syncAgainBeforeIdle(state(4, 5), state(3, 4), state(3, 4))).toBe(true);
    expect(syncAgainBeforeIdle(state(4, 5), state(4, 5), state(4, 5))).toBe(false);
  });

  it('idles on a server whose SELECT always answers otherwise than its EXAMINE', () => {
    const examined = state(3, 4, 10n);
    const selected = state(3, 4, 11n);
    expect(syncAgainBeforeIdle(selected, examined, undefined)).toBe(true);
    expect(syncAgainBeforeIdle(selected, examined, selected)).toBe(false);
    // New mail still wakes it.
    expect(syncAgainBeforeIdle(state(4, 5, 12n), examined, selected)).toBe(true);
  });
});
