import { useEffect, useLayoutEffect, useRef } from 'react';
import { isShortcutEvent } from './keyboard.ts';

/** A handler returns false to leave the key to the browser (Enter on a focused link). */
export type ShortcutMap = Partial<Record<string, (event: KeyboardEvent) => boolean | void>>;

/**
 * Single-key shortcuts on the whole page, keyed by `KeyboardEvent.key` ('j', '#', '?', 'Escape').
 * The handlers may change every render; the listener is registered once.
 */
export function useShortcuts(map: ShortcutMap, enabled = true): void {
  const latest = useRef(map);
  // Before the browser gets to the next key press: a fast 'j j k' must see the focus 'j' moved.
  useLayoutEffect(() => {
    latest.current = map;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcutEvent(event)) return;
      const handler = latest.current[event.key];
      if (handler && handler(event) !== false) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
