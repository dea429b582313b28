import type { EmailListItem } from '@brieftaube/shared';
import { Box, Button, LinearProgress, Paper } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  emailKeys,
  selectWholeList,
  useEmailList,
  type EmailFilters,
  type EmailRef,
} from '../../../api/emails.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { useEmailSelection } from '../hooks/use-email-selection.ts';
import { useListShortcuts } from '../hooks/use-list-shortcuts.ts';
import { useRowLabels } from '../hooks/use-row-labels.ts';
import { rememberPlace, rememberedPlace } from '../list-memory.ts';
import { useFillHeight } from '../../../components/mail/use-fill-height.ts';
import { useMailActions } from '../../../components/mail/use-mail-actions.ts';
import { mailErrorMessage } from '../../../components/mail/errors.ts';
import { showNotice } from '../../../components/mail/notices.ts';
import { BulkMenus } from './BulkMenus.tsx';
import { EmailVirtualList, type EmailListHandle } from './EmailVirtualList.tsx';
import type { RowCategory, RowHandlers } from './EmailRow.tsx';
import { EmptyState, ErrorState, ListSkeleton } from './ListStates.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import { SelectWholeBanner } from './SelectWholeBanner.tsx';
import { useBulkMenus } from '../hooks/use-bulk-menus.ts';
import { useListCommands } from '../hooks/use-list-commands.ts';

const TOOLBAR_HEIGHT = 53;

function flatten(pages: { items: EmailListItem[] }[] | undefined): EmailListItem[] {
  if (!pages) return [];
  // Pages are keyset-paged, but a message that moved between two fetches may show up twice.
  const seen = new Set<number>();
  const result: EmailListItem[] = [];
  for (const page of pages)
    for (const item of page.items)
      if (!seen.has(item.id)) {
        seen.add(item.id);
        result.push(item);
      }
  return result;
}

export interface MailboxListProps {
  filters: EmailFilters;
  placeKey: string;
  categories: ReadonlyMap<number, RowCategory>;
  showAccount: boolean;
  showFolder: boolean;
  emptyTitle: string;
  emptyText: string;
  onFocusSearch: () => void;
  onClearSearch: () => void;
  onHelp: () => void;
}

