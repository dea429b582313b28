import { AppBar, Box, IconButton, Toolbar, Typography, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../components/ui/Logo.tsx';
import { Mdi } from '../../components/ui/Mdi.tsx';
import { ThemeToggle } from '../../components/ui/ThemeToggle.tsx';
import { useUser } from '../../features/auth/api/get-user.ts';
import { AskButton, ComposeButton, DevOnboardingButton, FetchAllButton } from './TopBarActions.tsx';
import { UserMenu } from './UserMenu.tsx';

/** Spec §2 top bar: menu, title, compose, fetch-all, greeting, theme and user menu. */
export function TopBar({
  drawerOpen,
  onToggleDrawer,
  aboveDrawer,
}: {
  drawerOpen: boolean;
  onToggleDrawer: () => void;
  /** True beside the docked drawer (it sits below the bar); the overlay drawer covers the bar. */
  aboveDrawer: boolean;
}) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  return (
    <AppBar
      position="fixed"
      color="primary"
      sx={{ zIndex: (theme) => (aboveDrawer ? theme.zIndex.drawer + 1 : theme.zIndex.appBar) }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        <IconButton
          edge="start"
          color="inherit"
          aria-label={t('layout.menu')}
          aria-expanded={drawerOpen}
          aria-controls="app-drawer"
          onClick={onToggleDrawer}
        >
          <Mdi name="menu" />
        </IconButton>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 1, minWidth: 0 }}>
          <LogoMark size={28} />
          <Typography
            variant="h6"
            component="p"
            noWrap
            sx={{ fontWeight: 700, display: { xs: 'none', sm: 'block' } }}
          >
            {t('common.appName')}
          </Typography>
        </Box>
        <ComposeButton compact={compact} />
        <FetchAllButton compact={compact} />
        <Box sx={{ flex: 1 }} />
        <AskButton />
        <DevOnboardingButton />
        <Typography
          noWrap
          sx={{ display: { xs: 'none', sm: 'block' }, mr: 0.5, maxWidth: 220 }}
          data-testid="greeting"
        >
          {t('layout.greeting', { name: user?.username ?? '' })}
        </Typography>
        <ThemeToggle />
        <UserMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
