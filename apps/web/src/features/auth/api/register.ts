import type { AuthResponse } from '@brieftaube/shared';
import { api } from '../../../lib/api.ts';
import { useSessionMutation } from './use-session-mutation.ts';

export interface RegisterInput {
  username: string;
  email: string;
  password1: string;
  password2: string;
}

// Spec §5: password and confirmation travel as two fields; the server compares them too.
export const register = (input: RegisterInput) =>
  api.post<AuthResponse>('/api/auth/registration/', input, { auth: false });

export const useRegister = () => useSessionMutation(register, 'registration');
