import { useLocation, useNavigate } from 'react-router';

/** What the list puts into the navigation state when it opens a message. */
export interface DetailLinkState {
  /** The list's query (filters, search), to return to the same list. */
  listSearch?: string;
  /** History steps back to the list: 1 from the list, one more per thread message opened. */
  depth?: number;
}

/**
 * "Back to the list" goes back in history when the list is there (so the browser's own back and
 * forward stay in order and the list finds its scroll position), else to the list by URL.
 */
export function useBackToList() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as DetailLinkState;
  const listSearch = state.listSearch ?? '';
  return {
    back: () => {
      if (state.depth && window.history.length > state.depth) void navigate(-state.depth);
      else void navigate(`/app${listSearch}`);
    },
    /** State for links to further messages of the conversation. */
    linkState: (state.depth
      ? { listSearch, depth: state.depth + 1 }
      : { listSearch }) satisfies DetailLinkState,
  };
}
