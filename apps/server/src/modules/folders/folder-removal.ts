import { ErrorCode, FieldErrorCode } from '@brieftaube/shared';
import type { ImapFlow } from 'imapflow';
import { AppError } from '../../lib/app-error.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import type { FolderRow, FoldersRepository } from './folders.repository.ts';

export const PROTECTED = new Set(['inbox', 'sent', 'drafts', 'trash', 'spam', 'archive']);

type OnServer = <T>(account: AccountRow, work: (client: ImapFlow) => Promise<T>) => Promise<T>;

const isGone = (error: unknown) =>
  error instanceof AppError &&
  error.code === ErrorCode.MAIL_SERVER_REFUSED &&
  error.fields?.server?.[0] === ('NONEXISTENT' as never);

/**
 * Deleting a folder as Thunderbird and Outlook do: one that holds mail (itself or below) moves
 * into the account's Trash with everything in it, where the user can still get it back; an empty
 * one, one already in the Trash, or one asked to go for good (`permanent`) is deleted on the
 * server. Reports where the folder went.
 */
export async function removeFolder(
  repo: FoldersRepository,
  onServer: OnServer,
  account: AccountRow,
  folder: FolderRow,
  permanent: boolean,
): Promise<{ moved_to: number | null }> {
  if (PROTECTED.has(folder.folderType))
    throw AppError.validation({ folder: [FieldErrorCode.FOLDER_PROTECTED] });
  const delimiter = folder.delimiter ?? '/';
  const prefix = `${folder.path}${delimiter}`;
  const all = await repo.list(folder.userId, { accountIds: [folder.accountId] });
  const known = all.filter((f) => f.path.startsWith(prefix));
  if (known.some((f) => PROTECTED.has(f.folderType)))
    throw AppError.validation({ folder: [FieldErrorCode.FOLDER_PROTECTED] });
  // The server's listing, not the stored one: another client may have filed mail or made
  // subfolders since the last sync.
  const listed = await onServer(account, (client) =>
    client.list({ statusQuery: { messages: true } }),
  );
  const below = listed.filter((entry) => entry.path.startsWith(prefix));
  const holdsMail = [folder.path, ...below.map((e) => e.path)].some(
    (path) => (listed.find((e) => e.path === path)?.status?.messages ?? 0) > 0,
  );
  const trash = all.find((f) => f.folderType === 'trash');
  const inTrash = !!trash && folder.path.startsWith(`${trash.path}${trash.delimiter ?? delimiter}`);
  if (trash && holdsMail && !inTrash && !permanent) {
    const base = `${trash.path}${trash.delimiter ?? delimiter}${folder.name}`;
    const taken = new Set(listed.map((e) => e.path));
    let target = base;
    for (let n = 2; taken.has(target); n++) target = `${base} (${n})`;
    await onServer(account, (client) => client.mailboxRename(folder.path, target));
    await repo.renamePrefix(folder.accountId, prefix, `${target}${delimiter}`);
    await repo.update(folder.id, {
      path: target,
      name: target.slice(target.lastIndexOf(trash.delimiter ?? delimiter) + 1),
      parentId: trash.id,
    });
    return { moved_to: trash.id };
  }
  // IMAP DELETE leaves a folder's subfolders on the server (RFC 3501 §6.3.4), while the app
  // would drop them with their parent: the subfolders go too, deepest first. Those another
  // client made since the last listing as well: left behind, they would bring the parent back.
  const rows = new Map(known.map((f) => [f.path, f]));
  const doomed = [...new Set([...rows.keys(), ...below.map((e) => e.path)])].sort(
    (a, b) => b.length - a.length,
  );
  rows.set(folder.path, folder);
  for (const path of [...doomed, folder.path]) {
    await onServer(account, (client) => client.mailboxDelete(path)).catch((error: unknown) => {
      // Already gone on the server (another client deleted it): what the user asked for.
      if (!isGone(error)) throw error;
    });
    const row = rows.get(path);
    if (row) await repo.delete([row.id]);
  }
  return { moved_to: null };
}
