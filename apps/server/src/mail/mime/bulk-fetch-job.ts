// A bulk fetch inside a parse worker: the worker's own IMAP session fetches its share of the
// batches, parses each message and sends the rows back serialised (UTF-8 JSON), so that the thread
// owning the database only inserts them. At most two batches wait for the database at a time.
import type { FetchMessageObject } from 'imapflow';
import { rowsAsJson } from '../../modules/emails/email-row-json.ts';
import type { NewEmailRow } from '../../modules/emails/email-sync.repository.ts';
import { assertUsable, createImapClient, uidSet } from '../imap/imap-client.ts';
import type { BulkFetchJob } from '../sync/bulk-fetch.ts';
import { completeRow, HEADER_QUERY } from '../sync/message-rows.ts';
import { parseMessage } from './parse-message.ts';

const CREDITS = 2;
const encoder = new TextEncoder();

export interface RunningFetch {
  ack(): void;
  stop(): void;
}

export function runBulkFetch(
  job: BulkFetchJob,
  send: (bytes: Uint8Array, uids: number) => void,
): { running: RunningFetch; done: Promise<void> } {
  let credits = CREDITS;
  let stopped = false;
  const waiting: (() => void)[] = [];
  const client = createImapClient(job.endpoint, job.credentials, {
    ...(job.connectTimeoutMs ? { connectTimeoutMs: job.connectTimeoutMs } : {}),
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
        // The next batch is asked for before this one is parsed: the server reads and sends it
        // while this thread parses, instead of both waiting for each other in turn.
        let next = job.batches[0] ? fetchBatch(job.batches[0]) : undefined;
        for (const [index, batch] of job.batches.entries()) {
          const messages = await next!;
          const following = job.batches[index + 1];
          next = following ? fetchBatch(following) : undefined;
          // Unawaited until the next round; a failure there must not go unhandled meanwhile.
          next?.catch(() => undefined);
          const rows: NewEmailRow[] = [];
          // One at a time: a parse keeps at most one message's worth of garbage alive.
          for (const message of messages.splice(0))
            rows.push(await completeRow(message, job.ids, parseMessage));
          while (credits === 0 && !stopped)
            await new Promise<void>((resolve) => waiting.push(resolve));
          if (stopped) return;
          credits -= 1;
          send(encoder.encode(rowsAsJson(rows)), batch.length);
        }
        await next?.catch(() => undefined);
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
