import type { PgBoss } from 'pg-boss';
import type { Logger } from '../../lib/logger.ts';
import type { Services } from '../../services.ts';

export const EMBED_QUEUE = 'ai.embed';

export interface EmbedJob {
  /** New mail was stored: embed it soon (a job that finds nothing to do ends at once). */
  schedule(): void;
  stop(): void;
}

/**
 * Embeds new mail in the background when an embedding model is configured (ADR 0026): after a
 * fetch or a live sync stored mail, and at start for what is still missing. A bounded batch per
 * job, which queues the next; sync never waits for it. Without a model: nothing at all.
 */
export async function registerEmbedJob(
  boss: PgBoss,
  services: Pick<Services, 'ai' | 'jobs' | 'tasks'>,
  logger: Logger,
): Promise<EmbedJob | undefined> {
  const { ai, jobs, tasks } = services;
  if (!ai.embeddings.enabled) return undefined;
  const schedule = () => {
    jobs.send(EMBED_QUEUE, {}).catch((err: unknown) => {
      logger.warn({ err }, 'queueing the embedding of new mail failed');
    });
  };
  const worker = await boss.work(EMBED_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    try {
      const { embedded, more } = await ai.embeddings.embedPending();
      if (embedded) logger.info({ embedded }, 'mail embedded');
      if (more) schedule();
    } catch (error) {
      // The error's kind only (an answer may quote mail); the next new mail tries again.
      logger.warn(
        { error: error instanceof Error ? error.name : 'unknown' },
        'embedding new mail failed',
      );
    }
  });
  jobs.localWorker(EMBED_QUEUE, worker);
  const unlisten = tasks.onFetchSucceeded((_accountId, _userId, newEmails) => {
    if (newEmails > 0) schedule();
  });
  schedule();
  return { schedule, stop: unlisten };
}
