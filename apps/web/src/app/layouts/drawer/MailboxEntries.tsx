import { List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { CountBadges } from './CountBadges.tsx';
import { drawerItemSx } from './drawer-styles.ts';

/** Spec §2: 'Posteingang' (total count), 'Ungelesene' (unread count) and 'Gesendet'; and 'Markiert'. */
export function MailboxEntries({
  active,
  totals,
  onNavigate,
}: {
  active: string | null;
  totals: { total: number; unread: number } | null;
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const entries = [
    {
      key: 'inbox',
      icon: 'inbox',
      label: t('layout.inbox'),
      to: '/app',
      counts: totals ? { unread: 0, total: totals.total } : null,
    },
    {
      key: 'unread',
      icon: 'email-mark-as-unread',
      label: t('layout.unread'),
      to: '/app?read=false',
      counts: totals ? { unread: totals.unread, total: 0 } : null,
    },
    {
      key: 'sent',
      icon: 'send-outline',
      label: t('layout.sent'),
      to: '/app?folder_type=sent',
      counts: null,
    },
    // Not in spec §2, but where Gmail's "Markiert" and Outlook's "Gekennzeichnet" are.
    {
      key: 'flagged',
      icon: 'star-outline',
      label: t('layout.flagged'),
      to: '/app?flagged=true',
      counts: null,
    },
  ];
  return (
    <List aria-label={t('layout.mailboxes')} sx={{ px: 1 }}>
      {entries.map((entry) => (
        <ListItem key={entry.key} disablePadding>
          <ListItemButton
            component={RouterLink}
            to={entry.to}
            selected={active === entry.key}
            aria-current={active === entry.key ? 'page' : undefined}
            onClick={onNavigate}
            sx={{ ...drawerItemSx, minHeight: 40, px: 1.5 }}
            data-testid={`drawer-${entry.key}`}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <Mdi name={entry.icon} sx={{ fontSize: 22 }} />
            </ListItemIcon>
            <ListItemText
              primary={entry.label}
              slotProps={{ primary: { className: 'drawer-item-label', variant: 'body2' } }}
            />
            {entry.counts && (
              <CountBadges unread={entry.counts.unread} total={entry.counts.total} hideZeroTotal />
            )}
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
