import type { CopyResponseObject, ImapFlow } from 'imapflow';
import { uidSet } from './imap-client.ts';

/**
 * Runs `expunge` so that it removes only `uids`. With UIDPLUS (RFC 4315) imapflow sends UID
 * EXPUNGE, which does exactly that. Without it, EXPUNGE removes every message marked \Deleted
 * in the mailbox, also those another client only marked and may still take back (Thunderbird's
 * "mark as deleted" mode): those lose the mark for the moment of the EXPUNGE and get it back.
 */
async function sparingOthers<T>(
  client: ImapFlow,
  uids: readonly number[],
  expunge: () => Promise<T>,
): Promise<T> {
  if (client.capabilities.has('UIDPLUS')) return expunge();
  const ours = new Set(uids);
  const marked = (await client.search({ deleted: true }, { uid: true })) || [];
  const others = marked.filter((uid) => !ours.has(uid));
  if (others.length === 0) return expunge();
  await client.messageFlagsRemove(uidSet(others), ['\\Deleted'], { uid: true });
  try {
    return await expunge();
  } finally {
    await client.messageFlagsAdd(uidSet(others), ['\\Deleted'], { uid: true });
  }
}

/** Deletes these messages of the open mailbox for good, and nothing else. */
export function deleteOnly(client: ImapFlow, uids: readonly number[]): Promise<boolean> {
  return sparingOthers(client, uids, () => client.messageDelete(uidSet(uids), { uid: true }));
}

/**
 * Moves these messages of the open mailbox. Without MOVE (RFC 6851) imapflow copies and then
 * expunges; without UIDPLUS as well, that expunge would take other clients' marked mail along.
 */
export async function moveOnly(
  client: ImapFlow,
  uids: readonly number[],
  target: string,
): Promise<CopyResponseObject | false> {
  if (client.capabilities.has('MOVE') || client.capabilities.has('UIDPLUS'))
    return client.messageMove(uidSet(uids), target, { uid: true });
  const copied = await client.messageCopy(uidSet(uids), target, { uid: true });
  if (!copied) return false;
  return (await deleteOnly(client, uids)) ? copied : false;
}
