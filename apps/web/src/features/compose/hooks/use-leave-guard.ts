import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';

interface Options {
  unsaved: boolean;
  sending: boolean;
  /** True once the message was sent or discarded: the page may be left freely. */
  done: boolean;
  save: () => Promise<boolean>;
}

export type LeavePhase = 'none' | 'saving' | 'failed' | 'sending';

/**
 * Leaving with unsaved changes saves them as a draft first, as Gmail does; only when that fails
 * does the user decide. While the message is being sent, leaving waits. Closing the tab gets the
 * browser's own warning.
 */
export function useLeaveGuard({ unsaved, sending, done, save }: Options) {
  const latest = useRef({ unsaved, sending, done });
  const released = useRef(false);
  useLayoutEffect(() => {
    latest.current = { unsaved, sending, done };
  });
  // Read at navigation time, not render time: sending and discarding navigate right after
  // release(), before React has rendered again.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const { unsaved: dirty, sending: busy, done: finished } = latest.current;
    if (released.current || finished) return false;
    return (dirty || busy) && currentLocation.pathname !== nextLocation.pathname;
  });
  const [failed, setFailed] = useState(false);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (blocker.state !== 'blocked') {
      handled.current = null;
      return;
    }
    const key = blocker.location.key;
    if (handled.current === key || sending) return;
    handled.current = key;
    void save().then((ok) => {
      if (handled.current !== key) return;
      if (ok) blocker.proceed();
      else setFailed(true);
    });
  }, [blocker, save, sending]);

  useEffect(() => {
    if (done || (!unsaved && !sending)) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved, sending, done]);

  let phase: LeavePhase = 'none';
  if (blocker.state === 'blocked') phase = sending ? 'sending' : failed ? 'failed' : 'saving';

  return {
    phase,
    /** Lets the next navigation through: the message was sent or discarded. */
    release: () => {
      released.current = true;
    },
    leave: () => {
      setFailed(false);
      blocker.proceed?.();
    },
    stay: () => {
      setFailed(false);
      blocker.reset?.();
    },
  };
}
