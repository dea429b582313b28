import { FOLDER_TYPE_ORDER, displayNameFor } from '../imap/folder-types.ts';
import { refusedByServer } from '../imap/imap-client.ts';
import type { ConnectTarget } from '../net/mail-connector.ts';
import type { BulkConnection } from './bulk-fetch.ts';
import type { ImapFlow } from 'imapflow';
import type { MailEventBus } from '../../events/mail-events.ts';
import type { SearchIndexer } from '../search/search-indexer.ts';
import type { TextRederiver } from './text-rederiver.ts';
import type { AccountsService } from '../../modules/accounts/accounts.service.ts';
import type { EmailSyncRepository } from '../../modules/emails/email-sync.repository.ts';
import type { FolderRow, FoldersRepository } from '../../modules/folders/folders.repository.ts';
import type { FolderStatus, FoldersService } from '../../modules/folders/folders.service.ts';
import { isSessionDrop, suspectOf } from './fetch-journal.ts';
import { syncFolder, type FolderSyncOptions, type FolderSyncResult } from './folder-sync.ts';
import { keepUnreadable } from './unreadable.ts';

/** Sessions a fetch may start over after the server ended one on a message it cannot read. */
const MAX_SESSION_DROPS = 8;

export interface AccountSyncDeps {
  accounts: AccountsService;
  folders: FoldersService;
  foldersRepo: FoldersRepository;
  emailSync: EmailSyncRepository;
  events?: MailEventBus;
  search?: SearchIndexer;
  /** Stored mail whose text an earlier version made differently gets it anew (ADR 0017). */
  texts?: TextRederiver;
  connectTimeoutMs?: number;
  /** MAIL_SYNC_FIRST_PAGE and MAIL_SYNC_WORKER_MIN (config/env.ts). */
  tuning?: { firstPage: number; workerMin: number };
}

export interface AccountSyncProgress {
  percent: number;
  message: string;
}

export interface AccountSyncResult {
  new_emails: number;
  deleted_emails: number;
  changed_flags: number;
  failed_bodies: number;
  folders: number;
  /** Display names of folders the server refused to open this time; the rest was fetched. */
  skipped_folders: string[];
  /** Messages the server cannot deliver, kept with what it could tell and marked. */
  unreadable: number;
}

const nf = new Intl.NumberFormat('de-DE');

/**
 * One fetch of an account: the inbox (once known), the folder list, then every other synced folder.
 * Progress messages are German because the task cards show them as they are (spec §4).
 */
