import type { Folder } from '@brieftaube/shared';
import { Box } from '@mui/material';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountRow } from './AccountRow.tsx';
import { CategoryRow } from './CategoryRow.tsx';
import type { AccountView, DrawerRow } from './drawer-model.ts';
import { ROW_HEIGHTS } from './drawer-styles.ts';
import { FolderRow } from './FolderRow.tsx';
import { NoticeRow } from './NoticeRow.tsx';

export interface AccountTreeActions {
  toggleAccount: (accountId: number, open?: boolean) => void;
  toggleFolder: (folderId: number) => void;
  setView: (accountId: number, view: AccountView) => void;
  retry: (accountId: number) => void;
  createCategory: (accountId: number) => void;
  folderMenu?: ((folder: Folder, anchor: HTMLElement) => void) | undefined;
  navigate?: (() => void) | undefined;
}

/**
 * The accounts with their folders or categories as one virtualised list inside the drawer's
 * scrolling area: only the rows on screen exist, however many folders an account has.
 */
export function AccountTree({
  rows,
  active,
  scroller,
  actions,
}: {
  rows: DrawerRow[];
  active: string | null;
  scroller: HTMLElement | null;
  actions: AccountTreeActions;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The row holding keyboard focus stays rendered, or focus would fall to the page.
  const focusedIndex = useRef<number | null>(null);

  // The list starts below the entries and the search: its offset in the scroller is its margin,
  // re-read whenever anything in the scroller changes size.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || !scroller) return;
    const measure = () => setScrollMargin(list.offsetTop);
    const observer = new ResizeObserver(measure);
    for (const child of Array.from(scroller.children)) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [scroller]);

  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const focused = focusedIndex.current;
    if (focused !== null && focused < range.count && !indexes.includes(focused)) {
      indexes.push(focused);
      indexes.sort((a, b) => a - b);
    }
    return indexes;
  }, []);

  // TanStack Virtual keeps its own state; the component re-renders on every scroll by design.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller,
    estimateSize: (index) => ROW_HEIGHTS[rows[index]!.kind],
    getItemKey: (index) => rows[index]!.key,
    overscan: 10,
    scrollMargin,
    rangeExtractor,
  });

  return (
    <Box
      component="ul"
      ref={listRef}
      aria-label={t('layout.accountsTree')}
      sx={{
        position: 'relative',
        m: 0,
        p: 0,
        listStyle: 'none',
        height: virtualizer.getTotalSize(),
      }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index]!;
        return (
          <li
            key={item.key}
            data-index={item.index}
            onFocus={() => (focusedIndex.current = item.index)}
            onBlur={() => (focusedIndex.current = null)}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              height: item.size,
              transform: `translateY(${item.start - scrollMargin}px)`,
            }}
          >
            <Row row={row} active={active} actions={actions} />
          </li>
        );
      })}
    </Box>
  );
}

function Row({
  row,
  active,
  actions,
}: {
  row: DrawerRow;
  active: string | null;
  actions: AccountTreeActions;
}) {
  switch (row.kind) {
    case 'account': {
      const id = row.model.account.id;
      return (
        <AccountRow
          row={row}
          selected={active === `account:${id}`}
          onToggle={() => actions.toggleAccount(id)}
          onView={(view) => {
            actions.setView(id, view);
            actions.toggleAccount(id, true);
          }}
          onNavigate={actions.navigate}
        />
      );
    }
    case 'folder':
      return (
        <FolderRow
          row={row}
          selected={active === `folder:${row.folder.id}`}
          onToggle={() => actions.toggleFolder(row.folder.id)}
          onNavigate={actions.navigate}
          onMenu={
            actions.folderMenu ? (anchor) => actions.folderMenu?.(row.folder, anchor) : undefined
          }
        />
      );
    case 'category':
      return (
        <CategoryRow
          row={row}
          selected={active === row.entry.active}
          onNavigate={actions.navigate}
        />
      );
    case 'notice':
      return (
        <NoticeRow row={row} onRetry={actions.retry} onCreateCategory={actions.createCategory} />
      );
  }
}
