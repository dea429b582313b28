import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BulkFetchJob, SerialisedError } from '../sync/bulk-fetch.ts';
import { EmptyMessageError, type ParsedBody } from './parse-message.ts';
import type { ParseJob, ParseReply } from './parse-worker.ts';

export interface ParsePool {
  /** `timeZone`: the reader's, for dates written into the text (parse-message.ts). */
  parse(source: Buffer, timeZone?: string): Promise<ParsedBody>;
  /**
   * A bulk fetch: the UIDs are shared out among the workers in slices, newest first, each worker
   * fetching and parsing its share with its own IMAP session; `store` receives each batch's rows
   * (UTF-8 JSON) one at a time, in arrival order. `checkCancelled` throwing stops every share.
   */
  fetch(
    job: BulkFetchJob,
    store: (rows: Uint8Array, uids: number) => Promise<void>,
    checkCancelled: () => Promise<void>,
  ): Promise<void>;
  close(): Promise<void>;
}

const SHARE_SLICE = 500;

interface Job {
  resolve: (value: never) => void;
  reject: (error: Error) => void;
  onBatch?: (batch: Uint8Array, uids: number) => void;
}
interface Slot {
  worker: Worker;
  jobs: Map<number, Job>;
}

function toError(error: SerialisedError): Error {
  if (error.name === 'EmptyMessageError') return new EmptyMessageError();
  return Object.assign(new Error(error.message), error);
}

/**
 * MIME parsing is most of a sync's CPU time; it runs in worker threads so that the thread with the
 * database and the API stays responsive. A job goes to the worker with the fewest jobs; a worker
 * that crashes fails only its own jobs (the sync marks those messages) and is replaced. The same
 * workers fetch large intakes (bulk fetch), so a sync never starts threads of its own.
 */
export function createParsePool(
  size = Math.max(1, Math.min(2, os.availableParallelism())),
  /** The worker's code; tests pass one that misbehaves on purpose. */
  script: URL = new URL('./parse-worker.ts', import.meta.url),
): ParsePool {
  let nextId = 0;
  let closed = false;
  const slots: Slot[] = [];

  function spawn(index: number): void {
    const slot: Slot = {
      // Small heaps: parsing makes much short-lived garbage, and V8 lets a heap grow far before it
      // collects (with the defaults, two workers held 250 MB more during a sync of attachments;
      // large-mail.test.ts). Messages parsed whole are at most 512 KB (larger ones are read part
      // by part), and a worker that runs out anyway is replaced (its messages are marked).
      worker: new Worker(script, {
        resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
      }),
      jobs: new Map(),
    };
    slot.worker.unref();
    slot.worker.on('message', (reply: ParseReply) => {
      const job = slot.jobs.get(reply.id);
      if (!job) return;
      if ('batch' in reply) return job.onBatch?.(reply.batch, reply.uids);
      slot.jobs.delete(reply.id);
      if ('error' in reply) job.reject(toError(reply.error));
      else job.resolve(reply.result as never);
    });
    const fail = (error: Error) => {
      for (const job of slot.jobs.values()) job.reject(error);
      slot.jobs.clear();
      if (!closed && slots[index] === slot) spawn(index);
    };
    slot.worker.on('error', (error: Error) => fail(error));
    slot.worker.on('exit', (code) => fail(new Error(`parse worker stopped (exit ${code})`)));
    slots[index] = slot;
  }
  for (let i = 0; i < size; i++) spawn(i);

  function run<T>(slot: Slot, job: ParseJob, transfer: ArrayBuffer[], extra: Partial<Job> = {}) {
    if (closed) return Promise.reject(new Error('parse pool closed'));
    return new Promise<T>((resolve, reject) => {
      slot.jobs.set(job.id, { resolve, reject, ...extra });
      slot.worker.postMessage(job, transfer);
    });
  }
  const leastBusy = () => slots.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));

  return {
    parse(source, timeZone) {
      // A private copy, whose memory moves to the worker instead of being copied again.
      const bytes = new Uint8Array(source);
      return run<ParsedBody>(
        leastBusy(),
        { id: nextId++, kind: 'parse', source: bytes, ...(timeZone ? { timeZone } : {}) },
        [bytes.buffer],
      );
    },

    async fetch(job, store, checkCancelled) {
      // Slices in turn, so that every worker works from the newest mail to the oldest.
      const shares = slots.map((slot) => ({ slot, id: nextId++, uids: [] as number[] }));
      for (let i = 0; i < job.uids.length; i += SHARE_SLICE)
        shares[(i / SHARE_SLICE) % shares.length]!.uids.push(...job.uids.slice(i, i + SHARE_SLICE));
      let storing = Promise.resolve();
      let failure: unknown;
      const stopAll = () => {
        for (const s of shares) s.slot.worker.postMessage({ id: s.id, kind: 'stop' });
      };
      const running = shares
        .filter((s) => s.uids.length > 0)
        .map((s) =>
          run<null>(s.slot, { id: s.id, kind: 'fetch', job: { ...job, uids: s.uids } }, [], {
            onBatch: (rows, uids) => {
              // Inserts one at a time, in arrival order; a batch is acknowledged once stored.
              storing = storing.then(async () => {
                if (failure) return;
                try {
                  await checkCancelled();
                  await store(rows, uids);
                  s.slot.worker.postMessage({ id: s.id, kind: 'ack' });
                } catch (error) {
                  failure ??= error;
                  stopAll();
                }
              });
            },
          }).catch((error: unknown) => {
            failure ??= error;
            stopAll();
          }),
        );
      await Promise.all(running);
      await storing;
      if (failure) throw failure instanceof Error ? failure : new Error('bulk fetch failed');
    },

    async close() {
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}

let shared: ParsePool | undefined;
/** One pool per process, created on first use. */
export function sharedParsePool(): ParsePool {
  shared ??= createParsePool();
  return shared;
}
