import { sql } from 'drizzle-orm';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '@brieftaube/server/lib/secret-box.ts';
import { deriveKey, loadRootSecret } from '@brieftaube/server/lib/secrets.ts';
import { openDatabase } from '@brieftaube/server/db/client.ts';
import { createServices } from '@brieftaube/server/services.ts';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import {
  appendMessages,
  deliverViaLmtp,
  generateMessages,
} from '@brieftaube/test-support/mailbox.ts';
import {
  accountPayload,
  fetchAccount,
  imapClient,
} from '@brieftaube/test-support/mail-fixtures.ts';
import { startOAuthServer, type TestOAuthServer } from '@brieftaube/test-support/oauth-server.ts';
import { startSmtpServer, type TestSmtpServer } from '@brieftaube/test-support/smtp-server.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';

interface AccountJson {
  id: number;
  provider: string;
  email_address: string;
  has_password: boolean;
  access_token: string | null;
  refresh_token: string | null;
  needs_reauth: boolean;
}

interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

/** The app's settings for Google, pointed at the test provider and the test mail servers. */
function googleAt(oauth: TestOAuthServer, dovecot: Dovecot, smtp?: TestSmtpServer) {
  return {
    PUBLIC_URL: 'http://127.0.0.1:3999',
    OAUTH_GOOGLE_CLIENT_ID: oauth.clientId,
    OAUTH_GOOGLE_CLIENT_SECRET: oauth.clientSecret,
    OAUTH_GOOGLE_AUTHORIZATION_URL: oauth.authorizationUrl,
    OAUTH_GOOGLE_TOKEN_URL: oauth.tokenUrl,
    OAUTH_GOOGLE_IMAP: `127.0.0.1:${dovecot.imapPort}:none`,
    ...(smtp ? { OAUTH_GOOGLE_SMTP: `127.0.0.1:${smtp.port}:none` } : {}),
  };
}

/** `user` connects `address` through the API and the provider's pages: the account's id. */
async function connectOverApi(user: ApiUser, oauth: TestOAuthServer, address: string) {
  const started = await user.request({
    method: 'POST',
    url: '/api/oauth/start/',
    payload: { provider: 'google' },
  });
  const back = await oauth.consent(
    started.json<{ authorization_url: string }>().authorization_url,
    address,
  );
  const done = await user.request({
    method: 'POST',
    url: '/api/oauth/callback/',
    payload: { state: back.searchParams.get('state'), code: back.searchParams.get('code') },
  });
  expect(done.statusCode, done.body).toBe(200);
  return { id: done.json<{ account: { id: number } }>().account.id, back };
}

