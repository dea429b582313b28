import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedCheck, throttledProgress } from '../../src/modules/tasks/task-progress.ts';

describe('task progress writes', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the first report at once and the last held one when the interval is over', async () => {
    const written: number[] = [];
    const progress = throttledProgress(async (n: number) => void written.push(n), 500);
    await progress.report(1);
    expect(written).toEqual([1]);
    await progress.report(2);
    await progress.report(3);
    expect(written).toEqual([1]);
    await vi.advanceTimersByTimeAsync(499);
    expect(written).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(written).toEqual([1, 3]);
    // Quiet for longer than the interval: the next report goes out at once again.
    await vi.advanceTimersByTimeAsync(2000);
    await progress.report(4);
    expect(written).toEqual([1, 3, 4]);
  });

  it('keeps the order when a write is slow, and stop drops what is held', async () => {
    const written: number[] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const progress = throttledProgress(async (n: number) => {
      if (n === 1) await slow;
      written.push(n);
    }, 500);
    const first = progress.report(1);
    await progress.report(2).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(500);
    expect(written).toEqual([]);
    release();
    await first;
    await vi.advanceTimersByTimeAsync(0);
    expect(written).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(600);
    await progress.report(5);
    await progress.report(6);
    await progress.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(written).toEqual([1, 2, 5]);
  });

  it('a failed write does not fail the sync that reports', async () => {
    const progress = throttledProgress(() => Promise.reject(new Error('database gone')), 500);
    await expect(progress.report(1)).resolves.toBeUndefined();
  });
});

describe('revocation check', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks at most once per interval and stays revoked once it was', async () => {
    let revoked = false;
    const ask = vi.fn(async () => revoked);
    const isCancelled = cachedCheck(ask, 500);
    expect(await isCancelled()).toBe(false);
    revoked = true;
    expect(await isCancelled()).toBe(false);
    expect(ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(await isCancelled()).toBe(true);
    revoked = false;
    await vi.advanceTimersByTimeAsync(500);
    expect(await isCancelled()).toBe(true);
    expect(ask).toHaveBeenCalledTimes(2);
  });
});
