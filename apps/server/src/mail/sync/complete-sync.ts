import type { FetchMessageObject, ImapFlow } from 'imapflow';
import type {
  EmailSyncRepository,
  NewEmailRow,
} from '../../modules/emails/email-sync.repository.ts';
import { assertUsable, uidSet } from '../imap/imap-client.ts';
import { sharedParsePool, type ParsePool } from '../mime/parse-pool.ts';
import { batchBySize } from './batches.ts';
import type { BulkConnection } from './bulk-fetch.ts';
import { isSessionDrop, journaled } from './fetch-journal.ts';
import { completeRow, HEADER_QUERY, headerRowsOf } from './message-rows.ts';

export interface CompleteSyncOptions {
  maxSourceBytes: number;
  bodyBatchBytes: number;
  checkCancelled: () => Promise<void>;
  onProgress?: (done: number) => Promise<void> | void;
  /** With it, large intakes are fetched and parsed by the parse pool's workers (bulk-fetch.ts). */
  bulk?: BulkConnection & { path: string; uidValidity: bigint };
  /** The reader's zone, for dates written into the text (parse-message.ts). */
  timeZone?: string;
}

const BULK_WORKER_MIN = 1000;

/** The end of a parse worker (out of memory, crashed), not of the mailbox or the database. */
const isWorkerCrash = (error: unknown) =>
  error instanceof Error &&
  ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY' ||
    error.message.startsWith('parse worker stopped'));

/** Whether syncComplete hands these new messages to the parse pool's workers (bulk-fetch.ts). */
export function usesWorkers(count: number, bulk: BulkConnection | undefined): boolean {
  return !!bulk && count >= (bulk.minMessages ?? BULK_WORKER_MIN);
}

/**
 * New messages beyond the first page: headers and source in one FETCH, stored as complete rows
 * in one INSERT per batch. Compared with headers first and bodies second, every message is
 * fetched once and written once (the search index is built once). While one batch is parsed and
 * written, the next is fetched. Messages above `maxSourceBytes` are stored with their headers
 * only; the body pass reads their text parts.
 */
export async function syncComplete(
  client: ImapFlow,
  repo: EmailSyncRepository,
  ids: { userId: string; accountId: number; folderId: number },
  uids: number[],
  options: CompleteSyncOptions,
  /** The in-thread path's parser: the bulk path's pool when it takes over from it. */
  inThreadPool?: ParsePool,
): Promise<number> {
  if (uids.length === 0) return 0;
  const pool = options.bulk?.pool ?? inThreadPool ?? sharedParsePool();
  if (options.bulk && usesWorkers(uids.length, options.bulk)) {
    // The workers read the sizes themselves: this session stays free for the first page.
    const { endpoint, credentials, connectTimeoutMs, addresses, workers } = options.bulk;
    const { path, uidValidity } = options.bulk;
    let inserted = 0;
    let done = 0;
    try {
      await pool.fetch(
        {
          endpoint,
          credentials,
          ...(connectTimeoutMs ? { connectTimeoutMs } : {}),
          addresses,
          path,
          uidValidity: String(uidValidity),
          ids,
          uids,
          maxSourceBytes: options.maxSourceBytes,
          batchBytes: options.bodyBatchBytes,
          ...(options.timeZone ? { timeZone: options.timeZone } : {}),
        },
        async (json, count) => {
          inserted += await repo.insertJson(json);
          done += count;
          await options.onProgress?.(done);
        },
        options.checkCancelled,
        workers,
      );
    } catch (error) {
      if (!isWorkerCrash(error) && !isSessionDrop(error)) throw error;
      // A worker that ran out of memory (a pathological message) must not fail the whole sync,
      // nor a worker's session the server ended (on a message it cannot read): what it had not
      // stored yet is fetched here, as without workers, where one unreadable message is only
      // marked and a dropped session names the message it dropped on (fetch-journal.ts).
      const stored = await repo.localUids(ids.folderId);
      const rest = uids.filter((uid) => !stored.has(uid));
      const { bulk: _bulk, onProgress, ...inThread } = options;
      // Counted on from what the workers stored, not from zero again.
      const counted = done;
      const again = await syncComplete(
        client,
        repo,
        ids,
        rest,
        { ...inThread, ...(onProgress ? { onProgress: (n) => onProgress(counted + n) } : {}) },
        pool,
      );
      return inserted + again;
    }
    return inserted;
  }

  // Sizes first (one light round trip) so that batches can be bounded by bytes.
  const sizes = new Map<number, number>();
  for (let i = 0; i < uids.length; i += 5000) {
    const slice = uids.slice(i, i + 5000);
    // A size the server cannot tell without reading the message (Dovecot's maildir) fails as
    // the message would: the journal names it.
    for await (const m of journaled(
      client,
      ids.folderId,
      slice,
      client.fetch(uidSet(slice), { uid: true, size: true }, { uid: true }),
    ))
      sizes.set(m.uid, m.size ?? 0);
    assertUsable(client);
  }

  const present = uids.filter((uid) => sizes.has(uid)); // the others were expunged meanwhile
  const large = present.filter((uid) => sizes.get(uid)! > options.maxSourceBytes);
  const batches = batchBySize(
    present.filter((uid) => sizes.get(uid)! <= options.maxSourceBytes),
    (uid) => sizes.get(uid)!,
    options.bodyBatchBytes,
  );

  const toRow = (message: FetchMessageObject) =>
    completeRow(message, ids, (source) => pool.parse(source, options.timeZone));

  let inserted = 0;
  let done = 0;
  let writing: Promise<void> = Promise.resolve();
  try {
    for (const batch of batches) {
      await options.checkCancelled();
      const rows: Promise<NewEmailRow>[] = [];
      for await (const message of journaled(
        client,
        ids.folderId,
        batch,
        client.fetch(uidSet(batch), { ...HEADER_QUERY, source: true }, { uid: true }),
      ))
        rows.push(toRow(message));
      assertUsable(client);
      await writing;
      writing = Promise.all(rows).then(async (complete) => {
        inserted += await repo.insertMany(complete);
      });
      done += batch.length;
      await options.onProgress?.(done);
    }
  } finally {
    await writing.catch(() => undefined);
  }
  await writing;

  return inserted + (await storeHeadersOfLarge(client, repo, ids, large));
}

/** Huge messages: headers now, their text parts in the body pass. */
async function storeHeadersOfLarge(
  client: ImapFlow,
  repo: EmailSyncRepository,
  ids: { userId: string; accountId: number; folderId: number },
  large: number[],
): Promise<number> {
  let inserted = 0;
  for await (const rows of headerRowsOf(client, ids, large))
    inserted += await repo.insertMany(rows);
  return inserted;
}
