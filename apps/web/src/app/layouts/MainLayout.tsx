import {
  AppBar,
  Avatar,
  Box,
  Divider,
  Drawer,
  IconButton,
  ListItemIcon,
  Menu,
  MenuItem,
  Toolbar,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Mdi } from '../../components/ui/Mdi.tsx';
import { ThemeToggle } from '../../components/ui/ThemeToggle.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useUser } from '../../features/auth/api/get-user.ts';
import { AppBreadcrumbs } from './AppBreadcrumbs.tsx';
import { AppDrawerContent } from './AppDrawer.tsx';

export const DRAWER_WIDTH = 320;
/** Spec §2: the drawer is open by default from 1264 px on (Vuetify's "lg" breakpoint). */
const WIDE_QUERY = '(min-width:1264px)';

export function MainLayout() {
  const { t } = useTranslation();
  const wide = useMediaQuery(WIDE_QUERY, { noSsr: true });
  const [wideOpen, setWideOpen] = useState(true);
  const [narrowOpen, setNarrowOpen] = useState(false);
  const open = wide ? wideOpen : narrowOpen;
  const toggle = () => (wide ? setWideOpen((v) => !v) : setNarrowOpen((v) => !v));

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="fixed" color="primary" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            color="inherit"
            aria-label={t('layout.menu')}
            aria-expanded={open}
            onClick={toggle}
          >
            <Mdi name="menu" />
          </IconButton>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            {t('common.appName')}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <UserArea />
        </Toolbar>
      </AppBar>
      <Drawer
        variant={wide ? 'persistent' : 'temporary'}
        open={open}
        onClose={() => setNarrowOpen(false)}
        sx={{
          width: wide && open ? DRAWER_WIDTH : 0,
          flexShrink: 0,
          transition: 'width 200ms',
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        {wide && <Toolbar />}
        <AppDrawerContent onNavigate={wide ? undefined : () => setNarrowOpen(false)} />
      </Drawer>
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
        <Toolbar />
        <AppBreadcrumbs />
        <Outlet />
      </Box>
    </Box>
  );
}

function UserArea() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = user?.username ?? '';
  return (
    <>
      <Typography sx={{ display: { xs: 'none', sm: 'block' }, mr: 1 }} data-testid="greeting">
        {t('layout.greeting', { name })}
      </Typography>
      <ThemeToggle />
      <Tooltip title={t('layout.userMenu')}>
        <IconButton
          color="inherit"
          aria-label={t('layout.userMenu')}
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Avatar sx={{ width: 32, height: 32, bgcolor: 'secondary.main', fontSize: 16 }}>
            {name.charAt(0).toUpperCase()}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {user?.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          <ListItemIcon>
            <Mdi name="logout" />
          </ListItemIcon>
          {t('common.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
