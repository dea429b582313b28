import {
  FieldErrorCode,
  SELECTION_CAP,
  type BulkAction,
  type EmailDetail,
  type EmailListItem,
  type EmailPatch,
  type EmailSelection,
} from '@brieftaube/shared';
import type { ImapFlow } from 'imapflow';
import { Readable } from 'node:stream';
import type { Ai } from '../../ai/index.ts';
import type { MailEventBus } from '../../events/mail-events.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertSameMailbox } from '../../mail/imap/imap-client.ts';
import { YENC_PART, yencFileOf } from '../../mail/mime/yenc.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { CategoriesService } from '../categories/categories.service.ts';
import type { FoldersRepository } from '../folders/folders.repository.ts';
import { decodeCursor, encodeCursor, toDetail, toListItem, toSelection } from './email-dto.ts';
import { createMailboxWrites } from './mailbox-writes.ts';
import type {
  EmailFilter,
  EmailFullRow,
  EmailListRow,
  EmailsRepository,
} from './emails.repository.ts';

export interface EmailsServiceDeps {
  repo: EmailsRepository;
  folders: FoldersRepository;
  accounts: AccountsService;
  categories: CategoriesService;
  /** Other tabs and devices of the user hear about changed counts. */
  events?: MailEventBus;
  /** Learns from every category the user gives a mail (ADR 0023). */
  ai?: Pick<Ai, 'learnAssignment'>;
}

export interface EmailPage {
  items: EmailListItem[];
  nextCursor: string | null;
}

const THREAD_LIMIT = 100;

