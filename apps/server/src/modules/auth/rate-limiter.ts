import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Fixed-window counters in the database, so that every API process of a deployment counts
 * together; one atomic upsert per hit.
 */
export function createRateLimiter(db: Db) {
  return {
    /** Counts one hit; returns the count in the current window and seconds until it resets. */
    async hit(key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }> {
      const result = (await db.execute(sql`
        INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                       THEN 1 ELSE rate_limits.count + 1 END,
          window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                       THEN now() ELSE rate_limits.window_start END
        RETURNING count,
          GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => ${windowSeconds}) - now()))))::int AS retry_after`)) as {
        rows: { count: number; retry_after: number }[];
      };
      const row = result.rows[0];
      return {
        count: Number(row?.count ?? 1),
        retryAfter: Number(row?.retry_after ?? windowSeconds),
      };
    },

    /** The count in the current window without adding to it (0 once the window is over). */
    async peek(key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }> {
      const result = (await db.execute(sql`
        SELECT count,
          GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => ${windowSeconds}) - now()))))::int AS retry_after
        FROM rate_limits
        WHERE key = ${key} AND window_start > now() - make_interval(secs => ${windowSeconds})`)) as {
        rows: { count: number; retry_after: number }[];
      };
      const row = result.rows[0];
      return {
        count: Number(row?.count ?? 0),
        retryAfter: Number(row?.retry_after ?? windowSeconds),
      };
    },

    /** Takes back one hit: an attempt that turned out to be legitimate. */
    async release(key: string): Promise<void> {
      await db.execute(
        sql`UPDATE rate_limits SET count = GREATEST(count - 1, 0) WHERE key = ${key}`,
      );
    },

    async reset(key: string): Promise<void> {
      await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
