import crypto from 'node:crypto';
import http from 'node:http';
import { Provider, type Configuration } from 'oidc-provider';
import { TEST_OAUTH_CLIENT } from './oauth-test-client.ts';
import { freePort } from './ports.ts';

/**
 * A real OAuth 2.0 / OpenID Connect server (npm oidc-provider) standing in for Google's,
 * Microsoft's and Yahoo's endpoints in the tests: authorization code with PKCE, a sign-in and a
 * consent page, refresh tokens, revocation, and RFC 7662 introspection, through which the test
 * Dovecot and SMTP server check the XOAUTH2 tokens they are shown. Access tokens are opaque and
 * carry the mail scopes of all three providers; the signed-in login is the token's subject, which
 * must equal the mailbox user.
 */
export interface TestOAuthServer {
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  /** For Dovecot's oauth2 passdb: POST with the introspecting client's credentials in the URL. */
  introspectionUrlWithCredentials: string;
  clientId: string;
  clientSecret: string;
  /** Whether an access token is live (what Dovecot and the SMTP server ask). */
  introspect(token: string): Promise<{ active: boolean; sub?: string }>;
  /** Access tokens issued from now on live this many seconds. */
  setAccessTokenTtl(seconds: number): void;
  /** Revokes every grant of a login: its refresh tokens stop working, as after a password change. */
  revokeGrants(login: string): Promise<void>;
  /**
   * What a person does in the browser, done over HTTP: opens the authorization URL, signs in as
   * `login` and allows (or denies) access. Returns the address the server sends the browser back
   * to (the app's callback, with `code` and `state` or an `error`).
   */
  consent(authorizationUrl: string, login: string, decision?: 'allow' | 'deny'): Promise<URL>;
  /** Counts of what the server was asked, by endpoint. */
  calls: { token: number; refresh: number; introspection: number };
  close(): Promise<void>;
}

