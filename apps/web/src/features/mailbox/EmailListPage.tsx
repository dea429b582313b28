import { Box, Button, Paper, Typography } from '@mui/material';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useAccounts } from '../../api/accounts.ts';
import { useCategories } from '../../api/categories.ts';
import { useEmailList } from '../../api/emails.ts';
import { Mdi } from '../../components/ui/Mdi.tsx';
import type { RowCategory } from './components/EmailRow.tsx';
import { EmptyState } from './components/ListStates.tsx';
import { MailboxList } from './components/MailboxList.tsx';
import { SearchField } from './components/SearchField.tsx';
import { filtersFromParams, filtersKey, isSingleFolder } from './list-filters.ts';
import { colorHex as categoryColor } from '../../lib/category-colors.ts';
import { MailSnackbar } from '../../components/mail/MailSnackbar.tsx';
import { ShortcutHelpDialog } from '../../components/mail/ShortcutHelpDialog.tsx';
import { useListView, type LoadedList } from './use-list-view.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * /app: the message list of whatever the URL asks for (spec §2 filters plus `q`), with a heading
 * that says what it is, a search field and the list itself.
 */
export function EmailListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  // The same query as the list's own (one cache entry, no second request), for exact counts.
  const list = useEmailList(filters);
  const loaded = useMemo<LoadedList | undefined>(() => {
    if (!list.data || list.hasNextPage || list.isPlaceholderData) return undefined;
    let total = 0;
    let unread = 0;
    for (const page of list.data.pages)
      for (const item of page.items) {
        total += 1;
        if (!item.is_read) unread += 1;
      }
    return { complete: true, total, unread };
  }, [list.data, list.hasNextPage, list.isPlaceholderData]);
  const view = useListView(filters, loaded);
  useDocumentTitle(view.title);
  const { data: accounts } = useAccounts();
  const { data: categories } = useCategories();
  const searchRef = useRef<HTMLInputElement>(null);
  const [helpOpen, setHelpOpen] = useState(false);

  const categoryMap = useMemo(
    () =>
      new Map<number, RowCategory>(
        (categories ?? []).map((c) => [c.id, { name: c.name, color: categoryColor(c.color) }]),
      ),
    [categories],
  );

  const search = (query: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (query) next.set('q', query);
        else next.delete('q');
        return next;
      },
      // Typing replaces the entry; starting or ending a search is a step back can undo.
      { replace: !!query && !!filters.q },
    );

  const noAccounts = accounts?.length === 0;
  return (
    <Box>
      <Box
        component="header"
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          gap: { xs: 1.5, sm: 2 },
          mb: 2,
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1" noWrap sx={{ fontWeight: 700 }}>
            {view.title}
          </Typography>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary', minHeight: 20 }}>
            {view.subtitle}
          </Typography>
        </Box>
        {!noAccounts && (
          <SearchField
            value={filters.q ?? ''}
            onSearch={search}
            inputRef={searchRef}
            onAiSearch={(query) => void navigate(`/app/ai-search?q=${encodeURIComponent(query)}`)}
          />
        )}
      </Box>
      {noAccounts ? (
        <Paper variant="outlined">
          <EmptyState
            icon="email-plus-outline"
            title={t('mailbox.empty.noAccounts')}
            text={t('mailbox.empty.noAccountsText')}
            action={
              <Button
                component={RouterLink}
                to="/app/accounts"
                variant="contained"
                color="secondary"
                startIcon={<Mdi name="plus" />}
              >
                {t('mailbox.empty.addAccount')}
              </Button>
            }
          />
        </Paper>
      ) : (
        <MailboxList
          key={filtersKey(filters)}
          filters={filters}
          placeKey={filtersKey(filters)}
          categories={categoryMap}
          showAccount={(accounts?.length ?? 0) > 1 && !isSingleFolder(filters)}
          showFolder={!isSingleFolder(filters) && !filters.folder_type}
          emptyTitle={view.emptyTitle}
          emptyText={view.emptyText}
          onFocusSearch={() => {
            searchRef.current?.focus();
            searchRef.current?.select();
          }}
          onClearSearch={() => search('')}
          onHelp={() => setHelpOpen(true)}
        />
      )}
      <ShortcutHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      <MailSnackbar />
    </Box>
  );
}
