import type { DatabaseHandle } from '../../db/client.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import { RefreshRefusedError, refreshTokens } from './oauth-client.ts';
import type { OAuthProvider, OAuthProviderId } from './oauth-providers.ts';
import type { OAuthRepository } from './oauth.repository.ts';

/** An OAuth account whose refresh token the provider refused: only a new sign-in helps. */
export class ReauthRequiredError extends Error {
  /** What connection-errors.ts classifies as REAUTH_REQUIRED. */
  readonly code = 'REAUTH_REQUIRED';
  readonly accountId: number;
  constructor(accountId: number) {
    super(`account ${accountId} needs a new OAuth sign-in`);
    this.name = 'ReauthRequiredError';
    this.accountId = accountId;
  }
}

/** A token this close to its end is renewed before use: a sync must not lose it midway. */
const RENEW_BEFORE_MS = 5 * 60_000;
// Any fixed number; the second key of the advisory lock is the account id.
const REFRESH_LOCK_ID = 7_204_312;

/**
 * The access tokens of OAuth accounts (ADR 0027): renewed before they expire and once more when a
 * mail server refuses one, the new pair stored at once. One refresh per account runs at a time
 * across all processes (an advisory lock on PostgreSQL; PGlite has one process): providers that
 * rotate refresh tokens (Microsoft) take each one once, and a second refresh with it would fail.
 */
export function createOAuthTokens(deps: {
  database: DatabaseHandle;
  repo: OAuthRepository;
  secrets: SecretBox;
  providers: Map<OAuthProviderId, OAuthProvider>;
}) {
  const { repo, secrets } = deps;
  const running = new Map<number, Promise<unknown>>();

  /** Runs `work` alone for this account, in this process and across processes. */
  function exclusive<T>(accountId: number, work: () => Promise<T>): Promise<T> {
    const before = running.get(accountId) ?? Promise.resolve();
    const next = before.then(
      () => acrossProcesses(accountId, work),
      () => acrossProcesses(accountId, work),
    );
    running.set(accountId, next);
    void next
      .finally(() => {
        if (running.get(accountId) === next) running.delete(accountId);
      })
      .catch(() => undefined);
    return next;
  }

  async function acrossProcesses<T>(accountId: number, work: () => Promise<T>): Promise<T> {
    if (deps.database.kind !== 'postgres') return work();
    const client = await deps.database.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1, $2)', [REFRESH_LOCK_ID, accountId]);
      return await work();
    } finally {
      await client
        .query('SELECT pg_advisory_unlock($1, $2)', [REFRESH_LOCK_ID, accountId])
        .catch(() => undefined);
      client.release();
    }
  }

  const fresh = (row: AccountRow, marginMs = RENEW_BEFORE_MS) =>
    row.accessTokenSealed !== null &&
    row.tokenExpiry !== null &&
    row.tokenExpiry.getTime() - Date.now() > marginMs;

  async function refresh(
    accountId: number,
    refused: string | undefined,
    marginMs = RENEW_BEFORE_MS,
  ): Promise<string> {
    return exclusive(accountId, async () => {
      // Another process may have renewed it while this one waited.
      const row = await repo.account(accountId);
      if (!row) throw new ReauthRequiredError(accountId);
      const current = row.accessTokenSealed ? secrets.open(row.accessTokenSealed) : undefined;
      if (current && fresh(row, marginMs) && current !== refused) return current;
      const provider = deps.providers.get(row.provider as OAuthProviderId);
      if (!row.refreshTokenSealed || !provider) throw new ReauthRequiredError(accountId);
      try {
        const tokens = await refreshTokens(provider, secrets.open(row.refreshTokenSealed));
        await repo.storeTokens(accountId, {
          accessSealed: secrets.seal(tokens.accessToken),
          refreshSealed: tokens.refreshToken
            ? secrets.seal(tokens.refreshToken)
            : row.refreshTokenSealed,
          expiry: tokens.expiresAt,
        });
        return tokens.accessToken;
      } catch (error) {
        if (error instanceof RefreshRefusedError) {
          await repo.clearTokens(accountId);
          throw new ReauthRequiredError(accountId);
        }
        throw error;
      }
    });
  }

  return {
    /**
     * A live access token of an OAuth account. `refused`: the token a mail server just refused,
     * which is renewed even if it looks fresh.
     */
    async accessToken(row: AccountRow, refused?: string): Promise<string> {
      if (!refused && fresh(row)) return secrets.open(row.accessTokenSealed!);
      return refresh(row.id, refused);
    },

    /**
     * Renews every token that ends within `withinMs` (the scheduled job, and once at start-up):
     * an account nobody used for a while still shows a live token (spec §4 reads an expired
     * token_expiry as 'needs re-authentication'), and a revoked one is found before the user is.
     */
    async renewDue(withinMs: number): Promise<{ renewed: number; needReauth: number }> {
      let renewed = 0;
      let needReauth = 0;
      for (const id of await repo.dueForRenewal(new Date(Date.now() + withinMs))) {
        try {
          await refresh(id, undefined, withinMs);
          renewed += 1;
        } catch (error) {
          if (!(error instanceof ReauthRequiredError)) throw error;
          needReauth += 1;
        }
      }
      return { renewed, needReauth };
    },
  };
}

export type OAuthTokens = ReturnType<typeof createOAuthTokens>;
