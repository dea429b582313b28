import type { User } from '@brieftaube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getUser = (): Promise<User> => api.get<User>('/api/auth/user/');

// Spec §4: the onboarding status is fetched once per session, so this never goes stale.
export const userQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'user'],
    queryFn: getUser,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useUser = () => useQuery(userQueryOptions());
