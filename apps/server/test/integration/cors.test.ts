import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser } from '@brieftaube/test-support/api-user.ts';
import { startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';
import { loadConfig } from '../../src/config/env.ts';

describe('calls from a web app on another origin', () => {
  let t: TestApp;
  let plain: TestApp;
  const allowed = 'https://mail.beispiel.de';

  beforeAll(async () => {
    [t, plain] = await Promise.all([
      startTestApp('pglite', { CORS_ORIGINS: `${allowed}/, https://andere.beispiel.de` }),
      startTestApp('pglite'),
    ]);
  });
  afterAll(async () => Promise.all([t?.close(), plain?.close()]));

  const preflight = (app: TestApp, origin: string) =>
    app.app.inject({
      method: 'OPTIONS',
      url: '/api/accounts/',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });

  it('answers the preflight of a configured origin, and only of that one', async () => {
    const ok = await preflight(t, allowed);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(allowed);
    expect(String(ok.headers['access-control-allow-headers'])).toContain('authorization');
    expect(String(ok.headers['access-control-allow-methods'])).toContain('PATCH');
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
    const foreign = await preflight(t, 'https://boese.example.com');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    // Without CORS_ORIGINS no other origin is served at all.
    expect(
      (await preflight(plain, allowed)).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('lets that origin read the answers and the paging headers of signed-in calls', async () => {
    const user = await registerApiUser(t.app, 'cors');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/emails/',
      headers: { origin: allowed, authorization: `Bearer ${user.access}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(allowed);
    expect(String(res.headers['access-control-expose-headers'])).toContain('x-next-cursor');
  });

  it('refuses an origin that is no address', () => {
    expect(() => loadConfig({ CORS_ORIGINS: 'mail.beispiel.de' })).toThrow(/CORS_ORIGINS/);
  });
});
