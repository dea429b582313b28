import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { configuredProviders } from '../../src/modules/oauth/oauth-providers.ts';
import { identityFromIdToken } from '../../src/modules/oauth/oauth-client.ts';

const jwt = (claims: Record<string, unknown>) =>
  `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('OAuth providers (issue 23, ADR 0027)', () => {
  it('offers only providers with a client id, each with its mail and offline scopes', () => {
    const none = configuredProviders(loadConfig({ DATA_DIR: '/tmp/x' }));
    expect(none.size).toBe(0);
    const all = configuredProviders(
      loadConfig({
        DATA_DIR: '/tmp/x',
        OAUTH_GOOGLE_CLIENT_ID: 'g',
        OAUTH_MICROSOFT_CLIENT_ID: 'm',
        OAUTH_MICROSOFT_CLIENT_SECRET: 'ms',
        OAUTH_YAHOO_CLIENT_ID: 'y',
        OAUTH_YAHOO_IMAP: 'imap.test:1993:none',
      }),
    );
    const google = all.get('google')!;
    expect(google.scope.split(' ')).toContain('https://mail.google.com/');
    expect(google.extraParams).toEqual({ access_type: 'offline', prompt: 'consent' });
    expect(google.imap).toEqual({ host: 'imap.gmail.com', port: 993, security: 'ssl' });
    const microsoft = all.get('microsoft')!;
    expect(microsoft.scope.split(' ')).toEqual(
      expect.arrayContaining([
        'offline_access',
        'https://outlook.office.com/IMAP.AccessAsUser.All',
        'https://outlook.office.com/SMTP.Send',
      ]),
    );
    expect(microsoft.clientSecret).toBe('ms');
    expect(microsoft.tokenUrl).toBe('https://login.microsoftonline.com/common/oauth2/v2.0/token');
    const yahoo = all.get('yahoo')!;
    expect(yahoo.scope.split(' ')).toContain('mail-w');
    expect(yahoo.imap).toEqual({ host: 'imap.test', port: 1993, security: 'none' });
  });

  it('refuses a malformed mail server override at start', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', OAUTH_GOOGLE_IMAP: 'imap.gmail.com' })).toThrow(
      /OAUTH_GOOGLE_IMAP/,
    );
  });

  it("reads the address from an ID token meant for this app (Microsoft's preferred_username too)", () => {
    expect(
      identityFromIdToken(jwt({ aud: 'app', email: 'a@gmail.com', name: 'A' }), 'app'),
    ).toEqual({ email: 'a@gmail.com', name: 'A' });
    expect(
      identityFromIdToken(jwt({ aud: ['app'], preferred_username: 'b@outlook.de' }), 'app'),
    ).toEqual({ email: 'b@outlook.de', name: undefined });
    // Another app's token, or none with an address: no identity.
    expect(identityFromIdToken(jwt({ aud: 'other', email: 'a@gmail.com' }), 'app')).toBeUndefined();
    expect(
      identityFromIdToken(jwt({ aud: 'app', preferred_username: 'kein' }), 'app'),
    ).toBeUndefined();
    expect(identityFromIdToken('kein-jwt', 'app')).toBeUndefined();
  });
});
