import type { PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import { reopenAfterBulk } from '../db/reopening-pglite.ts';
import type { Logger } from '../lib/logger.ts';
import { startLiveSync, type LiveSync } from '../mail/live/live-sync.ts';
import { SEARCH_INDEX_QUEUE } from '../mail/search/search-indexer.ts';
import { TEXT_REDERIVE_QUEUE } from '../mail/sync/text-rederiver.ts';
import type { Services } from '../services.ts';
import { registerFetchJob } from './fetch-emails.job.ts';
import { MAINTENANCE_QUEUE, registerMaintenanceJobs } from './maintenance.job.ts';
import { registerOAuthRenewalJob } from './oauth-renewal.job.ts';
import { FETCH_QUEUE } from '../modules/tasks/tasks.service.ts';
import { AI_QUEUE } from '../modules/ai/ai-tasks.service.ts';
import { afterLiveMail } from '../modules/ai/after-live-mail.ts';
import { EMBED_QUEUE, registerEmbedJob, type EmbedJob } from '../modules/ai/embed-job.ts';
import { startWorkerPresence, type WorkerPresence } from '../modules/tasks/worker-presence.ts';

/** Messages indexed for search that make a bulk worth a reopen of PGlite (ADR 0021). */
export const REOPEN_AFTER_INDEXED = 2_000;
/** How long no more indexing must follow before the reopen. */
export const REOPEN_QUIET_MS = 5_000;

export interface JobQueue {
  boss: PgBoss;
  /** IDLE watchers, when this process keeps accounts live. */
  live?: LiveSync;
  stop(): Promise<void>;
}

/**
 * pg-boss on the app's own database: on PGlite through its single-connection adapter (jobs run
 * in-process), on PostgreSQL through its own pool (jobs may run in any worker process).
 */
export async function startJobQueue(
  database: DatabaseHandle,
  options: {
    logger: Logger;
    work: boolean;
    services?: Services;
    /** Keep accounts live (IDLE + polling) in this process; only where jobs are worked. */
    liveSync?: { pollSeconds: number; rescanSeconds?: number };
  },
): Promise<JobQueue> {
  const { PgBoss, fromPglite } = await import('pg-boss');
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', schema: 'pgboss' })
      : new PgBoss({ connectionString: database.connectionString, schema: 'pgboss', max: 4 });
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  await boss.start();
  // Every process creates the queues it may send to: an API process without workers must be able
  // to enqueue before any worker has started (createQueue is idempotent).
  await boss.createQueue(FETCH_QUEUE);
  await boss.createQueue(MAINTENANCE_QUEUE);
  await boss.createQueue(SEARCH_INDEX_QUEUE);
  await boss.createQueue(TEXT_REDERIVE_QUEUE);
  await boss.createQueue(AI_QUEUE);
  await boss.createQueue(EMBED_QUEUE);
  if (options.services) {
    const { search, jobs } = options.services;
    search.attachScheduler(async () => {
      await jobs.send(SEARCH_INDEX_QUEUE, {});
    });
  }
  let unlistenFiling: (() => void) | undefined;
  let unlistenAi: (() => void) | undefined;
  let presence: WorkerPresence | undefined;
  let embed: EmbedJob | undefined;
  // After a first sync PGlite's WebAssembly memory stays as large as the bulk made it; a reopen
  // gives it back (ADR 0021). The search index is the last step of a bulk.
  const bulkOver =
    options.work && database.kind === 'pglite' && database.reopener
      ? reopenAfterBulk(database.reopener, {
          threshold: REOPEN_AFTER_INDEXED,
          quietMs: REOPEN_QUIET_MS,
          onReopened: (info) =>
            options.logger.info(info, 'database reopened to give back its memory'),
          onError: (err) => options.logger.error({ err }, 'reopening the database failed'),
        })
      : undefined;
  if (options.work) {
    await registerMaintenanceJobs(boss, database, options.logger);
    if (options.services) {
      // Held before the first task is taken: a task always names a worker that can be seen.
      presence = await startWorkerPresence(database, options.logger);
      const worker = await registerFetchJob(boss, options.services.tasks, presence, options.logger);
      await registerOAuthRenewalJob(boss, options.services.oauthTokens, options.logger);
      // A mail sent during an IMAP outage gets its Sent copy once the account answers again.
      const { compose, tasks } = options.services;
      unlistenFiling = tasks.onFetchSucceeded((accountId) => {
        compose.retryUnfiled(accountId).catch((err: unknown) => {
          options.logger.warn({ err, accountId }, 'filing sent mail failed again');
        });
      });
      // A task started in this process begins at once instead of at the next poll.
      options.services.jobs.localWorker(FETCH_QUEUE, worker);
      const { aiTasks } = options.services;
      // One AI task at a time per process: categorising a large account is CPU work, and on
      // PGlite the API shares this thread.
      const aiWorker = await boss.work(AI_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        if (job) await aiTasks.run(job.data, presence?.key);
      });
      options.services.jobs.localWorker(AI_QUEUE, aiWorker);
      // New mail of an account with categories is filed at once (issue 21).
      // Queued before the fetch reports SUCCESS (tasks.service.ts): the client sees both at once.
      unlistenAi = tasks.beforeFetchSucceeds(async (accountId, userId, newEmails) => {
        if (newEmails > 0) await aiTasks.startAfterFetch(userId, accountId);
      });
      embed = await registerEmbedJob(boss, options.services, options.logger);
      const search = options.services.search;
      const indexer = await boss.work(
        SEARCH_INDEX_QUEUE,
        { pollingIntervalSeconds: 1 },
        async () => {
          // Small batches: on PGlite the API shares this thread and must stay responsive.
          const indexed = await search.drain(100);
          if (indexed) options.logger.info({ indexed }, 'search index updated');
          bulkOver?.note(indexed);
        },
      );
      options.services.jobs.localWorker(SEARCH_INDEX_QUEUE, indexer);
      const texts = options.services.texts;
      await boss.work(TEXT_REDERIVE_QUEUE, async () => {
        const changed = await texts.drain();
        if (changed) {
          options.logger.info({ changed }, 'stored mail text made again');
          await search.schedule();
        }
      });
    }
  }
  options.services?.jobs.attach(boss);
  // Tasks a killed or crashed process left STARTED end now as interrupted (ADR 0019).
  await options.services?.tasks
    .failInterruptedTasks()
    .catch((err: unknown) => options.logger.warn({ err }, 'ending interrupted tasks failed'));
  // Whatever a stopped process left for the search indexer (sent only once jobs can be sent).
  if (options.work && options.services) await options.services.search.schedule();
  // Mail an upgrade queued for a new text (ADR 0017): at once, not only with the next fetch of
  // its account, since a live account may never be fetched by hand again.
  if (options.work && options.services) await options.services.jobs.send(TEXT_REDERIVE_QUEUE, {});
  const s = options.services;
  // Mail the live sync stores is filed like a fetch's (debounced: a burst is one task).
  const liveMail =
    options.work && s && options.liveSync
      ? afterLiveMail(
          (userId, accountId) => s.aiTasks.startAfterFetch(userId, accountId),
          (err, accountId) =>
            options.logger.warn(
              { err, accountId },
              'starting the categorisation after IDLE failed',
            ),
        )
      : undefined;
  const live =
    options.work && s && options.liveSync
      ? await startLiveSync(database, s.sync, {
          pollSeconds: options.liveSync.pollSeconds,
          rescanSeconds: options.liveSync.rescanSeconds ?? 30,
          logger: options.logger,
          ...(liveMail
            ? {
                onNewMail: (userId: string, accountId: number) => {
                  liveMail.note(userId, accountId);
                  embed?.schedule();
                },
              }
            : {}),
        })
      : undefined;
  // A first fetch makes an account live at once, not only at the next rescan.
  const unlisten = live ? s?.tasks.onFetchSucceeded(() => void live.rescan()) : undefined;
  return {
    boss,
    ...(live ? { live } : {}),
    async stop() {
      unlisten?.();
      unlistenFiling?.();
      bulkOver?.stop();
      unlistenAi?.();
      await live?.stop();
      liveMail?.stop();
      embed?.stop();
      await boss.stop({ graceful: true, timeout: 10_000 });
      await presence?.close();
    },
  };
}
