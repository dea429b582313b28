// Worker thread body of the parse pool (parse-pool.ts): parses message sources, and runs its share
// of bulk fetches with its own IMAP session.
import { parentPort } from 'node:worker_threads';
import { serialiseError, type BulkFetchJob, type SerialisedError } from '../sync/bulk-fetch.ts';
import { runBulkFetch, type RunningFetch } from './bulk-fetch-job.ts';
import { parseMessage, type ParsedBody } from './parse-message.ts';

export type ParseJob =
  | { id: number; kind: 'parse'; source: Uint8Array; timeZone?: string }
  | { id: number; kind: 'fetch'; job: BulkFetchJob }
  | { id: number; kind: 'ack' }
  | { id: number; kind: 'stop' };
export type ParseReply =
  | { id: number; result: ParsedBody | Uint8Array | null }
  | { id: number; batch: Uint8Array; uids: number }
  | { id: number; error: SerialisedError };

const fetches = new Map<number, RunningFetch>();
const post = (reply: ParseReply, transfer: ArrayBuffer[] = []) =>
  parentPort?.postMessage(reply, transfer);

const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

parentPort?.on('message', (job: ParseJob) => {
  if (job.kind === 'ack' || job.kind === 'stop') {
    const running = fetches.get(job.id);
    if (job.kind === 'ack') running?.ack();
    else running?.stop();
    return;
  }
  let work: Promise<ParsedBody | Uint8Array | null>;
  if (job.kind === 'parse') work = parseMessage(asBuffer(job.source), job.timeZone);
  else {
    const { running, done } = runBulkFetch(job.job, (batch, uids) =>
      post({ id: job.id, batch, uids }, [batch.buffer as ArrayBuffer]),
    );
    fetches.set(job.id, running);
    work = done.then(() => null).finally(() => fetches.delete(job.id));
  }
  work.then(
    (result) =>
      post(
        { id: job.id, result },
        result instanceof Uint8Array ? [result.buffer as ArrayBuffer] : [],
      ),
    (error: unknown) => post({ id: job.id, error: serialiseError(error) }),
  );
});
