import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';

/**
 * PostgreSQL text cannot hold U+0000, nor its JSON a lone surrogate; every way a client can send
 * either is a German 400.
 */
describe.each(DATABASE_KINDS)('a NUL character in the input on %s', (kind) => {
  let t: TestApp;
  let user: ApiUser;
  beforeAll(async () => {
    t = await startTestApp(kind);
    user = await registerApiUser(t.app, 'nul');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is refused before any query, signed in or not, naming the field', async () => {
    const calls = [
      {
        method: 'POST',
        url: '/api/auth/login/',
        payload: { username: 'de\u0000mo', password: 'x' },
      },
      {
        method: 'POST',
        url: '/api/auth/registration/',
        payload: { username: 'n\u0000ul', email: 'a@b.de', password1: 'x', password2: 'x' },
      },
      {
        method: 'POST',
        url: '/api/categories/',
        payload: { name: 'Nu\u0000ll', description: 'x', account: 1 },
        auth: true,
      },
      {
        method: 'PATCH',
        url: '/api/auth/user/',
        payload: { first_name: 'a\u0000b' },
        auth: true,
      },
      { method: 'GET', url: '/api/folders/?name=a%00b', auth: true },
      { method: 'GET', url: '/api/emails/?folder_name=a%00b', auth: true },
      { method: 'GET', url: '/api/emails/?q=a%00b', auth: true },
      { method: 'GET', url: '/api/contacts/?q=a%00b', auth: true },
      {
        method: 'POST',
        url: '/api/settings/remote-content-senders/',
        payload: { address: 'a\u0000b@x.de' },
        auth: true,
      },
    ] as const;
    for (const call of calls) {
      const options = {
        method: call.method,
        url: call.url,
        ...('payload' in call ? { payload: call.payload } : {}),
      };
      const res = 'auth' in call ? await user.request(options) : await t.app.inject(options);
      const label = `${call.method} ${call.url}`;
      expect(res.statusCode, label).toBe(400);
      const body = res.json<{ error: { code: string; message: string; fields: object } }>();
      expect(body.error.code, label).toBe('VALIDATION_FAILED');
      expect(body.error.message, label).toMatch(/ist ungültig\.$/);
      expect(Object.keys(body.error.fields).length, label).toBe(1);
    }
    // Half a surrogate pair (valid JSON, "\ud800"): once a 500 that left a task queued for ever.
    for (const call of [
      { url: '/api/tasks/ai-search/', payload: { query: '\ud800 Rechnung' } },
      { url: '/api/tasks/ai-question/', payload: { question: 'Wann \udc00 kommt es?' } },
      { url: '/api/tasks/ai-suggestion/', payload: { context: 'Hallo', subject: 'x\ud83d' } },
      { url: '/api/tasks/ai-suggestion/', payload: { to_recipients: ['a\udfff@b.de'] } },
      { url: '/api/tasks/ai-category-description/', payload: { name: '\udc00 x' } },
      { url: '/api/categories/', payload: { name: 'Re\ud800', description: 'x', account: 1 } },
    ]) {
      const res = await user.request({ method: 'POST', ...call });
      expect(res.statusCode, call.url).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code, call.url).toBe(
        'VALIDATION_FAILED',
      );
    }
    const tasks = await user.request({ method: 'GET', url: '/api/status/all-tasks/' });
    expect(tasks.json()).toEqual({});
    // A whole pair (an emoji) is text like any other.
    const emoji = await user.request({
      method: 'POST',
      url: '/api/tasks/ai-category-description/',
      payload: { name: '🍕 Essen' },
    });
    expect(emoji.statusCode).toBe(200);
    // Without the NUL the same calls are answered as usual.
    const plain = await user.request({ method: 'GET', url: '/api/emails/?q=ab' });
    expect(plain.statusCode).toBe(200);
  });
});