/** Mail scopes of the three providers, granted as one resource server's scopes. */
const MAIL_SCOPES = [
  'https://mail.google.com/',
  'https://outlook.office.com/IMAP.AccessAsUser.All',
  'https://outlook.office.com/SMTP.Send',
  'mail-w',
].join(' ');
const MAIL_RESOURCE = 'urn:brieftaube-test:mail';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOAuthServer(
  options: { redirectUris?: string[]; accessTokenTtl?: number; port?: number } = {},
): Promise<TestOAuthServer> {
  const port = options.port ?? (await freePort());
  const issuer = `http://127.0.0.1:${port}`;
  const { id: clientId, secret: clientSecret } = TEST_OAUTH_CLIENT;
  const introspector = { id: 'mail-servers', secret: 'mail-servers-secret-0123456789' };
  let accessTokenTtl = options.accessTokenTtl ?? 3600;
  const calls = { token: 0, refresh: 0, introspection: 0 };
  /** Grant ids by login, for revokeGrants. */
  const grantsOf = new Map<string, Set<string>>();

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        // A native client's loopback redirect may use any port (RFC 8252 7.3): test apps run on
        // free ports.
        application_type: 'native',
        redirect_uris: options.redirectUris ?? ['http://127.0.0.1/oauth-callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'ES256',
      },
      {
        client_id: introspector.id,
        client_secret: introspector.secret,
        redirect_uris: [],
        grant_types: [],
        response_types: [],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        claims: () => ({ sub: id, email: id, email_verified: true, name: id }),
      };
    },
    features: {
      devInteractions: { enabled: false },
      // Only the mail servers' client may ask whether a token is live.
      introspection: {
        enabled: true,
        allowedPolicy: (_ctx, client) => Promise.resolve(client.clientId === introspector.id),
      },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => MAIL_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: MAIL_SCOPES,
          accessTokenFormat: 'opaque',
          accessTokenTTL: accessTokenTtl,
        }),
      },
    },
    // Google and Yahoo give refresh tokens without offline_access (access_type=offline).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Each refresh returns a new refresh token and retires the old one, as Microsoft does.
    rotateRefreshToken: () => true,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['brieftaube-test-cookie-key-0123456789'] },
    ttl: {
      AccessToken: () => accessTokenTtl,
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 3600,
      Grant: 86400,
      IdToken: 3600,
      RefreshToken: 86400,
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page(
        'Fehler beim Test-Anbieter',
        `<p>${escapeHtml(`${out.error}: ${out.error_description ?? ''}`)}</p>`,
      );
    },
  };
  // Its own signing key, so that oidc-provider does not fall back to its published development one.
  const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  configuration.jwks = {
    keys: [{ ...privateKey.export({ format: 'jwk' }), alg: 'ES256', use: 'sig', kid: 'test' }],
  };
  const provider = new Provider(issuer, configuration);
  // Plain HTTP on 127.0.0.1; oidc-provider's cookies are then not marked secure.
  provider.proxy = true;
  provider.on('grant.success', (ctx: { oidc: { params?: { grant_type?: string } } }) => {
    calls.token += 1;
    if (ctx.oidc.params?.grant_type === 'refresh_token') calls.refresh += 1;
  });
  const callback = provider.callback();

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const uid = escapeHtml(details.uid);
    if (req.method === 'GET') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', 'no-store');
      if (details.prompt.name === 'login') {
        res.end(
          page(
            'Test-Anbieter: Anmelden',
            `<form method="post" action="/interaction/${uid}/login"><label>Benutzer <input name="login" autocomplete="username"></label><button type="submit">Anmelden</button></form>`,
          ),
        );
      } else {
        res.end(
          page(
            'Test-Anbieter: Zugriff erlauben',
            `<p>Brieftaube möchte auf Ihre E-Mails zugreifen.</p><form method="post" action="/interaction/${uid}/consent"><button name="decision" value="allow">Zulassen</button><button name="decision" value="deny">Ablehnen</button></form>`,
          ),
        );
      }
      return;
    }
    const form = await readForm(req);
    if (req.url?.endsWith('/login')) {
      const login = form.get('login')?.trim();
      if (!login) throw new Error('login required');
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: login } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (form.get('decision') !== 'allow') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User denied the request' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const accountId = details.session?.accountId;
    if (!accountId) throw new Error('no session');
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error('grant not found');
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(resource, scopes.join(' '));
    const grantId = await grant.save();
    grantsOf.set(accountId, (grantsOf.get(accountId) ?? new Set()).add(grantId));
    await provider.interactionFinished(
      req,
      res,
      { consent: details.grantId ? {} : { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 400;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(page('Fehler beim Test-Anbieter', escapeHtml(String(error))));
      });
      return;
    }
    if (req.url?.startsWith('/token/introspection')) calls.introspection += 1;
    void callback(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    issuer,
    authorizationUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    userinfoUrl: `${issuer}/me`,
    introspectionUrlWithCredentials: `http://${introspector.id}:${introspector.secret}@127.0.0.1:${port}/token/introspection`,
    clientId,
    clientSecret,
    async introspect(token) {
      const response = await fetch(`${issuer}/token/introspection`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${introspector.id}:${introspector.secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ token }),
      });
      return (await response.json()) as { active: boolean; sub?: string };
    },
    async consent(authorizationUrl, login, decision = 'allow') {
      const cookies = new Map<string, string>();
      const keep = (response: Response) => {
        for (const header of response.headers.getSetCookie()) {
          const [pair] = header.split(';');
          const at = pair!.indexOf('=');
          cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
      };
      const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      let url = new URL(authorizationUrl);
      let form: URLSearchParams | undefined;
      for (let step = 0; step < 12; step++) {
        if (url.origin !== issuer) return url;
        const response = await fetch(url, {
          method: form ? 'POST' : 'GET',
          redirect: 'manual',
          headers: {
            cookie: cookie(),
            ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          ...(form ? { body: form } : {}),
        });
        keep(response);
        form = undefined;
        const location = response.headers.get('location');
        if (location) {
          url = new URL(location, url);
          continue;
        }
        const html = await response.text();
        if (html.includes('name="login"')) {
          url = new URL(/action="([^"]+)"/.exec(html)![1]!, url);
          form = new URLSearchParams({ login });
        } else if (html.includes('name="decision"')) {
          url = new URL(/action="([^"]+)"/.exec(html)![1]!, url);
          form = new URLSearchParams({ decision });
        } else {
          throw new Error(`unexpected page from the OAuth server (${response.status}): ${html}`);
        }
      }
      throw new Error('too many redirects at the OAuth server');
    },
    setAccessTokenTtl(seconds) {
      accessTokenTtl = seconds;
    },
    async revokeGrants(login) {
      for (const grantId of grantsOf.get(login) ?? []) {
        const grant = await provider.Grant.find(grantId);
        await grant?.destroy();
      }
      grantsOf.delete(login);
    },
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
