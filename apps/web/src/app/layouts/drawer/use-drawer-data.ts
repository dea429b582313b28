import type { Category, FolderNode } from '@brieftaube/shared';
import { useQueries, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { accountKeys, useAccounts } from '../../../api/accounts.ts';
import { categoriesQueryOptions, categoryKeys } from '../../../api/categories.ts';
import { folderKeys, folderTreeQueryOptions } from '../../../api/folders.ts';
import { buildAccountModel, type LoadState } from './drawer-model.ts';

interface Loaded<T> {
  data: T | undefined;
  state: LoadState;
}

const loadState = (result: UseQueryResult<unknown>): LoadState =>
  result.isError ? 'error' : result.data === undefined ? 'loading' : 'ready';

// Module-level, so TanStack Query can keep the combined result stable between renders.
const combineFolders = (results: UseQueryResult<FolderNode[]>[]): Loaded<FolderNode[]>[] =>
  results.map((result) => ({ data: result.data, state: loadState(result) }));
const combineCategories = (results: UseQueryResult<Category[]>[]): Loaded<Category[]>[] =>
  results.map((result) => ({ data: result.data, state: loadState(result) }));

/** Accounts with their folder trees and categories, one request each, as the drawer shows them. */
export function useDrawerData() {
  const queryClient = useQueryClient();
  const accounts = useAccounts();
  const list = accounts.data;
  const ids = useMemo(() => (list ?? []).map((account) => account.id), [list]);

  const trees = useQueries({
    queries: ids.map((id) => folderTreeQueryOptions(id)),
    combine: combineFolders,
  });
  const categories = useQueries({
    queries: ids.map((id) => categoriesQueryOptions([id])),
    combine: combineCategories,
  });

  const models = useMemo(
    () =>
      (list ?? []).map((account, index) =>
        buildAccountModel(
          account,
          trees[index] ?? { data: undefined, state: 'loading' },
          categories[index] ?? { data: undefined, state: 'loading' },
        ),
      ),
    [list, trees, categories],
  );

  const totals = useMemo(
    () =>
      models.reduce(
        (sum, model) => ({ total: sum.total + model.total, unread: sum.unread + model.unread }),
        { total: 0, unread: 0 },
      ),
    [models],
  );

  /** Spec §2: the refresh buttons reload accounts, folders and categories. */
  const refresh = useCallback(
    () =>
      Promise.all(
        [accountKeys.all, folderKeys.all, categoryKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    [queryClient],
  );

  /** The retry after a failed folder load of one account. */
  const retryAccount = useCallback(
    (accountId: number) =>
      Promise.all([
        queryClient.refetchQueries({ queryKey: folderKeys.tree(accountId) }),
        queryClient.refetchQueries({ queryKey: categoryKeys.list([accountId]) }),
        queryClient.invalidateQueries({ queryKey: accountKeys.list() }),
      ]),
    [queryClient],
  );

  return {
    accounts,
    models,
    totals: list ? totals : null,
    refresh,
    retryAccount,
  };
}
