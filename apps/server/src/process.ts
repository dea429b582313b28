import { ConfigError, loadConfig, type Config } from './config/env.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { startJobQueue, type JobQueue } from './jobs/job-queue.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createServices, type Services } from './services.ts';

export interface ProcessContext {
  config: Config;
  database: DatabaseHandle;
  services: Services;
  logger: Logger;
  onShutdown: (step: () => Promise<unknown>) => void;
}

/**
 * Shared start-up of the API and the worker process: configuration, database (with migrations),
 * job queue, orderly shutdown on SIGINT/SIGTERM. Start-up failures end the process with a message
 * a person can act on, never a stack trace alone.
 */
export async function startProcess(
  role: 'api' | 'worker',
  run: (context: ProcessContext) => Promise<void>,
): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL).child({ role });
  const shutdownSteps: (() => Promise<unknown>)[] = [];

  let database: DatabaseHandle;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `Brieftaube läuft bereits mit dem Datenordner ${error.dataDir} (Prozess ${error.owner.pid}). ` +
          'Beenden Sie den anderen Prozess oder wählen Sie mit DATA_DIR einen anderen Ordner.\n' +
          error.message,
      );
      process.exit(75);
    }
    logger.fatal({ err: error }, 'could not open the database');
    process.exit(1);
  }

  // Filled once the job runner has started (after the API listens).
  const running: { jobs?: JobQueue } = {};
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    for (const step of shutdownSteps.reverse())
      await step().catch((err: unknown) => logger.error({ err }, 'shutdown step failed'));
    await running.jobs
      ?.stop()
      .catch((err: unknown) => logger.error({ err }, 'job queue stop failed'));
    await services.events.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const services = createServices(config, database, logger);
  await run({ config, database, services, logger, onShutdown: (step) => shutdownSteps.push(step) });
  // The job runner starts after the API listens: the first request need not wait for it.

  running.jobs = await startJobQueue(database, {
    logger,
    work: role === 'worker' || config.RUN_JOBS,
    services,
    ...(config.MAIL_IDLE ? { liveSync: { pollSeconds: config.MAIL_POLL_SECONDS } } : {}),
  });
}
