import type { ImapFlow } from 'imapflow';
import type { Logger } from '../../lib/logger.ts';
import type { AccountRow } from '../../modules/accounts/accounts.repository.ts';
import type { FolderRow } from '../../modules/folders/folders.repository.ts';
import { fetchFailureMessage } from '../../modules/tasks/task-messages.ts';
import { classifyConnectionError } from '../connection-errors.ts';
import { refusedByServer } from '../imap/imap-client.ts';
import type { ImapSession } from '../net/mail-connector.ts';
import { syncFolderAndNotify, type AccountSyncDeps } from '../sync/account-sync.ts';
import { isSessionDrop, suspectOf } from '../sync/fetch-journal.ts';
import type { FolderSyncResult } from '../sync/folder-sync.ts';
import { keepUnreadable } from '../sync/unreadable.ts';

export interface WatcherOptions {
  /** Seconds between syncs of the folders other than the inbox. */
  pollSeconds: number;
  /** A burst of deliveries wakes the watcher once. */
  settleMs?: number;
  /** The first pause after a session ended; it doubles up to 15 minutes. */
  backoffMs?: number;
  logger?: Logger;
  /** Told when a sync stored new mail (the AI files it as after a fetch, issue 21). */
  onNewMail?: (userId: string, accountId: number) => void;
}

export interface AccountWatcher {
  readonly accountId: number;
  /** Resolves when the loop has ended and the connection is closed. */
  stop(): Promise<void>;
}

type MailboxState = FolderSyncResult['seen'];

const differs = (a: MailboxState, b: MailboxState | undefined) =>
  !b || a.uidNext !== b.uidNext || a.exists !== b.exists || a.highestModseq !== b.highestModseq;

/**
 * Whether the inbox must be synced again instead of idling: mail that arrived between the sync
 * and the SELECT before IDLE raises no EXISTS during IDLE, so a SELECT that differs from what the
 * sync saw means news, as often as a burst of deliveries keeps doing that. A SELECT that answers
 * as the previous one did is no news, though: a server whose SELECT and EXAMINE answers differ
 * must not keep the watcher from idling.
 */
export function syncAgainBeforeIdle(
  selected: MailboxState,
  synced: MailboxState,
  previousSelect: MailboxState | undefined,
): boolean {
  return differs(selected, synced) && differs(selected, previousSelect);
}

const MIN_BACKOFF_MS = 5_000;
const MAX_BACKOFF_MS = 15 * 60_000;
const BROKEN_FOLDER_PAUSE_MS = 60 * 60_000;

/**
 * Keeps one account live: IDLE on the inbox, which is synced the moment the server reports a
 * change, and the other folders synced every `pollSeconds`. Connection failures are retried with
 * growing pauses; a wrong password is recorded on the account so the user sees it.
 */
