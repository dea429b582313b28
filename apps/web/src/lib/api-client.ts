import type { ApiError } from '@brieftaube/shared';
import type { SessionStore } from './session.ts';

/** A failed API call: `status` 0 means the server could not be reached at all. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiError | undefined;
  readonly retryAfterSeconds: number | undefined;
  constructor(status: number, body: ApiError | undefined, retryAfterSeconds?: number) {
    super(body?.error.message ?? `HTTP ${status}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }
  get code(): string | undefined {
    return this.body?.error.code;
  }
  get fields(): Record<string, string[]> {
    return this.body?.error.fields ?? {};
  }
}

export interface RequestOptions {
  body?: unknown;
  /** false for login, registration and refresh: they carry no token (spec §7). */
  auth?: boolean;
  signal?: AbortSignal;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** A GET whose response headers matter too (paging cursors). */
  getWithHeaders<T>(path: string, options?: RequestOptions): Promise<{ data: T; headers: Headers }>;
  /** A file download with the Bearer header (attachments, raw messages). */
  blob(path: string, options?: RequestOptions): Promise<Blob>;
  /** Refreshes the access token, sharing one request among all concurrent callers. */
  refreshSession(): Promise<boolean>;
}

export interface ApiClientOptions {
  baseUrl: string;
  session: SessionStore;
  /** Called once the session is gone for good (refresh failed or impossible). */
  onSessionExpired?: () => void;
  fetch?: typeof fetch;
}

function isApiError(data: unknown): data is ApiError {
  const error = (data as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

const REFRESH_LOCK = 'brieftaube-token-refresh';

/**
 * The browser's time zone (an IANA name), for the dates the server writes into text (the quote
 * header of a reply, a forward's "Datum:"): in the zone the list shows dates in.
 */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const { session } = options;
  let refreshing: Promise<boolean> | null = null;

  async function send(method: string, path: string, opts: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    // Asked each time: a laptop carried into another zone keeps its open tab.
    const zone = browserTimeZone();
    if (zone) headers['x-time-zone'] = zone;
    const token = session.get().accessToken;
    if (opts.auth !== false && token) headers.authorization = `Bearer ${token}`;
    try {
      return await doFetch(options.baseUrl + path, {
        method,
        headers,
        body: opts.body === undefined ? null : JSON.stringify(opts.body),
        signal: opts.signal ?? null,
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiRequestError(0, undefined);
    }
  }

  async function parse<T>(response: Response): Promise<T> {
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    const data: unknown = text ? JSON.parse(text) : undefined;
    if (response.ok) return data as T;
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiRequestError(
      response.status,
      isApiError(data) ? data : undefined,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }

  async function performRefresh(): Promise<boolean> {
    const startedWith = session.get().refreshToken;
    const run = async (): Promise<boolean> => {
      const current = session.get().refreshToken;
      // Another tab refreshed while we waited for the lock: its tokens are already stored.
      if (current && current !== startedWith) return true;
      if (!current) return false;
      const response = await send('POST', '/api/auth/token/refresh/', {
        body: { refresh: current },
        auth: false,
      });
      if (!response.ok) return false;
      const tokens = (await response.json()) as { access: string; refresh?: string };
      session.setTokens(tokens);
      return true;
    };
    // Tabs share one refresh token; rotation means two tabs refreshing at once would look like
    // token theft. The Web Locks API serialises them across tabs where the browser has it.
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    try {
      return locks ? await locks.request(REFRESH_LOCK, run) : await run();
    } catch {
      return false;
    }
  }

  function refreshSession(): Promise<boolean> {
    refreshing ??= performRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Clears the session and tells the app, once, however many requests failed together. */
  function endSession() {
    const { accessToken, refreshToken } = session.get();
    if (!accessToken && !refreshToken) return;
    session.clear();
    options.onSessionExpired?.();
  }

  /** Sends once, and once more after a refresh when the token was refused (spec §7, §8). */
  async function exchange(method: string, path: string, opts: RequestOptions): Promise<Response> {
    const tokenUsed = session.get().accessToken;
    const response = await send(method, path, opts);
    if (response.status !== 401 || opts.auth === false) return response;
    // Another request may already have refreshed while this one was in flight.
    const refreshed = session.get().accessToken !== tokenUsed || (await refreshSession());
    if (!refreshed) {
      endSession();
      return response;
    }
    const retried = await send(method, path, opts);
    if (retried.status === 401) endSession();
    return retried;
  }

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    return parse<T>(await exchange(method, path, opts));
  }

  return {
    request,
    refreshSession,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    patch: (path, body, opts) => request('PATCH', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
    async getWithHeaders<T>(path: string, opts: RequestOptions = {}) {
      const response = await exchange('GET', path, opts);
      return { data: await parse<T>(response), headers: response.headers };
    },
    async blob(path, opts = {}) {
      const response = await exchange('GET', path, opts);
      if (!response.ok) return parse<never>(response);
      return response.blob();
    },
  };
}
