import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '@brieftaube/test-support/test-app.ts';

describe('logs', () => {
  it('never contain passwords or tokens, even at trace level', async () => {
    let logged = '';
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (logged += chunk.toString()));
    const t = await startTestApp('pglite', { LOG_LEVEL: 'trace' }, { logStream: stream });
    try {
      const password = 'Geheimes-Passwort-4711';
      const reg = await t.app.inject({
        method: 'POST',
        url: '/api/auth/registration/',
        payload: {
          username: 'lotte',
          email: 'lotte@beispiel.de',
          password1: password,
          password2: password,
        },
      });
      const { access, refresh } = reg.json<{ access: string; refresh: string }>();
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { username: 'lotte', password },
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { username: 'lotte', password: `${password}x` },
      });
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/user/',
        headers: { authorization: `Bearer ${access}` },
      });
      await t.app.inject({ method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh } });
      expect(logged).toContain('/api/auth/login/');
      for (const secret of [password, access, refresh]) expect(logged).not.toContain(secret);
    } finally {
      await t.close();
    }
  });
});
