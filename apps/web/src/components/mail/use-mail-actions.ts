import type { Folder, FolderType } from '@brieftaube/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../../api/categories.ts';
import {
  BULK_CHUNK,
  bulkInChunks,
  invalidateMail,
  patchCachedEmails,
  removeCachedEmails,
  type EmailFilters,
  type EmailRef,
} from '../../api/emails.ts';
import { useFolders } from '../../api/folders.ts';
import { mailErrorMessage } from './errors.ts';
import { folderOfType } from './folders.ts';
import { showNotice } from './notices.ts';

/** What an action needs to know about a message; list rows and details both have it. */
export type MailItem = EmailRef;

/** A list scoped to one folder loses a message that moves away; unified lists may keep it. */
const folderScoped = (filters: EmailFilters) =>
  !!(filters.folder_id || filters.folder_name || filters.folder_type);

interface RunOptions {
  items: MailItem[];
  optimistic?: (ids: ReadonlySet<number>) => void;
  request: () => Promise<void>;
  success?: string;
  /** Other accounts' messages an action had to leave alone, told in the same notice. */
  skipped?: number;
  /** Read marks and stars are already right in the cache; lists need no refetch for them. */
  lists?: 'refetch' | 'stale';
  /** Offered as "Rückgängig" beside the success notice. */
  undo?: () => Promise<void>;
  /** A failure is not announced (an action the user did not ask for). */
  silentFailure?: boolean;
}

/**
 * The mail actions of the list and the detail view: optimistic where the outcome is certain,
 * German feedback in the snackbar, counts and lists refreshed afterwards. Each returns whether
 * it succeeded, so a caller can navigate away only then.
 */
