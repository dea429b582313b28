import type { Folder, FolderNode } from '@brieftaube/shared';
import { displayNameFor, FOLDER_TYPE_ORDER } from '../../mail/imap/folder-types.ts';
import type { FolderRow } from './folders.repository.ts';

export function toFolderDto(row: FolderRow): Folder {
  return {
    id: row.id,
    account: row.accountId,
    parent: row.parentId,
    name: row.name,
    display_name: displayNameFor(row.folderType, row.name),
    path: row.path,
    folder_type: row.folderType,
    special_use: row.specialUse,
    selectable: row.selectable,
    sync_enabled: row.syncEnabled,
    total_emails: row.totalEmails,
    unread_emails: row.unreadEmails,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
  };
}

export function compareFolders(a: Folder, b: Folder): number {
  const byType =
    FOLDER_TYPE_ORDER.indexOf(a.folder_type) - FOLDER_TYPE_ORDER.indexOf(b.folder_type);
  return byType !== 0 ? byType : a.display_name.localeCompare(b.display_name, 'de');
}

/**
 * Nests folders by parent, sorted by spec §2's type order, then by name. A custom or other
 * folder's counts include its descendants' (spec §3).
 */
export function buildFolderTree(rows: FolderRow[]): FolderNode[] {
  return indexFolderTree(rows).roots;
}

/** The tree of `buildFolderTree` and each of its nodes by id, to hand out a folder with its subtree. */
export function indexFolderTree(rows: FolderRow[]): {
  roots: FolderNode[];
  nodes: Map<number, FolderNode>;
} {
  const nodes = new Map<number, FolderNode>(
    rows.map((row) => [row.id, { ...toFolderDto(row), children: [] }]),
  );
  const roots: FolderNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent === null ? undefined : nodes.get(node.parent);
    (parent ? parent.children : roots).push(node);
  }
  const finish = (list: FolderNode[]): { total: number; unread: number } => {
    list.sort(compareFolders);
    let total = 0;
    let unread = 0;
    for (const node of list) {
      const below = finish(node.children);
      if (node.folder_type === 'custom' || node.folder_type === 'other') {
        node.total_emails += below.total;
        node.unread_emails += below.unread;
      }
      total += node.total_emails;
      unread += node.unread_emails;
    }
    return { total, unread };
  };
  finish(roots);
  return { roots, nodes };
}
