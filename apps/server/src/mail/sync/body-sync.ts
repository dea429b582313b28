import type { ImapFlow } from 'imapflow';
import type { AttachmentMeta } from '../../db/schema/emails.ts';
import type {
  BodyUpdate,
  EmailSyncRepository,
} from '../../modules/emails/email-sync.repository.ts';
import { assertUsable, uidSet } from '../imap/imap-client.ts';
import { latin1Headers } from '../mime/envelope.ts';
import { exactSizes } from '../mime/attachment-sizes.ts';
import { repairFileNames } from '../mime/file-names.ts';
import { type ParsedBody } from '../mime/parse-message.ts';
import { sharedParsePool } from '../mime/parse-pool.ts';
import { yencAttachments } from '../mime/yenc.ts';
import { batchBySize } from './batches.ts';
import { journaled, onOneMessage } from './fetch-journal.ts';
import { readLargeMessage } from './large-message.ts';

export interface BodySyncOptions {
  /** Larger messages are read part by part instead of as a whole source. */
  maxSourceBytes: number;
  /** Source bytes fetched per round trip; bounds memory with many large messages. */
  bodyBatchBytes: number;
  checkCancelled: () => Promise<void>;
  onProgress?: (done: number, pendingMore: boolean) => Promise<void> | void;
  /** The reader's zone, for dates written into the text (parse-message.ts). */
  timeZone?: string;
}

const PENDING_PAGE = 500;

type Pending = Awaited<ReturnType<EmailSyncRepository['pendingBodies']>>[number];

const failed = (id: number, error: unknown): BodyUpdate => ({
  id,
  bodyStatus: 'failed',
  parseError: String((error as Error)?.message ?? error).slice(0, 500),
});
/** `listed`: the attachments BODYSTRUCTURE named, to which files written as yEnc are added. */
const stored = (
  id: number,
  body: ParsedBody,
  listed: AttachmentMeta[] | null | undefined,
): BodyUpdate => {
  const files = yencAttachments(body.yencFiles ?? []);
  return {
    id,
    bodyStatus: 'ok',
    bodyText: body.text,
    bodyHtml: body.html,
    searchText: body.searchText,
    preview: body.preview,
    parseError: null,
    ...(files.length ? { attachments: [...(listed ?? []), ...files], hasAttachments: true } : {}),
  };
};

/**
 * Fetches, parses and stores the body of every message of the open mailbox that has none yet
 * (also those an interrupted sync left). Three stages overlap: while one batch is written to the
 * database in a single statement, the next is fetched from the server and parsed in the worker
 * threads. At most two batches are in memory at once.
 */
export async function syncBodies(
  client: ImapFlow,
  repo: EmailSyncRepository,
  folderId: number,
  options: BodySyncOptions,
): Promise<{ ok: number; failed: number }> {
  const counts = { ok: 0, failed: 0 };
  const pool = sharedParsePool();

  const write = async (updates: BodyUpdate[]) => {
    await repo.setBodies(updates);
    for (const u of updates) counts[u.bodyStatus === 'ok' ? 'ok' : 'failed'] += 1;
  };

  /** Fetch one batch; returns the parse results still in flight. */
  const fetchBatch = async (batch: Pending[]) => {
    const byUid = new Map(batch.map((p) => [p.uid, p.id]));
    const attachmentsOf = new Map(batch.map((p) => [p.id, p.attachments]));
    const inFlight: Promise<BodyUpdate>[] = [];
    const uids = batch.map((p) => p.uid);
    for await (const message of journaled(
      client,
      folderId,
      uids,
      client.fetch(uidSet(uids), { uid: true, source: true }, { uid: true }),
    )) {
      const id = byUid.get(message.uid);
      if (id === undefined || !message.source) continue;
      byUid.delete(message.uid);
      const source = message.source;
      inFlight.push(
        pool.parse(source, options.timeZone).then(
          // The header row was stored from the envelope and BODYSTRUCTURE, which read Latin-1
          // bytes as UTF-8.
          async (body) => {
            const listed = attachmentsOf.get(id);
            const sized = exactSizes(listed, source) ?? listed;
            const attachments = repairFileNames(sized, source) ?? (sized !== listed ? sized : null);
            const update = stored(id, body, attachments ?? listed);
            return {
              ...(attachments ? { attachments } : {}),
              ...update,
              ...(await latin1Headers(source)),
            };
          },
          // One unreadable message never stops the sync: it keeps its headers and is marked.
          (error: unknown) => failed(id, error),
        ),
      );
    }
    // A lost connection is not the messages' fault: they stay pending for the next sync.
    assertUsable(client);
    // Expunged between SEARCH and FETCH: must not stay pending forever.
    for (const id of byUid.values())
      inFlight.push(Promise.resolve(failed(id, new Error('message source unavailable'))));
    return inFlight;
  };

  let done = 0;
  for (;;) {
    await options.checkCancelled();
    const pending = await repo.pendingBodies(folderId, PENDING_PAGE);
    if (pending.length === 0) break;
    const batches = batchBySize(
      pending.filter((m) => m.size <= options.maxSourceBytes),
      (m) => m.size,
      options.bodyBatchBytes,
    );

    let writing: Promise<void> = Promise.resolve();
    try {
      for (const batch of batches) {
        await options.checkCancelled();
        const inFlight = await fetchBatch(batch);
        await writing;
        writing = Promise.all(inFlight).then(write);
        done += batch.length;
      }
    } finally {
      // Never leave a write running past this function, also when a fetch failed.
      await writing.catch(() => undefined);
    }
    await writing;

    for (const p of pending.filter((m) => m.size > options.maxSourceBytes)) {
      try {
        const { body, headers } = await onOneMessage(client, folderId, p.uid, () =>
          readLargeMessage(client, p.uid, options.timeZone),
        );
        await write([{ ...stored(p.id, body, p.attachments), ...(await latin1Headers(headers)) }]);
      } catch (error) {
        assertUsable(client);
        await write([failed(p.id, error)]);
      }
      done += 1;
    }
    await options.onProgress?.(done, pending.length === PENDING_PAGE);
  }
  return counts;
}