describe.each(DATABASE_KINDS)('OAuth accounts (XOAUTH2) on %s', (kind) => {
  let t: TestApp;
  let oauth: TestOAuthServer;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let owner: ApiUser;
  let n = 0;

  beforeAll(async () => {
    oauth = await startOAuthServer();
    [dovecot, smtp] = await Promise.all([
      startDovecot([], { oauth2IntrospectionUrl: oauth.introspectionUrlWithCredentials }),
      startSmtpServer({}, { introspect: (token) => oauth.introspect(token) }),
    ]);
    t = await startTestApp(
      kind,
      { ...googleAt(oauth, dovecot, smtp), MAIL_CONNECT_TIMEOUT_SECONDS: '5' },
      { jobs: true },
    );
    owner = await registerApiUser(t.app, 'oauth');
  });
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.close()]);
    await oauth?.close();
  });

  /** A mailbox user at the test Dovecot, with a few mails, who signs in at the test provider. */
  async function mailboxUser(mails = 3) {
    n += 1;
    const address = `anna${n}.${kind}@gmail.com`;
    dovecot.addUser(address, `unused-${n}`);
    const client = await imapClient(dovecot, address, `unused-${n}`);
    await appendMessages(client, 'INBOX', generateMessages(mails));
    await client.logout();
    return address;
  }

  async function start(user: ApiUser, body: Record<string, unknown> = { provider: 'google' }) {
    const res = await user.request({ method: 'POST', url: '/api/oauth/start/', payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return new URL(res.json<{ authorization_url: string }>().authorization_url);
  }

  const callback = (user: ApiUser, back: URL) =>
    user.request({
      method: 'POST',
      url: '/api/oauth/callback/',
      payload: {
        state: back.searchParams.get('state') ?? '',
        ...(back.searchParams.get('code') ? { code: back.searchParams.get('code') } : {}),
        ...(back.searchParams.get('error') ? { error: back.searchParams.get('error') } : {}),
      },
    });

  async function connect(user: ApiUser, address: string): Promise<AccountJson> {
    const back = await oauth.consent((await start(user)).toString(), address);
    const res = await callback(user, back);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ account: AccountJson }>().account;
  }

  const storedMail = async (accountId: number) =>
    Number(
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM emails WHERE account_id = ${accountId}`,
        )
      )[0].n,
    );

  it('offers only the providers the operator configured', async () => {
    const res = await owner.request({ method: 'GET', url: '/api/oauth/providers/' });
    expect(res.json()).toEqual([
      { provider: 'google', configured: true },
      { provider: 'microsoft', configured: false },
      { provider: 'yahoo', configured: false },
    ]);
    const refused = await owner.request({
      method: 'POST',
      url: '/api/oauth/start/',
      payload: { provider: 'microsoft' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorJson>().error.message).toMatch(/nicht eingerichtet/);
  });

  it('connects with code + PKCE, then syncs, sends, drafts and moves over XOAUTH2', async () => {
    const address = await mailboxUser(3);
    const url = await start(owner, { provider: 'google', return_to: '/onboarding' });
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('scope')).toContain('https://mail.google.com/');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:3999/oauth-callback');

    const back = await oauth.consent(url.toString(), address);
    const res = await callback(owner, back);
    expect(res.statusCode, res.body).toBe(200);
    const { account, created, return_to } = res.json<{
      account: AccountJson;
      created: boolean;
      return_to: string;
    }>();
    expect(created).toBe(true);
    expect(return_to).toBe('/onboarding');
    expect(account).toMatchObject({
      provider: 'google',
      email_address: address,
      has_password: false,
      needs_reauth: false,
    });
    // Present, never returned (spec §3), and sealed at rest.
    expect(account.access_token).toMatch(/^•+$/);
    expect(account.refresh_token).toMatch(/^•+$/);
    const [row] = await queryRows<{ a: string; r: string }>(
      t.database.db,
      sql`SELECT access_token_sealed AS a, refresh_token_sealed AS r FROM accounts WHERE id = ${account.id}`,
    );
    const introspected = await oauth.introspect(row.a);
    expect(introspected.active).toBe(false);

    const task = await fetchAccount(owner, account.id);
    expect(task.status, task.message).toBe('SUCCESS');
    expect(await storedMail(account.id)).toBe(3);
    expect(dovecot.log()).toMatch(
      new RegExp(`Login: user=<${address.replace(/\./g, '\\.')}>, method=(XOAUTH2|OAUTHBEARER)`),
    );

    // The edit form's connection test uses the stored sign-in (the token), not a password.
    const tested = await owner.request({
      method: 'POST',
      url: '/api/actions/test-connection/',
      payload: {
        account_id: account.id,
        email_address: address,
        imap_server: '127.0.0.1',
        imap_port: dovecot.imapPort,
        imap_security: 'none',
        smtp_server: '127.0.0.1',
        smtp_port: smtp.port,
        smtp_security: 'none',
      },
    });
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json()).toMatchObject({ success: true });

    const sent = await owner.request({
      method: 'POST',
      url: '/api/emails/send/',
      payload: {
        account: account.id,
        to: 'freund@beispiel.de',
        subject: 'Per OAuth',
        body: 'Hallo',
      },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const mails = await smtp.waitFor(1);
    expect(mails.at(-1)).toMatchObject({ user: address, to: ['freund@beispiel.de'] });

    // A draft is stored on the server and a mail moved there, over the same XOAUTH2 logins.
    const draft = await owner.request({
      method: 'POST',
      url: '/api/drafts/',
      payload: { account: account.id, to: 'anna@beispiel.de', subject: 'OAuth-Entwurf', text: 'x' },
    });
    expect(draft.statusCode, draft.body).toBeLessThan(300);
    const folders = (
      await owner.request({ method: 'GET', url: `/api/folders/?account_id=${account.id}` })
    ).json<{ id: number; path: string }[]>();
    const inbox = folders.find((f) => f.path === 'INBOX')!;
    const archive = folders.find((f) => f.path === 'Archive')!;
    const [first] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT e.id FROM emails e JOIN folders f ON f.id = e.folder_id WHERE f.id = ${inbox.id} ORDER BY e.id LIMIT 1`,
    );
    const moved = await owner.request({
      method: 'POST',
      url: `/api/folders/${inbox.id}/move_emails/`,
      payload: { target_folder_id: archive.id, email_ids: [first.id] },
    });
    expect(moved.json()).toEqual({ moved: 1 });
    const client = await imapClient(dovecot, address, `unused-${n}`);
    try {
      const lock = await client.getMailboxLock('Drafts');
      try {
        const subjects: string[] = [];
        for await (const m of client.fetch('1:*', { envelope: true }))
          subjects.push(m.envelope?.subject ?? '');
        expect(subjects).toContain('OAuth-Entwurf');
      } finally {
        lock.release();
      }
      const archived = await client.status('Archive', { messages: true });
      expect(archived && archived.messages).toBe(1);
    } finally {
      await client.logout();
    }
  });

  it('refuses a replayed or foreign state, a denied consent and a signed-out callback', async () => {
    const address = await mailboxUser(0);
    const stranger = await registerApiUser(t.app, 'fremd');
    const before = (await owner.request({ method: 'GET', url: '/api/accounts/' })).json<
      AccountJson[]
    >().length;

    // Another user cannot finish (or take over) the owner's sign-in.
    const back = await oauth.consent((await start(owner)).toString(), address);
    const foreign = await callback(stranger, back);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<ErrorJson>().error).toMatchObject({
      code: 'OAUTH_FAILED',
      fields: { oauth: ['STATE_INVALID'] },
    });
    expect(foreign.json<ErrorJson>().error.message).toMatch(/abgelaufen|verwendet/);
    expect(
      (await stranger.request({ method: 'GET', url: '/api/accounts/' })).json<AccountJson[]>(),
    ).toEqual([]);

    // Signed out: no session, nothing happens.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/callback/',
      payload: { state: back.searchParams.get('state'), code: back.searchParams.get('code') },
    });
    expect(anonymous.statusCode).toBe(401);

    // The owner's own, once; the same state and code a second time are refused.
    expect((await callback(owner, back)).statusCode).toBe(200);
    const replay = await callback(owner, back);
    expect(replay.statusCode).toBe(400);
    expect(replay.json<ErrorJson>().error.fields).toEqual({ oauth: ['STATE_INVALID'] });

    // A made-up state.
    const made = new URL(back);
    made.searchParams.set('state', 'x'.repeat(43));
    expect((await callback(owner, made)).json<ErrorJson>().error.fields).toEqual({
      oauth: ['STATE_INVALID'],
    });

    // Consent denied at the provider.
    const other = await mailboxUser(0);
    const denied = await oauth.consent((await start(owner)).toString(), other, 'deny');
    expect(denied.searchParams.get('error')).toBe('access_denied');
    const deniedRes = await callback(owner, denied);
    expect(deniedRes.statusCode).toBe(400);
    expect(deniedRes.json<ErrorJson>().error.message).toMatch(/nicht erlaubt/);
    const after = (await owner.request({ method: 'GET', url: '/api/accounts/' })).json<
      AccountJson[]
    >();
    expect(after.length).toBe(before + 1);
    expect(after.some((a) => a.email_address === other)).toBe(false);
  });

  it('renews an expired token silently, and once more when the server refuses one', async () => {
    const address = await mailboxUser(2);
    oauth.setAccessTokenTtl(1);
    let account: AccountJson;
    try {
      account = await connect(owner, address);
    } finally {
      oauth.setAccessTokenTtl(3600);
    }
    await new Promise((r) => setTimeout(r, 1500));
    // Expired, and the stored expiry says so: renewed before the login.
    const refreshes = oauth.calls.refresh;
    const first = await fetchAccount(owner, account.id);
    expect(first.status, first.message).toBe('SUCCESS');
    expect(oauth.calls.refresh).toBe(refreshes + 1);
    expect(await storedMail(account.id)).toBe(2);

    // Dead at the provider while the stored expiry still looks fine: refused, renewed, retried.
    const [{ user_id: userId }] = await queryRows<{ user_id: string }>(
      t.database.db,
      sql`SELECT user_id FROM accounts WHERE id = ${account.id}`,
    );
    const row = (await t.services.accounts.findAccount(userId, account.id))!;
    const { accessToken: current } = await t.services.accounts.credentialsOf(row);
    oauth.setAccessTokenTtl(1);
    try {
      // As if a server had refused the current one: renewed now, to a token of one second.
      await t.services.accounts.credentialsOf(row, current);
    } finally {
      oauth.setAccessTokenTtl(3600);
    }
    await t.database.db.execute(
      sql`UPDATE accounts SET token_expiry = now() + interval '1 hour' WHERE id = ${account.id}`,
    );
    await new Promise((r) => setTimeout(r, 1500));
    const before = oauth.calls.refresh;
    const second = await fetchAccount(owner, account.id);
    expect(second.status, second.message).toBe('SUCCESS');
    expect(oauth.calls.refresh).toBe(before + 1);
  });

  it('refreshes once for many callers at once (rotating refresh tokens)', async () => {
    const address = await mailboxUser(0);
    const account = await connect(owner, address);
    await t.database.db.execute(
      sql`UPDATE accounts SET token_expiry = now() - interval '1 minute' WHERE id = ${account.id}`,
    );
    const [{ user_id: userId }] = await queryRows<{ user_id: string }>(
      t.database.db,
      sql`SELECT user_id FROM accounts WHERE id = ${account.id}`,
    );
    const row = (await t.services.accounts.findAccount(userId, account.id))!;
    const before = oauth.calls.refresh;
    const tokens = await Promise.all(
      Array.from({ length: 5 }, () => t.services.accounts.credentialsOf(row)),
    );
    expect(new Set(tokens.map((c) => c.accessToken)).size).toBe(1);
    expect(oauth.calls.refresh).toBe(before + 1);
  });

  it('renews tokens that are about to end in the background, and finds revoked ones', async () => {
    const live = await connect(owner, await mailboxUser(0));
    const revokedAddress = await mailboxUser(0);
    const revoked = await connect(owner, revokedAddress);
    await oauth.revokeGrants(revokedAddress);
    await t.database.db.execute(
      sql`UPDATE accounts SET token_expiry = now() + interval '1 minute' WHERE id IN (${live.id}, ${revoked.id})`,
    );
    const result = await t.services.oauthTokens.renewDue(15 * 60_000);
    expect(result.renewed).toBeGreaterThanOrEqual(1);
    expect(result.needReauth).toBeGreaterThanOrEqual(1);
    const listed = (await owner.request({ method: 'GET', url: '/api/accounts/' })).json<
      (AccountJson & { token_expiry: string })[]
    >();
    const after = listed.find((a) => a.id === live.id)!;
    expect(Date.parse(after.token_expiry) - Date.now()).toBeGreaterThan(30 * 60_000);
    expect(listed.find((a) => a.id === revoked.id)).toMatchObject({ needs_reauth: true });
  });

  it('switches a Gmail account added with a password to OAuth, keeping its mail', async () => {
    const address = await mailboxUser(2);
    const created = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: accountPayload(dovecot, address, {
        smtpPort: smtp.port,
        password: `unused-${n}`,
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const before = created.json<AccountJson>();
    expect(before).toMatchObject({ provider: 'google', has_password: true });
    expect((await fetchAccount(owner, before.id)).status).toBe('SUCCESS');

    const back = await oauth.consent(
      (await start(owner, { provider: 'google', account_id: before.id })).toString(),
      address,
    );
    const switched = await callback(owner, back);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({
      created: false,
      account: { id: before.id, provider: 'google', has_password: false, needs_reauth: false },
    });
    const logins = dovecot.log().split('\n').length;
    expect((await fetchAccount(owner, before.id)).status).toBe('SUCCESS');
    expect(await storedMail(before.id)).toBe(2);
    expect(
      dovecot
        .log()
        .split('\n')
        .slice(logins - 1)
        .join('\n'),
    ).toMatch(/method=(XOAUTH2|OAUTHBEARER)/);
    // Another user cannot switch (or even name) it.
    const stranger = await registerApiUser(t.app, 'fremd');
    const refused = await stranger.request({
      method: 'POST',
      url: '/api/oauth/start/',
      payload: { provider: 'google', account_id: before.id },
    });
    expect(refused.statusCode).toBe(404);
  });

  it('asks for a new sign-in when the provider revokes access, keeping mail and categories', async () => {
    const address = await mailboxUser(2);
    const account = await connect(owner, address);
    expect((await fetchAccount(owner, account.id)).status).toBe('SUCCESS');
    const category = await owner.request({
      method: 'POST',
      url: '/api/categories/',
      payload: { name: 'Familie', description: 'Mails der Familie', account: account.id },
    });
    expect(category.statusCode, category.body).toBe(201);

    await oauth.revokeGrants(address);
    await t.database.db.execute(
      sql`UPDATE accounts SET token_expiry = now() - interval '1 minute' WHERE id = ${account.id}`,
    );
    const failed = await fetchAccount(owner, account.id);
    expect(failed.status).toBe('FAILURE');
    expect(failed.message).toMatch(/Konto benötigt Neu-Authentifizierung/);
    const listed = (await owner.request({ method: 'GET', url: '/api/accounts/' })).json<
      AccountJson[]
    >();
    expect(listed.find((a) => a.id === account.id)).toMatchObject({
      needs_reauth: true,
      access_token: null,
    });

    // Signing in again renews the same account.
    const back = await oauth.consent(
      (await start(owner, { provider: 'google', account_id: account.id })).toString(),
      address,
    );
    const renewed = await callback(owner, back);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({ created: false, account: { id: account.id } });
    expect((await fetchAccount(owner, account.id)).status).toBe('SUCCESS');
    expect(await storedMail(account.id)).toBe(2);
    const categories = (await owner.request({ method: 'GET', url: '/api/categories/' })).json<
      { name: string }[]
    >();
    expect(categories.map((c) => c.name)).toContain('Familie');

    // Signing in as someone else for this account is refused.
    const otherAddress = await mailboxUser(0);
    const wrong = await oauth.consent(
      (await start(owner, { provider: 'google', account_id: account.id })).toString(),
      otherAddress,
    );
    expect((await callback(owner, wrong)).json<ErrorJson>().error.fields).toEqual({
      oauth: ['ACCOUNT_MISMATCH'],
    });
  });
});

