import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { emailKeys, type EmailPage } from '../../../api/emails.ts';
import { filtersFromParams } from '../../mailbox/list-filters.ts';
import type { DetailLinkState } from './use-back-to-list.ts';

/**
 * j and k in the reader: the next (older) and the previous (newer) mail of the list it was
 * opened from, as that list has them loaded, as in Gmail. Nothing happens at either end or
 * when the mail was not opened from a list.
 */
export function useListNeighbours(currentId: number, state: DetailLinkState) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Where the last j / k went, before the page has drawn that mail: a quick 'j k' on a slow
  // machine reached the handlers of the mail before, and 'k' from the list's first mail did
  // nothing (the URL already showed the next one).
  const shown = useRef(currentId);
  useEffect(() => {
    shown.current = currentId;
  }, [currentId]);
  const go = (step: 1 | -1) => {
    if (state.listSearch === undefined) return;
    const filters = filtersFromParams(new URLSearchParams(state.listSearch));
    const list = queryClient.getQueryData<InfiniteData<EmailPage>>(emailKeys.list(filters));
    const items = list?.pages.flatMap((page) => page.items) ?? [];
    const at = items.findIndex((item) => item.id === shown.current);
    const next = at === -1 ? undefined : items[at + step];
    if (!next) return;
    // In place of the open mail: "back" (Escape, the browser's) still leads to the list.
    shown.current = next.id;
    void navigate(`/app/emails/${next.id}`, { replace: true, state });
  };
  return { next: () => go(1), previous: () => go(-1) };
}
