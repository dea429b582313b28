import type {
  BulkAction,
  EmailDetail,
  EmailListItem,
  EmailPatch,
  EmailSelection,
} from '@brieftaube/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { queryString } from './query-string.ts';

/** Spec §2 EmailList filters, plus full-text search. Values as they appear in the URL. */
export interface EmailFilters {
  accounts?: string;
  folder_id?: string;
  folder_name?: string;
  category?: string;
  has_category?: string;
  read?: string;
  folder_type?: string;
  flagged?: string;
  q?: string;
}

export interface EmailPage {
  items: EmailListItem[];
  nextCursor: string | null;
}

export const emailKeys = {
  all: ['emails'] as const,
  lists: () => ['emails', 'list'] as const,
  list: (filters: EmailFilters) => ['emails', 'list', filters] as const,
  detail: (id: number, remote: boolean) => ['emails', 'detail', id, remote] as const,
  details: (id: number) => ['emails', 'detail', id] as const,
};

export async function listEmails(
  filters: EmailFilters,
  cursor?: string | null,
  limit = 100,
): Promise<EmailPage> {
  const { data, headers } = await api.getWithHeaders<EmailListItem[]>(
    `/api/emails/${queryString({ ...filters, cursor, limit })}`,
  );
  return { items: data, nextCursor: headers.get('x-next-cursor') };
}
export const getEmail = (id: number, remote = false) =>
  api.get<EmailDetail>(`/api/emails/${id}/${remote ? '?remote=allow' : ''}`);
export const patchEmail = ({ id, ...patch }: EmailPatch & { id: number }) =>
  api.patch<EmailListItem>(`/api/emails/${id}/`, patch);
export const deleteEmail = (id: number) => api.delete<void>(`/api/emails/${id}/`);
export const bulkEmails = (action: BulkAction) =>
  api.post<{ updated: number }>('/api/emails/bulk/', action);

/** The server takes at most 1000 ids per bulk call. */
export const BULK_CHUNK = 1000;

/** A bulk action over any number of messages, a server call per thousand. */
export async function bulkInChunks(ids: number[], action: Omit<BulkAction, 'ids'>): Promise<void> {
  for (let i = 0; i < ids.length; i += BULK_CHUNK)
    await bulkEmails({ ...action, ids: ids.slice(i, i + BULK_CHUNK) });
}

/** What a bulk action needs to know about a message; list rows and details both have it. */
export type EmailRef = Pick<
  EmailListItem,
  'id' | 'account' | 'folder' | 'folder_type' | 'is_read' | 'is_flagged' | 'category'
>;

/** Every message of a list (up to the server's cap), for "select all" beyond the loaded pages. */
export async function selectWholeList(
  filters: EmailFilters,
): Promise<{ items: EmailRef[]; truncated: boolean }> {
  const { truncated, folders, rows } = await api.get<EmailSelection>(
    `/api/emails/selection/${queryString({ ...filters })}`,
  );
  const folderById = new Map(folders.map((f) => [f.id, f]));
  const items = rows.map(([id, folder, flags, category]): EmailRef => {
    const f = folderById.get(folder);
    return {
      id,
      folder,
      account: f?.account ?? 0,
      folder_type: f?.folder_type ?? 'other',
      is_read: (flags & 1) !== 0,
      is_flagged: (flags & 2) !== 0,
      category,
    };
  });
  return { items, truncated };
}

/** Attachments and raw messages need the Bearer header, so they are fetched, not linked. */
export const downloadAttachment = (url: string) => api.blob(url);
export const downloadRawEmail = (id: number) => api.blob(`/api/emails/${id}/raw/`);

