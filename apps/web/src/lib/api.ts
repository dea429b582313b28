import { createApiClient } from './api-client.ts';
import { createSessionStore } from './session.ts';

/** The browser's session and API client; everything else receives them from here. */
export const session = createSessionStore(window.localStorage);

const EXPIRED_KEY = 'brieftaube.sessionExpired';

/**
 * Why the login page shows: a session that ended by itself (not by "Abmelden") is told so
 * there, while the address stays plain /login (spec §8).
 */
export const expiredNotice = {
  shown(): boolean {
    try {
      return sessionStorage.getItem(EXPIRED_KEY) === '1';
    } catch {
      return false;
    }
  },
  set(on: boolean) {
    try {
      if (on) sessionStorage.setItem(EXPIRED_KEY, '1');
      else sessionStorage.removeItem(EXPIRED_KEY);
    } catch {
      // Without storage the login page just does not say why.
    }
  },
};

const expiredListeners = new Set<() => void>();
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

export const api = createApiClient({
  baseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '',
  session,
  onSessionExpired: () => {
    expiredNotice.set(true);
    expiredListeners.forEach((listener) => listener());
  },
});
