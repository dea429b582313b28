import { useEffect } from 'react';

/**
 * The browser tab names the screen (WCAG 2.4.2), as Gmail's and Outlook's do: "Posteingang –
 * Brieftaube". The previous title returns when the screen goes.
 */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} – Brieftaube`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
