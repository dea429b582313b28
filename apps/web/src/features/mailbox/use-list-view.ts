import type { Account, Category, FolderNode } from '@brieftaube/shared';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../../api/accounts.ts';
import { useCategories } from '../../api/categories.ts';
import type { EmailFilters } from '../../api/emails.ts';
import { useFolders } from '../../api/folders.ts';
import { ownCounts } from '../../components/mail/folders.ts';
import { formatNumber } from '../../components/mail/format.ts';
import { accountIdsOf } from './list-filters.ts';
import { uncategorizedCounts } from '../categories/lib/uncategorized.ts';

type View = 'folder' | 'category' | 'uncategorized' | 'unread' | 'flagged' | 'inbox';

export interface ListView {
  kind: View;
  title: string;
  /** Account, further filters and counts: what the title leaves out. */
  subtitle: string;
  emptyTitle: string;
  emptyText: string;
}

function findFolder(
  folders: FolderNode[] | undefined,
  filters: EmailFilters,
): FolderNode | undefined {
  if (filters.folder_id) return folders?.find((f) => String(f.id) === filters.folder_id);
  if (filters.folder_name) {
    const name = filters.folder_name.toLowerCase();
    return folders?.find((f) => f.name.toLowerCase() === name || f.path.toLowerCase() === name);
  }
  return undefined;
}

function sum(accounts: Account[], pick: (a: Account) => number) {
  return accounts.reduce((total, account) => total + pick(account), 0);
}

/** What the loaded list itself knows; once every page is there, its numbers are exact. */
export interface LoadedList {
  complete: boolean;
  total: number;
  unread: number;
}

/**
 * What the list shows, in words: the heading, a line under it and the empty state. Counts come
 * from the folders, categories and accounts, or from the list itself once it is complete (the
 * server's folder counts lag behind moves until the next sync).
 */
export function useListView(filters: EmailFilters, loaded?: LoadedList): ListView {
  const { t } = useTranslation();
  const { data: folders } = useFolders();
  const { data: categories } = useCategories();
  const { data: allAccounts = [] } = useAccounts();
  const accountIds = accountIdsOf(filters);
  const accounts = accountIds.length
    ? allAccounts.filter((a) => accountIds.includes(a.id))
    : allAccounts;
  const folder = findFolder(folders, filters);
  const category: Category | undefined = filters.category
    ? categories?.find((c) => String(c.id) === filters.category)
    : undefined;
  const typeLabel = filters.folder_type
    ? filters.folder_type
        .split(',')
        .map((type) => t(`mailbox.folderTypes.${type}`, { defaultValue: type }))
        .join(', ')
    : undefined;
  const counts = (total: number, unread: number) =>
    unread > 0
      ? t('mailbox.countsUnread', { total: formatNumber(total), unread: formatNumber(unread) })
      : t('mailbox.counts', { count: total, total: formatNumber(total) });

  let kind: View = 'inbox';
  let title = t('mailbox.heading.inbox');
  let count: string | undefined;
  const qualifiers: string[] = [];
  if (filters.folder_id || filters.folder_name || typeLabel) {
    kind = 'folder';
    title = folder?.display_name ?? filters.folder_name ?? typeLabel ?? t('mailbox.heading.folder');
    if (folder) {
      const own = ownCounts(folder);
      count = counts(own.total, own.unread);
    }
  } else if (filters.category) {
    kind = 'category';
    title = category?.name ?? t('mailbox.heading.category');
    if (category) count = counts(category.email_count, category.unread_email_count);
  } else if (filters.has_category === 'false') {
    kind = 'uncategorized';
    title = t('mailbox.heading.uncategorized');
    // Spec §3: the accounts' totals less what their categories hold, as in the drawer.
    if (accounts.length && categories) {
      const left = accounts.map((a) => uncategorizedCounts(a, categories));
      count = counts(
        left.reduce((n, c) => n + (c?.email_count ?? 0), 0),
        left.reduce((n, c) => n + (c?.unread_email_count ?? 0), 0),
      );
    }
  } else if (filters.read === 'false') {
    kind = 'unread';
    title = t('mailbox.heading.unread');
    const unread = sum(accounts, (a) => a.unread_emails);
    if (accounts.length)
      count = t('mailbox.unreadCount', { count: unread, total: formatNumber(unread) });
  } else if (filters.flagged === 'true') {
    kind = 'flagged';
    title = t('mailbox.heading.flagged');
  } else if (accounts.length) {
    count = counts(
      sum(accounts, (a) => a.total_emails),
      sum(accounts, (a) => a.unread_emails),
    );
  }
  if (kind !== 'folder' && typeLabel) qualifiers.push(typeLabel);
  if (kind !== 'category' && category) qualifiers.push(category.name);
  if (kind !== 'uncategorized' && filters.has_category === 'false')
    qualifiers.push(t('mailbox.heading.uncategorized'));
  if (kind !== 'unread' && filters.read === 'false') qualifiers.push(t('mailbox.heading.unread'));
  if (kind !== 'flagged' && filters.flagged === 'true')
    qualifiers.push(t('mailbox.heading.flagged'));
  // The account is worth naming when the user has several, or when a folder belongs to one.
  const accountLabel =
    (accountIds.length || folder) && allAccounts.length > 1
      ? (folder ? allAccounts.filter((a) => a.id === folder.account) : accounts)
          .map((a) => a.email_address)
          .join(', ')
      : '';

  if (loaded?.complete)
    count =
      kind === 'unread'
        ? t('mailbox.unreadCount', { count: loaded.total, total: formatNumber(loaded.total) })
        : counts(loaded.total, loaded.unread);

  const search = filters.q;
  const subtitle = [
    // The unified "Posteingang" holds every folder but Trash and Spam: say so, not "in Posteingang".
    search
      ? kind === 'inbox'
        ? t('mailbox.heading.searchEverywhere')
        : t('mailbox.heading.searchIn', { view: title })
      : '',
    accountLabel,
    ...qualifiers,
    search ? '' : (count ?? ''),
  ]
    .filter(Boolean)
    .join(' · ');

  const empty: Record<View, [string, string]> = {
    folder: [
      t('mailbox.empty.folder'),
      // The drawer's badge counts the subfolders' mail too: say where it is.
      folder && ownCounts(folder).total === 0 && folder.total_emails > 0
        ? t('mailbox.empty.inSubfolders', { count: folder.total_emails })
        : t(`mailbox.empty.folderTextByType.${folder?.folder_type ?? filters.folder_type ?? ''}`, {
            defaultValue: t('mailbox.empty.folderText'),
          }),
    ],
    category: [t('mailbox.empty.category'), t('mailbox.empty.categoryText')],
    uncategorized: [t('mailbox.empty.uncategorized'), t('mailbox.empty.uncategorizedText')],
    unread: [t('mailbox.empty.unread'), t('mailbox.empty.unreadText')],
    flagged: [t('mailbox.empty.flagged'), t('mailbox.empty.flaggedText')],
    inbox: [t('mailbox.empty.inbox'), t('mailbox.empty.inboxText')],
  };
  const [emptyTitle, emptyText] = search
    ? [t('mailbox.empty.search', { query: search }), t('mailbox.empty.searchText')]
    : empty[kind];

  return {
    kind,
    title: search ? t('mailbox.heading.search', { query: search }) : title,
    subtitle,
    emptyTitle,
    emptyText,
  };
}
