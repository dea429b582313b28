import type { AuthResponse } from '@brieftaube/shared';
import { api } from '../../../lib/api.ts';
import { useSessionMutation } from './use-session-mutation.ts';

export interface LoginInput {
  username: string;
  password: string;
}

export const login = (input: LoginInput) =>
  api.post<AuthResponse>('/api/auth/login/', input, { auth: false });

export const useLogin = () => useSessionMutation(login, 'login');
