import { describe, expect, it } from 'vitest';
import {
  ConnectionSlotTimeoutError,
  createConnectionSlots,
  type Release,
} from '../../src/mail/net/connection-slots.ts';

const anna = { account: 'imap.example|anna', server: 'imap.example' };
const bert = { account: 'imap.example|bert', server: 'imap.example' };
const cara = { account: 'mail.other|cara', server: 'mail.other' };

/** Whether a promise has settled once everything already queued has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setImmediate(r));
  return done;
}

describe('connection slots', () => {
  it('holds an account to its bound; the next one waits until a session ends', async () => {
    const slots = createConnectionSlots({ perAccount: 2, perServer: 10 });
    const first = await slots.acquire(anna);
    await slots.acquire(anna);
    const third = slots.acquire(anna);
    expect(await settled(third)).toBe(false);
    // Another login on the same server is not held up by anna's.
    await slots.acquire(bert);
    first();
    expect(await settled(third)).toBe(true);
    expect(slots.held({ account: anna.account })).toBe(2);
  });

  it('holds a server to its bound across its accounts, and no other server', async () => {
    const slots = createConnectionSlots({ perAccount: 5, perServer: 3 });
    const held: Release[] = [];
    for (const keys of [anna, anna, bert]) held.push(await slots.acquire(keys));
    const waiting = slots.acquire(bert);
    expect(await settled(waiting)).toBe(false);
    await slots.acquire(cara);
    held[0]!();
    expect(await settled(waiting)).toBe(true);
    expect(slots.held({ server: 'imap.example' })).toBe(3);
  });

  it('serves those waiting in order of arrival', async () => {
    const slots = createConnectionSlots({ perAccount: 1, perServer: 10 });
    const release = await slots.acquire(anna);
    const order: string[] = [];
    const a = slots.acquire(anna).then((r) => (order.push('a'), r));
    const b = slots.acquire(anna).then((r) => (order.push('b'), r));
    release();
    (await a)();
    (await b)();
    expect(order).toEqual(['a', 'b']);
  });

  it('keeps one slot of an account for work beside its long-held sessions', async () => {
    const slots = createConnectionSlots({ perAccount: 3, perServer: 1 });
    await slots.acquire(anna, { longLived: true });
    await slots.acquire(anna, { longLived: true });
    const third = slots.acquire(anna, { longLived: true });
    expect(await settled(third)).toBe(false);
    // IDLE sessions are not counted toward the server: its one slot is still free for work.
    expect(await settled(slots.acquire(anna))).toBe(true);
  });

  it('gives extra sessions only as far as they are free, without waiting', async () => {
    const slots = createConnectionSlots({ perAccount: 4, perServer: 10 });
    await slots.acquire(anna);
    await slots.acquire(anna);
    const extra = slots.tryAcquire(anna, 5);
    expect(extra).toHaveLength(2);
    expect(slots.tryAcquire(anna, 1)).toHaveLength(0);
    extra.forEach((r) => r());
    expect(slots.held({ account: anna.account })).toBe(2);
  });

  it('stops waiting when told to or when the time is up, and frees nothing twice', async () => {
    const slots = createConnectionSlots({ perAccount: 1, perServer: 10 });
    const release = await slots.acquire(anna);
    const controller = new AbortController();
    const stopped = slots.acquire(anna, { signal: controller.signal });
    controller.abort();
    await expect(stopped).rejects.toThrow();
    await expect(slots.acquire(anna, { maxWaitMs: 5 })).rejects.toBeInstanceOf(
      ConnectionSlotTimeoutError,
    );
    release();
    release();
    expect(slots.held({ account: anna.account })).toBe(0);
    const next = await slots.acquire(anna);
    expect(slots.held({ account: anna.account })).toBe(1);
    next();
  });
});