export function useMailActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: folders } = useFolders();
  const { data: categories } = useCategories();

  /** Each message back into the folder it came from (moves keep a message's id). */
  const moveBack = (items: MailItem[]) => async () => {
    const byFolder = new Map<number, number[]>();
    for (const item of items)
      byFolder.set(item.folder, [...(byFolder.get(item.folder) ?? []), item.id]);
    try {
      for (const [folder, group] of byFolder)
        await bulkInChunks(group, { action: 'move', target_folder_id: folder });
      showNotice(t('mailbox.notice.undone', { count: items.length }));
    } catch (error) {
      showNotice(mailErrorMessage(error), 'error');
    }
    void invalidateMail(queryClient);
  };

  async function run({
    items,
    optimistic,
    request,
    success,
    skipped = 0,
    lists,
    undo,
    silentFailure = false,
  }: RunOptions) {
    if (items.length === 0) {
      if (skipped)
        showNotice(t('mailbox.notice.skippedOtherAccounts', { count: skipped }), 'warning');
      return false;
    }
    optimistic?.(new Set(items.map((item) => item.id)));
    // Thousands of messages take a while, one server call per thousand: say that it is running.
    if (items.length > BULK_CHUNK)
      showNotice(t('mailbox.notice.working', { count: items.length }), 'info');
    try {
      await request();
      if (skipped)
        showNotice(
          `${success ?? ''} ${t('mailbox.notice.skippedOtherAccounts', { count: skipped })}`.trim(),
          'warning',
        );
      else if (success)
        showNotice(
          success,
          'success',
          undo ? { label: t('mailbox.notice.undo'), run: () => void undo() } : undefined,
        );
      void invalidateMail(queryClient, { lists: lists ?? 'refetch' });
      return true;
    } catch (error) {
      if (!silentFailure) showNotice(mailErrorMessage(error), 'error');
      // The optimistic change may have been wrong: the server's state replaces it.
      void invalidateMail(queryClient);
      return false;
    }
  }

  const ids = (items: MailItem[]) => items.map((item) => item.id);

  /** Moves each account's messages into that account's folder of `type`. */
  async function moveToType(items: MailItem[], type: FolderType, success: (n: number) => string) {
    const byAccount = new Map<number, MailItem[]>();
    for (const item of items)
      byAccount.set(item.account, [...(byAccount.get(item.account) ?? []), item]);
    const plan = [...byAccount].map(([account, group]) => ({
      target: folderOfType(folders, account, type),
      group: group.filter((item) => item.folder_type !== type),
    }));
    if (plan.some((p) => !p.target)) {
      const missing = { archive: 'noArchive', spam: 'noJunk' }[type as string] ?? 'noTarget';
      showNotice(t(`mailbox.notice.${missing}`), 'warning');
      return false;
    }
    const moving = plan.flatMap((p) => p.group);
    return run({
      items: moving,
      optimistic: (set) => removeCachedEmails(queryClient, set, folderScoped),
      request: async () => {
        for (const { target, group } of plan)
          if (group.length)
            await bulkInChunks(ids(group), { action: 'move', target_folder_id: target!.id });
      },
      success: success(moving.length),
      undo: moveBack(moving),
    });
  }

  return {
    setRead: (items: MailItem[], read: boolean, { quiet = false } = {}) => {
      const changing = items.filter((item) => item.is_read !== read);
      return run({
        items: changing,
        optimistic: (set) => patchCachedEmails(queryClient, set, { is_read: read }),
        request: () => bulkInChunks(ids(changing), { action: read ? 'read' : 'unread' }),
        success: quiet
          ? undefined
          : t(read ? 'mailbox.notice.read' : 'mailbox.notice.unread', { count: changing.length }),
        lists: 'stale',
        // Reading a mail is no request of the user's: a server that is down must not answer it
        // with an error (the mail stays unread and is marked when opened again).
        silentFailure: quiet,
      });
    },

    setFlag: (items: MailItem[], flagged: boolean, { quiet = false } = {}) => {
      const changing = items.filter((item) => item.is_flagged !== flagged);
      return run({
        items: changing,
        optimistic: (set) => patchCachedEmails(queryClient, set, { is_flagged: flagged }),
        request: () => bulkInChunks(ids(changing), { action: flagged ? 'flag' : 'unflag' }),
        success: quiet
          ? undefined
          : t(flagged ? 'mailbox.notice.flag' : 'mailbox.notice.unflag', {
              count: changing.length,
            }),
        lists: 'stale',
      });
    },

    /** To the trash; from the trash, for good (the caller asks first). */
    remove: (items: MailItem[]) => {
      const forever = items.every((item) => item.folder_type === 'trash');
      return run({
        items,
        optimistic: (set) => removeCachedEmails(queryClient, set),
        request: () => bulkInChunks(ids(items), { action: 'delete' }),
        success: t(forever ? 'mailbox.notice.deletedForever' : 'mailbox.notice.deleted', {
          count: items.length,
        }),
        // Messages already in the trash are gone for good; the others wait there.
        ...(forever
          ? {}
          : { undo: moveBack(items.filter((item) => item.folder_type !== 'trash')) }),
      });
    },

    /** Moves stay inside an account (the server refuses others): other accounts' mail is left. */
    move: (items: MailItem[], target: Folder) => {
      const moving = items.filter(
        (item) => item.account === target.account && item.folder !== target.id,
      );
      const skipped = items.filter((item) => item.account !== target.account).length;
      return run({
        items: moving,
        optimistic: (set) => removeCachedEmails(queryClient, set, folderScoped),
        request: () => bulkInChunks(ids(moving), { action: 'move', target_folder_id: target.id }),
        success: t('mailbox.notice.moved', { count: moving.length, folder: target.display_name }),
        skipped,
        undo: moveBack(moving),
      });
    },

    moveToType: (items: MailItem[], type: FolderType, folderLabel: string) =>
      moveToType(items, type, (count) => t('mailbox.notice.moved', { count, folder: folderLabel })),

    archive: (items: MailItem[]) =>
      moveToType(items, 'archive', (count) => t('mailbox.notice.archived', { count })),

    /** Gmail's "Spam melden": into each account's spam folder; from there, back to the inbox. */
    spam: (items: MailItem[], isSpam: boolean) =>
      moveToType(items, isSpam ? 'spam' : 'inbox', (count) =>
        t(isSpam ? 'mailbox.notice.spam' : 'mailbox.notice.notSpam', { count }),
      ),

    /** A category belongs to one account: only that account's messages receive it. */
    categorize: (items: MailItem[], categoryId: number | null) => {
      const category = categories?.find((c) => c.id === categoryId);
      const matching =
        categoryId === null ? items : items.filter((item) => item.account === category?.account);
      const skipped = items.length - matching.length;
      return run({
        items: matching,
        optimistic: (set) =>
          patchCachedEmails(queryClient, set, {
            category: categoryId,
            category_source: 'user',
            category_confidence: null,
          }),
        request: () => bulkInChunks(ids(matching), { action: 'categorize', category: categoryId }),
        success:
          categoryId === null
            ? t('mailbox.notice.uncategorized', { count: matching.length })
            : t('mailbox.notice.categorized', {
                count: matching.length,
                category: category?.name ?? '',
              }),
        skipped,
      });
    },
  };
}

export type MailActions = ReturnType<typeof useMailActions>;
