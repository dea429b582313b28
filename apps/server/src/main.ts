import { buildApp } from './app.ts';
import { startProcess } from './process.ts';

await startProcess('api', async ({ config, database, services, logger, onShutdown }) => {
  const app = await buildApp({ config, database, services });
  onShutdown(() => app.close());
  await app.listen({ host: config.HOST, port: config.PORT });
  logger.info(
    { url: `http://localhost:${config.PORT}`, database: database.kind },
    'Brieftaube is ready',
  );
});