/** One list (one set of filters): data, selection, keyboard and the bulk actions around it. */
export function MailboxList(props: MailboxListProps) {
  const { filters, placeKey, emptyTitle, emptyText } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const list = useEmailList(filters);
  const items = useMemo(() => flatten(list.data?.pages), [list.data]);
  const selection = useEmailSelection(items);
  const actions = useMailActions();
  const menus = useBulkMenus();
  const labels = useRowLabels();
  const listRef = useRef<EmailListHandle>(null);
  const paneRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(paneRef, 360);

  const [place] = useState(() => rememberedPlace(placeKey));
  const [focusedId, setFocusedId] = useState<number | null>(place?.focusedId ?? null);
  const offset = useRef(place?.offset ?? 0);
  const latest = useRef({ items, focusedId, search: location.search });
  useLayoutEffect(() => {
    latest.current = { items, focusedId, search: location.search };
  });
  useEffect(
    () => () =>
      rememberPlace(placeKey, { offset: offset.current, focusedId: latest.current.focusedId }),
    [placeKey],
  );

  const open = useCallback(
    (id: number) => {
      setFocusedId(id);
      rememberPlace(placeKey, { offset: offset.current, focusedId: id });
      // A draft opens where it is written, as in Gmail and Outlook.
      const item = latest.current.items.find((i) => i.id === id);
      if (item?.folder_type === 'drafts') return void navigate(`/app/compose/draft/${id}`);
      void navigate(`/app/emails/${id}`, {
        state: { listSearch: latest.current.search, depth: 1 },
      });
    },
    [navigate, placeKey],
  );

  const handlers = useMemo<RowHandlers>(
    () => ({
      toggleSelect: selection.toggle,
      toggleFlag: (id) => {
        const item = latest.current.items.find((i) => i.id === id);
        if (item) void actions.setFlag([item], !item.is_flagged, { quiet: true });
      },
      open,
      focus: setFocusedId,
      href: (id) => `/app/emails/${id}`,
    }),
    // `actions` closes over the folder and category lists only; its first version is enough here
    // for flags, which need neither.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [selection.toggle, open],
  );

  const selectedItems = useMemo<EmailRef[]>(
    () =>
      selection.whole?.items ??
      (selection.selected.size ? items.filter((i) => selection.selected.has(i.id)) : []),
    [items, selection.selected, selection.whole],
  );

  // Every loaded row ticked and more to come: offer the whole list, as Gmail does.
  const [wholeLoading, setWholeLoading] = useState(false);
  const [bannerHeight, setBannerHeight] = useState(0);
  const offerWhole =
    selection.whole !== null ||
    (!!list.hasNextPage && items.length > 0 && selection.selected.size === items.length);
  const selectWhole = useCallback(() => {
    setWholeLoading(true);
    selectWholeList(filters)
      .then((whole) => selection.selectWhole(whole))
      .catch((error: unknown) => showNotice(mailErrorMessage(error), 'error'))
      .finally(() => setWholeLoading(false));
  }, [filters, selection]);

  const commands = useListCommands({
    items,
    focusedId,
    setFocusedId,
    actions,
    menus,
    clearSelection: selection.clear,
  });
  useListShortcuts({
    items,
    focusedId,
    setFocusedId,
    listRef,
    selection,
    selectedItems,
    commands,
    open,
    onFocusSearch: props.onFocusSearch,
    onHelp: props.onHelp,
  });

  const fetchNextPage = list.fetchNextPage;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  let body;
  if (list.isPending) body = <ListSkeleton />;
  else if (list.isError && items.length === 0)
    body = <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />;
  else if (items.length === 0)
    body = (
      <EmptyState
        icon={filters.q ? 'magnify-close' : 'email-open-outline'}
        title={emptyTitle}
        text={emptyText}
        action={
          filters.q ? (
            <Button variant="outlined" onClick={props.onClearSearch}>
              {t('mailbox.empty.clearSearch')}
            </Button>
          ) : undefined
        }
      />
    );
  else
    body = (
      <EmailVirtualList
        ref={listRef}
        items={items}
        hasMore={list.hasNextPage && !list.isPlaceholderData}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={loadMore}
        selectedIds={selection.selected}
        focusedId={focusedId}
        categories={props.categories}
        showAccount={props.showAccount}
        showFolder={props.showFolder}
        labels={labels}
        handlers={handlers}
        height={height - TOOLBAR_HEIGHT - (offerWhole ? bannerHeight : 0)}
        initialOffset={place?.offset ?? 0}
        onScrollOffset={(value) => (offset.current = value)}
      />
    );

  const refreshing = list.isFetching && !list.isFetchingNextPage && !list.isPending;
  return (
    <Paper
      ref={paneRef}
      data-testid="mail-pane"
      variant="outlined"
      sx={{
        height,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        position: 'relative',
      }}
    >
      <ListToolbar
        total={items.length}
        selectedCount={selection.whole?.items.length ?? selection.selected.size}
        anyUnread={selectedItems.some((i) => !i.is_read)}
        anyUnflagged={selectedItems.some((i) => !i.is_flagged)}
        allSpam={selectedItems.length > 0 && selectedItems.every((i) => i.folder_type === 'spam')}
        onSelectAll={selection.selectAll}
        onClear={selection.clear}
        onRefresh={() => void queryClient.invalidateQueries({ queryKey: emailKeys.list(filters) })}
        onHelp={props.onHelp}
        actions={{
          markRead: () => void actions.setRead(selectedItems, true),
          markUnread: () => void actions.setRead(selectedItems, false),
          flag: () => void actions.setFlag(selectedItems, true),
          unflag: () => void actions.setFlag(selectedItems, false),
          archive: () => commands.archive(selectedItems),
          spam: () => commands.spam(selectedItems),
          move: menus.openMove,
          categorize: menus.openCategory,
          remove: () => commands.remove(selectedItems),
        }}
      />
      {refreshing && (
        <LinearProgress
          color="secondary"
          aria-label={t('mailbox.loading')}
          sx={{ position: 'absolute', top: TOOLBAR_HEIGHT - 2, left: 0, right: 0, height: 2 }}
        />
      )}
      {offerWhole && (
        <SelectWholeBanner
          loadedCount={items.length}
          whole={selection.whole}
          loading={wholeLoading}
          onSelectWhole={selectWhole}
          onClear={selection.clear}
          onHeight={setBannerHeight}
        />
      )}
      <Box sx={{ flex: 1, minHeight: 0 }}>{body}</Box>
      <BulkMenus
        menus={menus}
        items={items}
        selectedItems={selectedItems}
        actions={actions}
        commands={commands}
        onDone={selection.clear}
      />
    </Paper>
  );
}
