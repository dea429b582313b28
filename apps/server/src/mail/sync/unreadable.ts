import { UNREADABLE_ON_SERVER } from '@brieftaube/shared';
import type { FetchMessageObject, ImapFlow } from 'imapflow';
import type { EmailSyncRepository } from '../../modules/emails/email-sync.repository.ts';
import type { FolderRow } from '../../modules/folders/folders.repository.ts';
import { isSessionDrop } from './fetch-journal.ts';
import { HEADER_QUERY, headerRow } from './message-rows.ts';

export const UNREADABLE_REASON = UNREADABLE_ON_SERVER;

/**
 * Opens a session of the account through the network policy and the connection bounds
 * (ADR 0018): a second look at one message is a connection like any other.
 */
type Server = { session: <T>(work: (client: ImapFlow) => Promise<T>) => Promise<T> };

/**
 * Whether the message alone ends a session: fetched by itself, as the sync fetches it, in a
 * session of its own. A server that went away ends every session at the first FETCH, whatever
 * is asked for; only this tells that apart from a message the server cannot read.
 */
async function endsSessionAlone(server: Server, folder: FolderRow, uid: number): Promise<boolean> {
  try {
    await server.session(async (client) => {
      const lock = await client.getMailboxLock(folder.path, { readOnly: true });
      try {
        await client.fetchOne(
          String(uid),
          { ...HEADER_QUERY, size: true, source: true },
          { uid: true },
        );
      } finally {
        lock.release();
      }
    });
    return false;
  } catch (error) {
    return isSessionDrop(error);
  }
}

/**
 * A message the server ended the session on, twice: if it does so alone too, it is kept as far
 * as the server can tell anything about it (flags, date and size come from its index, not from
 * the message), marked as unreadable, so that every later sync passes it by instead of failing
 * on it again. Returns whether it was.
 */
export async function keepUnreadable(
  repo: EmailSyncRepository,
  folder: FolderRow,
  uid: number,
  server: Server,
): Promise<boolean> {
  if (!(await endsSessionAlone(server, folder, uid))) return false;
  if (await repo.markUnreadable(folder.id, uid, UNREADABLE_REASON)) return true;
  const known = await server
    .session(async (client) => {
      const lock = await client.getMailboxLock(folder.path, { readOnly: true });
      try {
        return await client.fetchOne(
          String(uid),
          { uid: true, flags: true, internalDate: true, size: true },
          { uid: true },
        );
      } finally {
        lock.release();
      }
    })
    .catch(() => undefined);
  const message = (known || { uid }) as FetchMessageObject;
  await repo.insertMany([
    {
      ...headerRow(message, {
        userId: folder.userId,
        accountId: folder.accountId,
        folderId: folder.id,
      }),
      bodyStatus: 'failed',
      parseError: UNREADABLE_REASON,
    },
  ]);
  return true;
}
