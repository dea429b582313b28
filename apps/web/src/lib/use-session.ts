import { useSyncExternalStore } from 'react';
import { session } from './api.ts';
import type { SessionState } from './session.ts';

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get);
}
