import type { PgBoss } from 'pg-boss';

/**
 * Services enqueue jobs through this; the queue itself starts after the API listens, so a request
 * that arrives first simply waits for it.
 */
export interface JobSender {
  send(queue: string, data: object): Promise<string | null>;
  cancel(queue: string, jobId: string): Promise<void>;
  attach(boss: PgBoss): void;
}

export function createJobSender(): JobSender {
  let attach!: (boss: PgBoss) => void;
  const ready = new Promise<PgBoss>((resolve) => (attach = resolve));
  return {
    attach,
    async send(queue, data) {
      return (await ready).send(queue, data, { retryLimit: 0 });
    },
    async cancel(queue, jobId) {
      await (await ready).cancel(queue, jobId).catch(() => undefined);
    },
  };
}