describe('OAuth token refresh across two processes on PostgreSQL', () => {
  it('refreshes once when two processes need a new token at the same moment', async () => {
    const oauth = await startOAuthServer();
    const dovecot = await startDovecot([], {
      oauth2IntrospectionUrl: oauth.introspectionUrlWithCredentials,
    });
    const first = await startTestApp('postgres', googleAt(oauth, dovecot));
    // A second process: its own services and connection pool on the same database.
    const secondDb = await openDatabase(first.config);
    const second = createServices(first.config, secondDb);
    try {
      const user = await registerApiUser(first.app, 'zwei');
      dovecot.addUser('zwei.prozesse@gmail.com', 'unused');
      const { id } = await connectOverApi(user, oauth, 'zwei.prozesse@gmail.com');
      await first.database.db.execute(
        sql`UPDATE accounts SET token_expiry = now() - interval '1 minute' WHERE id = ${id}`,
      );
      const [{ user_id: userId }] = await queryRows<{ user_id: string }>(
        first.database.db,
        sql`SELECT user_id FROM accounts WHERE id = ${id}`,
      );
      const before = oauth.calls.refresh;
      const [a, b] = await Promise.all(
        [first.services, second].map(async (services) =>
          services.accounts.credentialsOf((await services.accounts.findAccount(userId, id))!),
        ),
      );
      // The refresh token rotates: a second refresh with the old one would have been refused.
      expect(oauth.calls.refresh).toBe(before + 1);
      expect(a!.accessToken).toBe(b!.accessToken);
      expect((await oauth.introspect(a!.accessToken!)).active).toBe(true);
    } finally {
      await second.events.close();
      await secondDb.close();
      await first.close();
      await dovecot.stop();
      await oauth.close();
    }
  });
});

