import { useSyncExternalStore } from 'react';

export interface Notice {
  id: number;
  message: string;
  severity: 'success' | 'info' | 'warning' | 'error';
  /** One button beside the message, e.g. "Rückgängig". */
  action?: { label: string; run: () => void };
}

// One notice at a time, kept outside React so that a message survives the navigation that
// follows it (delete in the detail view, then the list shows "E-Mail gelöscht").
let current: Notice | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

export function showNotice(
  message: string,
  severity: Notice['severity'] = 'success',
  action?: Notice['action'],
): void {
  current = { id: nextId++, message, severity, ...(action ? { action } : {}) };
  listeners.forEach((listener) => listener());
}

export function dismissNotice(id: number): void {
  if (current?.id !== id) return;
  current = null;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotice(): Notice | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
