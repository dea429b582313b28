import type { AuthResponse } from '@brieftaube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, session } from '../../../lib/api.ts';
import { userQueryOptions } from './get-user.ts';

export interface LoginInput {
  username: string;
  password: string;
}

export const login = (input: LoginInput) =>
  api.post<AuthResponse>('/api/auth/login/', input, { auth: false });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess(data) {
      session.setTokens(data);
      session.setUser(data.user);
      queryClient.setQueryData(userQueryOptions().queryKey, data.user);
    },
    onError(error) {
      // Spec §4: on any failure the session is cleared.
      session.clear();
      console.warn('login failed', error);
    },
  });
}
