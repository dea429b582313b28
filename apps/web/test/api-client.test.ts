import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';
import { createApiClient } from '../src/lib/api-client.ts';
import { errorMessage } from '../src/lib/error-messages.ts';
import { createSessionStore } from '../src/lib/session.ts';

/** localStorage stand-in: the session store only needs the Storage interface. */
class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

describe('web API client against the real server', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => t?.close());

  async function signedInClient(name: string) {
    const session = createSessionStore(new MemoryStorage());
    const calls: string[] = [];
    let expired = 0;
    const client = createApiClient({
      baseUrl,
      session,
      onSessionExpired: () => (expired += 1),
      fetch: (input, init) => {
        calls.push(
          `${init?.method ?? 'GET'} ${(input instanceof Request ? input.url : input.toString()).replace(baseUrl, '')}`,
        );
        return fetch(input, init);
      },
    });
    const auth = await client.post<{ access: string; refresh: string; user: { username: string } }>(
      '/api/auth/registration/',
      {
        username: name,
        email: `${name}@beispiel.de`,
        password1: 'Sonnenblume!42',
        password2: 'Sonnenblume!42',
      },
      { auth: false },
    );
    session.setTokens(auth);
    session.setUser(auth.user as never);
    return { session, client, calls, expiredCount: () => expired };
  }

  it("says in German what is wrong with a search's date", async () => {
    const { client } = await signedInClient('suche');
    const error = await client
      .get(`/api/emails/?q=${encodeURIComponent('Rechnung vor:31.02.2026')}`)
      .catch((e: unknown) => e);
    expect(errorMessage(error)).toBe(
      'Das Datum in der Suche ist ungültig. Bitte geben Sie es als TT.MM.JJJJ oder JJJJ-MM-TT an, zum Beispiel vor:1.10.2026 oder nach:2026-10-01.',
    );
  });

  it('sends the Bearer token', async () => {
    const { client } = await signedInClient('klaus');
    expect(await client.get('/api/auth/user/')).toMatchObject({ username: 'klaus' });
  });

  it('two concurrent 401s share one refresh, then both requests succeed', async () => {
    const { session, client, calls } = await signedInClient('petra');
    const oldRefresh = session.get().refreshToken;
    session.setTokens({ access: 'expired.or.garbage' });
    calls.length = 0;

    const [a, b] = await Promise.all([
      client.get('/api/auth/user/'),
      client.get('/api/auth/user/'),
    ]);
    expect(a).toMatchObject({ username: 'petra' });
    expect(b).toMatchObject({ username: 'petra' });
    expect(calls.filter((c) => c === 'POST /api/auth/token/refresh/')).toHaveLength(1);
    expect(calls.filter((c) => c === 'GET /api/auth/user/')).toHaveLength(4);
    // The rotated refresh token was stored; the old one is spent.
    expect(session.get().refreshToken).not.toBe(oldRefresh);
  });

  it('logs out when the refresh fails, exactly once for concurrent requests', async () => {
    const { session, client, calls, expiredCount } = await signedInClient('ingrid');
    session.setTokens({ access: 'expired.or.garbage', refresh: 'revoked-or-unknown' });
    calls.length = 0;
    const results = await Promise.allSettled([
      client.get('/api/auth/user/'),
      client.get('/api/auth/user/'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls.filter((c) => c === 'POST /api/auth/token/refresh/')).toHaveLength(1);
    expect(session.get()).toEqual({ accessToken: null, refreshToken: null, user: null });
    expect(expiredCount()).toBe(1);
  });

  it('reports an unreachable server as status 0', async () => {
    const session = createSessionStore(new MemoryStorage());
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', session });
    await expect(client.get('/api/auth/user/')).rejects.toMatchObject({ status: 0 });
  });

  it('carries field codes and Retry-After of failed calls', async () => {
    const session = createSessionStore(new MemoryStorage());
    const client = createApiClient({ baseUrl, session });
    await expect(
      client.post('/api/auth/registration/', { username: '', email: 'x' }, { auth: false }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { username: ['REQUIRED'], email: ['EMAIL_INVALID'] },
    });
  });
});
