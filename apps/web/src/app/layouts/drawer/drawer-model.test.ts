import type { Account, Category, FolderNode, FolderType } from '@brieftaube/shared';
import { describe, expect, it } from 'vitest';
import {
  buildAccountModel,
  buildDrawerRows,
  categoryEntries,
  filterFolderTree,
  sortFolderTree,
  type DrawerUiState,
} from './drawer-model.ts';

let nextId = 1;
function folder(
  display_name: string,
  folder_type: FolderType = 'custom',
  children: FolderNode[] = [],
  counts: [number, number] = [0, 0],
): FolderNode {
  const id = nextId++;
  return {
    id,
    account: 1,
    parent: null,
    name: display_name,
    display_name,
    path: display_name,
    folder_type,
    special_use: null,
    selectable: true,
    sync_enabled: true,
    unread_emails: counts[0],
    total_emails: counts[1],
    last_synced_at: null,
    children,
  };
}

const account = (id: number, email: string, total = 100, unread = 10): Account => ({
  id,
  email_address: email,
  display_name: null,
  provider: 'imap',
  imap_server: 'imap.example.de',
  imap_port: 993,
  imap_security: 'ssl',
  smtp_server: 'smtp.example.de',
  smtp_port: 587,
  smtp_security: 'starttls',
  username: null,
  has_password: true,
  access_token: null,
  refresh_token: null,
  token_expiry: null,
  needs_reauth: false,
  total_emails: total,
  unread_emails: unread,
  last_sync_at: null,
  last_sync_error: null,
  folder_settings: {},
  created_at: '2026-01-01T00:00:00Z',
});

const category = (id: number, name: string, accountId: number, total: number, unread: number) =>
  ({
    id,
    name,
    description: '',
    color: 'blue',
    account: accountId,
    email_count: total,
    unread_email_count: unread,
    created_at: '2026-01-01T00:00:00Z',
  }) satisfies Category;

const ui = (over: Partial<DrawerUiState> = {}): DrawerUiState => ({
  collapsedAccounts: new Set(),
  views: {},
  expandedFolders: new Set(),
  query: '',
  ...over,
});

describe('sortFolderTree', () => {
  it('orders by type (inbox, sent, drafts, archive, spam, trash, custom, other), then by name', () => {
    const tree = sortFolderTree([
      folder('Zeug', 'other'),
      folder('Papierkorb', 'trash'),
      folder('Österreich'),
      folder('Angebote'),
      folder('Gesendet', 'sent'),
      folder('Spam', 'spam'),
      folder('Posteingang', 'inbox'),
      folder('Archiv', 'archive'),
      folder('Entwürfe', 'drafts'),
    ]);
    expect(tree.map((f) => f.display_name)).toEqual([
      'Posteingang',
      'Gesendet',
      'Entwürfe',
      'Archiv',
      'Spam',
      'Papierkorb',
      'Angebote',
      'Österreich',
      'Zeug',
    ]);
  });
  it('sorts every level', () => {
    const [root] = sortFolderTree([folder('Projekte', 'custom', [folder('B'), folder('a')])]);
    expect(root!.children.map((f) => f.display_name)).toEqual(['a', 'B']);
  });
});

describe('buildAccountModel', () => {
  it('counts nested folders and takes the account totals', () => {
    const model = buildAccountModel(
      account(1, 'a@example.de', 50, 5),
      {
        data: [folder('Posteingang', 'inbox'), folder('P', 'custom', [folder('K')])],
        state: 'ready',
      },
      { data: [category(1, 'Rechnungen', 1, 3, 1), category(2, 'Fremd', 2, 9, 9)], state: 'ready' },
    );
    expect(model.folderCount).toBe(3);
    expect(model.total).toBe(50);
    expect(model.unread).toBe(5);
    expect(model.categories.map((c) => c.name)).toEqual(['Rechnungen']);
  });
  it('yields no folders, no categories and zero counts after a failed folder load (spec §8)', () => {
    const model = buildAccountModel(
      account(1, 'a@example.de', 50, 5),
      { state: 'error' },
      { data: [category(1, 'Rechnungen', 1, 3, 1)], state: 'ready' },
    );
    expect(model).toMatchObject({
      folders: [],
      categories: [],
      folderCount: 0,
      total: 0,
      unread: 0,
      folderState: 'error',
    });
  });
});

