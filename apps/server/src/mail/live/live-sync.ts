import type { DatabaseHandle } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AccountRow } from '../../modules/accounts/accounts.repository.ts';
import type { AccountSyncDeps } from '../sync/account-sync.ts';
import { createAccountOwnership, type AccountOwnership } from './account-ownership.ts';
import { watchAccount, type AccountWatcher } from './account-watcher.ts';

export interface LiveSyncOptions {
  pollSeconds: number;
  /** How often the account list is read again (new, changed and deleted accounts). */
  rescanSeconds: number;
  /** The watchers' first pause after a session ended (tests shorten it). */
  backoffMs?: number;
  logger?: Logger;
  /** Told when a watcher stored new mail of an account. */
  onNewMail?: (userId: string, accountId: number) => void;
}

export interface LiveSync {
  /** Accounts this process keeps live right now. */
  watching(): number[];
  /** Reads the account list now instead of at the next rescan. */
  rescan(): Promise<void>;
  stop(): Promise<void>;
}

/** Settings whose change needs a new connection. */
const fingerprint = (a: AccountRow) =>
  [
    a.imapServer,
    a.imapPort,
    a.imapSecurity,
    a.username,
    a.passwordSealed,
    a.accessTokenSealed,
  ].join('\u0000');

/**
 * Runs in every process that works jobs. Each account that finished its first fetch gets one
 * watcher across all processes (see AccountOwnership); accounts of a crashed process are taken
 * over at the next rescan.
 */
export async function startLiveSync(
  database: DatabaseHandle,
  deps: AccountSyncDeps,
  options: LiveSyncOptions,
): Promise<LiveSync> {
  let ownership: AccountOwnership = await createAccountOwnership(database);
  const watchers = new Map<number, { watcher: AccountWatcher; fingerprint: string }>();
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const stopWatcher = async (accountId: number) => {
    const entry = watchers.get(accountId);
    if (!entry) return;
    watchers.delete(accountId);
    await entry.watcher.stop();
    await ownership.release(accountId).catch(() => undefined);
  };

  async function scan(): Promise<void> {
    if (!ownership.healthy) {
      // The ownership session ended: other processes may already watch these accounts.
      options.logger?.warn('live sync lost its account locks; restarting watchers');
      await Promise.all([...watchers.keys()].map(stopWatcher));
      await ownership.close();
      ownership = await createAccountOwnership(database);
    }
    const accounts = await deps.accounts.listSynced();
    const current = new Map(accounts.map((a) => [a.id, a]));
    for (const [id, entry] of watchers) {
      const account = current.get(id);
      if (!account || fingerprint(account) !== entry.fingerprint) await stopWatcher(id);
    }
    for (const account of accounts) {
      if (stopped) return;
      if (watchers.has(account.id) || !(await ownership.tryClaim(account.id))) continue;
      watchers.set(account.id, {
        watcher: watchAccount(deps, account, {
          pollSeconds: options.pollSeconds,
          ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
          ...(options.logger ? { logger: options.logger } : {}),
          ...(options.onNewMail ? { onNewMail: options.onNewMail } : {}),
        }),
        fingerprint: fingerprint(account),
      });
    }
  }

  const runScan = () => {
    running = running
      .then(scan)
      .catch((error: unknown) => options.logger?.error({ err: error }, 'live sync scan failed'));
    return running;
  };
  await runScan();
  const timer = setInterval(() => void runScan(), options.rescanSeconds * 1000);
  timer.unref();

  return {
    watching: () => [...watchers.keys()],
    rescan: runScan,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await Promise.all([...watchers.keys()].map(stopWatcher));
      await ownership.close();
    },
  };
}