export async function syncAccount(
  deps: AccountSyncDeps,
  userId: string,
  accountId: number,
  options: {
    onProgress?: (p: AccountSyncProgress) => Promise<void>;
    isCancelled?: () => Promise<boolean>;
  } = {},
): Promise<AccountSyncResult> {
  const storedAfter = await deps.emailSync.newestEmailId();
  await options.onProgress?.({ percent: 2, message: 'Ordner werden abgeglichen …' });
  const account = await deps.accounts.requireAccount(userId, accountId);
  let bulkIndex = false;
  const total: AccountSyncResult = {
    new_emails: 0,
    deleted_emails: 0,
    changed_flags: 0,
    failed_bodies: 0,
    folders: 0,
    skipped_folders: [],
    unreadable: 0,
  };
  const endpoint = {
    host: account.imapServer,
    port: account.imapPort,
    security: account.imapSecurity,
  };
  const credentials = await deps.accounts.credentialsOf(account);
  // Where this fetch's session went: the workers and a second look at a message go there too,
  // within the bounds of the account's sessions (ADR 0018).
  let target: ConnectTarget | undefined;
  const bulk: BulkConnection & { session: <T>(work: (c: ImapFlow) => Promise<T>) => Promise<T> } = {
    endpoint,
    credentials,
    ...(deps.connectTimeoutMs ? { connectTimeoutMs: deps.connectTimeoutMs } : {}),
    reserve: (wanted) =>
      target
        ? deps.accounts.reserveExtra(account, target.addresses, wanted)
        : { granted: 0, addresses: [], release: () => undefined },
    session: (work) => deps.accounts.imap(account, work),
  };
  const syncOne = async (
    client: ImapFlow,
    folder: FolderRow,
    progress: { base: number; share: number },
  ) => {
    const name = displayNameFor(folder.folderType, folder.name);
    // How far the messages are; bodies (the first page's, huge messages') keep the bar where
    // it is, since they are read beside the messages or after them.
    let within = 0;
    const result = await syncFolderAndNotify(deps, client, folder, {
      deferBulkIndex: true,
      ...(account.timeZone ? { timeZone: account.timeZone } : {}),
      bulk: { ...bulk, ...(deps.tuning ? { minMessages: deps.tuning.workerMin } : {}) },
      ...(deps.tuning ? { headerBatch: deps.tuning.firstPage } : {}),
      ...(options.isCancelled ? { isCancelled: options.isCancelled } : {}),
      onProgress: async ({ phase, done, total: count }) => {
        if (phase === 'messages') within = count ? done / count : 1;
        await options.onProgress?.({
          percent: Math.min(99, Math.round(progress.base + progress.share * within)),
          message:
            phase === 'messages'
              ? `${name}: ${nf.format(done)} von ${nf.format(count)} neuen E-Mails geladen`
              : `${name}: Inhalte werden geladen (${nf.format(done)})`,
        });
      },
    });
    total.new_emails += result.newMessages;
    total.deleted_emails += result.deleted;
    total.changed_flags += result.flagsChanged;
    total.failed_bodies += result.failedBodies;
    bulkIndex ||= result.bulkIndexPending;
  };
  const syncable = (rows: FolderRow[]) => rows.filter((f) => f.selectable && f.syncEnabled);
  // Each folder's share of the bar follows its size (from the last STATUS): the inbox is most.
  const weightOf = (f: FolderRow) => Math.max(1, f.totalEmails);

  const reapply = () => deps.emailSync.reapplyKeptCategories(accountId, storedAfter);
  const attempt = () =>
    deps.accounts.imap(
      account,
      async (client, opened) => {
        session = client;
        target = opened.target;
        let base = 5;
        let rest = 94;
        // The inbox first, before the folder list: new mail is stored before anything else is
        // compared, and the listing's STATUS of the then selected inbox is answered from the open
        // mailbox. Listed first, a server had to look at the inbox twice (measured on Dovecot
        // with new mail: LIST-STATUS 50 ms before the EXAMINE, 2 ms after it; ADR 0007).
        const known = syncable(await deps.foldersRepo.list(userId, { accountIds: [accountId] }));
        const inbox = known.find((f) => f.folderType === 'inbox');
        if (inbox) {
          const share = (rest * weightOf(inbox)) / known.reduce((sum, f) => sum + weightOf(f), 0);
          await syncOne(client, inbox, { base, share });
          base += share;
          rest -= share;
        }
        const { statuses, rows } = await deps.folders.syncAccountFolders(
          userId,
          accountId,
          false,
          client,
        );
        const listed = syncable(rows);
        total.folders = listed.length;
        const folders = listed
          .filter((f) => f.id !== inbox?.id)
          .sort(
            (a, b) =>
              FOLDER_TYPE_ORDER.indexOf(a.folderType) - FOLDER_TYPE_ORDER.indexOf(b.folderType),
          );
        const weightSum = folders.reduce((sum, f) => sum + weightOf(f), 0);
        const untouched: number[] = [];
        try {
          for (const folder of folders) {
            const share = (rest * weightOf(folder)) / weightSum;
            if (await unchangedSinceLastSync(deps, folder, statuses.get(folder.path)))
              untouched.push(folder.id);
            else {
              try {
                await syncOne(client, folder, { base, share });
              } catch (error) {
                // One folder the server will not open (a broken or forbidden mailbox, a shared
                // folder gone meanwhile) must not keep every folder after it from being fetched
                // on every sync; the task names it instead. The inbox has no such grace.
                if (!refusedByServer(error, client) || folder.folderType === 'inbox') throw error;
                total.skipped_folders.push(displayNameFor(folder.folderType, folder.name));
              }
            }
            base += share;
          }
        } finally {
          // Looked at, also when a later folder failed.
          await deps.emailSync.touchFolders(untouched).catch(() => undefined);
        }
      },
      {
        // Another fetch, the live sync or the user's actions hold every session the account
        // may have: the card says why nothing moves yet.
        onWait: () =>
          void options
            .onProgress?.({
              percent: 1,
              message: 'Wartet auf eine freie Verbindung zum Mailserver …',
            })
            .catch(() => undefined),
      },
    );
  // A session the server ended on one message: the sync starts over in a new session. The same
  // message twice is one the server cannot read: kept as unreadable, then passed by.
  let session: ImapFlow | undefined;
  const drops = new Map<string, number>();
  for (let round = 0; ; round++) {
    try {
      await attempt();
      break;
    } catch (error: unknown) {
      const suspect = session && isSessionDrop(error) ? suspectOf(session) : undefined;
      if (!suspect || round >= MAX_SESSION_DROPS) {
        // What was stored before the failure gets its categories now: the next sync only looks
        // at what it stores itself.
        await reapply().catch(() => undefined);
        throw error;
      }
      const key = `${suspect.folderId}:${suspect.uid}`;
      const times = (drops.get(key) ?? 0) + 1;
      drops.set(key, times);
      const folder = (await deps.foldersRepo.list(userId, { accountIds: [accountId] })).find(
        (f) => f.id === suspect.folderId,
      );
      if (times >= 2) {
        // Twice on the same message: it is the message, or the server is going down. Only a
        // message that ends a session alone too is marked; otherwise the fetch fails as it is.
        if (!folder || !(await keepUnreadable(deps.emailSync, folder, suspect.uid, bulk))) {
          await reapply().catch(() => undefined);
          throw error;
        }
        total.unreadable += 1;
      }
      await options.onProgress?.({
        percent: 5,
        message: 'Der Mailserver hat die Verbindung getrennt – neuer Versuch …',
      });
    }
  }
  total.skipped_folders = [...new Set(total.skipped_folders)];
  // A message another client moved arrives in its target folder before or after its source
  // folder misses it: its category is given back once every folder has been looked at.
  await reapply();
  // Statistics after a large intake (see EmailSyncRepository.analyze).
  if (total.new_emails >= 200) await deps.emailSync.analyze();
  // Usually nothing queued: one look at an empty queue. After an upgrade, the account's stored
  // mail, from what is stored (no message is fetched for it).
  if (await deps.texts?.drain(accountId)) bulkIndex = true;
  // The index of a bulk is built once every folder is stored: on PGlite the indexer shares this
  // thread, and running beside the sync it made the whole fetch slower (ADR 0010).
  if (bulkIndex) await deps.search?.schedule();
  return total;
}

