import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  TEST_APP_SECRET,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';
import { createAccessTokenSigner } from '../../src/modules/auth/tokens.ts';
import { deriveKey } from '../../src/lib/secrets.ts';

const password = 'Sonnenblume!42';

describe.each(DATABASE_KINDS)('auth API on %s', (kind) => {
  let t: TestApp;
  let counter = 0;
  beforeAll(async () => {
    // This file registers far more users from one address than a person would.
    t = await startTestApp(kind, { LOGIN_MAX_ATTEMPTS: '3', REGISTRATION_MAX_ATTEMPTS: '1000' });
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const newUser = () => {
    counter += 1;
    return {
      username: `jürgen${counter}`,
      email: `juergen${counter}@beispiel.de`,
      password1: password,
      password2: password,
    };
  };
  const register = async () => {
    const body = newUser();
    const res = await post('/api/auth/registration/', body);
    expect(res.statusCode).toBe(201);
    return { ...body, ...res.json<{ access: string; refresh: string }>() };
  };
  const fieldsOf = (res: { json: <T>() => T }) =>
    res.json<{ error: { fields: Record<string, string[]> } }>().error.fields;

  describe('registration', () => {
    it('creates the user, returns tokens and stores only an argon2id hash', async () => {
      const body = newUser();
      const res = await post('/api/auth/registration/', body);
      expect(res.statusCode).toBe(201);
      const json = res.json<{ access: string; refresh: string; user: unknown }>();
      expect(json.user).toEqual({
        username: body.username,
        email: body.email,
        onboarding_complete: false,
      });
      expect(json.access.split('.')).toHaveLength(3);
      expect(json.refresh.length).toBeGreaterThan(30);
      const rows = await queryRows<{ password_hash: string }>(
        t.database.db,
        sql`SELECT password_hash FROM users WHERE username = ${body.username}`,
      );
      expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
      expect(rows[0]?.password_hash).not.toContain(password);
    });

    it('reports every missing field at once', async () => {
      const res = await post('/api/auth/registration/', {});
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual({
        username: ['REQUIRED'],
        email: ['REQUIRED'],
        password1: ['REQUIRED'],
        password2: ['REQUIRED'],
      });
    });

    it('rejects an invalid e-mail, differing passwords and a bad user name', async () => {
      const res = await post('/api/auth/registration/', {
        username: 'anna maria',
        email: 'anna@',
        password1: password,
        password2: `${password}x`,
      });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual({
        username: ['USERNAME_INVALID'],
        email: ['EMAIL_INVALID'],
        password2: ['PASSWORD_MISMATCH'],
      });
    });

    it.each([
      ['kurz1!', 'PASSWORD_TOO_SHORT'],
      ['passwort123', 'PASSWORD_TOO_COMMON'],
      ['8236459127', 'PASSWORD_ENTIRELY_NUMERIC'],
    ])('rejects the password %s as %s', async (pw, code) => {
      const res = await post('/api/auth/registration/', {
        ...newUser(),
        password1: pw,
        password2: pw,
      });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res).password1).toContain(code);
    });

    it('rejects a password that contains the user name', async () => {
      const user = newUser();
      const pw = `${user.username}-2026`;
      const res = await post('/api/auth/registration/', { ...user, password1: pw, password2: pw });
      expect(fieldsOf(res).password1).toContain('PASSWORD_TOO_SIMILAR');
    });

    it('refuses a taken user name and e-mail address regardless of case', async () => {
      const first = await register();
      const res = await post('/api/auth/registration/', {
        ...newUser(),
        username: first.username.toUpperCase(),
        email: first.email.toUpperCase(),
      });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual({ username: ['USERNAME_TAKEN'], email: ['EMAIL_TAKEN'] });
    });

    it('takes an e-mail address as user name (Django allows "@"); no sign-in name fits two users', async () => {
      counter += 1;
      const address = `max.mustermann${counter}@beispiel.de`;
      const res = await post('/api/auth/registration/', {
        username: address,
        email: address,
        password1: password,
        password2: password,
      });
      expect(res.statusCode, res.body).toBe(201);
      const login = await post('/api/auth/login/', { username: address, password });
      expect(login.json<{ user: { username: string } }>().user.username).toBe(address);

      // Another user may neither be called by the first one's address nor use the first one's
      // user name as address: login would not know whom is meant.
      const first = await register();
      const clash = await post('/api/auth/registration/', {
        ...newUser(),
        username: first.email.toUpperCase(),
      });
      expect(fieldsOf(clash)).toEqual({ username: ['USERNAME_TAKEN'] });
      counter += 1;
      const named = `kurz${counter}@beispiel.de`;
      expect(
        (await post('/api/auth/registration/', { ...newUser(), username: named })).statusCode,
      ).toBe(201);
      const clash2 = await post('/api/auth/registration/', { ...newUser(), email: named });
      expect(fieldsOf(clash2)).toEqual({ email: ['EMAIL_TAKEN'] });
    });

    it('answers malformed JSON with a validation error, not a crash', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/registration/',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('login', () => {
    it('accepts the user name or the e-mail address in any case', async () => {
      const user = await register();
      for (const identifier of [user.username, user.email.toUpperCase()]) {
        const res = await post('/api/auth/login/', { username: identifier, password });
        expect(res.statusCode).toBe(200);
        expect(res.json<{ user: { username: string } }>().user.username).toBe(user.username);
      }
    });

    it('gives the same answer for a wrong password and an unknown account', async () => {
      const user = await register();
      const wrong = await post('/api/auth/login/', {
        username: user.username,
        password: 'Falsch!12345',
      });
      const unknown = await post('/api/auth/login/', {
        username: 'niemand-hier',
        password: 'Falsch!12345',
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.body).toBe(wrong.body);
      expect(wrong.json<{ error: { code: string } }>().error.code).toBe('INVALID_CREDENTIALS');
    });

    it('requires both fields', async () => {
      const res = await post('/api/auth/login/', {});
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual({ username: ['REQUIRED'], password: ['REQUIRED'] });
    });

    it('throttles repeated attempts for one account with Retry-After, and a success resets it', async () => {
      const user = await register();
      expect(
        (await post('/api/auth/login/', { username: user.username, password: 'Falsch!1' }))
          .statusCode,
      ).toBe(401);
      expect(
        (await post('/api/auth/login/', { username: user.username, password })).statusCode,
      ).toBe(200);
      for (let i = 0; i < 3; i++) {
        expect(
          (await post('/api/auth/login/', { username: user.username, password: 'Falsch!1' }))
            .statusCode,
        ).toBe(401);
      }
      const blocked = await post('/api/auth/login/', { username: user.username, password });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json<{ error: { code: string } }>().error.code).toBe('RATE_LIMITED');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('guesses from one address neither unlock another name of the account nor lock the owner out elsewhere', async () => {
      const user = await register();
      const from = (remoteAddress: string, login: object) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login/',
          payload: login,
          remoteAddress,
        });
      const attacker = '203.0.113.9';
      for (let i = 0; i < 3; i++) {
        const res = await from(attacker, { username: user.username, password: 'Falsch!1' });
        expect(res.statusCode).toBe(401);
      }
      // The account's address is the same account: no fresh attempts through it.
      const viaEmail = await from(attacker, { email: user.email, password: 'Falsch!2' });
      expect(viaEmail.statusCode).toBe(429);
      // The owner, elsewhere, still signs in with the right password.
      const owner = await from('198.51.100.4', { username: user.username, password });
      expect(owner.statusCode).toBe(200);
    });

    it('counts only failed attempts per address: many people signing in from one office never hit it', async () => {
      // The address limit is 5 × 3 = 15 here; 20 correct logins from the same address pass.
      const people = await Promise.all([register(), register(), register(), register()]);
      for (let round = 0; round < 5; round++) {
        for (const person of people) {
          const res = await post('/api/auth/login/', {
            email: '',
            username: person.username,
            password,
          });
          expect(res.statusCode).toBe(200);
        }
      }
      const viaEmail = await post('/api/auth/login/', {
        username: '',
        email: people[0].email,
        password,
      });
      expect(viaEmail.statusCode).toBe(200);
    });
  });

  describe('tokens', () => {
    it('rotates refresh tokens; a reused one is refused and revokes its descendants', async () => {
      const user = await register();
      const first = await post('/api/auth/token/refresh/', { refresh: user.refresh });
      expect(first.statusCode).toBe(200);
      const rotated = first.json<{ access: string; refresh: string }>();
      expect(rotated.refresh).not.toBe(user.refresh);

      // Within the grace period a retry (the first answer lost, or a second tab) gets its own pair.
      const retry = await post('/api/auth/token/refresh/', { refresh: user.refresh });
      expect(retry.statusCode).toBe(200);
      const sibling = retry.json<{ access: string; refresh: string }>();
      expect(sibling.refresh).not.toBe(rotated.refresh);

      // Later, the same token is a stolen one: refused, and the whole family with it.
      await t.database.db.execute(
        sql`UPDATE refresh_tokens SET used_at = now() - interval '31 seconds' WHERE used_at IS NOT NULL`,
      );
      const reuse = await post('/api/auth/token/refresh/', { refresh: user.refresh });
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json<{ error: { code: string } }>().error.code).toBe('TOKEN_INVALID');
      for (const descendant of [rotated.refresh, sibling.refresh])
        expect((await post('/api/auth/token/refresh/', { refresh: descendant })).statusCode).toBe(
          401,
        );
    });

    it('lets two refreshes with one token race: both succeed within the grace period', async () => {
      const user = await register();
      const answers = await Promise.all(
        [1, 2].map(() => post('/api/auth/token/refresh/', { refresh: user.refresh })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const [a, b] = answers.map((x) => x.json<{ refresh: string }>().refresh);
      expect(a).not.toBe(b);
      expect((await post('/api/auth/token/refresh/', { refresh: a! })).statusCode).toBe(200);
    });

    it('refuses an unknown refresh token', async () => {
      const res = await post('/api/auth/token/refresh/', { refresh: 'not-a-token' });
      expect(res.statusCode).toBe(401);
    });

    it('logout revokes the refresh token', async () => {
      const user = await register();
      const out = await post(
        '/api/auth/logout/',
        { refresh: user.refresh },
        { authorization: `Bearer ${user.access}` },
      );
      expect(out.statusCode).toBe(204);
      expect((await post('/api/auth/token/refresh/', { refresh: user.refresh })).statusCode).toBe(
        401,
      );
    });

    it('logout needs no body: without one, empty, or an empty object', async () => {
      for (const request of [
        {},
        { headers: { 'content-type': 'application/json' }, payload: '' },
        { headers: { 'content-type': 'application/json' }, payload: '{}' },
      ]) {
        const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout/', ...request });
        expect(out.statusCode, JSON.stringify(request)).toBe(204);
      }
    });
  });

  describe('current user', () => {
    it('returns the user and completes onboarding with PATCH', async () => {
      const user = await register();
      const auth = { authorization: `Bearer ${user.access}` };
      const get = await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: auth });
      expect(get.statusCode).toBe(200);
      expect(get.json()).toEqual({
        username: user.username,
        email: user.email,
        onboarding_complete: false,
      });
      const patch = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/user/',
        headers: auth,
        payload: { onboarding_complete: true },
      });
      expect(patch.statusCode).toBe(200);
      expect(patch.json<{ onboarding_complete: boolean }>().onboarding_complete).toBe(true);
      const again = await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: auth });
      expect(again.json<{ onboarding_complete: boolean }>().onboarding_complete).toBe(true);
      // PUT, as dj-rest-auth clients send it, with the boolean as a form writes it.
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/user/',
        headers: auth,
        payload: { onboarding_complete: 'false' },
      });
      expect(put.json<{ onboarding_complete: boolean }>().onboarding_complete).toBe(false);
      const nonsense = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/user/',
        headers: auth,
        payload: { onboarding_complete: 'vielleicht' },
      });
      expect(nonsense.statusCode).toBe(400);
    });

    it('ignores read-only fields in PATCH, as a client sending back the whole user expects', async () => {
      const user = await register();
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/user/',
        headers: { authorization: `Bearer ${user.access}` },
        payload: { username: 'someone-else', email: 'x@y.de', onboarding_complete: true },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        username: user.username,
        email: user.email,
        onboarding_complete: true,
      });
    });

    it('refuses missing, malformed, forged and expired access tokens', async () => {
      const user = await register();
      const [{ id: userId }] = await queryRows<{ id: string }>(
        t.database.db,
        sql`SELECT id FROM users WHERE username = ${user.username}`,
      );
      const expired = await createAccessTokenSigner(
        deriveKey(Buffer.from(TEST_APP_SECRET), 'jwt-access'),
        -60,
      ).sign(userId);
      const forged = await createAccessTokenSigner(
        deriveKey(Buffer.from('another-secret-0123456789abcdef0123'), 'jwt-access'),
        600,
      ).sign(userId);
      for (const authorization of [
        undefined,
        'Bearer',
        'Bearer abc.def.ghi',
        `Bearer ${expired}`,
        `Bearer ${forged}`,
        `Basic ${user.access}`,
      ]) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/auth/user/',
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode).toBe(401);
        expect(res.json<{ error: { code: string } }>().error.code).toBe('UNAUTHENTICATED');
      }
    });
  });
});
