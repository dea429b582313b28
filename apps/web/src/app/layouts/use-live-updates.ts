import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenToMailEvents } from '../../api/mail-events.ts';

/** A burst of events (a fetch storing hundreds of messages) becomes one reload. */
const DEBOUNCE_MS = 300;
const KEYS = [['emails'], ['accounts'], ['folders'], ['categories']] as const;

/**
 * While signed in, the server's event stream (GET /api/events/) reports new, changed and deleted
 * mail; lists and counts reload so they appear without a page reload.
 */
export function useLiveUpdates(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = listenToMailEvents(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        for (const queryKey of KEYS)
          void queryClient.invalidateQueries({ queryKey: [...queryKey] });
      }, DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [enabled, queryClient]);
}
