import { Box, Drawer, Snackbar, Toolbar, useMediaQuery } from '@mui/material';
import { lazy, memo, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { useShortcuts } from '../../components/mail/use-shortcuts.ts';
import { TaskNotifications } from '../../features/tasks/TaskNotifications.tsx';
import { AppBreadcrumbs } from './AppBreadcrumbs.tsx';
import { AppDrawerContent } from './AppDrawer.tsx';
import { TopBar } from './TopBar.tsx';
import { useLiveUpdates } from './use-live-updates.ts';
import { useNotice } from '../../components/ui/use-notice.ts';

export const DRAWER_WIDTH = 320;
/** Spec §2: the drawer is open by default from 1264 px on (Vuetify's "lg" breakpoint). */
const WIDE_QUERY = '(min-width:1264px)';

// The form libraries behind the dialog load only when someone creates a category.
const CreateCategoryDialog = lazy(() =>
  import('../../features/categories/components/CreateCategoryDialog.tsx').then((m) => ({
    default: m.CreateCategoryDialog,
  })),
);

type DialogState = { open: boolean; accountId?: number | undefined; mounted: boolean };

/** Issue 22: questions to the mail from anywhere in the app. */
function AskShortcut() {
  const navigate = useNavigate();
  useShortcuts({ q: () => void navigate('/app/ask') });
  return null;
}

/**
 * The app's frame. The router renders it anew on every navigation; memo (and nothing here
 * reading the route) keeps the top bar and the drawer out of that: only the page changes.
 */
export const MainLayout = memo(function MainLayout() {
  const { t } = useTranslation();
  const wide = useMediaQuery(WIDE_QUERY, { noSsr: true });
  const [wideOpen, setWideOpen] = useState(true);
  const [narrowOpen, setNarrowOpen] = useState(false);
  const [dialog, setDialog] = useState<DialogState>({ open: false, mounted: false });
  const [notice, setNotice, noticeKey] = useNotice<string>();
  const open = wide ? wideOpen : narrowOpen;
  const toggle = () => (wide ? setWideOpen((v) => !v) : setNarrowOpen((v) => !v));
  useLiveUpdates();
  const closeNarrow = useCallback(() => setNarrowOpen(false), []);
  const createCategory = useCallback(
    (accountId?: number) => setDialog({ open: true, accountId, mounted: true }),
    [],
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AskShortcut />
      {/* Keyboard users skip the top bar and the drawer's many links. */}
      <Box
        component="a"
        href="#inhalt"
        // Focus moves without a "#inhalt" in the address, which the router would take as a page.
        onClick={(event: React.MouseEvent) => {
          event.preventDefault();
          document.getElementById('inhalt')?.focus();
        }}
        sx={{
          position: 'fixed',
          left: 8,
          top: -64,
          zIndex: (theme) => theme.zIndex.tooltip,
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          boxShadow: 3,
          '&:focus': { top: 8 },
        }}
      >
        {t('layout.skipToContent')}
      </Box>
      <TopBar drawerOpen={open} onToggleDrawer={toggle} aboveDrawer={wide} />
      <Drawer
        id="app-drawer"
        variant={wide ? 'persistent' : 'temporary'}
        open={open}
        onClose={() => setNarrowOpen(false)}
        // Below 1264 px the drawer is a modal dialog over the page and needs a name of its own.
        slotProps={wide ? {} : { paper: { 'aria-label': t('layout.drawerDialog') } }}
        sx={{
          width: wide && open ? DRAWER_WIDTH : 0,
          flexShrink: 0,
          transition: 'width 200ms',
          '& .MuiDrawer-paper': {
            width: DRAWER_WIDTH,
            maxWidth: '100vw',
            boxSizing: 'border-box',
            // Dark mode lightens elevated paper with an overlay image; the sticky search box
            // must match the paper exactly, so the drawer keeps its plain colour.
            backgroundImage: 'none',
            display: 'flex',
            flexDirection: 'column',
          },
        }}
      >
        {wide && <Toolbar />}
        <Box sx={{ flex: 1, minHeight: 0 }}>
          <AppDrawerContent
            onNavigate={wide ? undefined : closeNarrow}
            onCreateCategory={createCategory}
          />
        </Box>
      </Drawer>
      <Box
        component="main"
        id="inhalt"
        tabIndex={-1}
        sx={{
          outline: 'none',
          flex: 1,
          minWidth: 0,
          p: { xs: 2, md: 3 },
          // Room for the task cards while they show (set by TaskNotifications).
          pb: {
            xs: 'calc(16px + var(--task-cards-space, 0px))',
            md: 'calc(24px + var(--task-cards-space, 0px))',
          },
        }}
      >
        <Toolbar />
        <AppBreadcrumbs />
        <Outlet />
      </Box>
      <TaskNotifications />
      {dialog.mounted && (
        <Suspense fallback={null}>
          <CreateCategoryDialog
            open={dialog.open}
            defaultAccountId={dialog.accountId}
            onClose={() => setDialog((d) => ({ ...d, open: false }))}
            onCreated={(category) =>
              setNotice(t('categoryDialog.created', { name: category.name }))
            }
          />
        </Suspense>
      )}
      <Snackbar
        key={noticeKey}
        open={!!notice}
        autoHideDuration={5000}
        onClose={(_, reason) => reason !== 'clickaway' && setNotice(null)}
        message={notice}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      />
    </Box>
  );
});
