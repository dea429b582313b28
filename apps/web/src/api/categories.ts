import type { Category, CategoryInput } from '@brieftaube/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { queryString } from './query-string.ts';

export const categoryKeys = {
  all: ['categories'] as const,
  list: (accountIds: number[] = []) => ['categories', 'list', accountIds] as const,
  detail: (id: number) => ['categories', 'detail', id] as const,
};

export const listCategories = (accountIds: number[] = []) =>
  api.get<Category[]>(`/api/categories/${queryString({ account: accountIds })}`);
export const getCategory = (id: number) => api.get<Category>(`/api/categories/${id}/`);
export const createCategory = (input: CategoryInput) =>
  api.post<Category>('/api/categories/', input);
export const updateCategory = ({ id, ...input }: CategoryInput & { id: number }) =>
  api.patch<Category>(`/api/categories/${id}/`, input);
export const deleteCategory = (id: number) => api.delete<void>(`/api/categories/${id}/`);

export const categoriesQueryOptions = (accountIds: number[] = []) =>
  queryOptions({
    queryKey: categoryKeys.list(accountIds),
    queryFn: () => listCategories(accountIds),
  });
export const categoryQueryOptions = (id: number) =>
  queryOptions({ queryKey: categoryKeys.detail(id), queryFn: () => getCategory(id) });

export const useCategories = (accountIds: number[] = []) =>
  useQuery(categoriesQueryOptions(accountIds));
export const useCategory = (id: number) => useQuery(categoryQueryOptions(id));

/** Spec §2: after a category change, accounts and folders are reloaded (and the lists with them). */
function useInvalidateCategories() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['accounts'] }),
      queryClient.invalidateQueries({ queryKey: ['folders'] }),
      queryClient.invalidateQueries({ queryKey: ['emails'] }),
    ]);
}
export const useCreateCategory = () =>
  useMutation({ mutationFn: createCategory, onSuccess: useInvalidateCategories() });
export const useUpdateCategory = () =>
  useMutation({ mutationFn: updateCategory, onSuccess: useInvalidateCategories() });
export const useDeleteCategory = () =>
  useMutation({ mutationFn: deleteCategory, onSuccess: useInvalidateCategories() });
