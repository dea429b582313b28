// A bulk fetch inside a parse worker: the worker's own IMAP session fetches its share of the new
// messages in batches bounded by bytes, parses each message and sends the rows back serialised
// (UTF-8 JSON), so that the thread owning the database only inserts them. At most two batches wait
// for the database at a time.
import type { FetchMessageObject } from 'imapflow';
import { rowsAsJson } from '../../modules/emails/email-row-json.ts';
import type { NewEmailRow } from '../../modules/emails/email-sync.repository.ts';
import { assertUsable, createImapClient, uidSet } from '../imap/imap-client.ts';
import type { BulkFetchJob } from '../sync/bulk-fetch.ts';
import { batchBySize } from '../sync/batches.ts';
import { completeRow, HEADER_QUERY, headerRowsOf } from '../sync/message-rows.ts';
import { parseMessage } from './parse-message.ts';

const CREDITS = 2;
const SIZE_SLICE = 1000;
const encoder = new TextEncoder();

export interface RunningFetch {
  ack(): void;
  stop(): void;
}

export function runBulkFetch(
  job: BulkFetchJob,
  sendBytes: (bytes: Uint8Array, uids: number) => void,
): { running: RunningFetch; done: Promise<void> } {
  let credits = CREDITS;
  let stopped = false;
  const waiting: (() => void)[] = [];
  const client = createImapClient(job.endpoint, job.credentials, {
    ...(job.connectTimeoutMs ? { connectTimeoutMs: job.connectTimeoutMs } : {}),
    // Never looked up again here: the main thread resolved and checked the host (ADR 0018).
    addresses: job.addresses,
  });
  client.on('error', () => undefined); // surfaced through the failing call instead

  async function run() {
    try {
      await client.connect();
    } catch (error) {
      client.close();
      throw error;
    }
    try {
      const lock = await client.getMailboxLock(job.path, { readOnly: true });
      try {
        // The UIDs were chosen in another session: they only name the same messages while the
        // mailbox keeps its UIDVALIDITY (RFC 3501 §2.3.1.1).
        if (client.mailbox && String(client.mailbox.uidValidity) !== job.uidValidity)
          throw new Error('UIDVALIDITY changed during the sync');
        const fetchBatch = async (batch: number[]) => {
          const messages: FetchMessageObject[] = [];
          for await (const message of client.fetch(
            uidSet(batch),
            { ...HEADER_QUERY, source: true },
            { uid: true },
          ))
            messages.push(message);
          assertUsable(client);
          return messages;
        };
        const large: number[] = [];
        // Sizes slice by slice, so that the first batch is asked for after one light round trip
        // instead of one for the whole share; later slices are read while the worker parses.
        async function* batches() {
          for (let i = 0; i < job.uids.length; i += SIZE_SLICE) {
            const sizes = new Map<number, number>();
            for await (const m of client.fetch(
              uidSet(job.uids.slice(i, i + SIZE_SLICE)),
              { uid: true, size: true },
              { uid: true },
            ))
              sizes.set(m.uid, m.size ?? 0);
            assertUsable(client);
            // Those missing were expunged meanwhile.
            const small: number[] = [];
            for (const uid of job.uids.slice(i, i + SIZE_SLICE)) {
              const size = sizes.get(uid);
              if (size === undefined) continue;
              (size > job.maxSourceBytes ? large : small).push(uid);
            }
            yield* batchBySize(small, (uid) => sizes.get(uid)!, job.batchBytes);
          }
        }
        const source = batches();
        // The next batch is asked for before this one is parsed: the server reads and sends it
        // while this thread parses, instead of both waiting for each other in turn.
        const fetchNext = async () => {
          const next = await source.next();
          return next.done
            ? undefined
            : { batch: next.value, messages: await fetchBatch(next.value) };
        };
        const send = async (rows: NewEmailRow[], count: number) => {
          while (credits === 0 && !stopped)
            await new Promise<void>((resolve) => waiting.push(resolve));
          if (stopped) return false;
          credits -= 1;
          sendBytes(encoder.encode(rowsAsJson(rows)), count);
          return true;
        };
        let next = fetchNext();
        for (;;) {
          const current = await next;
          if (!current) break;
          next = fetchNext();
          // Unawaited until the next round; a failure there must not go unhandled meanwhile.
          next.catch(() => undefined);
          const rows: NewEmailRow[] = [];
          // One at a time: a parse keeps at most one message's worth of garbage alive.
          for (const message of current.messages.splice(0))
            rows.push(
              await completeRow(message, job.ids, (source) => parseMessage(source, job.timeZone)),
            );
          if (!(await send(rows, current.batch.length))) return;
        }
        // Huge messages: headers now, their text parts in the body pass.
        for await (const rows of headerRowsOf(client, job.ids, large))
          if (!(await send(rows, rows.length))) return;
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  return {
    running: {
      ack() {
        credits += 1;
        waiting.shift()?.();
      },
      stop() {
        stopped = true;
        for (const wake of waiting.splice(0)) wake();
        client.close();
      },
    },
    done: run(),
  };
}
