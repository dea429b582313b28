import type { User } from '@brieftaube/shared';

/** Spec §3: the auth session lives in local storage as accessToken, refreshToken and user. */
const KEYS = { access: 'accessToken', refresh: 'refreshToken', user: 'user' } as const;

export interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  user: User | null;
}

export interface SessionStore {
  get: () => SessionState;
  setTokens: (tokens: { access: string; refresh?: string | undefined }) => void;
  setUser: (user: User) => void;
  clear: () => void;
  /** True once the session was ended in this page (logout or failed refresh), until a new sign-in. */
  wasEnded: () => boolean;
  subscribe: (listener: () => void) => () => void;
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

/** A store over a Storage (localStorage in the browser, a Map-backed one in tests). */
export function createSessionStore(storage: Storage): SessionStore {
  const listeners = new Set<() => void>();
  let snapshot: SessionState | undefined;
  let ended = false;
  const read = (): SessionState => ({
    accessToken: storage.getItem(KEYS.access),
    refreshToken: storage.getItem(KEYS.refresh),
    user: parseUser(storage.getItem(KEYS.user)),
  });
  const changed = () => {
    snapshot = undefined;
    for (const listener of listeners) listener();
  };
  if (typeof window !== 'undefined') {
    // Another tab signed in, refreshed or signed out: follow it.
    window.addEventListener('storage', (event) => {
      if (event.key === null || Object.values(KEYS).includes(event.key as never)) changed();
    });
  }
  return {
    get: () => (snapshot ??= read()),
    setTokens({ access, refresh }) {
      ended = false;
      storage.setItem(KEYS.access, access);
      if (refresh) storage.setItem(KEYS.refresh, refresh);
      changed();
    },
    setUser(user) {
      storage.setItem(KEYS.user, JSON.stringify(user));
      changed();
    },
    clear() {
      ended = true;
      for (const key of Object.values(KEYS)) storage.removeItem(key);
      changed();
    },
    wasEnded: () => ended,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