describe('categoryEntries', () => {
  it('adds "Ohne Kategorie" with the remainder of the account totals', () => {
    const model = buildAccountModel(
      account(4, 'a@example.de', 100, 10),
      { data: [], state: 'ready' },
      { data: [category(1, 'A', 4, 60, 4), category(2, 'B', 4, 30, 8)], state: 'ready' },
    );
    const entries = categoryEntries(model, 'Ohne Kategorie');
    expect(entries.at(-1)).toMatchObject({
      kind: 'uncategorized',
      name: 'Ohne Kategorie',
      color: 'grey',
      total: 10,
      unread: 0,
      to: '/app?accounts=4&has_category=false',
    });
  });
  it('leaves "Ohne Kategorie" out when nothing is uncategorised', () => {
    const model = buildAccountModel(
      account(4, 'a@example.de', 90, 10),
      { data: [], state: 'ready' },
      { data: [category(1, 'A', 4, 90, 10)], state: 'ready' },
    );
    expect(categoryEntries(model, 'Ohne Kategorie').map((e) => e.kind)).toEqual(['category']);
  });
});

describe('filterFolderTree', () => {
  it('keeps matches with their ancestors and opens the ancestors', () => {
    const kunde = folder('Kunde Müller');
    const projekte = folder('Projekte', 'custom', [kunde, folder('Intern')]);
    const result = filterFolderTree([folder('Posteingang', 'inbox'), projekte], 'MÜLLER');
    expect(result.nodes.map((f) => f.display_name)).toEqual(['Projekte']);
    expect(result.nodes[0]!.children.map((f) => f.display_name)).toEqual(['Kunde Müller']);
    expect([...result.forced]).toEqual([projekte.id]);
  });
  it('keeps the subfolders of a matching folder', () => {
    const result = filterFolderTree([folder('Projekte', 'custom', [folder('A')])], 'proj');
    expect(result.nodes[0]!.children).toHaveLength(1);
    expect(result.forced.size).toBe(0);
  });
});

describe('buildDrawerRows', () => {
  const models = () => [
    buildAccountModel(
      account(1, 'privat@example.de'),
      {
        data: [folder('Posteingang', 'inbox'), folder('Projekte', 'custom', [folder('Kunde')])],
        state: 'ready',
      },
      { data: [category(7, 'Reisen', 1, 20, 1)], state: 'ready' },
    ),
    buildAccountModel(
      account(2, 'arbeit@example.de'),
      { data: [], state: 'ready' },
      { data: [], state: 'ready' },
    ),
  ];
  const keys = (rows: ReturnType<typeof buildDrawerRows>) => rows.map((r) => r.key);

  it('lists accounts with their top-level folders; subfolders only when opened', () => {
    const m = models();
    const projekte = m[0]!.folders[1]!;
    expect(keys(buildDrawerRows(m, ui(), 'Ohne Kategorie'))).toEqual([
      'a1',
      `f${m[0]!.folders[0]!.id}`,
      `f${projekte.id}`,
      'a2',
      'n2-no-folders',
    ]);
    const opened = buildDrawerRows(m, ui({ expandedFolders: new Set([projekte.id]) }), 'x');
    expect(keys(opened)).toContain(`f${projekte.children[0]!.id}`);
  });
  it('hides the content of a collapsed account', () => {
    expect(
      keys(buildDrawerRows(models(), ui({ collapsedAccounts: new Set([1, 2]) }), 'x')),
    ).toEqual(['a1', 'a2']);
  });
  it('shows categories in category view, and the empty notice without any', () => {
    const rows = buildDrawerRows(
      models(),
      ui({ views: { 1: 'categories', 2: 'categories' } }),
      'Ohne Kategorie',
    );
    expect(keys(rows)).toEqual(['a1', 'c7', 'u1', 'a2', 'n2-no-categories']);
  });
  it('filters by account address or folder name, opening the way to a match', () => {
    const m = models();
    const projekte = m[0]!.folders[1]!;
    const byFolder = buildDrawerRows(m, ui({ query: 'kun', collapsedAccounts: new Set([1]) }), 'x');
    expect(keys(byFolder)).toEqual(['a1', `f${projekte.id}`, `f${projekte.children[0]!.id}`]);
    expect(byFolder[1]).toMatchObject({ expanded: true, forced: true });
    expect(keys(buildDrawerRows(m, ui({ query: 'ARBEIT' }), 'x'))).toEqual(['a2', 'n2-no-folders']);
    expect(buildDrawerRows(m, ui({ query: 'nichts' }), 'x')).toEqual([]);
  });
  it('shows the error notice for an account whose folders failed to load', () => {
    const failed = buildAccountModel(
      account(3, 'x@example.de'),
      { state: 'error' },
      { state: 'ready' },
    );
    expect(keys(buildDrawerRows([failed], ui(), 'x'))).toEqual(['a3', 'n3-folders-error']);
  });
});
