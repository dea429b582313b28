import type { Folder, FolderNode } from '@brieftaube/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { queryString } from './query-string.ts';

export const folderKeys = {
  all: ['folders'] as const,
  tree: (accountId: number) => ['folders', 'tree', accountId] as const,
  list: (params: Record<string, string | number | boolean | null | undefined>) =>
    ['folders', 'list', params] as const,
};

export const getFolderTree = (accountId: number) =>
  api.get<FolderNode[]>(`/api/folders/tree/${queryString({ account_id: accountId })}`);
export const listFolders = (
  params: Record<string, string | number | boolean | null | undefined> = {},
) => api.get<FolderNode[]>(`/api/folders/${queryString(params)}`);
export const createFolder = (input: { account: number; name: string; parent?: number | null }) =>
  api.post<Folder>('/api/folders/', input);
export const renameFolder = ({ id, name }: { id: number; name: string }) =>
  api.patch<Folder>(`/api/folders/${id}/`, { name });
export const deleteFolder = (id: number) => api.delete<void>(`/api/folders/${id}/`);
export const syncAccountFolders = (accountId: number) =>
  api.post<{ created: number; updated: number; deleted: number; folders: Folder[] }>(
    '/api/folders/sync_account_folders/',
    { account_id: accountId },
  );
export const moveEmails = ({
  sourceFolderId,
  targetFolderId,
  emailIds,
}: {
  sourceFolderId: number;
  targetFolderId: number;
  emailIds: number[];
}) =>
  api.post<{ moved: number }>(`/api/folders/${sourceFolderId}/move_emails/`, {
    target_folder_id: targetFolderId,
    email_ids: emailIds,
  });

export const folderTreeQueryOptions = (accountId: number) =>
  queryOptions({ queryKey: folderKeys.tree(accountId), queryFn: () => getFolderTree(accountId) });
export const foldersQueryOptions = (
  params: Record<string, string | number | boolean | null | undefined> = {},
) => queryOptions({ queryKey: folderKeys.list(params), queryFn: () => listFolders(params) });

export const useFolderTree = (accountId: number) => useQuery(folderTreeQueryOptions(accountId));
export const useFolders = (
  params: Record<string, string | number | boolean | null | undefined> = {},
) => useQuery(foldersQueryOptions(params));

function useInvalidateFolders() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: folderKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['accounts'] }),
      queryClient.invalidateQueries({ queryKey: ['emails'] }),
    ]);
}
export const useCreateFolder = () =>
  useMutation({ mutationFn: createFolder, onSuccess: useInvalidateFolders() });
export const useRenameFolder = () =>
  useMutation({ mutationFn: renameFolder, onSuccess: useInvalidateFolders() });
export const useDeleteFolder = () =>
  useMutation({ mutationFn: deleteFolder, onSuccess: useInvalidateFolders() });
export const useSyncAccountFolders = () =>
  useMutation({ mutationFn: syncAccountFolders, onSuccess: useInvalidateFolders() });
export const useMoveEmails = () =>
  useMutation({ mutationFn: moveEmails, onSuccess: useInvalidateFolders() });
