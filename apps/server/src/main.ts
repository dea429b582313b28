import { createDatabaseBeforeStart } from './db/first-start.ts';

// A new data folder's database is made before the server's modules load (ADR 0021).
await createDatabaseBeforeStart();
const [{ buildApp }, { startProcess }] = await Promise.all([
  import('./app.ts'),
  import('./process.ts'),
]);

await startProcess('api', async ({ config, database, services, logger, onShutdown }) => {
  const app = await buildApp({ config, database, services });
  onShutdown(() => app.close());
  await app.listen({ host: config.HOST, port: config.PORT });
  logger.info(
    { url: `http://localhost:${config.PORT}`, database: database.kind },
    'Brieftaube is ready',
  );
});
