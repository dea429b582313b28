import type { PgBoss } from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';

export const MAINTENANCE_QUEUE = 'maintenance.cleanup';

/** Hourly removal of expired refresh tokens and stale rate-limit windows. */
export async function registerMaintenanceJobs(
  boss: PgBoss,
  database: DatabaseHandle,
  logger: Logger,
): Promise<void> {
  await boss.createQueue(MAINTENANCE_QUEUE);
  await boss.schedule(MAINTENANCE_QUEUE, '17 * * * *');
  await boss.work(MAINTENANCE_QUEUE, async () => {
    const tokens = await database.db.execute(
      sql`DELETE FROM refresh_tokens WHERE expires_at < now() - interval '1 day'`,
    );
    const limits = await database.db.execute(
      sql`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`,
    );
    logger.info(
      { refreshTokens: rowCount(tokens), rateLimits: rowCount(limits) },
      'maintenance cleanup done',
    );
  });
}

function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
