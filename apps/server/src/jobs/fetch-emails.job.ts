import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import type { Logger } from '../lib/logger.ts';
import { FETCH_QUEUE, type TasksService } from '../modules/tasks/tasks.service.ts';
import type { WorkerPresence } from '../modules/tasks/worker-presence.ts';

const payload = z.object({ taskId: z.uuid() });

/** Returns the worker id (see JobSender.localWorker). */
export async function registerFetchJob(
  boss: PgBoss,
  tasks: TasksService,
  presence: WorkerPresence,
  logger?: Logger,
): Promise<string> {
  await boss.createQueue(FETCH_QUEUE);
  // Two fetches at a time per worker process: mail servers limit parallel connections per user.
  return boss.work(
    FETCH_QUEUE,
    { localConcurrency: 2, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (!job) return;
      const { taskId } = payload.parse(job.data);
      logger?.info({ taskId, jobId: job.id }, 'fetch task started');
      await tasks.runFetch(taskId, presence.key);
    },
  );
}
