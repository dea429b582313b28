import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import type { Dovecot } from '@brieftaube/test-support/dovecot.ts';
import {
  accountPayload,
  fetchAccount,
  imapClient,
} from '@brieftaube/test-support/mail-fixtures.ts';
import type { TestOAuthServer } from '@brieftaube/test-support/oauth-server.ts';
import {
  finishSignIn,
  mailboxPassword,
  startOAuthStack,
  startSignIn,
  type ErrorJson,
  type OAuthAccountJson,
  type OAuthStack,
} from '@brieftaube/test-support/oauth-stack.ts';
import type { TestSmtpServer } from '@brieftaube/test-support/smtp-server.ts';
import { DATABASE_KINDS, queryRows, type TestApp } from '@brieftaube/test-support/test-app.ts';

// Sign-in accounts over OAuth 2.0 (issue 23, ADR 0027): the flow, its refusals and the mail
// operations over XOAUTH2, against a real OAuth server (oidc-provider), Dovecot's oauth2 passdb
// and an SMTP server that checks the tokens the same way.
describe.each(DATABASE_KINDS)('OAuth sign-in on %s', (kind) => {
  let stack: OAuthStack;
  let t: TestApp;
  let oauth: TestOAuthServer;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let owner: ApiUser;

  beforeAll(async () => {
    stack = await startOAuthStack(kind, 'anna');
    ({ t, oauth, dovecot, smtp, owner } = stack);
  });
  afterAll(() => stack?.close());

  const mailboxUser = (mails?: number) => stack.mailboxUser(mails);
  const storedMail = (accountId: number) => stack.storedMail(accountId);
  const start = startSignIn;
  const callback = finishSignIn;

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
      account: OAuthAccountJson;
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
    const client = await imapClient(dovecot, address, mailboxPassword(address));
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
      OAuthAccountJson[]
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
      (await stranger.request({ method: 'GET', url: '/api/accounts/' })).json<OAuthAccountJson[]>(),
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
      OAuthAccountJson[]
    >();
    expect(after.length).toBe(before + 1);
    expect(after.some((a) => a.email_address === other)).toBe(false);
  });

  it('switches a Gmail account added with a password to OAuth, keeping its mail', async () => {
    const address = await mailboxUser(2);
    const created = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: accountPayload(dovecot, address, {
        smtpPort: smtp.port,
        password: mailboxPassword(address),
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const before = created.json<OAuthAccountJson>();
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
});