export function watchAccount(
  deps: AccountSyncDeps,
  account: AccountRow,
  options: WatcherOptions,
): AccountWatcher {
  const log = options.logger?.child({ accountId: account.id });
  const settleMs = options.settleMs ?? 10;
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  let client: ImapFlow | undefined;
  let opened: ImapSession | undefined;
  // Stops a session that waits for a free slot (connection-slots.ts).
  const stopping = new AbortController();
  let lastSelected: MailboxState | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function syncable(): Promise<{ inbox?: FolderRow; others: FolderRow[] }> {
    const folders = (
      await deps.foldersRepo.list(account.userId, { accountIds: [account.id] })
    ).filter((f) => f.selectable && f.syncEnabled);
    return {
      inbox: folders.find((f) => f.folderType === 'inbox'),
      others: folders.filter((f) => f.folderType !== 'inbox'),
    };
  }

  /** Waits in IDLE until the server reports a change, the poll is due, or we are stopped. */
  async function idleUntilChange(
    imap: ImapFlow,
    inbox: FolderRow,
    synced: FolderSyncResult['seen'],
    untilMs: number,
  ) {
    // SELECT (read-write) here while syncing uses EXAMINE: the next sync re-opens the mailbox and
    // so sees the server's current UIDNEXT and mod-sequence, not the state cached at this open.
    const opened = await imap.mailboxOpen(inbox.path, { readOnly: false });
    const state: MailboxState = {
      uidNext: opened.uidNext,
      exists: opened.exists,
      highestModseq: opened.highestModseq,
    };
    const previous = lastSelected;
    lastSelected = state;
    if (syncAgainBeforeIdle(state, synced, previous)) return;
    await new Promise<void>((resolve) => {
      let settle: NodeJS.Timeout | undefined;
      const done = () => {
        clearTimeout(timer);
        clearTimeout(settle);
        for (const event of ['exists', 'expunge', 'flags'] as const) imap.off(event, changed);
        imap.off('close', done);
        resolve();
      };
      const changed = () => {
        settle ??= setTimeout(done, settleMs);
      };
      const timer = setTimeout(done, Math.max(0, untilMs - Date.now()));
      wakeUp = done;
      for (const event of ['exists', 'expunge', 'flags'] as const) imap.on(event, changed);
      imap.on('close', done);
      // Runs until the next command breaks it (imapflow sends DONE first).
      imap.idle().catch(done);
    });
  }

  /**
   * Folders another client made, renamed or deleted appear and vanish at the next poll, as in
   * Thunderbird; a renamed folder's mail returns with its categories (kept by Message-ID).
   */
  async function relist(imap: ImapFlow): Promise<void> {
    const listing = await deps.folders.syncAccountFolders(account.userId, account.id, false, imap);
    if (listing.created + listing.deleted === 0) return;
    await deps.events
      ?.publish(account.userId, { type: 'mailbox', account_id: account.id, folder_ids: [] })
      .catch(() => undefined);
  }

  /** Folders whose sync broke the connection, and until when they are left alone. */
  const broken = new Map<number, number>();
  let healthy = false;

  // The first session after a start counts toward the user's limit like any connection the
  // user causes (a changed setting restarts the watcher); the reconnects after it are paced by
  // the growing pauses and only refused while the user is over the limit (ADR 0018).
  let firstSession = true;

  async function session(): Promise<void> {
    const countFailures = firstSession;
    firstSession = false;
    const current = await deps.accounts.openImap(account, {
      longLived: true,
      signal: stopping.signal,
      countFailures,
    });
    opened = current;
    const imap = current.client;
    client = imap;
    let nextPoll = 0;
    let previousRound = await deps.emailSync.newestEmailId();
    // The zone the account's owner last fetched with, for dates written into stored text.
    const zone = account.timeZone ? { timeZone: account.timeZone } : {};
    while (!stopped) {
      if (!imap.usable) throw new Error('IMAP connection closed');
      const { inbox } = await syncable();
      const synced = inbox ? await syncFolderAndNotify(deps, imap, inbox, zone) : undefined;
      if (synced?.newMessages) options.onNewMail?.(account.userId, account.id);
      if (Date.now() >= nextPoll) {
        const roundStarted = await deps.emailSync.newestEmailId();
        await relist(imap);
        const { others } = await syncable();
        for (const folder of others) {
          if (stopped) return;
          if ((broken.get(folder.id) ?? 0) > Date.now()) continue;
          // A folder the server refuses is tried again at the next poll; breaking the session
          // for it would keep the inbox from being watched at all.
          const result = await syncFolderAndNotify(deps, imap, folder, zone).catch(
            (error: unknown) => {
              if (!refusedByServer(error, imap)) {
                // One that breaks the connection (a damaged message the server cannot read) is
                // left alone for a while, so that the next session gets to watch the inbox.
                broken.set(folder.id, Date.now() + BROKEN_FOLDER_PAUSE_MS);
                throw error;
              }
              log?.warn({ folderId: folder.id }, 'live sync skipped a folder the server refused');
            },
          );
          if (result?.newMessages) options.onNewMail?.(account.userId, account.id);
        }
        healthy = true;
        // Every folder looked at: the account is as current as after a fetch, and a problem
        // the last fetch reported is over.
        await deps.accounts.markSynced(account.userId, account.id, null).catch(() => undefined);
        // Moved elsewhere: categories wait until both folders were looked at (see account-sync);
        // the copy may have come through IDLE any time since the previous round began.
        await deps.emailSync.reapplyKeptCategories(account.id, previousRound);
        previousRound = roundStarted;
        nextPoll = Date.now() + options.pollSeconds * 1000;
      }
      if (stopped) return;
      if (inbox && synced) await idleUntilChange(imap, inbox, synced.seen, nextPoll);
      else await sleep(nextPoll - Date.now());
    }
  }

  const drops = new Map<string, number>();
  const keepUnreadableIn = async (folderId: number, uid: number) => {
    const folder = (await deps.foldersRepo.list(account.userId, { accountIds: [account.id] })).find(
      (f) => f.id === folderId,
    );
    if (!folder) return;
    await keepUnreadable(deps.emailSync, folder, uid, {
      session: (work) => deps.accounts.imap(account, work),
    });
  };

  const loop = (async () => {
    const minBackoff = options.backoffMs ?? MIN_BACKOFF_MS;
    let backoff = minBackoff;
    while (!stopped) {
      healthy = false;
      try {
        await session();
      } catch (error) {
        if (stopped) break;
        const code = classifyConnectionError(error);
        log?.warn({ code, err: error }, 'live sync interrupted');
        // The server ended the session on one message: twice on the same one, it is kept as
        // unreadable and passed by (as a fetch does), or the inbox would never be watched again.
        const suspect = client && isSessionDrop(error) ? suspectOf(client) : undefined;
        if (suspect) {
          const key = `${suspect.folderId}:${suspect.uid}`;
          const times = (drops.get(key) ?? 0) + 1;
          drops.set(key, times);
          if (times >= 2) {
            drops.delete(key);
            await keepUnreadableIn(suspect.folderId, suspect.uid).catch((failure: unknown) =>
              log?.warn({ err: failure }, 'live sync could not mark an unreadable message'),
            );
          }
        }
        // What the user must change (a password, a server the policy refuses) is shown with the
        // account; a passing outage is not.
        if (code === 'AUTH_FAILED' || code === 'HOST_BLOCKED')
          await deps.accounts
            .markSynced(account.userId, account.id, fetchFailureMessage(error).message)
            .catch(() => undefined);
      } finally {
        await opened?.close();
        opened = undefined;
        client = undefined;
      }
      if (stopped) break;
      // A session that got through a whole round was healthy: the pauses start from the bottom
      // again, so a server that ends sessions now and then costs seconds of live mail, not minutes.
      if (healthy) backoff = minBackoff;
      await sleep(backoff);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    }
  })();

  return {
    accountId: account.id,
    async stop() {
      stopped = true;
      stopping.abort();
      wakeUp?.();
      // Closing breaks a running IDLE or FETCH at once instead of waiting for it.
      client?.close();
      await loop;
    },
  };
}
