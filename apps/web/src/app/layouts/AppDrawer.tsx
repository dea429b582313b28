import {
  Box,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Link,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { Mdi } from '../../components/ui/Mdi.tsx';
import { queryClient } from '../../lib/query-client.ts';

/** Spec §2 main-layout drawer: title, mailbox entries, accounts section, management, footer. */
export function AppDrawerContent({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const current = location.pathname + location.search;
  const entries = [
    { icon: 'inbox', label: t('layout.inbox'), to: '/app' },
    { icon: 'email-mark-as-unread', label: t('layout.unread'), to: '/app?read=false' },
    { icon: 'send', label: t('layout.sent'), to: '/app?folder_type=sent' },
  ];
  const management = [
    { icon: 'tag-multiple-outline', label: t('layout.manageCategories'), to: '/app/categories' },
    { icon: 'account-cog-outline', label: t('layout.manageAccounts'), to: '/app/accounts' },
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, minHeight: 64 }}>
        <Typography variant="h6" component="p" sx={{ flex: 1, fontWeight: 700 }}>
          {t('common.appName')}
        </Typography>
        <Tooltip title={t('layout.refresh')}>
          <IconButton
            aria-label={t('layout.refresh')}
            onClick={() => void queryClient.invalidateQueries()}
          >
            <Mdi name="refresh" />
          </IconButton>
        </Tooltip>
      </Box>
      <Divider />
      <Box component="nav" aria-label={t('layout.navigation')} sx={{ flex: 1, overflowY: 'auto' }}>
        <List>
          {entries.map((entry) => (
            <ListItem key={entry.to} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={entry.to}
                selected={current === entry.to}
                onClick={onNavigate}
              >
                <ListItemIcon>
                  <Mdi name={entry.icon} />
                </ListItemIcon>
                <ListItemText primary={entry.label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Divider />
        <DrawerSection id="drawer-accounts" title={t('layout.accountsSection')}>
          <Box sx={{ px: 2, pb: 1.5 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('layout.noAccounts')}
            </Typography>
            <Link component={RouterLink} to="/app/accounts" variant="body2" onClick={onNavigate}>
              {t('layout.addAccount')}
            </Link>
          </Box>
        </DrawerSection>
        <Divider />
        <DrawerSection id="drawer-management" title={t('layout.managementSection')}>
          <List dense>
            {management.map((item) => (
              <ListItem key={item.to} disablePadding>
                <ListItemButton component={RouterLink} to={item.to} onClick={onNavigate}>
                  <ListItemIcon>
                    <Mdi name={item.icon} />
                  </ListItemIcon>
                  <ListItemText primary={item.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </DrawerSection>
      </Box>
      <Divider />
      <Typography
        component="footer"
        variant="caption"
        sx={{ color: 'text.secondary', px: 2, py: 1.5 }}
      >
        {t('layout.footer', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  );
}

function DrawerSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography
        id={id}
        component="h2"
        variant="overline"
        sx={{ display: 'block', px: 2, pt: 1.5, color: 'text.secondary', fontWeight: 700 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}
