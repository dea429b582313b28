import type { AuthResponse } from '@brieftaube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { expiredNotice, session } from '../../../lib/api.ts';
import { userQueryOptions } from './get-user.ts';

/**
 * Login and registration both end in a session (spec §4): tokens and user are stored, the user
 * query is primed; on any failure the session is cleared and the failure logged.
 */
export function useSessionMutation<Input>(
  mutationFn: (input: Input) => Promise<AuthResponse>,
  label: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess(data) {
      expiredNotice.set(false);
      session.setTokens(data);
      session.setUser(data.user);
      queryClient.setQueryData(userQueryOptions().queryKey, data.user);
    },
    onError(error) {
      session.clear();
      console.warn(`${label} failed`, error);
    },
  });
}
