import type { AuthRepository } from './auth.repository.ts';

/**
 * How long another process may still admit an access token whose session was ended (logout, or
 * a stolen refresh token's family revoked). The process that ends a session knows it at once.
 */
export const REVOCATION_REFRESH_MS = 2_000;

/**
 * A commit can land a moment after the read that should have seen it (its revoked_at is the
 * statement's start): each read looks back this far past the previous one.
 */
const OVERLAP_SECONDS = 5;

export interface SessionRevocations {
  /** Whether the session was ended; at most REVOCATION_REFRESH_MS behind the database. */
  isRevoked(sessionId: string): Promise<boolean>;
  /** A session this process ended: refused here at once, before the next read. */
  add(sessionId: string): void;
}

/**
 * Sessions ended within the last access-token lifetime, kept per process and read again from the
 * database at most every REVOCATION_REFRESH_MS: one small indexed query per process every few
 * seconds instead of one per request (ADR 0019). Older revocations need no entry: every access
 * token of such a session has expired by then.
 */
export function createSessionRevocations(
  repo: Pick<AuthRepository, 'revokedFamiliesSince'>,
  accessTtlSeconds: number,
  refreshMs = REVOCATION_REFRESH_MS,
): SessionRevocations {
  const keepMs = (accessTtlSeconds + 60) * 1000;
  const revoked = new Map<string, number>();
  let readAt = -Infinity;
  // Database time of the last read, in epoch seconds; null until the first read.
  let cursor: number | null = null;
  let reading: Promise<void> | undefined;

  const remember = (sessionId: string) => revoked.set(sessionId, Date.now() + keepMs);

  async function read(): Promise<void> {
    const since = cursor === null ? null : cursor - OVERLAP_SECONDS;
    const { now, families } = await repo.revokedFamiliesSince(since, accessTtlSeconds);
    for (const family of families) if (!revoked.has(family)) remember(family);
    cursor = now;
    readAt = Date.now();
    for (const [sessionId, until] of revoked) if (until < readAt) revoked.delete(sessionId);
  }

  return {
    async isRevoked(sessionId) {
      if (Date.now() - readAt >= refreshMs) {
        // One read at a time, whatever the number of requests waiting for it.
        reading ??= read().finally(() => (reading = undefined));
        await reading;
      }
      return revoked.has(sessionId);
    },
    add: remember,
  };
}
