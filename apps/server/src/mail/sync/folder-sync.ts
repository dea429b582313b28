import type { ImapFlow, MailboxObject } from 'imapflow';
import type { FolderRow } from '../../modules/folders/folders.repository.ts';
import type {
  EmailSyncRepository,
  NewEmailRow,
} from '../../modules/emails/email-sync.repository.ts';
import { assertUsable, uidSet } from '../imap/imap-client.ts';
import { syncBodies } from './body-sync.ts';
import { sharedParsePool } from '../mime/parse-pool.ts';
import type { BulkReservation } from '../net/mail-connector.ts';
import type { BulkConnection } from './bulk-fetch.ts';
import { syncComplete, usesWorkers } from './complete-sync.ts';
import { journaled } from './fetch-journal.ts';
import { detectChanges, type FolderChanges } from './folder-changes.ts';
import { HEADER_QUERY, headerRow } from './message-rows.ts';
import { storeUnanswered } from './unanswered.ts';

export interface FolderSyncProgress {
  phase: 'messages' | 'bodies';
  done: number;
  total: number;
}

export interface FolderSyncOptions {
  onProgress?: (progress: FolderSyncProgress) => Promise<void> | void;
  /** Checked between batches; a revoked task stops at the next one. */
  isCancelled?: () => Promise<boolean> | boolean;
  headerBatch?: number;
  /** Larger messages are read part by part instead of as a whole source. */
  maxSourceBytes?: number;
  /** Source bytes fetched per round trip; bounds memory with many large messages. */
  bodyBatchBytes?: number;
  /** Lets a large intake be fetched by a worker thread with its own session (bulk-fetch.ts). */
  bulk?: BulkConnection;
  /** The reader's zone, for dates written into the text (parse-message.ts); German time without. */
  timeZone?: string;
}

export interface FolderSyncResult {
  newMessages: number;
  deleted: number;
  flagsChanged: number;
  bodies: number;
  failedBodies: number;
  uidValidityReset: boolean;
  method: FolderChanges['method'];
  /** The mailbox as this sync opened it; a later SELECT that differs means something changed. */
  seen: { uidNext: number | undefined; exists: number; highestModseq: bigint | undefined };
}

/** Up to this many new messages, a folder's intake is fetched complete at once. */
const FEW_NEW = 20;

export class SyncCancelledError extends Error {
  constructor() {
    super('sync cancelled');
    this.name = 'SyncCancelledError';
  }
}

