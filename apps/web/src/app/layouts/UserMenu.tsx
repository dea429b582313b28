import {
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../components/ui/Mdi.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import type { User } from '@brieftaube/shared';

/** Spec §2: the user menu with username, e-mail and 'Abmelden'. */
export function UserMenu({ user }: { user: User | undefined }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = user?.username ?? '';
  return (
    <>
      <Tooltip title={t('layout.userMenu')}>
        <IconButton
          color="inherit"
          aria-label={t('layout.userMenu')}
          aria-haspopup="menu"
          aria-expanded={!!anchor}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Avatar
            sx={{
              width: 32,
              height: 32,
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
              fontSize: 16,
            }}
          >
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
        slotProps={{ paper: { sx: { minWidth: 240, mt: 0.5 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 600 }} data-testid="user-menu-name">
            {name}
          </Typography>
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
