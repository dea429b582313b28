import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';

const url = '/api/settings/remote-content-senders/';

describe.each(DATABASE_KINDS)('senders with remote content allowed, on %s', (kind) => {
  let t: TestApp;
  let anna: ApiUser;
  let ben: ApiUser;

  beforeAll(async () => {
    t = await startTestApp(kind);
    anna = await registerApiUser(t.app, 'anna');
    ben = await registerApiUser(t.app, 'ben');
  });
  afterAll(async () => t?.close());

  const list = async (user: ApiUser) => {
    const res = await user.request({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json<string[]>();
  };

  it('keeps each user’s own list, normalised and without duplicates', async () => {
    expect(await list(anna)).toEqual([]);
    const first = await anna.request({
      method: 'POST',
      url,
      payload: { address: ' Newsletter@Bahn.DE ' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual(['newsletter@bahn.de']);
    await anna.request({ method: 'POST', url, payload: { address: 'newsletter@bahn.de' } });
    await anna.request({ method: 'POST', url, payload: { address: 'info@zeit.de' } });
    expect(await list(anna)).toEqual(['info@zeit.de', 'newsletter@bahn.de']);
    expect(await list(ben)).toEqual([]);
  });

  it('removes a sender for its owner only', async () => {
    await ben.request({ method: 'POST', url, payload: { address: 'info@zeit.de' } });
    const removed = await anna.request({
      method: 'DELETE',
      url: `${url}?address=${encodeURIComponent('INFO@zeit.de')}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(await list(anna)).toEqual(['newsletter@bahn.de']);
    expect(await list(ben)).toEqual(['info@zeit.de']);
  });

  it('rejects what is not an address, and strangers without a token', async () => {
    const bad = await anna.request({ method: 'POST', url, payload: { address: 'kein absender' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { address: ['ADDRESS_INVALID'] } },
    });
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
  });
});
