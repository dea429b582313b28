import type { PgBoss } from 'pg-boss';
import type { Logger } from '../lib/logger.ts';

export const OAUTH_RENEWAL_QUEUE = 'oauth.renewal';
/** Tokens ending within this are renewed by the job (it runs every five minutes). */
const RENEW_WITHIN_MS = 15 * 60_000;

/**
 * Keeps the access tokens of OAuth accounts live (ADR 0027): every five minutes, and once when
 * the worker starts (a laptop that slept through the night has only expired tokens).
 */
export async function registerOAuthRenewalJob(
  boss: PgBoss,
  tokens: { renewDue(withinMs: number): Promise<{ renewed: number; needReauth: number }> },
  logger: Logger,
): Promise<void> {
  await boss.createQueue(OAUTH_RENEWAL_QUEUE);
  await boss.schedule(OAUTH_RENEWAL_QUEUE, '*/5 * * * *');
  const renew = async () => {
    const result = await tokens.renewDue(RENEW_WITHIN_MS);
    if (result.renewed || result.needReauth) logger.info(result, 'OAuth tokens renewed');
  };
  await boss.work(OAUTH_RENEWAL_QUEUE, renew);
  renew().catch((err: unknown) => logger.warn({ err }, 'renewing OAuth tokens failed'));
}
