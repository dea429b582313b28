import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';
import { ApiRequestError, createApiClient } from '../src/lib/api-client.ts';
import { errorMessage } from '../src/lib/error-messages.ts';
import { createSessionStore } from '../src/lib/session.ts';

const noStorage: Storage = {
  length: 0,
  clear: () => undefined,
  getItem: () => null,
  key: () => null,
  removeItem: () => undefined,
  setItem: () => undefined,
};

describe('a registration the server throttles, as the registration page words it', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await startTestApp('pglite', { REGISTRATION_MAX_ATTEMPTS: '1' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => t?.close());

  it('says in German that registering, not signing in, must wait, and for how long', async () => {
    const client = createApiClient({ baseUrl, session: createSessionStore(noStorage) });
    const register = (name: string) =>
      client.post(
        '/api/auth/registration/',
        {
          username: name,
          email: `${name}@beispiel.de`,
          password1: 'Sonnenblume!42',
          password2: 'Sonnenblume!42',
        },
        { auth: false },
      );
    await register('erstens');
    const error: unknown = await register('zweitens').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    // The window is an hour: whatever of it is left, rounded up to whole minutes.
    expect(errorMessage(error, 'registration')).toMatch(
      /^Zu viele Registrierungsversuche\. Bitte warten Sie (60|59) Minuten und versuchen Sie es dann erneut\.$/,
    );
    expect(errorMessage(error)).toMatch(/^Zu viele Anmeldeversuche\./);
  });
});
