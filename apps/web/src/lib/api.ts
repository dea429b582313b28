import { createApiClient } from './api-client.ts';
import { createSessionStore } from './session.ts';

/** The browser's session and API client; everything else receives them from here. */
export const session = createSessionStore(window.localStorage);

const expiredListeners = new Set<() => void>();
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

export const api = createApiClient({
  baseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '',
  session,
  onSessionExpired: () => expiredListeners.forEach((listener) => listener()),
});
