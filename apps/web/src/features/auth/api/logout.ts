import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api, expiredNotice, session } from '../../../lib/api.ts';
import { removeAllBackups } from '../../compose/lib/compose-backup.ts';

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const refresh = session.get().refreshToken;
    session.clear();
    expiredNotice.set(false);
    removeAllBackups();
    queryClient.clear();
    await navigate('/login', { replace: true });
    // Revocation is best effort: the local session is gone whether or not the server answers.
    if (refresh) {
      await api.post('/api/auth/logout/', { refresh }, { auth: false }).catch((error: unknown) => {
        console.warn('logout revocation failed', error);
      });
    }
  }, [navigate, queryClient]);
}