export function createEmailsService(deps: EmailsServiceDeps) {
  const { repo, accounts } = deps;

  async function requireEmail(userId: string, id: number): Promise<EmailFullRow> {
    const row = await repo.find(userId, id);
    if (!row) throw AppError.notFound('Email');
    return row;
  }

  const { setFlags, moveRows, remove } = createMailboxWrites(deps);

  async function setCategory(
    userId: string,
    rows: EmailListRow[],
    categoryId: number | null,
  ): Promise<void> {
    if (categoryId !== null) {
      // Someone else's category is not found, as every other id of theirs.
      const category = await deps.categories.requireCategory(userId, categoryId);
      if (rows.some((r) => r.email.accountId !== category.accountId))
        throw AppError.validation({ category: [FieldErrorCode.WRONG_ACCOUNT] });
    }
    // Every assignment records who made it: the AI learns from the user's own choices, and a
    // mail the user took out of a category ('Ohne Kategorie') is the user's choice too, which no
    // later categorisation run overrides.
    for (const row of rows)
      await repo.update(row.email.id, {
        categoryId,
        categorySource: 'user',
        categoryConfidence: null,
      });
    // At once, not by a later retraining: the next categorisation already knows this choice.
    await deps.ai?.learnAssignment(
      userId,
      rows.map((row) => ({
        emailId: row.email.id,
        before: { categoryId: row.email.categoryId, source: row.email.categorySource ?? null },
        after: categoryId,
      })),
    );
  }

  /**
   * The touched folders' counts follow at once (not only with the next sync), and one 'counts'
   * event per touched account tells the browsers; a lost event only delays a badge.
   */
  async function notifyCounts(userId: string, rows: EmailFullRow[], ...extraFolderIds: number[]) {
    const touched = new Set([...rows.map((r) => r.email.folderId), ...extraFolderIds]);
    await deps.folders.recount([...touched]);
    if (!deps.events) return;
    const byAccount = new Map<number, Set<number>>();
    for (const { email } of rows) {
      const set = byAccount.get(email.accountId) ?? new Set<number>();
      set.add(email.folderId);
      for (const id of extraFolderIds) set.add(id);
      byAccount.set(email.accountId, set);
    }
    for (const [accountId, folderIds] of byAccount)
      await deps.events
        .publish(userId, { type: 'counts', account_id: accountId, folder_ids: [...folderIds] })
        .catch(() => undefined);
  }

  async function listEmails(
    userId: string,
    filter: EmailFilter,
    options: { limit: number; cursor?: string | undefined; offset?: number },
  ): Promise<EmailPage> {
    const after = options.cursor ? decodeCursor(options.cursor) : undefined;
    if (options.cursor && !after)
      throw AppError.validation({ cursor: [FieldErrorCode.CURSOR_INVALID] });
    const rows = await repo.list(userId, filter, {
      limit: options.limit + 1,
      after,
      offset: options.offset ?? 0,
    });
    const page = rows.slice(0, options.limit);
    return {
      items: page.map(toListItem),
      nextCursor: rows.length > options.limit ? encodeCursor(page.at(-1)!) : null,
    };
  }

  return {
    requireEmail,

    list: listEmails,

    /** GET /api/emails/selection/: the whole list for "select all", compact. */
    async selection(userId: string, filter: EmailFilter): Promise<EmailSelection> {
      return toSelection(await repo.selection(userId, filter, SELECTION_CAP + 1), SELECTION_CAP);
    },

    /** GET /api/folders/{id}/emails/: like list, but someone else's folder is not found. */
    async listFolder(
      userId: string,
      folderId: number,
      filter: EmailFilter,
      options: { limit: number; cursor?: string | undefined; offset?: number },
    ): Promise<EmailPage> {
      if (!(await deps.folders.find(userId, folderId))) throw AppError.notFound('Folder');
      return listEmails(userId, { ...filter, folderIds: [folderId] }, options);
    },

    async detail(userId: string, id: number, allowRemote: boolean): Promise<EmailDetail> {
      const row = await requireEmail(userId, id);
      // A long thread (a ticket's notifications, a mailing list) shows its newest messages and
      // always the one opened, oldest first like any conversation.
      const newest = row.email.threadId
        ? await repo.list(
            userId,
            { threadIds: await repo.threadIdsOf(userId, row.email.threadId) },
            { limit: THREAD_LIMIT },
          )
        : [row];
      const thread = newest.some((r) => r.email.id === row.email.id)
        ? newest
        : [...newest.slice(0, THREAD_LIMIT - 1), row];
      // By the date the list shows, so that a conversation reads in the order it was written.
      thread.sort(
        (a, b) =>
          a.email.mailDate.getTime() - b.email.mailDate.getTime() || a.email.id - b.email.id,
      );
      return toDetail(row, thread, allowRemote);
    },

    async patch(userId: string, id: number, patch: EmailPatch): Promise<EmailListItem> {
      const row = await requireEmail(userId, id);
      if (patch.is_read !== undefined && patch.is_read !== row.email.isRead)
        await setFlags(userId, [row], '\\Seen', patch.is_read);
      if (patch.is_flagged !== undefined && patch.is_flagged !== row.email.isFlagged)
        await setFlags(userId, [row], '\\Flagged', patch.is_flagged);
      if (patch.category !== undefined) await setCategory(userId, [row], patch.category);
      await notifyCounts(userId, [row]);
      return toListItem(await requireEmail(userId, id));
    },

    async remove(userId: string, id: number): Promise<void> {
      const row = await requireEmail(userId, id);
      await notifyCounts(userId, [row], ...(await remove(userId, [row])));
    },

    async bulk(userId: string, action: BulkAction): Promise<{ updated: number }> {
      const rows = await repo.findMany(userId, action.ids);
      if (rows.length !== new Set(action.ids).size) throw AppError.notFound('Email');
      const touched: number[] = [];
      switch (action.action) {
        case 'read':
        case 'unread':
          await setFlags(
            userId,
            rows.filter((r) => r.email.isRead !== (action.action === 'read')),
            '\\Seen',
            action.action === 'read',
          );
          break;
        case 'flag':
        case 'unflag':
          await setFlags(
            userId,
            rows.filter((r) => r.email.isFlagged !== (action.action === 'flag')),
            '\\Flagged',
            action.action === 'flag',
          );
          break;
        case 'delete':
          touched.push(...(await remove(userId, rows)));
          break;
        case 'move': {
          if (!action.target_folder_id)
            throw AppError.validation({ target_folder_id: [FieldErrorCode.REQUIRED] });
          const target = await deps.folders.find(userId, action.target_folder_id);
          if (!target) throw AppError.notFound('Folder');
          await moveRows(userId, rows, target);
          touched.push(target.id);
          break;
        }
        case 'categorize':
          await setCategory(userId, rows, action.category ?? null);
          break;
      }
      await notifyCounts(userId, rows, ...touched);
      return { updated: rows.length };
    },

    async moveFromFolder(
      userId: string,
      folderId: number,
      emailIds: number[],
      targetFolderId: number,
    ): Promise<{ moved: number }> {
      const source = await deps.folders.find(userId, folderId);
      const target = await deps.folders.find(userId, targetFolderId);
      if (!source || !target) throw AppError.notFound('Folder');
      const rows = await repo.findMany(userId, emailIds);
      if (rows.length !== new Set(emailIds).size || rows.some((r) => r.email.folderId !== folderId))
        throw AppError.notFound('Email');
      const moved = await moveRows(userId, rows, target);
      await notifyCounts(userId, rows, target.id);
      return { moved };
    },

    /** Streams one attachment straight from the mail server; nothing is buffered whole. */
    async attachment(
      userId: string,
      id: number,
      part: string,
    ): Promise<{
      filename: string;
      contentType: string;
      content: Readable;
      close: () => Promise<void>;
    }> {
      const row = await requireEmail(userId, id);
      const meta = row.email.attachments.find((a) => a.part === part);
      if (!meta) throw AppError.notFound('Attachment');
      const yenc = YENC_PART.exec(part);
      const uid = String(row.email.uid);
      return openStream(
        userId,
        row,
        yenc
          ? // A file written into the text (yEnc): decoded from the message's source as it streams.
            async (client) => {
              const { content } = await client.download(uid, undefined, { uid: true });
              return { content: content && Readable.from(yencFileOf(content, Number(yenc[1]))) };
            }
          : (client) => client.download(uid, part, { uid: true }),
        meta.filename,
        meta.contentType,
      );
    },

    async raw(userId: string, id: number) {
      const row = await requireEmail(userId, id);
      const name = `${(row.email.subject || 'nachricht').replace(/[^\p{L}\p{N} ._-]+/gu, '').slice(0, 80) || 'nachricht'}.eml`;
      return openStream(
        userId,
        row,
        (client) => client.download(String(row.email.uid), undefined, { uid: true }),
        name,
        'message/rfc822',
      );
    },
  };

  /** Keeps the IMAP connection open for as long as the HTTP response streams. */
  async function openStream(
    userId: string,
    row: EmailListRow,
    download: (client: ImapFlow) => Promise<{ content?: Readable | undefined }>,
    filename: string,
    contentType: string,
  ) {
    const account = await accounts.requireAccount(userId, row.email.accountId);
    let release: () => void = () => undefined;
    const ready = new Promise<{ content?: Readable | undefined }>((resolve, reject) => {
      accounts
        .withServer(account, async (client) => {
          const lock = await client.getMailboxLock(row.folderPath, { readOnly: true });
          try {
            assertSameMailbox(client, row.folderUidValidity);
            const result = await download(client);
            resolve(result);
            // The message vanished on the server: nothing to stream, nothing to wait for.
            if (result.content) await new Promise<void>((r) => (release = r));
          } finally {
            lock.release();
          }
        })
        .catch(reject);
    });
    const { content } = await ready;
    if (!content) throw AppError.notFound('Message content');
    content.once('close', () => release());
    content.once('end', () => release());
    return { filename, contentType, content, close: async () => release() };
  }
}

export type EmailsService = ReturnType<typeof createEmailsService>;