describe('an OAuth account kept live (IDLE over XOAUTH2)', () => {
  it('hears new mail without a fetch, logged in with its token; no token, code or state is logged', async () => {
    let logged = '';
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => (logged += chunk.toString()));
    const oauth = await startOAuthServer();
    const dovecot = await startDovecot([], {
      oauth2IntrospectionUrl: oauth.introspectionUrlWithCredentials,
    });
    const t = await startTestApp(
      'pglite',
      { ...googleAt(oauth, dovecot), LOG_LEVEL: 'trace' },
      { jobs: true, liveSync: { pollSeconds: 60, rescanSeconds: 600 }, logStream },
    );
    try {
      const user = await registerApiUser(t.app, 'idle');
      const address = 'idle.oauth@gmail.com';
      dovecot.addUser(address, 'unused');
      const { id, back } = await connectOverApi(user, oauth, address);
      expect((await fetchAccount(user, id)).status).toBe('SUCCESS');
      const live = t.queue!.live!;
      const deadline = Date.now() + 5000;
      while (!live.watching().includes(id) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(live.watching()).toContain(id);

      await deliverViaLmtp(dovecot.lmtpPort, address, { subject: 'Über IDLE angekommen' });
      let subjects: string[] = [];
      for (let i = 0; i < 200 && !subjects.includes('Über IDLE angekommen'); i++) {
        await new Promise((r) => setTimeout(r, 50));
        subjects = (
          await user.request({ method: 'GET', url: `/api/emails/?accounts=${id}&limit=10` })
        )
          .json<{ subject: string }[]>()
          .map((m) => m.subject);
      }
      expect(subjects).toContain('Über IDLE angekommen');
      expect(dovecot.log()).toMatch(/method=(XOAUTH2|OAUTHBEARER)/);
      await live.stop();

      // What the server must never write down: the tokens, the code, the state, the verifier.
      const [row] = await queryRows<{ a: string; r: string }>(
        t.database.db,
        sql`SELECT access_token_sealed AS a, refresh_token_sealed AS r FROM accounts WHERE id = ${id}`,
      );
      const secrets = createSecretBox(deriveKey(loadRootSecret(t.config), 'credentials-kek'));
      const never = [
        secrets.open(row.a),
        secrets.open(row.r),
        back.searchParams.get('code')!,
        back.searchParams.get('state')!,
      ];
      expect(logged).toContain('/api/oauth/callback/');
      for (const secret of never) expect(logged).not.toContain(secret);
    } finally {
      await t.close();
      await dovecot.stop();
      await oauth.close();
    }
  });
});
