import { useCallback, useMemo, useState } from 'react';
import type { AccountView, DrawerUiState } from './drawer-model.ts';

const VIEWS_KEY = 'brieftaube.drawer.accountViews';
const COLLAPSED_KEY = 'brieftaube.drawer.collapsedAccounts';
const EXPANDED_FOLDERS_KEY = 'brieftaube.drawer.expandedFolders';

function read<T>(key: string, valid: (value: unknown) => value is T, fallback: T): T {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
    return valid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}
function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full storage: the choice lasts for this visit only.
  }
}

const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((v) => Number.isInteger(v));
const isViewMap = (value: unknown): value is Record<string, AccountView> =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => v === 'folders' || v === 'categories');

function usePersistentIdSet(key: string) {
  const [ids, setIds] = useState(() => new Set(read(key, isIdList, [])));
  const toggle = useCallback(
    (id: number, on?: boolean) =>
      setIds((current) => {
        const next = new Set(current);
        if (on ?? !next.has(id)) next.add(id);
        else next.delete(id);
        write(key, [...next]);
        return next;
      }),
    [key],
  );
  return [ids, toggle] as const;
}

/**
 * The drawer's own choices: folder or category view per account (spec §2: remembered per account),
 * which accounts are closed and which folders open — all kept across visits — and the search text.
 */
export function useDrawerUiState() {
  const [views, setViews] = useState(() => read(VIEWS_KEY, isViewMap, {}));
  const [collapsedAccounts, toggleAccount] = usePersistentIdSet(COLLAPSED_KEY);
  const [expandedFolders, toggleFolder] = usePersistentIdSet(EXPANDED_FOLDERS_KEY);
  const [query, setQuery] = useState('');

  const setView = useCallback((accountId: number, view: AccountView) => {
    setViews((current) => {
      const next = { ...current, [accountId]: view };
      write(VIEWS_KEY, next);
      return next;
    });
  }, []);

  const state: DrawerUiState = useMemo(
    () => ({ views, collapsedAccounts, expandedFolders, query }),
    [views, collapsedAccounts, expandedFolders, query],
  );
  return { state, setView, toggleAccount, toggleFolder, setQuery };
}
