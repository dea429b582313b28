import { ErrorCode, FieldErrorCode } from '@brieftaube/shared';
import type { ImapFlow } from 'imapflow';
import { AppError } from '../../lib/app-error.ts';
import { deleteOnly, moveOnly } from '../../mail/imap/expunge-only.ts';
import { assertSameMailbox, uidSet } from '../../mail/imap/imap-client.ts';
import type { FolderRow } from '../folders/folders.repository.ts';
import type { EmailListRow } from './emails.repository.ts';
import type { EmailsServiceDeps } from './emails.service.ts';

/**
 * imapflow answers a refused MOVE, STORE or EXPUNGE with `false` instead of throwing: the app's
 * copy must then stay as it is, and the user hear that nothing happened.
 */
function refusedUnless<T>(result: T | false | undefined, reason: 'NOT_MOVED' | 'NOT_CHANGED'): T {
  if (result === false || result === undefined)
    throw new AppError(ErrorCode.MAIL_SERVER_REFUSED, 'Mail server refused the command', {
      server: [reason as never],
    });
  return result;
}

/**
 * What the app changes on the server: flags, moves and deletions, per folder in one command each,
 * and the app's copy only once the server took it.
 */
export function createMailboxWrites(
  deps: Pick<EmailsServiceDeps, 'repo' | 'accounts' | 'folders'>,
) {
  const { repo, accounts } = deps;

  /** IMAP work inside one mailbox of the message's account. */
  async function inMailbox<T>(
    userId: string,
    group: { accountId: number; path: string; uidValidity: bigint | null },
    work: (client: ImapFlow) => Promise<T>,
  ): Promise<T> {
    const account = await accounts.requireAccount(userId, group.accountId);
    return accounts.withServer(account, async (client) => {
      const lock = await client.getMailboxLock(group.path);
      try {
        assertSameMailbox(client, group.uidValidity);
        return await work(client);
      } finally {
        lock.release();
      }
    });
  }

  async function setFlags(
    userId: string,
    rows: EmailListRow[],
    flag: string,
    on: boolean,
  ): Promise<void> {
    for (const group of groupByFolder(rows)) {
      await inMailbox(userId, group, async (client) => {
        const uids = uidSet(group.rows.map((r) => r.email.uid));
        refusedUnless(
          on
            ? await client.messageFlagsAdd(uids, [flag], { uid: true })
            : await client.messageFlagsRemove(uids, [flag], { uid: true }),
          'NOT_CHANGED',
        );
      });
      for (const row of group.rows) {
        const flags = new Set(row.email.flags);
        if (on) flags.add(flag);
        else flags.delete(flag);
        await repo.update(row.email.id, {
          flags: [...flags],
          ...(flag === '\\Seen' ? { isRead: on } : { isFlagged: on }),
        });
        // A second flag changed in the same request starts from this one.
        row.email.flags = [...flags];
      }
    }
  }

  /** Returns how many messages actually changed folder (those already there did not). */
  async function moveRows(
    userId: string,
    rows: EmailListRow[],
    target: FolderRow,
  ): Promise<number> {
    // A \Noselect folder (a hierarchy node such as "[Gmail]") can hold folders, never mail.
    if (!target.selectable)
      throw AppError.validation({ target_folder_id: [FieldErrorCode.FOLDER_HOLDS_NO_MAIL] });
    let moved = 0;
    for (const group of groupByFolder(rows)) {
      if (group.folderId === target.id) continue;
      moved += group.rows.length;
      if (group.accountId !== target.accountId)
        throw AppError.validation({ target_folder_id: [FieldErrorCode.WRONG_ACCOUNT] });
      const result = await inMailbox(userId, group, async (client) =>
        refusedUnless(
          await moveOnly(
            client,
            group.rows.map((r) => r.email.uid),
            target.path,
          ),
          'NOT_MOVED',
        ),
      );
      // COPYUID (RFC 4315) tells the new UIDs; without it the next sync brings the messages back.
      const uidMap = result.uidMap;
      for (const row of group.rows) {
        const newUid = uidMap?.get(row.email.uid);
        if (newUid) await repo.update(row.email.id, { folderId: target.id, uid: newUid });
        else await repo.delete([row.email.id]);
      }
    }
    return moved;
  }

  async function trashFolder(userId: string, accountId: number): Promise<FolderRow> {
    const [trash] = await deps.folders.list(userId, { accountIds: [accountId], types: ['trash'] });
    if (trash) return trash;
    throw new AppError(
      ErrorCode.CONFLICT,
      'The account has no trash folder; synchronise its folders first',
    );
  }

  /** Returns the trash folders that received messages (their counts change too). */
  async function remove(userId: string, rows: EmailListRow[]): Promise<number[]> {
    const inTrash = rows.filter((r) => r.folderType === 'trash');
    for (const group of groupByFolder(inTrash)) {
      await inMailbox(userId, group, async (client) =>
        refusedUnless(
          await deleteOnly(
            client,
            group.rows.map((r) => r.email.uid),
          ),
          'NOT_CHANGED',
        ),
      );
      await repo.delete(group.rows.map((r) => r.email.id));
    }
    const elsewhere = rows.filter((r) => r.folderType !== 'trash');
    const trashes: number[] = [];
    for (const accountId of new Set(elsewhere.map((r) => r.email.accountId))) {
      const trash = await trashFolder(userId, accountId);
      await moveRows(
        userId,
        elsewhere.filter((r) => r.email.accountId === accountId),
        trash,
      );
      trashes.push(trash.id);
    }
    return trashes;
  }

  return { setFlags, moveRows, remove };
}

function groupByFolder(rows: EmailListRow[]) {
  const groups = new Map<
    number,
    {
      folderId: number;
      accountId: number;
      path: string;
      uidValidity: bigint | null;
      rows: EmailListRow[];
    }
  >();
  for (const row of rows) {
    const group = groups.get(row.email.folderId) ?? {
      folderId: row.email.folderId,
      accountId: row.email.accountId,
      path: row.folderPath,
      uidValidity: row.folderUidValidity,
      rows: [],
    };
    group.rows.push(row);
    groups.set(row.email.folderId, group);
  }
  return [...groups.values()];
}
