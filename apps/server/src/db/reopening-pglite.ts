import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite on a data folder that can be closed and opened again while the app runs, to give back
 * the memory a bulk of work left in it (ADR 0021). PostgreSQL runs in WebAssembly memory, and
 * WebAssembly memory never shrinks: after a first sync of 20,000 mails and its search index the
 * pages PostgreSQL touched stay resident until the instance is gone. A new instance on the same
 * folder starts small again, and PGlite keeps the compiled module, so it starts in under a
 * second without compiling anything.
 *
 * The app and its libraries hold `pglite`, a stand-in that forwards to whichever instance is
 * open. A reopen waits until no call is running (PGlite is one connection: a call in flight may
 * be inside a transaction), holds every new call meanwhile and lets it run on the new instance,
 * so no query is lost and none runs on a closing instance. What belongs to the session is
 * restored before the held calls run: LISTEN registrations (pg-boss's notifications) here, and
 * whatever `onReopen` hooks restore (the worker's advisory lock).
 */
export interface PgliteReopener {
  /** Closes and reopens the database once nothing runs; calls made meanwhile wait for it. */
  reopen(): Promise<void>;
  /** Runs on each new instance before any held call; restores session state. */
  onReopen(hook: (pglite: PGlite) => Promise<unknown>): () => void;
  /** How often the database was reopened (tests, logs). */
  readonly reopened: number;
}

type ListenCallback = (payload: string) => void;
interface Registration {
  channel: string;
  callback: ListenCallback;
  unsubscribe: () => Promise<void>;
}

/** Calls the stand-in routes through the gate; everything else goes to the open instance. */
const GATED = ['query', 'exec', 'sql', 'transaction', 'execProtocol', 'execProtocolRaw'] as const;

export function createReopeningPglite(
  first: PGlite,
  openAgain: () => Promise<PGlite>,
): { pglite: PGlite; reopener: PgliteReopener } {
  let current = first;
  /** Calls running on `current`. */
  let active = 0;
  /** runExclusive sections running: what their callbacks call must not wait for the gate. */
  let exclusive = 0;
  /** Set while a reopen waits or runs: new calls wait for it. */
  let gate: Promise<void> | undefined;
  let drained: (() => void) | undefined;
  /** A failed reopen leaves no database: every later call fails with its error. */
  let broken: Error | undefined;
  let reopened = 0;
  const registrations = new Set<Registration>();
  const hooks = new Set<(pglite: PGlite) => Promise<unknown>>();

  async function use<T>(call: (pglite: PGlite) => Promise<T>): Promise<T> {
    // A call made inside a runExclusive section (pglite-raw's execProtocol) belongs to a call
    // already counted: waiting for the gate there would wait for a reopen that waits for it.
    if (exclusive === 0) while (gate) await gate;
    if (broken) throw broken;
    active += 1;
    try {
      return await call(current);
    } finally {
      active -= 1;
      if (active === 0) drained?.();
    }
  }

  const gated: Record<string, unknown> = {};
  for (const name of GATED) {
    gated[name] = (...args: unknown[]) =>
      use((pglite) => (pglite[name] as (...a: unknown[]) => Promise<unknown>).apply(pglite, args));
  }
  gated.runExclusive = <T>(fn: () => Promise<T>) =>
    use((pglite) =>
      pglite.runExclusive(async () => {
        exclusive += 1;
        try {
          return await fn();
        } finally {
          exclusive -= 1;
        }
      }),
    );
  gated.listen = async (channel: string, callback: ListenCallback) => {
    const registration: Registration = {
      channel,
      callback,
      unsubscribe: await use((pglite) => pglite.listen(channel, callback)),
    };
    registrations.add(registration);
    return async () => {
      if (!registrations.delete(registration)) return;
      // Through the gate: after a reopen the unsubscribe of the new instance is the one to call.
      await use(() => registration.unsubscribe());
    };
  };
  gated.unlisten = async (channel: string, callback?: ListenCallback) => {
    for (const registration of registrations)
      if (registration.channel === channel && (!callback || registration.callback === callback))
        registrations.delete(registration);
    await use((pglite) => pglite.unlisten(channel, callback));
  };
  gated.close = async () => {
    while (gate) await gate.catch(() => undefined);
    if (!broken) await current.close();
  };

  // Not `first` as the target: a proxy keeps its target alive, and with it the first instance's
  // WebAssembly memory, which is what a reopen is for. An empty object of PGlite's class answers
  // instanceof the same.
  const target = Object.create(Object.getPrototypeOf(first) as object) as PGlite;
  const pglite = new Proxy(target, {
    get(_target, property) {
      if (typeof property === 'string' && Object.hasOwn(gated, property)) return gated[property];
      const value: unknown = Reflect.get(current, property);
      return typeof value === 'function' ? (value as () => unknown).bind(current) : value;
    },
  });

  async function reopenNow(): Promise<void> {
    while (active > 0) await new Promise<void>((resolve) => (drained = resolve));
    drained = undefined;
    try {
      await current.close();
      current = await openAgain();
      for (const registration of registrations)
        registration.unsubscribe = await current.listen(
          registration.channel,
          registration.callback,
        );
      for (const hook of hooks) await hook(current);
      reopened += 1;
      // The closed instance's memory goes back only when V8 collects it, and an idle process may
      // not collect for a long time; `npm start` exposes gc() for this (ADR 0021).
      (globalThis as { gc?: () => void }).gc?.();
    } catch (error) {
      broken = error instanceof Error ? error : new Error(String(error));
      throw broken;
    }
  }

  const reopener: PgliteReopener = {
    reopen() {
      if (broken) return Promise.reject(broken);
      if (gate) return gate;
      const running = reopenNow().finally(() => {
        if (gate === running) gate = undefined;
      });
      gate = running;
      return running;
    },
    onReopen(hook) {
      hooks.add(hook);
      return () => hooks.delete(hook);
    },
    get reopened() {
      return reopened;
    },
  };
  return { pglite, reopener };
}

/**
 * Reopens the database once a bulk of work is over: `note(n)` counts what was done (messages
 * indexed for search); once `threshold` have come together and nothing more has come for
 * `quietMs`, the database is reopened. A few new mails a day never reach it; a first sync does,
 * and its search index is the last thing it does.
 */
export function reopenAfterBulk(
  reopener: PgliteReopener,
  options: {
    threshold: number;
    quietMs: number;
    onReopened?: (info: { ms: number; rssBeforeMb: number; rssAfterMb: number }) => void;
    onError?: (error: unknown) => void;
  },
): { note(count: number): void; stop(): void } {
  let pending = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const fire = () => {
    timer = undefined;
    pending = 0;
    const rssBefore = process.memoryUsage.rss();
    const started = performance.now();
    reopener.reopen().then(
      () =>
        options.onReopened?.({
          ms: Math.round(performance.now() - started),
          rssBeforeMb: Math.round(rssBefore / 2 ** 20),
          rssAfterMb: Math.round(process.memoryUsage.rss() / 2 ** 20),
        }),
      (error: unknown) => options.onError?.(error),
    );
  };
  return {
    note(count) {
      if (stopped || count <= 0) return;
      pending += count;
      if (pending < options.threshold) return;
      clearTimeout(timer);
      timer = setTimeout(fire, options.quietMs);
      // Never what keeps the process alive.
      timer.unref();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
