import { sql } from 'drizzle-orm';
import { registerApiUser, type ApiUser } from './api-user.ts';
import { startDovecot, type Dovecot } from './dovecot.ts';
import { imapClient } from './mail-fixtures.ts';
import { appendMessages, generateMessages } from './mailbox.ts';
import { startOAuthServer, type TestOAuthServer } from './oauth-server.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.ts';
import { queryRows, startTestApp, type DatabaseKind, type TestApp } from './test-app.ts';

/** What the API says of an account, as far as the OAuth tests look. */
export interface OAuthAccountJson {
  id: number;
  provider: string;
  email_address: string;
  has_password: boolean;
  access_token: string | null;
  refresh_token: string | null;
  token_expiry: string | null;
  needs_reauth: boolean;
}

export interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

/** The IMAP password of a mailbox user (for what the app does not use: a check of the server). */
export const mailboxPassword = (address: string) => `pw-${address}`;

/** The app's settings for Google, pointed at the test provider and the test mail servers. */
export function googleAt(oauth: TestOAuthServer, dovecot: Dovecot, smtp?: TestSmtpServer) {
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

/** Begins a sign-in through the API: the provider's address (throws on any other answer). */
export async function startSignIn(
  user: ApiUser,
  body: Record<string, unknown> = { provider: 'google' },
): Promise<URL> {
  const res = await user.request({ method: 'POST', url: '/api/oauth/start/', payload: body });
  if (res.statusCode !== 200) throw new Error(`start refused: ${res.statusCode} ${res.body}`);
  return new URL(res.json<{ authorization_url: string }>().authorization_url);
}

/** Posts what the provider put on the callback address, as the /oauth-callback page does. */
export function finishSignIn(user: ApiUser, back: URL) {
  return user.request({
    method: 'POST',
    url: '/api/oauth/callback/',
    payload: {
      state: back.searchParams.get('state') ?? '',
      ...(back.searchParams.get('code') ? { code: back.searchParams.get('code') } : {}),
      ...(back.searchParams.get('error') ? { error: back.searchParams.get('error') } : {}),
    },
  });
}

/** `user` connects `address` through the API and the provider's pages. */
export async function connectOverApi(
  user: ApiUser,
  oauth: TestOAuthServer,
  address: string,
): Promise<{ account: OAuthAccountJson; back: URL }> {
  const back = await oauth.consent((await startSignIn(user)).toString(), address);
  const done = await finishSignIn(user, back);
  if (done.statusCode !== 200) throw new Error(`callback refused: ${done.body}`);
  return { account: done.json<{ account: OAuthAccountJson }>().account, back };
}

/** The app on one database with Google configured, the provider, Dovecot and SMTP for it. */
export interface OAuthStack {
  t: TestApp;
  oauth: TestOAuthServer;
  dovecot: Dovecot;
  smtp: TestSmtpServer;
  owner: ApiUser;
  /** A mailbox user at the test Dovecot with `mails` mails, who signs in at the provider. */
  mailboxUser(mails?: number): Promise<string>;
  /** Mails stored for an account. */
  storedMail(accountId: number): Promise<number>;
  /** The id of the user that owns an account. */
  ownerOf(accountId: number): Promise<string>;
  close(): Promise<void>;
}

export async function startOAuthStack(kind: DatabaseKind, name: string): Promise<OAuthStack> {
  const oauth = await startOAuthServer();
  const [dovecot, smtp] = await Promise.all([
    startDovecot([], { oauth2IntrospectionUrl: oauth.introspectionUrlWithCredentials }),
    startSmtpServer({}, { introspect: (token) => oauth.introspect(token) }),
  ]);
  const t = await startTestApp(
    kind,
    { ...googleAt(oauth, dovecot, smtp), MAIL_CONNECT_TIMEOUT_SECONDS: '5' },
    { jobs: true },
  );
  const owner = await registerApiUser(t.app, name);
  let n = 0;
  return {
    t,
    oauth,
    dovecot,
    smtp,
    owner,
    async mailboxUser(mails = 3) {
      n += 1;
      const address = `${name}${n}.${kind}@gmail.com`;
      dovecot.addUser(address, mailboxPassword(address));
      const client = await imapClient(dovecot, address, mailboxPassword(address));
      await appendMessages(client, 'INBOX', generateMessages(mails));
      await client.logout();
      return address;
    },
    async storedMail(accountId) {
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM emails WHERE account_id = ${accountId}`,
      );
      return Number(row.n);
    },
    async ownerOf(accountId) {
      const [row] = await queryRows<{ user_id: string }>(
        t.database.db,
        sql`SELECT user_id FROM accounts WHERE id = ${accountId}`,
      );
      return row.user_id;
    },
    async close() {
      await Promise.all([t.close(), dovecot.stop(), smtp.close()]);
      await oauth.close();
    },
  };
}
