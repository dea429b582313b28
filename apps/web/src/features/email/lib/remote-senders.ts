import { useSyncExternalStore } from 'react';

/** Senders whose remote images the user chose to always see ('Immer für diesen Absender anzeigen'). */
const KEY = 'brieftaube.remoteContentSenders';
const listeners = new Set<() => void>();
let cache: ReadonlySet<string> | null = null;

function read(): ReadonlySet<string> {
  if (cache) return cache;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    cache = new Set(Array.isArray(parsed) ? parsed.filter((v) => typeof v === 'string') : []);
  } catch {
    cache = new Set();
  }
  return cache;
}

function write(next: Set<string>) {
  cache = next;
  try {
    localStorage.setItem(KEY, JSON.stringify([...next]));
  } catch {
    // Without storage the choice lasts for this visit only.
  }
  listeners.forEach((listener) => listener());
}

const normalise = (address: string) => address.trim().toLowerCase();

export function trustSender(address: string): void {
  write(new Set(read()).add(normalise(address)));
}

export function distrustSender(address: string): void {
  const next = new Set(read());
  next.delete(normalise(address));
  write(next);
}

export function isTrustedSender(senders: ReadonlySet<string>, address: string | undefined) {
  return !!address && senders.has(normalise(address));
}

export function useTrustedSenders(): ReadonlySet<string> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key !== KEY) return;
        cache = null;
        listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    read,
    read,
  );
}
