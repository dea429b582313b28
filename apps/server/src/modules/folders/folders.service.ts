import { FieldErrorCode, type FolderNode } from '@brieftaube/shared';
import type { ImapFlow } from 'imapflow';
import { AppError } from '../../lib/app-error.ts';
import { announcedSpecialUse, classifyListing } from '../../mail/imap/folder-types.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { PROTECTED, removeFolder } from './folder-removal.ts';
import { buildFolderTree, compareFolders, indexFolderTree, toFolderDto } from './folder-dto.ts';
import type { FolderFilter, FolderRow, FoldersRepository } from './folders.repository.ts';

export interface FoldersServiceDeps {
  repo: FoldersRepository;
  accounts: AccountsService;
  connectTimeoutMs?: number;
}

const statusQuery = {
  messages: true,
  unseen: true,
  uidNext: true,
  uidValidity: true,
  highestModseq: true,
} as const;
export interface FolderStatus {
  messages?: number;
  unseen?: number;
  uidNext?: number;
  uidValidity?: bigint;
  highestModseq?: bigint;
}

/** STATUS answers false for a mailbox the server would not report on; treat that as empty. */
async function statusOf(client: ImapFlow, path: string): Promise<FolderStatus> {
  const status = await client.status(path, statusQuery);
  return status === false ? {} : status;
}

/**
 * A folder whose mail the app has stored counts that mail, as its list shows it: STATUS counts
 * messages another client marked \\Deleted without expunging too, which the list leaves out.
 * The folder sync recounts such folders; STATUS counts the others (not synced, not yet synced).
 */
const countsStored = (f: FolderRow) => f.syncEnabled && f.selectable && f.lastSyncedAt !== null;

const NAME_MAX = 200;

/**
 * Why a new folder name cannot be used, if it cannot: the same rules for create and rename.
 * "INBOX" in any case is the inbox itself at the top level (RFC 3501 §5.1): a folder of that
 * name would show the inbox's mail a second time.
 */
function nameProblem(name: string, delimiter: string, topLevel: boolean) {
  if (!name) return FieldErrorCode.REQUIRED;
  if (name.length > NAME_MAX) return FieldErrorCode.TOO_LONG;
  // Wildcards of LIST, control characters, and names of only dots (a file system's "." and "..").
  if (name.includes(delimiter) || /[\p{Cc}*%]/u.test(name) || /^\.+$/.test(name))
    return FieldErrorCode.FOLDER_NAME_INVALID;
  if (topLevel && name.toUpperCase() === 'INBOX') return FieldErrorCode.FOLDER_EXISTS;
  return undefined;
}

