import type { Account, Category, FolderNode, FolderType } from '@brieftaube/shared';

export type AccountView = 'folders' | 'categories';
export type LoadState = 'loading' | 'error' | 'ready';

/** What the drawer knows about one account after its folder tree and categories arrived. */
export interface AccountModel {
  account: Account;
  folders: FolderNode[];
  categories: Category[];
  folderCount: number;
  total: number;
  unread: number;
  folderState: LoadState;
  categoryState: LoadState;
}

export interface CategoryEntry {
  key: string;
  /** 'uncategorized' is the virtual 'Ohne Kategorie' of spec §3. */
  kind: 'category' | 'uncategorized';
  id: number;
  name: string;
  color: string;
  total: number;
  unread: number;
  to: string;
  active: string;
}

export type NoticeKind = 'loading' | 'folders-error' | 'no-folders' | 'no-categories';

export type DrawerRow =
  | { kind: 'account'; key: string; model: AccountModel; expanded: boolean; view: AccountView }
  | {
      kind: 'folder';
      key: string;
      accountId: number;
      folder: FolderNode;
      depth: number;
      hasChildren: boolean;
      expanded: boolean;
      /** Opened by the search to show a match below it; the user cannot close it meanwhile. */
      forced: boolean;
    }
  | { kind: 'category'; key: string; accountId: number; entry: CategoryEntry }
  | { kind: 'notice'; key: string; model: AccountModel; notice: NoticeKind };

export interface DrawerUiState {
  collapsedAccounts: ReadonlySet<number>;
  views: Readonly<Record<string, AccountView>>;
  expandedFolders: ReadonlySet<number>;
  query: string;
}

/** Spec §2's folder order; the server sorts the same way, the client keeps it true regardless. */
const TYPE_ORDER: FolderType[] = [
  'inbox',
  'sent',
  'drafts',
  'archive',
  'spam',
  'trash',
  'custom',
  'other',
];
const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

const typeRank = (type: FolderType) => {
  const rank = TYPE_ORDER.indexOf(type);
  return rank < 0 ? TYPE_ORDER.length : rank;
};

export function sortFolderTree(nodes: FolderNode[]): FolderNode[] {
  return nodes
    .map((node) =>
      node.children.length ? { ...node, children: sortFolderTree(node.children) } : node,
    )
    .sort(
      (a, b) =>
        typeRank(a.folder_type) - typeRank(b.folder_type) ||
        collator.compare(a.display_name, b.display_name),
    );
}

export function countFolders(nodes: FolderNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countFolders(node.children), 0);
}

export function buildAccountModel(
  account: Account,
  folders: { data?: FolderNode[] | undefined; state: LoadState },
  categories: { data?: Category[] | undefined; state: LoadState },
): AccountModel {
  // Spec §8: a failed folder load leaves no folders, no categories and zero counts.
  if (folders.state === 'error')
    return {
      account,
      folders: [],
      categories: [],
      folderCount: 0,
      total: 0,
      unread: 0,
      folderState: 'error',
      categoryState: 'ready',
    };
  const tree = sortFolderTree(folders.data ?? []);
  return {
    account,
    folders: tree,
    categories: (categories.data ?? [])
      .filter((category) => category.account === account.id)
      .sort((a, b) => collator.compare(a.name, b.name)),
    folderCount: countFolders(tree),
    total: account.total_emails,
    unread: account.unread_emails,
    folderState: folders.state,
    categoryState: categories.state,
  };
}

/**
 * The account's categories, then the virtual 'Ohne Kategorie' (spec §3): the account totals minus
 * the sum over its categories, shown only while that difference is above 0.
 */
export function categoryEntries(model: AccountModel, uncategorizedName: string): CategoryEntry[] {
  const entries: CategoryEntry[] = model.categories.map((category) => ({
    key: `c${category.id}`,
    kind: 'category',
    id: category.id,
    name: category.name,
    color: category.color,
    total: category.email_count,
    unread: category.unread_email_count,
    to: `/app?category=${category.id}`,
    active: `category:${category.id}`,
  }));
  const total = model.total - entries.reduce((sum, entry) => sum + entry.total, 0);
  if (total > 0) {
    const id = model.account.id;
    entries.push({
      key: `u${id}`,
      kind: 'uncategorized',
      id,
      name: uncategorizedName,
      color: 'grey',
      total,
      unread: Math.max(0, model.unread - entries.reduce((sum, entry) => sum + entry.unread, 0)),
      to: `/app?accounts=${id}&has_category=false`,
      active: `uncategorized:${id}`,
    });
  }
  return entries;
}