export const emailListQueryOptions = (filters: EmailFilters) =>
  infiniteQueryOptions({
    queryKey: emailKeys.list(filters),
    queryFn: ({ pageParam }) => listEmails(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const emailQueryOptions = (id: number, remote = false) =>
  queryOptions({ queryKey: emailKeys.detail(id, remote), queryFn: () => getEmail(id, remote) });

/** While a new filter or search loads, the previous list stays on screen (no flash of skeletons). */
export const useEmailList = (filters: EmailFilters) =>
  useInfiniteQuery({ ...emailListQueryOptions(filters), placeholderData: keepPreviousData });
export const useEmail = (id: number, remote = false, enabled = true) =>
  useQuery({
    ...emailQueryOptions(id, remote),
    enabled,
    // Switching to ?remote=allow keeps the blocked version visible until the new one is there.
    placeholderData: (previous) => (previous?.id === id ? previous : undefined),
    // The body arrives after the headers on a first sync: ask again until it is there.
    refetchInterval: (query) => (query.state.data?.body_status === 'pending' ? 2000 : false),
  });

/**
 * Writes a change into every cached list page and detail, so the screen answers at once; the
 * server's answer (or a refetch) settles the truth afterwards.
 */
export function patchCachedEmails(
  queryClient: QueryClient,
  ids: ReadonlySet<number>,
  patch: Partial<EmailListItem>,
): void {
  queryClient.setQueriesData<InfiniteData<EmailPage>>({ queryKey: emailKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) =>
            page.items.some((item) => ids.has(item.id))
              ? {
                  ...page,
                  items: page.items.map((item) =>
                    ids.has(item.id) ? { ...item, ...patch } : item,
                  ),
                }
              : page,
          ),
        }
      : data,
  );
  queryClient.setQueriesData<EmailDetail>({ queryKey: ['emails', 'detail'] }, (detail) =>
    detail && ids.has(detail.id) ? { ...detail, ...patch } : detail,
  );
}

/** Takes messages out of cached lists (deleted or moved away); `only` narrows which lists. */
export function removeCachedEmails(
  queryClient: QueryClient,
  ids: ReadonlySet<number>,
  only: (filters: EmailFilters) => boolean = () => true,
): void {
  for (const [key, data] of queryClient.getQueriesData<InfiniteData<EmailPage>>({
    queryKey: emailKeys.lists(),
  })) {
    const filters = key[2] as EmailFilters | undefined;
    if (!data || !filters || !only(filters)) continue;
    queryClient.setQueryData<InfiniteData<EmailPage>>(key, {
      ...data,
      pages: data.pages.map((page) =>
        page.items.some((item) => ids.has(item.id))
          ? { ...page, items: page.items.filter((item) => !ids.has(item.id)) }
          : page,
      ),
    });
  }
}

/**
 * Lists, counts and folders change with every change to a message. `lists: 'stale'` only marks
 * the lists stale (they refetch when next shown): a star or read mark is already in the cache,
 * and refetching every loaded page of a long list for it would be wasteful.
 */
export function invalidateMail(
  queryClient: QueryClient,
  { lists = 'refetch' }: { lists?: 'refetch' | 'stale' } = {},
) {
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: emailKeys.all,
      refetchType: lists === 'refetch' ? 'active' : 'none',
    }),
    queryClient.invalidateQueries({ queryKey: ['accounts'] }),
    queryClient.invalidateQueries({ queryKey: ['folders'] }),
    queryClient.invalidateQueries({ queryKey: ['categories'] }),
  ]);
}
export function useInvalidateMail() {
  const queryClient = useQueryClient();
  return () => invalidateMail(queryClient);
}
export const usePatchEmail = () =>
  useMutation({ mutationFn: patchEmail, onSuccess: useInvalidateMail() });
export const useDeleteEmail = () =>
  useMutation({ mutationFn: deleteEmail, onSuccess: useInvalidateMail() });
export const useBulkEmails = () =>
  useMutation({ mutationFn: bulkEmails, onSuccess: useInvalidateMail() });

/** A message as some cached list already knows it (to know its sender before the detail loads). */
export function findCachedEmail(queryClient: QueryClient, id: number): EmailListItem | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<EmailPage>>({
    queryKey: emailKeys.lists(),
  }))
    for (const page of data?.pages ?? []) {
      const item = page.items.find((i) => i.id === id);
      if (item) return item;
    }
  return undefined;
}
