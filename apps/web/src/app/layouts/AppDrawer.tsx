import { Box, Divider, IconButton, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader, Link, Tooltip, Typography } from '@mui/material';
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
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, minHeight: 64 }}>
        <Typography variant="h6" component="p" sx={{ flex: 1, fontWeight: 700 }}>{t('common.appName')}</Typography>
        <Tooltip title={t('layout.refresh')}>
          <IconButton aria-label={t('layout.refresh')} onClick={() => void queryClient.invalidateQueries()}>
            <Mdi name="refresh" />
          </IconButton>
        </Tooltip>
      </Box>
      <Divider />
      <Box component="nav" aria-label={t('layout.navigation')} sx={{ flex: 1, overflowY: 'auto' }}>
        <List>
          {entries.map((entry) => (
            <ListItemButton key={entry.to} component={RouterLink} to={entry.to} selected={current === entry.to} onClick={onNavigate}>
              <ListItemIcon><Mdi name={entry.icon} /></ListItemIcon>
              <ListItemText primary={entry.label} />
            </ListItemButton>
          ))}
        </List>
        <Divider />
        <List subheader={<ListSubheader component="h2" sx={{ bgcolor: 'transparent' }}>{t('layout.accountsSection')}</ListSubheader>}>
          <Box sx={{ px: 2, py: 1 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('layout.noAccounts')}</Typography>
            <Link component={RouterLink} to="/app/accounts" variant="body2" onClick={onNavigate}>{t('layout.addAccount')}</Link>
          </Box>
        </List>
        <Divider />
        <List subheader={<ListSubheader component="h2" sx={{ bgcolor: 'transparent' }}>{t('layout.managementSection')}</ListSubheader>}>
          <ListItemButton component={RouterLink} to="/app/categories" onClick={onNavigate}>
            <ListItemIcon><Mdi name="tag-multiple-outline" /></ListItemIcon>
            <ListItemText primary={t('layout.manageCategories')} />
          </ListItemButton>
          <ListItemButton component={RouterLink} to="/app/accounts" onClick={onNavigate}>
            <ListItemIcon><Mdi name="account-cog-outline" /></ListItemIcon>
            <ListItemText primary={t('layout.manageAccounts')} />
          </ListItemButton>
        </List>
      </Box>
      <Divider />
      <Typography component="footer" variant="caption" sx={{ color: 'text.secondary', px: 2, py: 1.5 }}>
        {t('layout.footer', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  );
}
