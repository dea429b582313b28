import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@brieftaube/server/app';
import { openDatabase, type DatabaseHandle } from '@brieftaube/server/db/client.ts';
import { createServices } from '@brieftaube/server/services.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';

const LIMIT = 5;
const password = 'Sonnenblume!42';

describe.each(DATABASE_KINDS)('registration throttling on %s', (kind) => {
  let t: TestApp;
  // On PostgreSQL a second API process on the same database: the count must be shared.
  let second: { app: FastifyInstance; database: DatabaseHandle } | undefined;
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp(kind, { REGISTRATION_MAX_ATTEMPTS: String(LIMIT) });
    if (kind === 'postgres') {
      const database = await openDatabase(t.config);
      const app = await buildApp({
        config: t.config,
        database,
        services: createServices(t.config, database),
      });
      await app.ready();
      second = { app, database };
    }
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  const register = (app: FastifyInstance, remoteAddress: string, body: object = {}) => {
    counter += 1;
    return app.inject({
      method: 'POST',
      url: '/api/auth/registration/',
      remoteAddress,
      payload: {
        username: `flut${counter}`,
        email: `flut${counter}@beispiel.de`,
        password1: password,
        password2: password,
        ...body,
      },
    });
  };

  it('lets 300 parallel registrations from one address create only the allowed few, across processes', async () => {
    const apps = second ? [t.app, second.app] : [t.app];
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => register(apps[i % apps.length]!, '203.0.113.7')),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(created).toHaveLength(LIMIT);
    expect(refused).toHaveLength(300 - LIMIT);
    const body = refused[0]!.json<{ error: { code: string; message: string } }>();
    expect(body.error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Zu viele Versuche in kurzer Zeit. Bitte warten Sie einige Minuten.',
    });
    const retryAfter = Number(refused[0]!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // Still refused later, also for a valid request; the users that were created exist.
    expect((await register(t.app, '203.0.113.7')).statusCode).toBe(429);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: {
        username: created[0]!.json<{ user: { username: string } }>().user.username,
        password,
      },
    });
    expect(login.statusCode).toBe(200);
  });

  it('counts refused attempts too, so taken names cannot be swept for; other addresses go on', async () => {
    const prober = '198.51.100.23';
    for (let i = 0; i < LIMIT; i++) {
      const res = await register(t.app, prober, { username: 'flut1', email: `sonde${i}@x.de` });
      expect(res.statusCode).toBe(400);
    }
    expect((await register(t.app, prober)).statusCode).toBe(429);
    expect((await register(t.app, '198.51.100.24')).statusCode).toBe(201);
  });
});
