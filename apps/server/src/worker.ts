import { startProcess } from './process.ts';

// Job processing only, without HTTP: a provider runs as many of these as it likes beside API
// processes started with RUN_JOBS=false.
await startProcess('worker', async ({ config, logger }) => {
  if (!config.DATABASE_URL) {
    logger.warn(
      'embedded database: "npm start" already processes jobs; a separate worker is not needed',
    );
  }
});
