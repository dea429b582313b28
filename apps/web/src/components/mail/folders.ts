import type { Folder, FolderNode, FolderType } from '@brieftaube/shared';

/** Spec §2: folders are sorted by type in this order, then by name. */
export const FOLDER_TYPE_ORDER: readonly FolderType[] = [
  'inbox',
  'sent',
  'drafts',
  'archive',
  'spam',
  'trash',
  'custom',
  'other',
];

export interface FolderEntry {
  folder: Folder;
  depth: number;
}

const rank = (folder: Folder) => {
  const index = FOLDER_TYPE_ORDER.indexOf(folder.folder_type);
  return index < 0 ? FOLDER_TYPE_ORDER.length : index;
};

function compare(a: Folder, b: Folder): number {
  return rank(a) - rank(b) || a.display_name.localeCompare(b.display_name, 'de');
}

/** One account's folders as a depth-first tree walk, for pickers that indent by depth. */
export function folderTree(folders: readonly Folder[], accountId: number): FolderEntry[] {
  const own = folders.filter((f) => f.account === accountId);
  const ids = new Set(own.map((f) => f.id));
  const children = new Map<number | null, Folder[]>();
  for (const folder of own) {
    // A folder whose parent is unknown is shown at the top level rather than lost.
    const parent = folder.parent !== null && ids.has(folder.parent) ? folder.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), folder]);
  }
  const result: FolderEntry[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const folder of (children.get(parent) ?? []).sort(compare)) {
      result.push({ folder, depth });
      walk(folder.id, depth + 1);
    }
  };
  walk(null, 0);
  return result;
}

/** The account's folder of a special type (archive, trash …), if the server told us of one. */
export function folderOfType(
  folders: readonly Folder[] | undefined,
  accountId: number,
  type: FolderType,
): Folder | undefined {
  return folders?.find((f) => f.account === accountId && f.folder_type === type && f.selectable);
}

/**
 * A folder's own counts. The server adds a custom or other folder's subfolders' counts to it
 * (spec §3), which is right for the drawer but not for the list of that folder alone.
 */
export function ownCounts(folder: FolderNode): { total: number; unread: number } {
  if (folder.folder_type !== 'custom' && folder.folder_type !== 'other')
    return { total: folder.total_emails, unread: folder.unread_emails };
  return folder.children.reduce(
    (own, child) => ({
      total: own.total - child.total_emails,
      unread: own.unread - child.unread_emails,
    }),
    { total: folder.total_emails, unread: folder.unread_emails },
  );
}
