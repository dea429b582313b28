import type { AuthResponse } from '@brieftaube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, session } from '../../../lib/api.ts';
import { userQueryOptions } from './get-user.ts';

export interface RegisterInput {
  username: string;
  email: string;
  password1: string;
  password2: string;
}

// Spec §5: password and confirmation travel as two fields; the server compares them too.
export const register = (input: RegisterInput) =>
  api.post<AuthResponse>('/api/auth/registration/', input, { auth: false });

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess(data) {
      session.setTokens(data);
      session.setUser(data.user);
      queryClient.setQueryData(userQueryOptions().queryKey, data.user);
    },
    onError(error) {
      session.clear();
      console.warn('registration failed', error);
    },
  });
}
