import { Box, Divider, IconButton, Tooltip, Typography } from '@mui/material';
import { useIsFetching } from '@tanstack/react-query';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LogoMark } from '../../components/ui/Logo.tsx';
import { Mdi } from '../../components/ui/Mdi.tsx';
import { AccountsSection } from './drawer/AccountsSection.tsx';
import { activeDrawerKey } from './drawer/drawer-active.ts';
import { buildDrawerRows } from './drawer/drawer-model.ts';
import { DrawerSearch } from './drawer/DrawerSearch.tsx';
import { useFolderActions } from './drawer/FolderActions.tsx';
import { ManagementSection } from './drawer/ManagementSection.tsx';
import { MailboxEntries } from './drawer/MailboxEntries.tsx';
import { useDrawerData } from './drawer/use-drawer-data.ts';
import { useDrawerUiState } from './drawer/use-drawer-ui-state.ts';

interface DrawerProps {
  onNavigate?: (() => void) | undefined;
  onCreateCategory: (accountId?: number) => void;
}

/** The link of 'VERWALTUNG' the address is on, if any. */
function managementKey(pathname: string): string | null {
  const section = /^\/app\/(categories|accounts)(\/|$)/.exec(pathname);
  return section ? `/app/${section[1]}` : null;
}

/**
 * Spec §2 main-layout drawer: title, mailbox entries, search, accounts, management, footer.
 * Only what the drawer shows of the address reaches it: opening one mail after the other
 * (j and k) leaves the drawer and its hundreds of rows alone.
 */
export function AppDrawerContent(props: DrawerProps) {
  const location = useLocation();
  return (
    <DrawerBody
      {...props}
      active={activeDrawerKey(location.pathname, location.search)}
      management={managementKey(location.pathname)}
    />
  );
}

const DrawerBody = memo(function DrawerBody({
  onNavigate,
  onCreateCategory,
  active,
  management,
}: DrawerProps & { active: string | null; management: string | null }) {
  const { t } = useTranslation();
  // State, not a ref: the account tree must hear when the scroller exists (it mounts first).
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const data = useDrawerData();
  const ui = useDrawerUiState();
  // Typing stays responsive with hundreds of folders: the list follows a moment later.
  const query = useDeferredValue(ui.state.query);
  const uncategorized = t('layout.uncategorized');
  const rows = useMemo(
    () => buildDrawerRows(data.models, { ...ui.state, query }, uncategorized),
    [data.models, ui.state, query, uncategorized],
  );
  const refreshing =
    useIsFetching({ queryKey: ['accounts'] }) +
      useIsFetching({ queryKey: ['folders'] }) +
      useIsFetching({ queryKey: ['categories'] }) >
    0;
  const refresh = () => void data.refresh();
  const folderActions = useFolderActions({ expand: (id) => ui.toggleFolder(id, true) });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, pl: 2, pr: 1, minHeight: 56 }}>
        <LogoMark size={28} />
        <Typography variant="h6" component="p" sx={{ flex: 1, fontWeight: 700 }}>
          {t('common.appName')}
        </Typography>
        <RefreshButton label={t('layout.refresh')} busy={refreshing} onClick={refresh} />
      </Box>
      <Divider />
      <Box
        component="nav"
        ref={setScroller}
        aria-label={t('layout.navigation')}
        // Focus moving upwards must not end up hidden behind the sticky search field.
        sx={{
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          position: 'relative',
          scrollPaddingTop: 56,
        }}
      >
        <MailboxEntries active={active} totals={data.totals} onNavigate={onNavigate} />
        <Box
          sx={{
            position: 'sticky',
            top: 0,
            zIndex: 2,
            bgcolor: 'background.paper',
            px: 2,
            py: 1,
          }}
        >
          <DrawerSearch value={ui.state.query} onChange={ui.setQuery} />
        </Box>
        <AccountsSection
          data={data}
          rows={rows}
          query={query}
          active={active}
          scroller={scroller}
          refreshButton={
            <RefreshButton
              label={t('layout.refreshAccounts')}
              busy={refreshing}
              onClick={refresh}
            />
          }
          actions={{
            toggleAccount: (id, open) =>
              ui.toggleAccount(id, open === undefined ? undefined : !open),
            toggleFolder: (id) => ui.toggleFolder(id),
            setView: ui.setView,
            retry: (id) => void data.retryAccount(id),
            // On a phone the drawer closes first: the dialog is not left behind it.
            createCategory: (id) => {
              onNavigate?.();
              onCreateCategory(id);
            },
            folderMenu: folderActions.openMenu,
            navigate: onNavigate,
          }}
          onNavigate={onNavigate}
        />
        <Divider />
        <ManagementSection
          active={management}
          onNavigate={onNavigate}
          onCreateCategory={() => onCreateCategory()}
        />
      </Box>
      <Divider />
      <Typography
        component="footer"
        variant="caption"
        sx={{ color: 'text.secondary', px: 2, py: 1.25 }}
      >
        {t('layout.footer', { year: new Date().getFullYear() })}
      </Typography>
      {folderActions.element}
    </Box>
  );
});

function RefreshButton({
  label,
  busy,
  onClick,
}: {
  label: string;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} aria-busy={busy} onClick={onClick}>
        <Mdi name={busy ? 'refresh mdi-spin' : 'refresh'} sx={{ fontSize: 20 }} />
      </IconButton>
    </Tooltip>
  );
}