export async function syncFolder(
  client: ImapFlow,
  repo: EmailSyncRepository,
  folder: FolderRow,
  options: FolderSyncOptions = {},
): Promise<FolderSyncResult> {
  const headerBatch = options.headerBatch ?? 500;
  // Larger messages are nearly always large by their attachments, which the sync does not need:
  // their text parts are read on their own, and the attachments only when opened. Over a real
  // network the few round trips cost less than the attachment's bytes, and parsing a large source
  // leaves megabytes of garbage in the parse workers (measured: large-mail.test.ts).
  const maxSource = options.maxSourceBytes ?? 512 * 1024;
  const bodyBatchBytes = options.bodyBatchBytes ?? 4 * 1024 * 1024;
  const checkCancelled = async () => {
    if (await options.isCancelled?.()) throw new SyncCancelledError();
  };
  const ids = { userId: folder.userId, accountId: folder.accountId, folderId: folder.id };
  const result: FolderSyncResult = {
    newMessages: 0,
    deleted: 0,
    flagsChanged: 0,
    bodies: 0,
    failedBodies: 0,
    uidValidityReset: false,
    method: 'full',
    seen: { uidNext: undefined, exists: 0, highestModseq: undefined },
  };

  const lock = await client.getMailboxLock(folder.path, { readOnly: true });
  let reservation: BulkReservation | undefined;
  try {
    const mailbox = client.mailbox as MailboxObject;
    result.seen = {
      uidNext: mailbox.uidNext,
      exists: mailbox.exists,
      highestModseq: mailbox.highestModseq,
    };
    if (folder.uidValidity !== null && folder.uidValidity !== mailbox.uidValidity) {
      // UIDVALIDITY changed (RFC 3501 §2.3.1.1): every cached UID is void. The user's category
      // choices are kept by Message-ID and put back once the messages are stored again.
      await repo.keepCategories([folder.id]);
      await repo.deleteFolderEmails(folder.id);
      result.uidValidityReset = true;
    }

    const changes = await detectChanges(client, repo, folder, mailbox, result.uidValidityReset);
    result.method = changes.method;
    // Expunged on the server (by this app on another device, or by another client, which may
    // have moved them: their categories wait for the copy to arrive).
    if (changes.gone.length > 0) await repo.keepCategoriesOfUids(folder.id, changes.gone);
    result.deleted = await repo.deleteUids(folder.id, changes.gone);
    for (const c of changes.flagChanges) await repo.updateFlags(folder.id, c.uid, c.flags, null);
    result.flagsChanged = changes.flagChanges.length;

    // New messages, newest first. The first page as headers only, then its bodies: what the user
    // sees and opens first is there at once. Then the rest as complete messages. A few new ones
    // (IDLE, an incremental sync) come complete in one round trip: headers first would only add
    // a second FETCH and a second write.
    const fresh = changes.fresh;
    const head = fresh.length <= FEW_NEW ? [] : fresh.slice(0, headerBatch);
    const rest = fresh.slice(head.length);
    // Stored so far of `fresh`, by this session and the workers together.
    let stored = 0;
    const report = (count: number) => {
      stored += count;
      return options.onProgress?.({ phase: 'messages', done: stored, total: fresh.length });
    };
    const bodyOptions = {
      maxSourceBytes: maxSource,
      bodyBatchBytes,
      checkCancelled,
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    };
    const addBodies = async () => {
      const bodies = await syncBodies(client, repo, folder.id, {
        ...bodyOptions,
        onProgress: (done, more) =>
          options.onProgress?.({ phase: 'bodies', done, total: more ? done + 1 : done }),
      });
      result.bodies += bodies.ok;
      result.failedBodies += bodies.failed;
    };
    let stopRest = false;
    let restDone = 0;
    // Worker sessions only within the connection bounds (ADR 0018): none free, and this session
    // fetches the rest itself, after the first page, instead of opening more.
    let bulk = options.bulk;
    if (bulk?.reserve && usesWorkers(rest.length, bulk)) {
      reservation = bulk.reserve((bulk.pool ?? sharedParsePool()).size);
      bulk =
        reservation.granted > 0
          ? { ...bulk, addresses: reservation.addresses, workers: reservation.granted }
          : undefined;
    }
    const completeRest = () =>
      syncComplete(client, repo, ids, rest, {
        ...bodyOptions,
        checkCancelled: async () => {
          if (stopRest) throw new SyncCancelledError();
          await checkCancelled();
        },
        ...(bulk ? { bulk: { ...bulk, path: folder.path, uidValidity: mailbox.uidValidity } } : {}),
        onProgress: (done) => {
          const count = done - restDone;
          restDone = done;
          return report(count);
        },
      });
    // The workers have sessions of their own: they log in and fetch the rest while this session
    // reads the first page, its bodies and those an interrupted sync left. Over a real network
    // their connection, TLS and login cost as much as the first page itself.
    const completing = usesWorkers(rest.length, bulk) ? completeRest() : undefined;
    // Awaited below; failing meanwhile must not count as unhandled.
    completing?.catch(() => undefined);
    try {
      if (head.length > 0) {
        await checkCancelled();
        const rows: NewEmailRow[] = [];
        for await (const message of journaled(
          client,
          folder.id,
          head,
          client.fetch(uidSet(head), HEADER_QUERY, { uid: true }),
        ))
          rows.push(headerRow(message, ids));
        assertUsable(client);
        const inserted = await repo.insertMany(rows);
        result.newMessages += inserted;
        await report(head.length);
      }
      // Also the bodies an interrupted sync left.
      await addBodies();
      result.newMessages += await (completing ?? completeRest());
    } catch (error) {
      stopRest = true;
      await completing?.catch(() => undefined);
      throw error;
    }
    // Every asked UID stored (fresh ones were not stored before): nothing to look for.
    if (result.newMessages < fresh.length)
      result.newMessages += await storeUnanswered(client, repo, ids, fresh, maxSource);
    // Messages too large to fetch whole: their text parts.
    await addBodies();

    assertUsable(client);
    // Kept categories come back once every folder was looked at (syncAccount, the live sync's
    // rounds): a message moved elsewhere may arrive in a folder synced before its source.
    // The state as it was when the folder was opened, not as it is now: imapflow raises the live
    // values whenever another client's change reaches this session mid-sync, and saving those
    // would tell the next sync that changes it never applied are already here. Asking again for
    // what this sync may have applied already costs nothing: every step is idempotent.
    await repo.setFolderSyncState(folder.id, {
      uidValidity: mailbox.uidValidity,
      uidNext: result.seen.uidNext === undefined ? null : BigInt(result.seen.uidNext),
      highestModseq: result.seen.highestModseq ?? null,
    });
    const changed =
      result.newMessages + result.deleted + result.flagsChanged > 0 || result.uidValidityReset;
    if (changed) await repo.recountFolder(folder.id);
    else await repo.touchFolder(folder.id);
    return result;
  } finally {
    // The workers' sessions are closed once their shares settled (awaited above).
    reservation?.release();
    lock.release();
  }
}
