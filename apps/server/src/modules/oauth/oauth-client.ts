import type { OAuthProvider } from './oauth-providers.ts';

/** What a provider's token endpoint gave. */
export interface TokenSet {
  accessToken: string;
  /** Absent when the provider keeps the old one (Google on refresh). */
  refreshToken: string | undefined;
  expiresAt: Date;
  idToken: string | undefined;
}

/** The provider refused the refresh token: revoked, expired, or the password changed. */
export class RefreshRefusedError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`refresh token refused (${reason})`);
    this.name = 'RefreshRefusedError';
    this.reason = reason;
  }
}

/** The token endpoint failed otherwise (down, refused the code, misconfigured client). */
export class TokenEndpointError extends Error {
  readonly oauthError: string | undefined;
  constructor(message: string, oauthError?: string) {
    super(message);
    this.name = 'TokenEndpointError';
    this.oauthError = oauthError;
  }
}

const TIMEOUT_MS = 20_000;
/** A token without expires_in is taken to last an hour (the providers' usual lifetime). */
const DEFAULT_LIFETIME_S = 3600;

async function tokenRequest(
  provider: OAuthProvider,
  params: Record<string, string>,
): Promise<TokenSet> {
  const body = new URLSearchParams({ ...params, client_id: provider.clientId });
  if (provider.clientSecret) body.set('client_secret', provider.clientSecret);
  let response: Response;
  try {
    response = await fetch(provider.tokenUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new TokenEndpointError(`token endpoint unreachable: ${(error as Error).message}`);
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || typeof json.access_token !== 'string') {
    const error = typeof json.error === 'string' ? json.error : `HTTP ${response.status}`;
    if (params.grant_type === 'refresh_token' && error === 'invalid_grant')
      throw new RefreshRefusedError(error);
    throw new TokenEndpointError(`token endpoint refused: ${error}`, error);
  }
  const lifetime = Number(json.expires_in);
  return {
    accessToken: json.access_token,
    refreshToken: typeof json.refresh_token === 'string' ? json.refresh_token : undefined,
    expiresAt: new Date(
      Date.now() +
        (Number.isFinite(lifetime) && lifetime > 0 ? lifetime : DEFAULT_LIFETIME_S) * 1000,
    ),
    idToken: typeof json.id_token === 'string' ? json.id_token : undefined,
  };
}

export function exchangeCode(
  provider: OAuthProvider,
  grant: { code: string; codeVerifier: string; redirectUri: string },
): Promise<TokenSet> {
  return tokenRequest(provider, {
    grant_type: 'authorization_code',
    code: grant.code,
    code_verifier: grant.codeVerifier,
    redirect_uri: grant.redirectUri,
  });
}

export function refreshTokens(provider: OAuthProvider, refreshToken: string): Promise<TokenSet> {
  return tokenRequest(provider, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

/**
 * The mail address and name in an ID token. It came straight from the provider's token endpoint
 * over TLS, so its signature need not be checked (OpenID Connect Core 3.1.3.7); its audience
 * must still be this app.
 */
export function identityFromIdToken(
  idToken: string,
  clientId: string,
): { email: string; name: string | undefined } | undefined {
  const payload = idToken.split('.')[1];
  if (!payload) return undefined;
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    return undefined;
  }
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audience.includes(clientId)) return undefined;
  // Microsoft puts the address in preferred_username when the email claim is not released.
  const email = [claims.email, claims.preferred_username].find(
    (v): v is string => typeof v === 'string' && v.includes('@'),
  );
  if (!email) return undefined;
  return { email, name: typeof claims.name === 'string' ? claims.name : undefined };
}
