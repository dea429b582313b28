/**
 * Bounds on the IMAP sessions this process holds (ADR 0018): per account (one login at one
 * server) and per server. Work beyond a bound waits in line instead of opening one more session,
 * which the server would refuse ("Maximum number of connections from user+IP exceeded").
 */
export interface SlotLimits {
  perAccount: number;
  perServer: number;
}

export interface SlotKeys {
  /** One login at one server: "host|user". */
  account: string;
  server: string;
}

export interface SlotRequest {
  /**
   * A session held for hours (the live sync's IDLE). It counts toward its account but not its
   * server, and takes at most perAccount - 1 of the account's slots, so that work always gets one.
   */
  longLived?: boolean;
  signal?: AbortSignal;
  /** Gives up waiting after this long (TooManyConnectionsError). */
  maxWaitMs?: number;
  /** Told once when the request has to wait. */
  onWait?: () => void;
}

export type Release = () => void;

/** No slot became free in time: the account or its server is busy with other work. */
export class ConnectionSlotTimeoutError extends Error {
  readonly code = 'ETOOMANYCONNECTIONS';
  constructor() {
    super('too many concurrent connections: no slot became free in time');
    this.name = 'ConnectionSlotTimeoutError';
  }
}

interface Waiter {
  keys: SlotKeys;
  longLived: boolean;
  grant: (release: Release) => void;
}

export interface ConnectionSlots {
  readonly limits: SlotLimits;
  acquire(keys: SlotKeys, request?: SlotRequest): Promise<Release>;
  /** Up to `wanted` slots, only those free now: for extra sessions that work can do without. */
  tryAcquire(keys: SlotKeys, wanted: number): Release[];
  /** Sessions held right now, for tests and logs. */
  held(key: { account?: string; server?: string }): number;
}

const abortError = (signal: AbortSignal): Error =>
  signal.reason instanceof Error
    ? signal.reason
    : new Error('waiting for a connection slot aborted');

export function createConnectionSlots(limits: SlotLimits): ConnectionSlots {
  const accounts = new Map<string, number>();
  const longLived = new Map<string, number>();
  const servers = new Map<string, number>();
  const queue: Waiter[] = [];

  const count = (map: Map<string, number>, key: string) => map.get(key) ?? 0;
  const add = (map: Map<string, number>, key: string, by: number) => {
    const next = count(map, key) + by;
    if (next === 0) map.delete(key);
    else map.set(key, next);
  };

  const fits = (keys: SlotKeys, isLong: boolean) =>
    count(accounts, keys.account) < limits.perAccount &&
    (isLong
      ? count(longLived, keys.account) < limits.perAccount - 1
      : count(servers, keys.server) < limits.perServer);

  function take(keys: SlotKeys, isLong: boolean): Release {
    add(accounts, keys.account, 1);
    add(isLong ? longLived : servers, isLong ? keys.account : keys.server, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      add(accounts, keys.account, -1);
      add(isLong ? longLived : servers, isLong ? keys.account : keys.server, -1);
      drain();
    };
  }

  /**
   * In order of arrival, everyone whose slots are free now; a waiter held up by its own account
   * does not hold up another account's work on the same server. After each drain nobody in line
   * fits, so a newcomer that fits takes a slot no one in line could have used.
   */
  function drain() {
    for (let i = 0; i < queue.length;) {
      const waiter = queue[i]!;
      if (fits(waiter.keys, waiter.longLived)) {
        queue.splice(i, 1);
        waiter.grant(take(waiter.keys, waiter.longLived));
      } else i++;
    }
  }

  return {
    limits,
    acquire(keys, request = {}) {
      const isLong = request.longLived === true;
      if (request.signal?.aborted) return Promise.reject(abortError(request.signal));
      if (fits(keys, isLong)) return Promise.resolve(take(keys, isLong));
      return new Promise<Release>((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const leave = () => {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          clearTimeout(timer);
          request.signal?.removeEventListener('abort', onAbort);
        };
        const onAbort = () => {
          leave();
          reject(abortError(request.signal!));
        };
        const waiter: Waiter = {
          keys,
          longLived: isLong,
          grant: (release) => {
            leave();
            resolve(release);
          },
        };
        queue.push(waiter);
        request.signal?.addEventListener('abort', onAbort, { once: true });
        if (request.maxWaitMs !== undefined)
          timer = setTimeout(() => {
            leave();
            reject(new ConnectionSlotTimeoutError());
          }, request.maxWaitMs);
        request.onWait?.();
      });
    },
    tryAcquire(keys, wanted) {
      const granted: Release[] = [];
      while (granted.length < wanted && fits(keys, false)) granted.push(take(keys, false));
      return granted;
    },
    held({ account, server }) {
      if (account !== undefined) return count(accounts, account);
      return server !== undefined ? count(servers, server) : 0;
    },
  };
}
