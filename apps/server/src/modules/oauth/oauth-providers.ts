import type { Config } from '../../config/env.ts';
import type { AccountProvider, TransportSecurity } from '../../db/schema/accounts.ts';
import { providerPresets } from '../../mail/presets.ts';

export type OAuthProviderId = Exclude<AccountProvider, 'imap'>;
export const OAUTH_PROVIDERS: readonly OAuthProviderId[] = ['google', 'microsoft', 'yahoo'];

interface MailServer {
  host: string;
  port: number;
  security: TransportSecurity;
}

/** One provider as this server talks to it. */
export interface OAuthProvider {
  id: OAuthProviderId;
  /** 'Google', 'Microsoft', 'Yahoo': the button's and the status's name. */
  label: string;
  clientId: string;
  clientSecret: string | undefined;
  authorizationUrl: string;
  tokenUrl: string;
  /** IMAP and SMTP, offline access (a refresh token), and the address in the ID token. */
  scope: string;
  /** What the authorization request adds for this provider. */
  extraParams: Record<string, string>;
  imap: MailServer;
  smtp: MailServer;
}

/** What a provider is without the operator's registration. */
type Defaults = Omit<OAuthProvider, 'id' | 'clientId' | 'clientSecret'>;

const preset = (provider: OAuthProviderId) => providerPresets.find((p) => p.provider === provider)!;

// The providers' published endpoints and mail scopes (README, "Sign-in accounts").
const DEFAULTS: Record<OAuthProviderId, Defaults> = {
  google: {
    label: 'Google',
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    scope: 'openid email https://mail.google.com/',
    // Google gives a refresh token only for access_type=offline, and again only with consent.
    extraParams: { access_type: 'offline', prompt: 'consent' },
    imap: preset('google').imap,
    smtp: preset('google').smtp,
  },
  microsoft: {
    label: 'Microsoft',
    authorizationUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    scope:
      'openid email offline_access https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send',
    extraParams: { prompt: 'select_account' },
    imap: { host: 'outlook.office365.com', port: 993, security: 'ssl' },
    smtp: { host: 'smtp.office365.com', port: 587, security: 'starttls' },
  },
  yahoo: {
    label: 'Yahoo',
    authorizationUrl: 'https://api.login.yahoo.com/oauth2/request_auth',
    tokenUrl: 'https://api.login.yahoo.com/oauth2/get_token',
    scope: 'openid email mail-w',
    extraParams: {},
    imap: preset('yahoo').imap,
    smtp: preset('yahoo').smtp,
  },
};

function parseServer(value: string | undefined, fallback: MailServer): MailServer {
  if (!value) return fallback;
  const [host, port, security] = value.split(':');
  return { host: host!, port: Number(port), security: security as TransportSecurity };
}

/** The providers the operator registered the app at (a client id set); the others are absent. */
export function configuredProviders(config: Config): Map<OAuthProviderId, OAuthProvider> {
  const providers = new Map<OAuthProviderId, OAuthProvider>();
  for (const id of OAUTH_PROVIDERS) {
    const key = id.toUpperCase() as 'GOOGLE' | 'MICROSOFT' | 'YAHOO';
    const clientId = config[`OAUTH_${key}_CLIENT_ID`];
    if (!clientId) continue;
    const d = DEFAULTS[id];
    providers.set(id, {
      id,
      label: d.label,
      clientId,
      clientSecret: config[`OAUTH_${key}_CLIENT_SECRET`],
      authorizationUrl: config[`OAUTH_${key}_AUTHORIZATION_URL`] ?? d.authorizationUrl,
      tokenUrl: config[`OAUTH_${key}_TOKEN_URL`] ?? d.tokenUrl,
      scope: d.scope,
      extraParams: d.extraParams,
      imap: parseServer(config[`OAUTH_${key}_IMAP`], d.imap),
      smtp: parseServer(config[`OAUTH_${key}_SMTP`], d.smtp),
    });
  }
  return providers;
}
