import type { Account, AccountInput, ConnectionTestResult } from '@brieftaube/shared';
import type { z } from 'zod';
import type { providerPresetSchema } from '@brieftaube/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api.ts';

export type ProviderPreset = z.infer<typeof providerPresetSchema>;

export interface AccountStatistics {
  [key: string]: unknown;
  total_emails: number;
  unread_emails: number;
  uncategorized_emails: number;
}

export const accountKeys = {
  all: ['accounts'] as const,
  list: () => ['accounts', 'list'] as const,
  detail: (id: number) => ['accounts', 'detail', id] as const,
  statistics: (id: number) => ['accounts', 'statistics', id] as const,
  presets: () => ['accounts', 'presets'] as const,
};

export const listAccounts = () => api.get<Account[]>('/api/accounts/');
export const getAccount = (id: number) => api.get<Account>(`/api/accounts/${id}/`);
export const createAccount = (input: AccountInput) => api.post<Account>('/api/accounts/', input);
export const updateAccount = ({ id, ...input }: AccountInput & { id: number }) =>
  api.patch<Account>(`/api/accounts/${id}/`, input);
export const deleteAccount = (id: number) => api.delete<void>(`/api/accounts/${id}/`);
export const testAccountConnection = (id: number) =>
  api.post<ConnectionTestResult>(`/api/accounts/${id}/test_connection/`);
/** Spec §7: tests settings that are not saved yet. */
export const testConnectionSettings = (input: AccountInput & { account_id?: number }) =>
  api.post<ConnectionTestResult>('/api/actions/test-connection/', input);
export const getAccountStatistics = (id: number) =>
  api.get<AccountStatistics>(`/api/accounts/${id}/statistics/`);
export const listPresets = () => api.get<ProviderPreset[]>('/api/accounts/presets/');

export const accountsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.list(), queryFn: listAccounts });
export const accountQueryOptions = (id: number) =>
  queryOptions({ queryKey: accountKeys.detail(id), queryFn: () => getAccount(id) });
export const accountStatisticsQueryOptions = (id: number) =>
  queryOptions({ queryKey: accountKeys.statistics(id), queryFn: () => getAccountStatistics(id) });
export const presetsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.presets(), queryFn: listPresets, staleTime: Infinity });

export const useAccounts = () => useQuery(accountsQueryOptions());
export const useAccount = (id: number) => useQuery(accountQueryOptions(id));
export const usePresets = () => useQuery(presetsQueryOptions());

/** Accounts, folders, counts and categories all follow from an account change. */
function useInvalidateMailboxes() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['folders'] }),
      queryClient.invalidateQueries({ queryKey: ['categories'] }),
      queryClient.invalidateQueries({ queryKey: ['emails'] }),
    ]);
}

export function useCreateAccount() {
  const invalidate = useInvalidateMailboxes();
  return useMutation({ mutationFn: createAccount, onSuccess: invalidate });
}
export function useUpdateAccount() {
  const invalidate = useInvalidateMailboxes();
  return useMutation({ mutationFn: updateAccount, onSuccess: invalidate });
}
export function useDeleteAccount() {
  const invalidate = useInvalidateMailboxes();
  return useMutation({ mutationFn: deleteAccount, onSuccess: invalidate });
}
export const useTestAccountConnection = () => useMutation({ mutationFn: testAccountConnection });
export const useTestConnectionSettings = () => useMutation({ mutationFn: testConnectionSettings });
