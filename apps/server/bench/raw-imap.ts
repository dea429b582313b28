// The baselines of bench:sync: bare imapflow sessions against the bench's Dovecot, doing what a
// sync must do and nothing else.
import { performance } from 'node:perf_hooks';
import { ImapFlow } from 'imapflow';
import PostalMime from 'postal-mime';
import type { Dovecot } from '../../../test-support/src/dovecot.ts';
import { HEADER_QUERY } from '../src/mail/sync/message-rows.ts';

/** Everything a sync reads of a new message: the sync's own query, so the two cannot drift. */
const WHOLE_MESSAGE = { ...HEADER_QUERY, source: true };

export function rawClient(dovecot: Dovecot, user: string) {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: dovecot.imapPort,
    secure: false,
    doSTARTTLS: false,
    auth: { user, pass: 'pw' },
    logger: false,
  });
  client.on('error', () => undefined);
  return client;
}

/** One session fetching every message of the inbox whole (and parsing it): messages/s. */
export async function rawFetchAndParse(
  dovecot: Dovecot,
  user: string,
  expected: number,
  parse: boolean,
): Promise<number> {
  const client = rawClient(dovecot, user);
  await client.connect();
  const t0 = performance.now();
  const lock = await client.getMailboxLock('INBOX', { readOnly: true });
  let n = 0;
  try {
    for await (const message of client.fetch('1:*', WHOLE_MESSAGE)) {
      if (parse && message.source) await PostalMime.parse(message.source);
      n += 1;
    }
  } finally {
    lock.release();
    await client.logout();
  }
  const seconds = (performance.now() - t0) / 1000;
  if (n !== expected) throw new Error(`raw fetch saw ${n} messages`);
  return n / seconds;
}

/** A new session reading the newest `count` messages of the inbox whole and parsing them: ms. */
export async function rawNewMessages(dovecot: Dovecot, user: string, count: number) {
  const t0 = performance.now();
  const client = rawClient(dovecot, user);
  await client.connect();
  const lock = await client.getMailboxLock('INBOX', { readOnly: true });
  try {
    const exists = (client.mailbox as { exists: number }).exists;
    for await (const message of client.fetch(`${exists - count + 1}:*`, WHOLE_MESSAGE))
      if (message.source) await PostalMime.parse(message.source);
  } finally {
    lock.release();
    await client.logout();
  }
  return performance.now() - t0;
}