export function createFoldersService(deps: FoldersServiceDeps) {
  const { repo, accounts } = deps;

  const onServer = <T>(account: AccountRow, work: (client: ImapFlow) => Promise<T>) =>
    accounts.withServer(account, work);

  async function requireFolder(userId: string, id: number): Promise<FolderRow> {
    const row = await repo.find(userId, id);
    if (!row) throw AppError.notFound('Folder');
    return row;
  }

  /**
   * The folders of the named accounts, or of all. One account the caller does not own is a 404,
   * as its path would be; among several, those not theirs simply contribute nothing.
   */
  async function listOfAccounts(userId: string, accountIds: number[]): Promise<FolderRow[]> {
    if (accountIds.length === 1) await accounts.requireAccount(userId, accountIds[0]!);
    return repo.list(userId, accountIds.length ? { accountIds } : {});
  }

  /**
   * The rows as spec §3's Folder: each with its subfolders nested in `children` and a custom or
   * other folder's counts including theirs, whatever filter picked the rows.
   */
  async function withChildren(userId: string, rows: FolderRow[]): Promise<FolderNode[]> {
    if (rows.length === 0) return [];
    const accountIds = [...new Set(rows.map((r) => r.accountId))];
    const { nodes } = indexFolderTree(await repo.list(userId, { accountIds }));
    return rows.map((row) => nodes.get(row.id) ?? { ...toFolderDto(row), children: [] });
  }
  const withChildrenOne = async (userId: string, row: FolderRow) =>
    (await withChildren(userId, [row]))[0]!;

  return {
    requireFolder,

    async list(userId: string, filter: FolderFilter): Promise<FolderNode[]> {
      // One account id named: not the caller's is a 404, as for the tree and its own path.
      // (0 stands for a filter without any valid id, which simply matches nothing.)
      const [only, ...more] = filter.accountIds ?? [];
      if (only && more.length === 0) await accounts.requireAccount(userId, only);
      return (await withChildren(userId, await repo.list(userId, filter))).sort(
        (a, b) => a.account - b.account || compareFolders(a, b),
      );
    },

    async tree(userId: string, accountIds: number[] = []): Promise<FolderNode[]> {
      return buildFolderTree(await listOfAccounts(userId, accountIds));
    },

    async get(userId: string, id: number): Promise<FolderNode> {
      return withChildrenOne(userId, await requireFolder(userId, id));
    },

    /**
     * Mirrors the server's folder list: SPECIAL-USE flags (RFC 6154) or well-known names decide the
     * type; STATUS counts come with the list (LIST-STATUS, RFC 5819, where the server has it).
     * Folders gone from the server are removed with their mail (categories kept, see above).
     * A sync passes its own connection and gets each folder's STATUS back (`statuses`, by path).
     */
    async syncAccountFolders(
      userId: string,
      accountId: number,
      cleanupEmpty = false,
      client?: ImapFlow,
    ) {
      const account = await accounts.requireAccount(userId, accountId);
      const listed = client
        ? await client.list({ statusQuery })
        : await onServer(account, (c) => c.list({ statusQuery }));
      const existing = new Map(
        (await repo.list(userId, { accountIds: [accountId] })).map((f) => [f.path, f]),
      );
      const byPath = new Map<string, FolderRow>();
      let created = 0;
      let updated = 0;
      // Parents before children, so every parent id is known when its children arrive.
      listed.sort(
        (a, b) => a.path.split(a.delimiter || '/').length - b.path.split(b.delimiter || '/').length,
      );
      const types = classifyListing(listed);
      for (const entry of listed) {
        const { type, syncEnabled } = types.get(entry.path)!;
        const known = existing.get(entry.path);
        // Counts only: UIDVALIDITY, UIDNEXT and the mod-sequence stay what the last sync saw.
        const counts =
          entry.status && !(known && countsStored(known))
            ? { totalEmails: entry.status.messages ?? 0, unreadEmails: entry.status.unseen ?? 0 }
            : {};
        const values = {
          name: entry.path.toUpperCase() === 'INBOX' ? 'INBOX' : entry.name,
          delimiter: entry.delimiter || null,
          parentId: entry.parentPath ? (byPath.get(entry.parentPath)?.id ?? null) : null,
          folderType: type,
          specialUse: announcedSpecialUse(entry) ?? null,
          flags: [...entry.flags],
          selectable: !entry.flags.has('\\Noselect') && !entry.flags.has('\\NonExistent'),
          subscribed: entry.subscribed ?? true,
          ...counts,
        };
        // A path listed only as a parent (\NonExistent) that another client has since created
        // is synced from now on, as a new folder would be.
        const opened = known && !known.selectable && values.selectable ? { syncEnabled } : {};
        // Most folders are as the last listing left them: no write for those.
        const row = known
          ? unchanged(known, { ...values, ...opened })
            ? known
            : await repo.update(known.id, { ...values, ...opened })
          : await repo.insert({ ...values, userId, accountId, path: entry.path, syncEnabled });
        if (known) updated += 1;
        else created += 1;
        byPath.set(entry.path, row);
      }
      // Gone from the server (deleted or renamed by another client): gone here too, with its
      // mail; the mail's categories wait by Message-ID for a renamed folder's mail to return.
      // A listing without INBOX is no listing of the account (RFC 3501 §6.3.8: INBOX always
      // exists): then only what held nothing goes, as before a cleanup.
      const complete = listed.some((e) => e.path.toUpperCase() === 'INBOX');
      const gone = [...existing.values()].filter(
        (f) => !byPath.has(f.path) && (complete || cleanupEmpty || f.totalEmails === 0),
      );
      await repo.keepCategories(gone.map((f) => f.id));
      await repo.delete(gone.map((f) => f.id));
      const { nodes } = indexFolderTree([...byPath.values()]);
      const folders = [...nodes.values()].sort(compareFolders);
      const statuses = new Map<string, FolderStatus>(
        listed.filter((e) => e.status).map((e) => [e.path, e.status as FolderStatus]),
      );
      // `rows`: the folders as now stored, for a sync that goes on with them.
      return {
        created,
        updated,
        deleted: gone.length,
        folders,
        statuses,
        rows: [...byPath.values()],
      };
    },

    async create(
      userId: string,
      input: { accountId?: number; name?: string; parentId?: number | null },
    ): Promise<FolderNode> {
      const name = input.name?.trim() ?? '';
      const errors: Record<string, FieldErrorCode[]> = {};
      if (!input.accountId && !input.parentId) errors.account = [FieldErrorCode.REQUIRED];
      if (!name) errors.name = [FieldErrorCode.REQUIRED];
      if (Object.keys(errors).length) throw AppError.validation(errors);
      const parent = input.parentId ? await requireFolder(userId, input.parentId) : undefined;
      if (parent && input.accountId && parent.accountId !== input.accountId)
        throw AppError.validation({ parent: [FieldErrorCode.WRONG_ACCOUNT] });
      const accountId = parent?.accountId ?? input.accountId!;
      const account = await accounts.requireAccount(userId, accountId);
      const delimiter =
        parent?.delimiter ?? (await repo.findByPath(accountId, 'INBOX'))?.delimiter ?? '/';
      const problem = nameProblem(name, delimiter, !parent);
      if (problem) throw AppError.validation({ name: [problem] });
      const requested = parent ? `${parent.path}${delimiter}${name}` : name;
      if (await repo.findByPath(accountId, requested))
        throw AppError.validation({ name: [FieldErrorCode.FOLDER_EXISTS] });
      // A server whose personal namespace is "INBOX." (Courier, Cyrus) keeps a top-level
      // folder below INBOX: imapflow adds the prefix, and the path it made is the one to keep.
      const made = await onServer(account, async (client) => {
        const created = await client.mailboxCreate(requested);
        const path = created?.path ?? requested;
        await client.mailboxSubscribe(path).catch(() => undefined);
        return { path, status: await statusOf(client, path) };
      });
      const { path, status } = made;
      const cut = path.lastIndexOf(delimiter);
      const parentId =
        parent?.id ??
        (cut > 0 ? ((await repo.findByPath(accountId, path.slice(0, cut)))?.id ?? null) : null);
      if (path !== requested && (await repo.findByPath(accountId, path)))
        throw AppError.validation({ name: [FieldErrorCode.FOLDER_EXISTS] });
      const row = await repo.insert({
        userId,
        accountId,
        parentId,
        path,
        name,
        delimiter,
        folderType: 'custom',
        uidValidity: status.uidValidity ?? null,
        totalEmails: status.messages ?? 0,
        unreadEmails: status.unseen ?? 0,
      });
      return withChildrenOne(userId, row);
    },

    async update(
      userId: string,
      id: number,
      patch: { name?: string; sync_enabled?: boolean },
    ): Promise<FolderNode> {
      let folder = await requireFolder(userId, id);
      if (patch.name !== undefined && patch.name.trim() !== folder.name) {
        const name = patch.name.trim();
        if (PROTECTED.has(folder.folderType))
          throw AppError.validation({ name: [FieldErrorCode.FOLDER_PROTECTED] });
        const delimiter = folder.delimiter ?? '/';
        const cut = folder.path.lastIndexOf(delimiter);
        const problem = nameProblem(name, delimiter, cut === -1);
        if (problem) throw AppError.validation({ name: [problem] });
        const newPath = cut === -1 ? name : `${folder.path.slice(0, cut + 1)}${name}`;
        if (await repo.findByPath(folder.accountId, newPath))
          throw AppError.validation({ name: [FieldErrorCode.FOLDER_EXISTS] });
        const account = await accounts.requireAccount(userId, folder.accountId);
        await onServer(account, (client) => client.mailboxRename(folder.path, newPath));
        await repo.renamePrefix(
          folder.accountId,
          `${folder.path}${delimiter}`,
          `${newPath}${delimiter}`,
        );
        folder = await repo.update(folder.id, { path: newPath, name });
      }
      if (patch.sync_enabled !== undefined)
        folder = await repo.update(folder.id, { syncEnabled: patch.sync_enabled });
      return withChildrenOne(userId, folder);
    },

    async remove(userId: string, id: number, permanent = false) {
      const folder = await requireFolder(userId, id);
      if (PROTECTED.has(folder.folderType))
        throw AppError.validation({ folder: [FieldErrorCode.FOLDER_PROTECTED] });
      const account = await accounts.requireAccount(userId, folder.accountId);
      return removeFolder(repo, onServer, account, folder, permanent);
    },

    async updateCounts(userId: string, id: number): Promise<FolderNode> {
      const folder = await requireFolder(userId, id);
      if (countsStored(folder)) {
        await repo.recount([folder.id]);
        return withChildrenOne(userId, (await repo.find(userId, id))!);
      }
      const account = await accounts.requireAccount(userId, folder.accountId);
      const status = await onServer(account, (client) => statusOf(client, folder.path));
      const row = await repo.update(folder.id, {
        totalEmails: status.messages ?? 0,
        unreadEmails: status.unseen ?? 0,
      });
      return withChildrenOne(userId, row);
    },

    async updateAllCounts(userId: string, accountId: number): Promise<FolderNode[]> {
      const account = await accounts.requireAccount(userId, accountId);
      const selectable = (await repo.list(userId, { accountIds: [accountId] })).filter(
        (f) => f.selectable,
      );
      const stored = selectable.filter(countsStored);
      await repo.recount(stored.map((f) => f.id));
      const rows = selectable.filter((f) => !countsStored(f));
      const statuses = await onServer(account, async (client) => {
        const result = new Map<number, FolderStatus>();
        for (const row of rows) result.set(row.id, await statusOf(client, row.path));
        return result;
      });
      const recounted = await repo.list(userId, { accountIds: [accountId] });
      const updatedRows = recounted.filter((f) => stored.some((s) => s.id === f.id));
      for (const row of rows) {
        const status = statuses.get(row.id)!;
        updatedRows.push(
          await repo.update(row.id, {
            totalEmails: status.messages ?? 0,
            unreadEmails: status.unseen ?? 0,
          }),
        );
      }
      return (await withChildren(userId, updatedRows)).sort(compareFolders);
    },

    async statistics(userId: string, accountIds: number[] = []) {
      const rows = await listOfAccounts(userId, accountIds);
      const byType: Record<
        string,
        { folders: number; total_emails: number; unread_emails: number }
      > = {};
      for (const row of rows) {
        const entry = (byType[row.folderType] ??= {
          folders: 0,
          total_emails: 0,
          unread_emails: 0,
        });
        entry.folders += 1;
        entry.total_emails += row.totalEmails;
        entry.unread_emails += row.unreadEmails;
      }
      const counted = rows.filter((r) => r.folderType !== 'other');
      return {
        total_folders: rows.length,
        total_emails: counted.reduce((sum, r) => sum + r.totalEmails, 0),
        unread_emails: counted.reduce((sum, r) => sum + r.unreadEmails, 0),
        by_type: byType,
      };
    },
  };
}

export type FoldersService = ReturnType<typeof createFoldersService>;

/** Whether a stored folder already has every listed value. */
function unchanged(row: FolderRow, values: Partial<FolderRow>): boolean {
  return Object.entries(values).every(([key, value]) => {
    const stored = row[key as keyof FolderRow];
    return Array.isArray(value) && Array.isArray(stored)
      ? value.length === stored.length && value.every((v, i) => v === stored[i])
      : stored === value;
  });
}
