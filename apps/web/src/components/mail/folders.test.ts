import type { FolderNode } from '@brieftaube/shared';
import { describe, expect, it } from 'vitest';
import { ownCounts } from './folders.ts';

function folder(over: Partial<FolderNode>): FolderNode {
  return {
    id: 1,
    account: 1,
    parent: null,
    name: 'Projekte',
    display_name: 'Projekte',
    path: 'Projekte',
    folder_type: 'custom',
    special_use: null,
    selectable: true,
    sync_enabled: true,
    total_emails: 0,
    unread_emails: 0,
    last_synced_at: null,
    children: [],
    ...over,
  };
}

describe('ownCounts', () => {
  it("takes the subfolders' counts out of a custom folder's, which the server added in", () => {
    const child = folder({ id: 2, parent: 1, total_emails: 5, unread_emails: 2 });
    const second = folder({ id: 3, parent: 1, total_emails: 1, unread_emails: 1 });
    const parent = folder({ total_emails: 9, unread_emails: 4, children: [child, second] });
    expect(ownCounts(parent)).toEqual({ total: 3, unread: 1 });
  });

  it('leaves a special folder as it is: the server adds nothing to it', () => {
    const child = folder({ id: 2, parent: 1, total_emails: 5, unread_emails: 2 });
    const inbox = folder({
      folder_type: 'inbox',
      total_emails: 7,
      unread_emails: 3,
      children: [child],
    });
    expect(ownCounts(inbox)).toEqual({ total: 7, unread: 3 });
  });
});
