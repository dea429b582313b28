import type { ComposeInput } from '@brieftaube/shared';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { saveDraft } from '../../../api/compose.ts';

export type DraftStatus = 'idle' | 'saving' | 'saved' | 'error';

export interface DraftState {
  status: DraftStatus;
  savedAt: Date | null;
  error: unknown;
}

interface Options {
  /** Grows with every change of the message. */
  revision: number;
  /** The draft request for the current content, or null when there is nothing to keep. */
  build: (draftId: number | undefined) => Promise<ComposeInput | null>;
  /** False while sending and after the message was sent or discarded. */
  enabled: boolean;
  delayMs?: number;
  /** How long after a failed save it is tried again. */
  retryMs?: number;
  /** The draft being edited, which the first save replaces. */
  initialDraftId?: number | undefined;
}

/**
 * Saves the message as a draft a few seconds after the last change, one save at a time: each
 * save replaces the previous draft (draft_id), so two saves in flight would leave a duplicate.
 */
export function useDraftAutosave({
  revision,
  build,
  enabled,
  delayMs = 3000,
  retryMs = 20_000,
  initialDraftId,
}: Options) {
  const [state, setState] = useState<DraftState>({ status: 'idle', savedAt: null, error: null });
  const [savedRevision, setSavedRevision] = useState(0);
  const draftId = useRef<number | undefined>(initialDraftId);
  const saved = useRef(0);
  const latest = useRef({ revision, build, enabled });
  const inFlight = useRef<Promise<boolean> | null>(null);

  useLayoutEffect(() => {
    latest.current = { revision, build, enabled };
  });

  const markSaved = useCallback((rev: number, id?: number) => {
    if (id) draftId.current = id;
    saved.current = rev;
    setSavedRevision(rev);
    setState({ status: 'saved', savedAt: new Date(), error: null });
  }, []);

  /** Waits for a save in flight, so that its draft id is known. */
  const settle = useCallback(async () => {
    while (inFlight.current) await inFlight.current;
  }, []);

  /** Saves now unless everything is saved already; true when nothing is left unsaved. */
  const saveNow = useCallback(async (): Promise<boolean> => {
    await settle();
    const rev = latest.current.revision;
    if (rev === saved.current) return true;
    const task = (async () => {
      setState((s) => ({ ...s, status: 'saving' }));
      try {
        const input = await latest.current.build(draftId.current);
        if (!input) {
          saved.current = rev;
          setSavedRevision(rev);
          setState((s) => ({ ...s, status: s.savedAt ? 'saved' : 'idle' }));
          return true;
        }
        const result = await saveDraft(input);
        markSaved(rev, result.draft_id ?? undefined);
        return true;
      } catch (error) {
        setState((s) => ({ ...s, status: 'error', error }));
        return false;
      } finally {
        inFlight.current = null;
      }
    })();
    inFlight.current = task;
    return task;
  }, [settle, markSaved]);

  useEffect(() => {
    if (!enabled || revision === savedRevision) return;
    const timer = setTimeout(() => void saveNow(), delayMs);
    return () => clearTimeout(timer);
  }, [revision, savedRevision, enabled, saveNow, delayMs]);

  // A failed save is tried again by itself, as Gmail does: the server may be back meanwhile.
  useEffect(() => {
    if (!enabled || state.status !== 'error' || revision === savedRevision) return;
    const timer = setTimeout(() => void saveNow(), retryMs);
    return () => clearTimeout(timer);
  }, [state.status, state.error, revision, savedRevision, enabled, saveNow, retryMs]);

  // Leaving the tab (closing it, switching away, the phone locking) is "leaving the page" too.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden' && latest.current.enabled) void saveNow();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => document.removeEventListener('visibilitychange', onHide);
  }, [saveNow]);

  return {
    ...state,
    unsaved: revision !== savedRevision,
    saveNow,
    settle,
    markSaved,
    draftId: () => draftId.current,
  };
}
