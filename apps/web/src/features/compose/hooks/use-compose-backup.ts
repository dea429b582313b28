import { useEffect, useLayoutEffect, useRef } from 'react';
import { type ComposeBackup, removeBackup, writeBackup } from '../lib/compose-backup.ts';

interface Options {
  /** Where this screen's backup lives; null keeps none. */
  storageKey: string | null;
  revision: number;
  /** Changes the server does not have yet. */
  unsaved: boolean;
  /** The server holds the latest draft. */
  saved: boolean;
  /** Sent or discarded. */
  done: boolean;
  /** The message as it stands, or null when there is nothing worth keeping. */
  snapshot: () => ComposeBackup | null;
}

/**
 * Keeps what the server has not received in the browser's storage, a second after each change
 * and at once when the tab is hidden or closed; gone as soon as the server has the draft or the
 * message was sent or discarded.
 */
export function useComposeBackup({
  storageKey,
  revision,
  unsaved,
  saved,
  done,
  snapshot,
}: Options) {
  const latest = useRef({ unsaved, done, snapshot });
  useLayoutEffect(() => {
    latest.current = { unsaved, done, snapshot };
  });

  useEffect(() => {
    if (!storageKey || done || !unsaved || revision === 0) return;
    const timer = setTimeout(() => {
      const backup = latest.current.snapshot();
      if (backup) writeBackup(storageKey, backup);
    }, 1000);
    return () => clearTimeout(timer);
  }, [storageKey, revision, unsaved, done]);

  useEffect(() => {
    if (storageKey && (done || (saved && !unsaved))) removeBackup(storageKey);
  }, [storageKey, done, saved, unsaved]);

  useEffect(() => {
    if (!storageKey) return;
    const now = () => {
      const { unsaved: dirty, done: finished, snapshot: take } = latest.current;
      if (!dirty || finished) return;
      const backup = take();
      if (backup) writeBackup(storageKey, backup);
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') now();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', now);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', now);
    };
  }, [storageKey]);
}
