import crypto from 'node:crypto';
import { ErrorCode } from '@brieftaube/shared';
import { AppError } from '../../lib/app-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AccountRow, AccountsRepository } from '../accounts/accounts.repository.ts';
import { toAccountDto } from '../accounts/accounts.service.ts';
import { exchangeCode, identityFromIdToken, TokenEndpointError } from './oauth-client.ts';
import { OAUTH_PROVIDERS, type OAuthProvider, type OAuthProviderId } from './oauth-providers.ts';
import type { OAuthRepository } from './oauth.repository.ts';

/** Minutes a person has to sign in at the provider. */
const FLOW_MINUTES = 15;
const GMAIL_DOMAINS = ['gmail.com', 'googlemail.com'];

export const OAuthFailure = {
  NOT_CONFIGURED: 'NOT_CONFIGURED',
  STATE_INVALID: 'STATE_INVALID',
  DENIED: 'DENIED',
  EXCHANGE_FAILED: 'EXCHANGE_FAILED',
  NO_ADDRESS: 'NO_ADDRESS',
  ACCOUNT_MISMATCH: 'ACCOUNT_MISMATCH',
  ACCOUNT_EXISTS: 'ACCOUNT_EXISTS',
  NOT_CONVERTIBLE: 'NOT_CONVERTIBLE',
} as const;
export type OAuthFailure = (typeof OAuthFailure)[keyof typeof OAuthFailure];

const fail = (reason: OAuthFailure, message: string) =>
  new AppError(ErrorCode.OAUTH_FAILED, message, { oauth: [reason as never] });

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('base64url');

/** Only a path inside the app: an address elsewhere would make the callback an open redirect. */
function safeReturnTo(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return '/app/accounts';
  return value;
}

export function createOAuthService(deps: {
  repo: OAuthRepository;
  accounts: AccountsRepository;
  secrets: SecretBox;
  providers: Map<OAuthProviderId, OAuthProvider>;
  publicUrl: string | undefined;
}) {
  const { repo, accounts, secrets, providers } = deps;

  function providerOf(id: string): OAuthProvider {
    const provider = providers.get(id as OAuthProviderId);
    if (!provider) throw fail(OAuthFailure.NOT_CONFIGURED, `OAuth provider ${id} not configured`);
    return provider;
  }

  /** The account a flow renews: the caller's, of this provider or a Gmail password account. */
  async function accountToRenew(userId: string, id: number, provider: OAuthProvider) {
    const row = await accounts.find(userId, id);
    if (!row) throw AppError.notFound('Account');
    const domain = row.emailAddress.split('@')[1]?.toLowerCase() ?? '';
    const convertible =
      row.provider === 'imap' && provider.id === 'google' && GMAIL_DOMAINS.includes(domain);
    if (row.provider !== provider.id && !convertible)
      throw fail(OAuthFailure.NOT_CONVERTIBLE, 'account cannot use this provider');
    return row;
  }

  return {
    /** Every provider, and whether this server offers it. */
    providers() {
      return OAUTH_PROVIDERS.map((id) => ({
        provider: id,
        configured: providers.has(id),
      }));
    },

    /** Begins a sign-in: the address to send the browser to. */
    async start(
      userId: string,
      input: { provider: string; return_to?: string | undefined; account_id?: number | undefined },
      origin: string,
    ): Promise<{ authorization_url: string }> {
      const provider = providerOf(input.provider);
      if (input.account_id !== undefined) await accountToRenew(userId, input.account_id, provider);
      const state = crypto.randomBytes(32).toString('base64url');
      const codeVerifier = crypto.randomBytes(48).toString('base64url');
      const redirectUri = `${(deps.publicUrl ?? origin).replace(/\/+$/, '')}/oauth-callback`;
      await repo.insertFlow({
        stateHash: sha256(state),
        userId,
        provider: provider.id,
        codeVerifierSealed: secrets.seal(codeVerifier),
        redirectUri,
        returnTo: safeReturnTo(input.return_to),
        accountId: input.account_id ?? null,
        expiresAt: new Date(Date.now() + FLOW_MINUTES * 60_000),
      });
      const url = new URL(provider.authorizationUrl);
      const params = {
        client_id: provider.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: provider.scope,
        state,
        code_challenge: sha256(codeVerifier),
        code_challenge_method: 'S256',
        ...provider.extraParams,
      };
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      return { authorization_url: url.toString() };
    },

    /**
     * Finishes a sign-in with what the provider sent back to /oauth-callback. The state is taken
     * once and only by the user who began the flow; the account is created, or renewed with its
     * mail and categories kept.
     */
    async complete(
      userId: string,
      input: { state: string; code?: string | undefined; error?: string | undefined },
    ) {
      const flow = await repo.takeFlow(userId, sha256(input.state));
      if (!flow || flow.expiresAt.getTime() < Date.now())
        throw fail(OAuthFailure.STATE_INVALID, 'unknown, used or expired OAuth state');
      const returnTo = flow.returnTo;
      if (input.error || !input.code)
        throw fail(OAuthFailure.DENIED, `provider answered ${input.error ?? 'without a code'}`);
      const provider = providerOf(flow.provider);
      let tokens;
      try {
        tokens = await exchangeCode(provider, {
          code: input.code,
          codeVerifier: secrets.open(flow.codeVerifierSealed),
          redirectUri: flow.redirectUri,
        });
      } catch (error) {
        if (error instanceof TokenEndpointError)
          throw fail(OAuthFailure.EXCHANGE_FAILED, error.message);
        throw error;
      }
      const identity = tokens.idToken
        ? identityFromIdToken(tokens.idToken, provider.clientId)
        : undefined;
      if (!identity) throw fail(OAuthFailure.NO_ADDRESS, 'no mail address in the ID token');
      const sealed = {
        accessTokenSealed: secrets.seal(tokens.accessToken),
        refreshTokenSealed: tokens.refreshToken ? secrets.seal(tokens.refreshToken) : null,
        tokenExpiry: tokens.expiresAt,
      };
      const server = {
        provider: provider.id,
        imapServer: provider.imap.host,
        imapPort: provider.imap.port,
        imapSecurity: provider.imap.security,
        smtpServer: provider.smtp.host,
        smtpPort: provider.smtp.port,
        smtpSecurity: provider.smtp.security,
        username: null,
        passwordSealed: null,
      };
      const same = (row: AccountRow) =>
        row.emailAddress.toLowerCase() === identity.email.toLowerCase();

      let row: AccountRow | undefined;
      let created = false;
      if (flow.accountId !== null) {
        const target = await accounts.find(userId, flow.accountId);
        if (!target) throw AppError.notFound('Account');
        if (!same(target))
          throw fail(OAuthFailure.ACCOUNT_MISMATCH, 'signed in with another address');
        row = await accounts.update(userId, target.id, { ...sealed, ...server });
      } else {
        const existing = (await accounts.list(userId)).find(same);
        if (existing && existing.provider !== provider.id)
          throw fail(OAuthFailure.ACCOUNT_EXISTS, 'address already set up with a password');
        row = existing
          ? await accounts.update(userId, existing.id, { ...sealed, ...server })
          : await accounts.insert({
              userId,
              emailAddress: identity.email,
              displayName: identity.name ?? null,
              ...server,
              ...sealed,
            });
        created = !existing;
      }
      if (!row) throw AppError.notFound('Account');
      return { account: toAccountDto(row), created, return_to: returnTo };
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
