import { useCallback, useEffect, useRef, useState } from 'react';
import { suggestCategoryDescription } from '../../../../api/tasks.ts';

export type SuggestionState =
  | { status: 'idle' }
  | { status: 'loading'; name: string }
  | { status: 'ready'; name: string; text: string };

/**
 * SEAM (AI category description): spec §2 asks for a suggestion when the name field loses focus
 * with a name and no description. The endpoint may not exist yet; any failure only goes to the
 * console (spec §8) and the dialog simply shows no suggestion.
 */
export function useDescriptionSuggestion() {
  const [state, setState] = useState<SuggestionState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const lastName = useRef<string | null>(null);

  const request = useCallback((rawName: string) => {
    const name = rawName.trim();
    if (!name || name === lastName.current) return;
    lastName.current = name;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: 'loading', name });
    suggestCategoryDescription(name, current.signal).then(
      (text) => {
        if (current.signal.aborted) return;
        setState(text ? { status: 'ready', name, text } : { status: 'idle' });
      },
      (error: unknown) => {
        if (current.signal.aborted) return;
        console.warn('AI category description suggestion failed', error);
        setState({ status: 'idle' });
      },
    );
  }, []);

  const clear = useCallback(() => {
    controller.current?.abort();
    setState({ status: 'idle' });
  }, []);

  useEffect(() => () => controller.current?.abort(), []);
  return { state, request, clear };
}
