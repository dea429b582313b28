// Worker thread body: parses message sources sent by the pool (parse-pool.ts).
import { parentPort } from 'node:worker_threads';
import { parseMessage } from './parse-message.ts';

parentPort?.on('message', (job: { id: number; source: Uint8Array }) => {
  parseMessage(Buffer.from(job.source.buffer, job.source.byteOffset, job.source.byteLength)).then(
    (body) => parentPort?.postMessage({ id: job.id, body }),
    (error: unknown) =>
      parentPort?.postMessage({
        id: job.id,
        error: {
          name: (error as Error).name ?? 'Error',
          message: String((error as Error).message ?? error),
        },
      }),
  );
});
