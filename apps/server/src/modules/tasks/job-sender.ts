import type { PgBoss } from 'pg-boss';

/**
 * Services enqueue jobs through this; the queue itself starts after the API listens, so a request
 * that arrives first simply waits for it.
 */
export interface JobSender {
  send(queue: string, data: object): Promise<string | null>;
  cancel(queue: string, jobId: string): Promise<void>;
  /** The job's pg-boss state (created, retry, active, completed, cancelled, failed), if it exists. */
  state(queue: string, jobId: string): Promise<string | undefined>;
  attach(boss: PgBoss): void;
  /** A worker of this process for the queue: woken right after a send instead of its next poll. */
  localWorker(queue: string, workerId: string): void;
}

export function createJobSender(): JobSender {
  let attach!: (boss: PgBoss) => void;
  const ready = new Promise<PgBoss>((resolve) => (attach = resolve));
  const workers = new Map<string, string>();
  return {
    attach,
    localWorker: (queue, workerId) => workers.set(queue, workerId),
    async send(queue, data) {
      const boss = await ready;
      const id = await boss.send(queue, data, { retryLimit: 0 });
      const worker = workers.get(queue);
      if (worker) boss.notifyWorker(worker);
      return id;
    },
    async cancel(queue, jobId) {
      await (await ready).cancel(queue, jobId).catch(() => undefined);
    },
    async state(queue, jobId) {
      const job = await (await ready).getJobById(queue, jobId);
      return job?.state;
    },
  };
}
