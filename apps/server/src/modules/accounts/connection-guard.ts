import type { ConnectGuard, ConnectTarget } from '../../mail/net/mail-connector.ts';
import type { RateLimiter } from '../auth/rate-limiter.ts';

/** Enough for anyone trying settings by hand; too few to scan a network through the server. */
export const CONNECTION_TESTS_PER_WINDOW = 20;
export const CONNECTION_TEST_WINDOW_SECONDS = 10 * 60;
export const connectionLimitKey = (userId: string) => `connection-test:${userId}`;

/** The user's limit is reached; nothing was sent. classifyConnectionError reads the code. */
export class TooManyAttemptsError extends Error {
  readonly code = 'ETOOMANYATTEMPTS';
  readonly retryAfter: number;
  constructor(retryAfter: number) {
    super('too many failed connection attempts');
    this.name = 'TooManyAttemptsError';
    this.retryAfter = retryAfter;
  }
}

/** Addresses remembered as good per process; the oldest go first beyond this many. */
const KNOWN_GOOD_MAX = 10_000;

/**
 * Failed connections of saved accounts count toward the same per-user limit as connection
 * tests (ADR 0015, 0018): without that, an account saved with another host or port and fetched
 * again and again was a port scanner without a limit. Once the limit is reached, a connection is
 * refused before anything is sent, unless it goes to an address and port where this user's
 * session logged in before: a server that worked and is down for a while is no scan, and the
 * user's other accounts keep working.
 */
export function createConnectionGuards(limiter: RateLimiter | undefined) {
  const knownGood = new Map<string, true>();
  const keysOf = (userId: string, target: ConnectTarget) =>
    (target.reached ? [target.reached] : target.addresses.map((a) => a.address)).map(
      (address) => `${userId}|${address}|${target.port}`,
    );
  const isKnown = (userId: string, target: ConnectTarget) =>
    target.addresses.some((a) => knownGood.has(`${userId}|${a.address}|${target.port}`));

  return {
    /**
     * `count: false` for the live sync's reconnects: paced by its own growing pauses, they are
     * refused while the user is over the limit but do not add to it.
     */
    forUser(userId: string, options: { count?: boolean } = {}): ConnectGuard | undefined {
      if (!limiter) return undefined;
      const count = options.count ?? true;
      return {
        async admit(target) {
          if (isKnown(userId, target)) return;
          const { count: used, retryAfter } = await limiter.peek(
            connectionLimitKey(userId),
            CONNECTION_TEST_WINDOW_SECONDS,
          );
          if (used >= CONNECTION_TESTS_PER_WINDOW) throw new TooManyAttemptsError(retryAfter);
        },
        async failed(target) {
          if (!count || (target && isKnown(userId, target))) return;
          await limiter.hit(connectionLimitKey(userId), CONNECTION_TEST_WINDOW_SECONDS);
        },
        succeeded(target) {
          for (const key of keysOf(userId, target)) {
            knownGood.delete(key);
            knownGood.set(key, true);
          }
          while (knownGood.size > KNOWN_GOOD_MAX)
            knownGood.delete(knownGood.keys().next().value as string);
        },
      };
    },
  };
}

export type ConnectionGuards = ReturnType<typeof createConnectionGuards>;
