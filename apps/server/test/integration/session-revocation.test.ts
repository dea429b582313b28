import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@brieftaube/server/app';
import { openDatabase, type DatabaseHandle } from '@brieftaube/server/db/client.ts';
import { createServices } from '@brieftaube/server/services.ts';
import { openEventStream } from '@brieftaube/test-support/event-stream.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';
import { createAccessTokenSigner } from '../../src/modules/auth/tokens.ts';
import { deriveKey } from '../../src/lib/secrets.ts';
import { TEST_APP_SECRET } from '@brieftaube/test-support/test-app.ts';

const password = 'Sonnenblume!42';

describe.each(DATABASE_KINDS)('access tokens of an ended session on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  // On PostgreSQL a second API process on the same database, as a provider runs them.
  let other: { app: FastifyInstance; database: DatabaseHandle } | undefined;
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    if (kind === 'postgres') {
      const database = await openDatabase(t.config);
      const app = await buildApp({
        config: t.config,
        database,
        services: createServices(t.config, database),
      });
      await app.ready();
      other = { app, database };
    }
  });
  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
    await t?.close();
  });

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload }).then((res) => ({
      status: res.statusCode,
      body: res.json<{ access: string; refresh: string }>(),
    }));
  const me = (access: string, app: FastifyInstance = t.app) =>
    app
      .inject({
        method: 'GET',
        url: '/api/auth/user/',
        headers: { authorization: `Bearer ${access}` },
      })
      .then((res) => res.statusCode);
  async function register() {
    counter += 1;
    const username = `abmelder${counter}`;
    const { body } = await post('/api/auth/registration/', {
      username,
      email: `${username}@beispiel.de`,
      password1: password,
      password2: password,
    });
    return { username, ...body };
  }
  /** Asks until the answer is 401; the bound only ends a test that would otherwise hang. */
  async function until401(access: string, app: FastifyInstance): Promise<number> {
    for (let i = 0; i < 300; i++) {
      const status = await me(access, app);
      if (status !== 200) return status;
      await new Promise((r) => setTimeout(r, 100));
    }
    return 200;
  }

  it('refuses the access token at once after logout; the other devices stay signed in', async () => {
    const user = await register();
    const laptop = await post('/api/auth/login/', { username: user.username, password });
    expect(await me(user.access)).toBe(200);
    // A token refreshed in the same session is the same session.
    const refreshed = await post('/api/auth/token/refresh/', { refresh: user.refresh });
    expect(refreshed.status).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      payload: { refresh: refreshed.body.refresh },
    });
    expect(out.statusCode).toBe(204);
    expect(await me(user.access)).toBe(401);
    expect(await me(refreshed.body.access)).toBe(401);
    expect(await me(laptop.body.access)).toBe(200);
  });

  it('ends the session in every process within seconds', async () => {
    const apps = other ? [t.app, other.app] : [t.app];
    const user = await register();
    // Each process has read the revocations before the logout happens.
    for (const app of apps) expect(await me(user.access, app)).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      payload: { refresh: user.refresh },
    });
    for (const app of apps) expect(await until401(user.access, app)).toBe(401);
  });

  it('a stolen refresh token, used again, ends the access of the whole family', async () => {
    const user = await register();
    const rotated = await post('/api/auth/token/refresh/', { refresh: user.refresh });
    expect(await me(rotated.body.access)).toBe(200);
    await t.database.db.execute(
      sql`UPDATE refresh_tokens SET used_at = now() - interval '31 seconds' WHERE used_at IS NOT NULL`,
    );
    expect((await post('/api/auth/token/refresh/', { refresh: user.refresh })).status).toBe(401);
    expect(await me(rotated.body.access)).toBe(401);
    expect(await me(user.access)).toBe(401);
  });

  it('refuses a token that names no session, so that no token escapes the check', async () => {
    const user = await register();
    const claims = JSON.parse(Buffer.from(user.access.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      sid?: string;
    };
    expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
    const signer = createAccessTokenSigner(
      deriveKey(Buffer.from(TEST_APP_SECRET), 'jwt-access'),
      600,
    );
    expect(await me(await signer.sign(claims.sub))).toBe(401);
    expect(await me(await signer.sign(claims.sub, claims.sid))).toBe(200);
  });

  it('closes an open event stream once its session ends', async () => {
    const user = await register();
    const stream = await openEventStream(baseUrl, user.access);
    try {
      await stream.waitFor((e) => e.event === 'ready');
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout/',
        payload: { refresh: user.refresh },
      });
      const ended = await Promise.race([
        stream.ended.then(() => 'ended'),
        new Promise((r) => setTimeout(() => r('still open'), 20_000)),
      ]);
      expect(ended).toBe('ended');
    } finally {
      stream.close();
    }
  });
});
