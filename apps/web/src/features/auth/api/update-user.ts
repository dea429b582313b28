import type { User, UserPatch } from '@brieftaube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, session } from '../../../lib/api.ts';
import { userQueryOptions } from './get-user.ts';

export const updateUser = (patch: UserPatch) => api.patch<User>('/api/auth/user/', patch);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess(user) {
      session.setUser(user);
      queryClient.setQueryData(userQueryOptions().queryKey, user);
    },
  });
}
