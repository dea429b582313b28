import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BulkFetchJob, SerialisedError } from '../sync/bulk-fetch.ts';
import { EmptyMessageError, type ParsedBody } from './parse-message.ts';
import type { ParseJob, ParseReply } from './parse-worker.ts';

export interface ParsePool {
  /** Worker threads: at most this many sessions in a bulk fetch. */
  readonly size: number;
  /** `timeZone`: the reader's, for dates written into the text (parse-message.ts). */
  parse(source: Buffer, timeZone?: string): Promise<ParsedBody>;
  /**
   * A bulk fetch: the UIDs are shared out among the workers in slices, newest first, each worker
   * fetching and parsing its share with its own IMAP session; `store` receives each batch's rows
   * (UTF-8 JSON) one at a time, in arrival order. `checkCancelled` throwing stops every share.
   * `workers` caps the sessions opened (the connection bounds granted that many).
   */
  fetch(
    job: BulkFetchJob,
    store: (rows: Uint8Array, uids: number) => Promise<void>,
    checkCancelled: () => Promise<void>,
    workers?: number,
  ): Promise<void>;
  /** Worker threads running now (they start on demand and stop when left idle). */
  running(): number;
  close(): Promise<void>;
}

const SHARE_SLICE = 500;
/**
 * A worker thread holds 30-60 MB (its isolate, the modules, TypeScript's stripper, the heap a
 * sync left behind): idle this long, the workers stop, and the next job starts what it needs
 * (ADR 0021).
 */
export const PARSE_POOL_IDLE_MS = 30_000;

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
 * database and the API stays responsive. A job goes to an idle worker, a new one while fewer than
 * `size` run, else the one with the fewest jobs; a worker that crashes fails only its own jobs (the
 * sync marks those messages) and is replaced by the next job. The same workers fetch large intakes
 * (bulk fetch), so a sync never starts threads of its own. Workers left idle for `idleMs` stop.
 */
export function createParsePool(
  size = Math.max(1, Math.min(2, os.availableParallelism())),
  /** The worker's code; tests pass one that misbehaves on purpose. */
  script: URL = new URL('./parse-worker.ts', import.meta.url),
  idleMs = PARSE_POOL_IDLE_MS,
): ParsePool {
  let nextId = 0;
  let closed = false;
  const slots: (Slot | undefined)[] = Array.from({ length: size }, () => undefined);
  let idleTimer: NodeJS.Timeout | undefined;

  function retireWhenIdle(): void {
    clearTimeout(idleTimer);
    if (closed || slots.some((s) => s && s.jobs.size > 0)) return;
    idleTimer = setTimeout(() => {
      for (const [index, slot] of slots.entries()) {
        if (!slot || slot.jobs.size > 0) continue;
        slots[index] = undefined;
        void slot.worker.terminate();
      }
    }, idleMs);
    idleTimer.unref();
  }

  function spawn(index: number): Slot {
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
    slots[index] = slot;
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
      // The next job starts a new one.
      if (slots[index] === slot) slots[index] = undefined;
    };
    slot.worker.on('error', (error: Error) => fail(error));
    slot.worker.on('exit', (code) => fail(new Error(`parse worker stopped (exit ${code})`)));
    return slot;
  }

  function run<T>(slot: Slot, job: ParseJob, transfer: ArrayBuffer[], extra: Partial<Job> = {}) {
    if (closed) return Promise.reject(new Error('parse pool closed'));
    clearTimeout(idleTimer);
    const done = new Promise<T>((resolve, reject) => {
      slot.jobs.set(job.id, { resolve, reject, ...extra });
      slot.worker.postMessage(job, transfer);
    });
    void done.then(retireWhenIdle, retireWhenIdle);
    return done;
  }
  function forParse(): Slot {
    const idle = slots.find((s) => s && s.jobs.size === 0);
    if (idle) return idle;
    const free = slots.findIndex((s) => !s);
    if (free >= 0) return spawn(free);
    return (slots as Slot[]).reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
  }

  return {
    size,
    parse(source, timeZone) {
      // A private copy, whose memory moves to the worker instead of being copied again.
      const bytes = new Uint8Array(source);
      return run<ParsedBody>(
        forParse(),
        { id: nextId++, kind: 'parse', source: bytes, ...(timeZone ? { timeZone } : {}) },
        [bytes.buffer],
      );
    },

    async fetch(job, store, checkCancelled, workers = slots.length) {
      // Slices in turn, so that every worker works from the newest mail to the oldest.
      const shares = slots.slice(0, Math.max(1, workers)).map((slot, index) => ({
        slot: slot ?? spawn(index),
        id: nextId++,
        uids: [] as number[],
      }));
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

    running() {
      return slots.filter(Boolean).length;
    },

    async close() {
      closed = true;
      clearTimeout(idleTimer);
      await Promise.all(slots.flatMap((s) => (s ? [s.worker.terminate()] : [])));
    },
  };
}

let shared: ParsePool | undefined;
/** One pool per process, created on first use. */
export function sharedParsePool(): ParsePool {
  shared ??= createParsePool();
  return shared;
}
