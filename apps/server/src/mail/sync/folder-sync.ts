import type { ImapFlow, MailboxObject } from 'imapflow';
import type { FolderRow } from '../../modules/folders/folders.repository.ts';
import type {
  EmailSyncRepository,
  NewEmailRow,
} from '../../modules/emails/email-sync.repository.ts';
import { assertUsable } from '../imap/imap-client.ts';
import { textParts } from '../mime/attachments.ts';
import { bodyFromParts, type ParsedBody } from '../mime/parse-message.ts';
import { sharedParsePool } from '../mime/parse-pool.ts';
import { detectChanges, type FolderChanges } from './folder-changes.ts';
import { headerRow } from './message-rows.ts';

export interface FolderSyncProgress {
  phase: 'headers' | 'bodies';
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

export class SyncCancelledError extends Error {
  constructor() {
    super('sync cancelled');
    this.name = 'SyncCancelledError';
  }
}

const HEADER_QUERY = {
  uid: true,
  flags: true,
  envelope: true,
  bodyStructure: true,
  internalDate: true,
  size: true,
  headers: ['references'],
};

export async function syncFolder(
  client: ImapFlow,
  repo: EmailSyncRepository,
  folder: FolderRow,
  options: FolderSyncOptions = {},
): Promise<FolderSyncResult> {
  const headerBatch = options.headerBatch ?? 500;
  const maxSource = options.maxSourceBytes ?? 10 * 1024 * 1024;
  const bodyBatchBytes = options.bodyBatchBytes ?? 8 * 1024 * 1024;
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
  try {
    const mailbox = client.mailbox as MailboxObject;
    result.seen = {
      uidNext: mailbox.uidNext,
      exists: mailbox.exists,
      highestModseq: mailbox.highestModseq,
    };
    let keptCategories: Awaited<ReturnType<EmailSyncRepository['categoryAssignments']>> = [];
    if (folder.uidValidity !== null && folder.uidValidity !== mailbox.uidValidity) {
      // UIDVALIDITY changed (RFC 3501 §2.3.1.1): every cached UID is void. The user's category
      // choices are kept by Message-ID and put back once the messages are stored again.
      keptCategories = await repo.categoryAssignments(folder.id);
      await repo.deleteFolderEmails(folder.id);
      result.uidValidityReset = true;
    }

    const changes = await detectChanges(client, repo, folder, mailbox, result.uidValidityReset);
    result.method = changes.method;
    // Expunged on the server (by this app on another device, or by another client).
    result.deleted = await repo.deleteUids(folder.id, changes.gone);
    for (const c of changes.flagChanges) await repo.updateFlags(folder.id, c.uid, c.flags, null);
    result.flagsChanged = changes.flagChanges.length;

    // New messages, newest first, headers only: the first page of the list is there at once.
    const fresh = changes.fresh;
    for (let i = 0; i < fresh.length; i += headerBatch) {
      await checkCancelled();
      const batch = fresh.slice(i, i + headerBatch);
      const rows: NewEmailRow[] = [];
      for await (const message of client.fetch(batch.join(','), HEADER_QUERY, { uid: true }))
        rows.push(headerRow(message, ids));
      assertUsable(client);
      result.newMessages += await repo.insertMany(rows);
      await options.onProgress?.({
        phase: 'headers',
        done: Math.min(i + headerBatch, fresh.length),
        total: fresh.length,
      });
    }
    if (fresh.length > 0) await repo.recountFolder(folder.id);

    // Bodies of every message still without one (also those a previous, interrupted sync left).
    let bodiesDone = 0;
    for (;;) {
      await checkCancelled();
      const pending = await repo.pendingBodies(folder.id, 200);
      if (pending.length === 0) break;
      const small = pending.filter((p) => p.size <= maxSource);
      const large = pending.filter((p) => p.size > maxSource);
      let batch: typeof small = [];
      let batchBytes = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        const byUid = new Map(batch.map((p) => [p.uid, p.id]));
        const sources: { id: number; source: Buffer }[] = [];
        for await (const message of client.fetch(
          batch.map((p) => p.uid).join(','),
          { uid: true, source: true },
          { uid: true },
        )) {
          const id = byUid.get(message.uid);
          if (id !== undefined && message.source) sources.push({ id, source: message.source });
        }
        assertUsable(client);
        const pool = sharedParsePool();
        // Parsed in parallel in the pool's threads, stored in order.
        const parsed = sources.map(({ id, source }) => ({ id, body: pool.parse(source) }));
        // Rejections are handled in storeBody; mark them handled until it gets there.
        for (const p of parsed) p.body.catch(() => undefined);
        for (const { id, body } of parsed) await storeBody(id, () => body);
        // A message that vanished between SEARCH and FETCH must not stay pending forever.
        const fetched = new Set(sources.map((s) => s.id));
        for (const id of byUid.values())
          if (!fetched.has(id))
            await storeBody(id, () => Promise.reject(new Error('message source unavailable')));
        batch = [];
        batchBytes = 0;
      };
      const storeBody = async (id: number, parse: () => Promise<ParsedBody>) => {
        try {
          const body = await parse();
          await repo.setBody(id, {
            bodyStatus: 'ok',
            bodyText: body.text,
            bodyHtml: body.html,
            searchText: body.searchText,
            preview: body.preview,
            parseError: null,
          });
          result.bodies += 1;
        } catch (error) {
          // A lost connection is not the message's fault: it stays pending for the next sync.
          assertUsable(client);
          // One unreadable message never stops the sync: it keeps its headers and is marked.
          await repo.setBody(id, {
            bodyStatus: 'failed',
            parseError: String((error as Error).message ?? error).slice(0, 500),
          });
          result.failedBodies += 1;
        }
        bodiesDone += 1;
      };
      for (const p of small) {
        if (batch.length > 0 && batchBytes + p.size > bodyBatchBytes) await flush();
        batch.push(p);
        batchBytes += p.size;
      }
      await flush();
      for (const p of large) await storeBody(p.id, () => readLargeMessage(client, p.uid));
      await options.onProgress?.({
        phase: 'bodies',
        done: bodiesDone,
        total: bodiesDone + (pending.length === 200 ? 200 : 0),
      });
    }

    assertUsable(client);
    if (keptCategories.length) await repo.reapplyCategories(folder.id, keptCategories);
    await repo.setFolderSyncState(folder.id, {
      uidValidity: mailbox.uidValidity,
      uidNext: mailbox.uidNext === undefined ? null : BigInt(mailbox.uidNext),
      highestModseq: mailbox.highestModseq ?? null,
    });
    const changed =
      result.newMessages + result.deleted + result.flagsChanged > 0 || result.uidValidityReset;
    if (changed) await repo.recountFolder(folder.id);
    else await repo.touchFolder(folder.id);
    return result;
  } finally {
    lock.release();
  }
}

const MAX_PART_BYTES = 1024 * 1024;

/** Huge messages: only their text parts are read, each capped, never the whole source. */
async function readLargeMessage(client: ImapFlow, uid: number): Promise<ParsedBody> {
  const message = await client.fetchOne(
    String(uid),
    { uid: true, bodyStructure: true },
    { uid: true },
  );
  if (!message) throw new Error('message vanished');
  let text: string | undefined;
  let html: string | undefined;
  for (const part of textParts(message.bodyStructure)) {
    if ((part.type === 'text/plain' && text) || (part.type === 'text/html' && html)) continue;
    const download = await client.download(String(uid), part.part, {
      uid: true,
      maxBytes: MAX_PART_BYTES,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of download.content as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= MAX_PART_BYTES) break;
    }
    const value = Buffer.concat(chunks).toString('utf8');
    if (part.type === 'text/plain') text = value;
    else html = value;
  }
  return bodyFromParts(text, html);
}
