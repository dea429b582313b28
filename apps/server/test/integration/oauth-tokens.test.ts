import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiUser } from '@brieftaube/test-support/api-user.ts';
import { fetchAccount } from '@brieftaube/test-support/mail-fixtures.ts';
import type { TestOAuthServer } from '@brieftaube/test-support/oauth-server.ts';
import {
  connectOverApi,
  finishSignIn,
  startOAuthStack,
  startSignIn,
  type ErrorJson,
  type OAuthAccountJson,
  type OAuthStack,
} from '@brieftaube/test-support/oauth-stack.ts';
import { DATABASE_KINDS, queryRows, type TestApp } from '@brieftaube/test-support/test-app.ts';

// The tokens of OAuth accounts (issue 23, ADR 0027): renewed before and when they run out, once
// for many callers, in the background; a revoked one asks for a new sign-in that keeps the mail.
describe.each(DATABASE_KINDS)('OAuth tokens on %s', (kind) => {
  let stack: OAuthStack;
  let t: TestApp;
  let oauth: TestOAuthServer;
  let owner: ApiUser;

  beforeAll(async () => {
    stack = await startOAuthStack(kind, 'bert');
    ({ t, oauth, owner } = stack);
  });
  afterAll(() => stack?.close());

  const mailboxUser = (mails?: number) => stack.mailboxUser(mails);
  const storedMail = (accountId: number) => stack.storedMail(accountId);
  const start = startSignIn;
  const callback = finishSignIn;
  const connect = async (user: ApiUser, address: string) =>
    (await connectOverApi(user, oauth, address)).account;

  it('renews an expired token silently, and once more when the server refuses one', async () => {
    const address = await mailboxUser(2);
    oauth.setAccessTokenTtl(1);
    let account: OAuthAccountJson;
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
    /** The stored token dies at the provider while its stored expiry still looks fine. */
    const killStoredToken = async () => {
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
    };
    await killStoredToken();
    const before = oauth.calls.refresh;
    const second = await fetchAccount(owner, account.id);
    expect(second.status, second.message).toBe('SUCCESS');
    expect(oauth.calls.refresh).toBe(before + 1);

    // The same for sending: the SMTP server refuses the dead token, the message goes out with
    // a renewed one, once, and the user sees nothing of it.
    await killStoredToken();
    const beforeSend = oauth.calls.refresh;
    const received = stack.smtp.received.length;
    const sent = await owner.request({
      method: 'POST',
      url: '/api/emails/send/',
      payload: {
        account: account.id,
        to: 'freund@beispiel.de',
        subject: 'Erneuert',
        body: 'Hallo',
      },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    expect(oauth.calls.refresh).toBe(beforeSend + 1);
    const mails = await stack.smtp.waitFor(received + 1);
    expect(mails).toHaveLength(received + 1);
    expect(mails.at(-1)).toMatchObject({ user: address, to: ['freund@beispiel.de'] });
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
      (OAuthAccountJson & { token_expiry: string })[]
    >();
    const after = listed.find((a) => a.id === live.id)!;
    expect(Date.parse(after.token_expiry) - Date.now()).toBeGreaterThan(30 * 60_000);
    expect(listed.find((a) => a.id === revoked.id)).toMatchObject({ needs_reauth: true });
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
      OAuthAccountJson[]
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
