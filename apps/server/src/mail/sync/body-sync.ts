import type { ImapFlow } from 'imapflow';
import type {
  BodyUpdate,
  EmailSyncRepository,
} from '../../modules/emails/email-sync.repository.ts';
import { assertUsable, uidSet } from '../imap/imap-client.ts';
import { textParts } from '../mime/attachments.ts';
import { latin1Headers } from '../mime/envelope.ts';
import { repairFileNames } from '../mime/file-names.ts';
import { bodyFromParts, type ParsedBody } from '../mime/parse-message.ts';
import { sharedParsePool } from '../mime/parse-pool.ts';
import { batchBySize } from './batches.ts';

export interface BodySyncOptions {
  /** Larger messages are read part by part instead of as a whole source. */
  maxSourceBytes: number;
  /** Source bytes fetched per round trip; bounds memory with many large messages. */
  bodyBatchBytes: number;
  checkCancelled: () => Promise<void>;
  onProgress?: (done: number, pendingMore: boolean) => Promise<void> | void;
}

const PENDING_PAGE = 500;

type Pending = Awaited<ReturnType<EmailSyncRepository['pendingBodies']>>[number];

const failed = (id: number, error: unknown): BodyUpdate => ({
  id,
  bodyStatus: 'failed',
  parseError: String((error as Error)?.message ?? error).slice(0, 500),
});
const stored = (id: number, body: ParsedBody): BodyUpdate => ({
  id,
  bodyStatus: 'ok',
  bodyText: body.text,
  bodyHtml: body.html,
  searchText: body.searchText,
  preview: body.preview,
  parseError: null,
});

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
    for await (const message of client.fetch(
      uidSet(batch.map((p) => p.uid)),
      { uid: true, source: true },
      { uid: true },
    )) {
      const id = byUid.get(message.uid);
      if (id === undefined || !message.source) continue;
      byUid.delete(message.uid);
      const source = message.source;
      inFlight.push(
        pool.parse(source).then(
          // The header row was stored from the envelope and BODYSTRUCTURE, which read Latin-1
          // bytes as UTF-8.
          async (body) => {
            const attachments = repairFileNames(attachmentsOf.get(id), source);
            return {
              ...stored(id, body),
              ...(await latin1Headers(source)),
              ...(attachments ? { attachments } : {}),
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
        const { body, headers } = await readLargeMessage(client, p.uid);
        await write([{ ...stored(p.id, body), ...(await latin1Headers(headers)) }]);
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

const MAX_PART_BYTES = 1024 * 1024;

/**
 * imapflow hands a labelled part on as UTF-8; bytes that are not UTF-8 come from a part without
 * a label, written by an old client in Latin-1 (as parse-message.ts reads the smaller ones).
 * A cut at MAX_PART_BYTES may split the last character, which is no reason to distrust the rest.
 */
function textOf(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, lastWhole(bytes)));
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Where the bytes end without a UTF-8 sequence cut in half. */
function lastWhole(bytes: Buffer): number {
  for (let i = bytes.length - 1; i >= Math.max(0, bytes.length - 4); i--) {
    const b = bytes[i]!;
    if (b < 0x80) return bytes.length;
    if (b >= 0xc0) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      return bytes.length - i >= need ? bytes.length : i;
    }
  }
  return bytes.length;
}

/**
 * Huge messages: only their text parts are read, each capped, never the whole source; and the
 * header block, for the raw 8-bit headers the envelope misread.
 */
async function readLargeMessage(
  client: ImapFlow,
  uid: number,
): Promise<{ body: ParsedBody; headers: Buffer }> {
  const message = await client.fetchOne(
    String(uid),
    { uid: true, bodyStructure: true, headers: true },
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
    const value = textOf(Buffer.concat(chunks));
    if (part.type === 'text/plain') text = value;
    else html = value;
  }
  return { body: bodyFromParts(text, html), headers: message.headers ?? Buffer.alloc(0) };
}
