import type { ImapFlow } from 'imapflow';
import { classifyConnectionError } from '../connection-errors.ts';

/**
 * Which messages a FETCH asked for and which it delivered. Some servers drop the whole session
 * on a message they cannot read (Dovecot on a damaged or unreadable file: "Disconnected: FETCH
 * failed"): the sync then knows which message it was, since servers answer in UID order.
 */
interface Journal {
  folderId: number;
  asked: number[];
  got: Set<number>;
}

const journals = new WeakMap<ImapFlow, Journal>();

/** Passes a FETCH's messages through, noting each one's arrival. */
export async function* journaled<T extends { uid: number }>(
  client: ImapFlow,
  folderId: number,
  uids: readonly number[],
  messages: AsyncIterable<T>,
): AsyncGenerator<T> {
  const journal: Journal = {
    folderId,
    asked: [...uids].sort((a, b) => a - b),
    got: new Set(),
  };
  journals.set(client, journal);
  try {
    for await (const message of messages) {
      journal.got.add(message.uid);
      yield message;
    }
  } finally {
    forget(client, journal);
  }
}

/** Kept only when the session has ended: that is what a journal tells about. */
function forget(client: ImapFlow, journal: Journal) {
  if (client.usable && journals.get(client) === journal) journals.delete(client);
}

/** Runs work on one message, so that a session ending during it names that message. */
export async function onOneMessage<T>(
  client: ImapFlow,
  folderId: number,
  uid: number,
  work: () => Promise<T>,
): Promise<T> {
  const journal: Journal = { folderId, asked: [uid], got: new Set() };
  journals.set(client, journal);
  try {
    return await work();
  } finally {
    forget(client, journal);
  }
}

/** The message the session ended on, if it ended during a journaled FETCH. */
export function suspectOf(client: ImapFlow): { folderId: number; uid: number } | undefined {
  const journal = journals.get(client);
  const uid = journal?.asked.find((u) => !journal.got.has(u));
  return journal && uid !== undefined ? { folderId: journal.folderId, uid } : undefined;
}

/** The server ended the session (not a refusal, not a timeout, not the app's own error). */
export const isSessionDrop = (error: unknown) =>
  classifyConnectionError(error) === 'PROTOCOL_ERROR';