const normalise = (text: string) => text.toLocaleLowerCase('de');

/**
 * The folders whose name contains the query, with their ancestors (spec §2: case-insensitive).
 * A matching folder keeps its subfolders; `forced` holds the ancestors opened to show a match.
 */
export function filterFolderTree(
  nodes: FolderNode[],
  query: string,
): { nodes: FolderNode[]; forced: Set<number> } {
  const needle = normalise(query);
  const forced = new Set<number>();
  const walk = (list: FolderNode[]): FolderNode[] =>
    list.flatMap((node) => {
      if (normalise(node.display_name).includes(needle) || normalise(node.name).includes(needle))
        return [node];
      const children = walk(node.children);
      if (children.length === 0) return [];
      forced.add(node.id);
      return [{ ...node, children }];
    });
  return { nodes: walk(nodes), forced };
}

function folderRows(
  accountId: number,
  nodes: FolderNode[],
  expanded: ReadonlySet<number>,
  forced: ReadonlySet<number>,
  depth: number,
  out: DrawerRow[],
) {
  for (const folder of nodes) {
    const hasChildren = folder.children.length > 0;
    const isForced = forced.has(folder.id);
    const open = hasChildren && (isForced || expanded.has(folder.id));
    out.push({
      kind: 'folder',
      key: `f${folder.id}`,
      accountId,
      folder,
      depth,
      hasChildren,
      expanded: open,
      forced: isForced,
    });
    if (open) folderRows(accountId, folder.children, expanded, forced, depth + 1, out);
  }
}

/**
 * The drawer's account section as one flat list of rows, so it can be virtualised: hundreds of
 * folders cost only the rows on screen.
 */
export function buildDrawerRows(
  models: AccountModel[],
  ui: DrawerUiState,
  uncategorizedName: string,
): DrawerRow[] {
  const rows: DrawerRow[] = [];
  const query = ui.query.trim();
  const needle = normalise(query);
  for (const model of models) {
    const { account } = model;
    const view = ui.views[account.id] ?? 'folders';
    let folders = model.folders;
    let forced: ReadonlySet<number> = new Set();
    let categories = categoryEntries(model, uncategorizedName);
    let expanded = !ui.collapsedAccounts.has(account.id);

    const accountMatches =
      !query ||
      normalise(account.email_address).includes(needle) ||
      normalise(account.display_name ?? '').includes(needle);
    if (!accountMatches) {
      if (view === 'folders') {
        const filtered = filterFolderTree(model.folders, query);
        if (filtered.nodes.length === 0) continue;
        folders = filtered.nodes;
        forced = filtered.forced;
      } else {
        categories = categories.filter((entry) => normalise(entry.name).includes(needle));
        if (categories.length === 0 || model.categories.length === 0) continue;
      }
      expanded = true;
    }

    rows.push({ kind: 'account', key: `a${account.id}`, model, expanded, view });
    if (!expanded) continue;
    const notice = (kind: NoticeKind) =>
      rows.push({ kind: 'notice', key: `n${account.id}-${kind}`, model, notice: kind });
    if (model.folderState === 'error') notice('folders-error');
    else if (model.folderState === 'loading') notice('loading');
    else if (view === 'folders') {
      if (folders.length === 0) notice('no-folders');
      else folderRows(account.id, folders, ui.expandedFolders, forced, 0, rows);
    } else if (model.categoryState === 'loading') notice('loading');
    // Spec §2: without categories of its own the account says so ('Ohne Kategorie' would
    // merely repeat the whole account).
    else if (model.categories.length === 0 || categories.length === 0) notice('no-categories');
    else
      for (const entry of categories)
        rows.push({ kind: 'category', key: entry.key, accountId: account.id, entry });
  }
  return rows;
}
