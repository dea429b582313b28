/** Quiet time after the last new mail of an account before its categorisation is queued. */
export const LIVE_MAIL_QUIET_MS = 2_000;
/** A steady trickle of deliveries still gets its mail filed this soon after the first one. */
export const LIVE_MAIL_MAX_WAIT_MS = 15_000;

export interface AfterLiveMail {
  /** A live sync stored new mail of this account. */
  note(userId: string, accountId: number): void;
  stop(): void;
}

/**
 * Mail that arrives through IDLE is filed like mail of a fetch (issue 21), but a burst of
 * deliveries is one categorisation task, not one per message: the task is queued once the
 * account has been quiet for a moment (or after the longest wait).
 */
export function afterLiveMail(
  start: (userId: string, accountId: number) => Promise<void>,
  onError: (err: unknown, accountId: number) => void,
  timing = { quietMs: LIVE_MAIL_QUIET_MS, maxWaitMs: LIVE_MAIL_MAX_WAIT_MS },
): AfterLiveMail {
  const pending = new Map<number, { timer: NodeJS.Timeout; first: number; userId: string }>();
  const fire = (accountId: number) => {
    const entry = pending.get(accountId);
    if (!entry) return;
    pending.delete(accountId);
    start(entry.userId, accountId).catch((err: unknown) => onError(err, accountId));
  };
  return {
    note(userId, accountId) {
      const entry = pending.get(accountId);
      const first = entry?.first ?? Date.now();
      if (entry) clearTimeout(entry.timer);
      const wait = Math.min(timing.quietMs, Math.max(0, first + timing.maxWaitMs - Date.now()));
      const timer = setTimeout(() => fire(accountId), wait);
      timer.unref();
      pending.set(accountId, { timer, first, userId });
    },
    stop() {
      for (const entry of pending.values()) clearTimeout(entry.timer);
      pending.clear();
    },
  };
}
