import type { EmailListItem } from '@brieftaube/shared';
import { Box } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type Ref,
} from 'react';
import { EmailRow, type RowCategory, type RowHandlers, type RowLabels } from './EmailRow.tsx';
import { listStyles, ROW_HEIGHT } from './list-styles.ts';

export interface EmailListHandle {
  /** Scrolls the row into view and gives its link the keyboard focus. */
  focusRow: (id: number) => void;
  scrollElement: () => HTMLDivElement | null;
}

export interface EmailVirtualListProps {
  items: readonly EmailListItem[];
  /** More pages wait on the server: a loader row ends the list and asks for them early. */
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  selectedIds: ReadonlySet<number>;
  focusedId: number | null;
  categories: ReadonlyMap<number, RowCategory>;
  showAccount: boolean;
  showFolder: boolean;
  labels: RowLabels & { list: string; loadingMore: string };
  handlers: RowHandlers;
  height: number;
  initialOffset?: number;
  onScrollOffset?: (offset: number) => void;
  ref?: Ref<EmailListHandle>;
}

/** Ask for the next page this many rows before the end, so scrolling rarely meets the loader. */
const LOAD_AHEAD = 40;

/**
 * The message list, virtualised: only the rows in view (plus a few) exist in the DOM, each of a
 * fixed height, positioned by transform. Fed with data by its caller (the mailbox page, or the
 * benchmark with 100,000 synthetic rows), it knows nothing of queries or routes.
 */
export function EmailVirtualList({
  items,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  selectedIds,
  focusedId,
  categories,
  showAccount,
  showFolder,
  labels,
  handlers,
  height,
  initialOffset = 0,
  onScrollOffset,
  ref,
}: EmailVirtualListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = items.length + (hasMore ? 1 : 0);
  // The app is not built with the React Compiler; rows are memoised by hand.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: useCallback(() => ROW_HEIGHT, []),
    overscan: 6,
    initialOffset,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= items.length - LOAD_AHEAD) onLoadMore?.();
  }, [hasMore, loadingMore, lastIndex, items.length, onLoadMore]);

  // New mail arrives at the top: the row the user was looking at stays where it was.
  const previous = useRef(items);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = items;
    const element = scrollRef.current;
    if (!element || before === items || element.scrollTop < ROW_HEIGHT) return;
    const oldIndex = Math.floor(element.scrollTop / ROW_HEIGHT);
    const anchor = before[oldIndex]?.id;
    if (anchor === undefined || items[oldIndex]?.id === anchor) return;
    const newIndex = items.findIndex((item) => item.id === anchor);
    if (newIndex >= 0) element.scrollTop += (newIndex - oldIndex) * ROW_HEIGHT;
  }, [items]);

  const itemsRef = useRef(items);
  useLayoutEffect(() => {
    itemsRef.current = items;
  }, [items]);
  useImperativeHandle(
    ref,
    () => ({
      scrollElement: () => scrollRef.current,
      focusRow: (id: number) => {
        const index = itemsRef.current.findIndex((item) => item.id === id);
        if (index < 0) return;
        virtualizer.scrollToIndex(index, { align: 'auto' });
        // The row may mount only after the scroll has been rendered.
        let tries = 0;
        const focus = () => {
          const link = scrollRef.current?.querySelector<HTMLElement>(
            `[data-email-id="${id}"] .bt-link`,
          );
          if (link) link.focus({ preventScroll: true });
          else if (++tries < 4) requestAnimationFrame(focus);
        };
        requestAnimationFrame(focus);
      },
    }),
    [virtualizer],
  );

  return (
    <Box
      ref={scrollRef}
      sx={listStyles}
      style={{ height }}
      onScroll={onScrollOffset ? (e) => onScrollOffset(e.currentTarget.scrollTop) : undefined}
      data-testid="email-list"
    >
      <div
        className="bt-rows"
        role="list"
        aria-label={labels.list}
        aria-busy={loadingMore}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualItems.map((virtual) => {
          const item = items[virtual.index];
          if (!item)
            return (
              <div
                key="loader"
                className="bt-loader"
                aria-hidden
                style={{ transform: `translateY(${virtual.start}px)` }}
              >
                <span className="bt-spin" aria-hidden />
                {labels.loadingMore}
              </div>
            );
          return (
            <EmailRow
              key={item.id}
              item={item}
              index={virtual.index}
              start={virtual.start}
              setSize={hasMore ? -1 : items.length}
              selected={selectedIds.has(item.id)}
              focused={item.id === focusedId}
              category={item.category === null ? undefined : categories.get(item.category)}
              showAccount={showAccount}
              showFolder={showFolder}
              labels={labels}
              handlers={handlers}
            />
          );
        })}
      </div>
    </Box>
  );
}
