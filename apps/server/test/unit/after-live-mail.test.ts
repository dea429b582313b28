import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterLiveMail } from '../../src/modules/ai/after-live-mail.ts';

describe('categorisation after live mail', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('queues one task per account for a burst, once the account is quiet', async () => {
    const started: string[] = [];
    const trigger = afterLiveMail(
      async (userId, accountId) => void started.push(`${userId}:${accountId}`),
      () => undefined,
      { quietMs: 2000, maxWaitMs: 15_000 },
    );
    trigger.note('u1', 1);
    await vi.advanceTimersByTimeAsync(1500);
    trigger.note('u1', 1);
    trigger.note('u2', 2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual(['u1:1', 'u2:2']);
    trigger.note('u1', 1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(started).toEqual(['u1:1', 'u2:2', 'u1:1']);
    trigger.stop();
  });

  it('a steady trickle still starts the task after the longest wait', async () => {
    const started: number[] = [];
    const trigger = afterLiveMail(
      async (_userId, accountId) => void started.push(accountId),
      () => undefined,
      { quietMs: 2000, maxWaitMs: 5000 },
    );
    for (let i = 0; i < 5; i++) {
      trigger.note('u', 7);
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(started).toEqual([7]);
    trigger.stop();
  });

  it('stop drops what is pending; a failing start is reported, not thrown', async () => {
    const errors: number[] = [];
    const trigger = afterLiveMail(
      () => Promise.reject(new Error('queue down')),
      (_err, accountId) => void errors.push(accountId),
      { quietMs: 100, maxWaitMs: 1000 },
    );
    trigger.note('u', 3);
    await vi.advanceTimersByTimeAsync(100);
    expect(errors).toEqual([3]);
    trigger.note('u', 4);
    trigger.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(errors).toEqual([3]);
  });
});