/**
 * Whether STATUS (from the folder listing) shows a folder exactly as the last sync left it, so
 * that opening it can be skipped (the caller records that it was looked at): the same
 * UIDVALIDITY and HIGHESTMODSEQ (RFC 7162 §3.1.1: any change to a mailbox raises it), or a
 * folder empty on both sides. Most folders of an account are like that on most syncs.
 */
async function unchangedSinceLastSync(
  deps: Pick<AccountSyncDeps, 'emailSync'>,
  folder: FolderRow,
  status: FolderStatus | undefined,
): Promise<boolean> {
  if (!status || status.uidValidity === undefined) return false;
  if (
    folder.uidValidity === status.uidValidity &&
    status.highestModseq !== undefined &&
    folder.highestModseq === status.highestModseq
  )
    return true;
  if (status.messages !== 0 || (await deps.emailSync.countFolder(folder.id)) !== 0) return false;
  await deps.emailSync.setFolderSyncState(folder.id, {
    uidValidity: status.uidValidity,
    uidNext: status.uidNext === undefined ? null : BigInt(status.uidNext),
    highestModseq: status.highestModseq ?? null,
  });
  await deps.emailSync.recountFolder(folder.id);
  return true;
}

const INLINE_INDEX_LIMIT = 500;

/**
 * Syncs one folder and tells the owner's open browsers when anything in it changed. A few new
 * messages are indexed at once, so they are searchable as soon as they are listed; a bulk goes to
 * the background indexer, at once or (`deferBulkIndex`) when the caller says so.
 */
export async function syncFolderAndNotify(
  deps: Pick<AccountSyncDeps, 'emailSync' | 'events' | 'search'>,
  client: ImapFlow,
  folder: FolderRow,
  options: FolderSyncOptions & { deferBulkIndex?: boolean } = {},
): Promise<FolderSyncResult & { bulkIndexPending: boolean }> {
  const result = await syncFolder(client, deps.emailSync, folder, options);
  const stored = result.newMessages + result.bodies + result.failedBodies;
  const bulk = stored > INLINE_INDEX_LIMIT;
  if (stored > 0 && !bulk) await deps.search?.indexQueued(INLINE_INDEX_LIMIT);
  else if (bulk && !options.deferBulkIndex) await deps.search?.schedule();
  if (result.newMessages + result.deleted + result.flagsChanged > 0 || result.uidValidityReset)
    await deps.events
      ?.publish(folder.userId, {
        type: 'mailbox',
        account_id: folder.accountId,
        folder_ids: [folder.id],
        new_emails: result.newMessages,
        deleted_emails: result.deleted,
        changed_flags: result.flagsChanged,
      })
      // A lost event only delays what the next list request shows anyway.
      .catch(() => undefined);
  return { ...result, bulkIndexPending: bulk && !!options.deferBulkIndex };
}
