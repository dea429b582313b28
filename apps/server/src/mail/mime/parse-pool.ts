import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { EmptyMessageError, type ParsedBody } from './parse-message.ts';

interface Pending {
  resolve: (body: ParsedBody) => void;
  reject: (error: Error) => void;
}

export interface ParsePool {
  parse(source: Buffer): Promise<ParsedBody>;
  close(): Promise<void>;
}

/**
 * MIME parsing is most of a sync's CPU time; it runs in worker threads so that the API stays
 * responsive while a large mailbox is fetched. Jobs go round-robin; each worker parses one
 * message at a time from its queue.
 */
export function createParsePool(
  size = Math.max(1, Math.min(2, os.availableParallelism() - 0)),
): ParsePool {
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let turn = 0;
  const workers = Array.from({ length: size }, () => {
    const worker = new Worker(new URL('./parse-worker.ts', import.meta.url));
    worker.unref();
    worker.on(
      'message',
      (reply: { id: number; body?: ParsedBody; error?: { name: string; message: string } }) => {
        const job = pending.get(reply.id);
        if (!job) return;
        pending.delete(reply.id);
        if (reply.body) job.resolve(reply.body);
        else
          job.reject(
            reply.error?.name === 'EmptyMessageError'
              ? new EmptyMessageError()
              : new Error(reply.error?.message ?? 'parse failed'),
          );
      },
    );
    worker.on('error', (error: unknown) => {
      // A crashed worker fails what it held; the sync marks those messages and goes on.
      for (const [id, job] of pending) {
        pending.delete(id);
        job.reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    return worker;
  });

  return {
    parse(source) {
      const id = nextId++;
      const worker = workers[turn++ % workers.length]!;
      return new Promise<ParsedBody>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, source: new Uint8Array(source) });
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

let shared: ParsePool | undefined;
/** One pool per process, created on first use. */
export function sharedParsePool(): ParsePool {
  shared ??= createParsePool();
  return shared;
}
