import { ErrorCode } from '@brieftaube/shared';
import type { ImapFlow } from 'imapflow';
import { AppError } from '../../lib/app-error.ts';
import { assertSameMailbox } from '../../mail/imap/imap-client.ts';
import { deleteOnly } from '../../mail/imap/expunge-only.ts';
import { syncFolderAndNotify } from '../../mail/sync/account-sync.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import type { FolderRow } from '../folders/folders.repository.ts';
import type { ComposeServiceDeps } from './compose.service.ts';
import type { UnfiledSent } from './unfiled-sent.repository.ts';

/**
 * The IMAP side of writing mail: drafts saved and replaced, and after a send its copy into Sent,
 * its draft away and the answered mail flagged — now, or after the next good fetch when the
 * server was down (unfiled_sent, ADR 0009).
 */
export function createMailFiling(deps: ComposeServiceDeps) {
  const { accounts } = deps;

  async function folderOfType(
    userId: string,
    accountId: number,
    type: 'sent' | 'drafts',
  ): Promise<FolderRow | undefined> {
    return (await deps.folders.list(userId, { accountIds: [accountId], types: [type] }))[0];
  }

  /** APPENDs to a folder and stores the new message at once, so the caller gets its id. */
  async function appendAndStore(
    client: ImapFlow,
    folder: FolderRow,
    raw: Buffer,
    flags: string[],
  ): Promise<number | null> {
    const appended = await client.append(folder.path, raw, flags);
    await syncFolderAndNotify(deps, client, folder);
    if (!appended || !appended.uid) return null;
    const recent = await deps.emailsRepo.list(
      folder.userId,
      { folderIds: [folder.id] },
      { limit: 20 },
    );
    return recent.find((row) => row.email.uid === appended.uid)?.email.id ?? null;
  }

  /**
   * Runs IMAP work for a message's own account: on the connection at hand when the message belongs
   * to `account`, else on its account's server. (A draft saved from one account and sent from
   * another lives on the first account's server; a UID means nothing on the other.)
   */
  async function onServerOf<T>(
    userId: string,
    messageAccountId: number,
    account: AccountRow,
    client: ImapFlow,
    work: (client: ImapFlow) => Promise<T>,
  ): Promise<T> {
    if (messageAccountId === account.id) return work(client);
    return accounts.withServer(await accounts.requireAccount(userId, messageAccountId), work);
  }

  async function removeDraft(
    userId: string,
    draftId: number | undefined,
    account: AccountRow,
    client: ImapFlow,
  ): Promise<void> {
    if (!draftId) return;
    const draft = await deps.emailsRepo.find(userId, draftId);
    if (!draft || draft.folderType !== 'drafts') return;
    await onServerOf(userId, draft.email.accountId, account, client, async (imap) => {
      const lock = await imap.getMailboxLock(draft.folderPath);
      try {
        assertSameMailbox(imap, draft.folderUidValidity);
        await deleteOnly(imap, [draft.email.uid]);
      } finally {
        lock.release();
      }
    });
    await deps.emailsRepo.delete([draft.email.id]);
    await deps.folders.recount([draft.email.folderId]);
  }

  async function saveDraftFor(
    userId: string,
    account: AccountRow,
    raw: Buffer,
    replaces: number | undefined,
  ): Promise<number | null> {
    const drafts = await folderOfType(userId, account.id, 'drafts');
    if (!drafts)
      throw new AppError(
        ErrorCode.CONFLICT,
        'The account has no drafts folder; synchronise its folders first',
      );
    return accounts.withServer(account, async (client) => {
      const id = await appendAndStore(client, drafts, raw, ['\\Draft', '\\Seen']);
      await removeDraft(userId, replaces, account, client);
      return id;
    });
  }

  /**
   * After a mail went out: its copy into Sent, its draft away, the answered mail flagged. Throws
   * a FilingError (saying whether the copy got filed) when the server could not be reached.
   */
  async function fileSent(account: AccountRow, work: Omit<UnfiledSent, 'id'>) {
    let copyFiled = work.copy === null;
    try {
      return await accounts.withServer(account, async (client) => {
        let sentCopyId: number | null = null;
        const sent = await folderOfType(work.userId, account.id, 'sent');
        if (work.copy && sent)
          sentCopyId = await appendAndStore(client, sent, work.copy, ['\\Seen']);
        copyFiled = true;
        await removeDraft(work.userId, work.draftId ?? undefined, account, client);
        if (work.answersEmailId)
          await markAnswered(work.userId, work.answersEmailId, account, client);
        return sentCopyId;
      });
    } catch (error) {
      throw new FilingError(copyFiled, error);
    }
  }

  async function markAnswered(
    userId: string,
    emailId: number,
    account: AccountRow,
    client: ImapFlow,
  ) {
    const original = await deps.emailsRepo.find(userId, emailId);
    if (!original) return;
    await onServerOf(userId, original.email.accountId, account, client, async (imap) => {
      const lock = await imap.getMailboxLock(original.folderPath);
      try {
        assertSameMailbox(imap, original.folderUidValidity);
        await imap.messageFlagsAdd(String(original.email.uid), ['\\Answered'], { uid: true });
      } finally {
        lock.release();
      }
    });
    await deps.emailsRepo.update(original.email.id, {
      isAnswered: true,
      flags: [...new Set([...original.email.flags, '\\Answered'])],
    });
  }

  return {
    folderOfType,
    saveDraftFor,
    fileSent,

    /** Files what a send during an IMAP outage left undone; called after each good fetch. */
    async retryUnfiled(accountId: number): Promise<number> {
      let filed = 0;
      for (const work of (await deps.unfiled?.ofAccount(accountId)) ?? []) {
        const account = await accounts.findAccount(work.userId, accountId);
        if (!account) return filed;
        try {
          await fileSent(account, work);
          await deps.unfiled!.done(work.id, accountId);
          filed += 1;
        } catch (error) {
          if (error instanceof FilingError && error.copyFiled && work.copy)
            await deps.unfiled!.copyFiled(work.id);
          return filed;
        }
      }
      return filed;
    },
  };
}

/** The server could not be reached after sending; `copyFiled` says how far it got. */
export class FilingError extends Error {
  readonly copyFiled: boolean;
  constructor(copyFiled: boolean, cause: unknown) {
    super('filing the sent mail failed', { cause });
    this.name = 'FilingError';
    this.copyFiled = copyFiled;
  }
}
