/**
 * A bulk sync reports progress after every batch of 100 messages, several times a second, and
 * asks as often whether the task was revoked. Each report is a committed UPDATE of the task row,
 * each question a SELECT, all on the way of the batches to the database (measured: about 400
 * statements per 20,000 messages). The task card polls far less often than that.
 */
export const PROGRESS_INTERVAL_MS = 500;

/**
 * Writes the first report at once, then at most one per interval; a report held back is written
 * when the interval is over, so the card never stays behind on a step the sync is still in.
 */
export function throttledProgress<T>(
  write: (value: T) => Promise<unknown>,
  intervalMs = PROGRESS_INTERVAL_MS,
) {
  let lastWrite = -Infinity;
  let held: { value: T } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<unknown> = Promise.resolve();
  const flush = () => {
    timer = undefined;
    if (!held) return;
    const { value } = held;
    held = undefined;
    lastWrite = Date.now();
    // In order: a held report must not overtake the one before it.
    writing = writing.then(() => write(value)).catch(() => undefined);
  };
  return {
    async report(value: T): Promise<void> {
      held = { value };
      if (Date.now() - lastWrite >= intervalMs) {
        clearTimeout(timer);
        flush();
        await writing;
      } else timer ??= setTimeout(flush, intervalMs - (Date.now() - lastWrite));
    },
    /** Drops what is held; the caller writes the final state itself. */
    async stop(): Promise<void> {
      clearTimeout(timer);
      timer = undefined;
      held = undefined;
      await writing;
    },
  };
}

/** The answer of `ask`, asked again only once the interval is over. */
export function cachedCheck(ask: () => Promise<boolean>, intervalMs = PROGRESS_INTERVAL_MS) {
  let askedAt = -Infinity;
  let answer = false;
  return async (): Promise<boolean> => {
    if (answer || Date.now() - askedAt < intervalMs) return answer;
    askedAt = Date.now();
    answer = await ask();
    return answer;
  };
}
