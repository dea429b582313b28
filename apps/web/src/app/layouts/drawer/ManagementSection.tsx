import {
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Tooltip,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { DrawerSection } from './DrawerSection.tsx';
import { drawerItemSx } from './drawer-styles.ts';

/** Spec §2: 'VERWALTUNG' with 'Neue Kategorie erstellen' and the two management links. */
export function ManagementSection({
  active,
  onNavigate,
  onCreateCategory,
}: {
  /** The link whose section the address is in ('/app/categories'), or null. */
  active: string | null;
  onNavigate?: (() => void) | undefined;
  onCreateCategory: () => void;
}) {
  const { t } = useTranslation();
  const links = [
    { icon: 'tag-multiple-outline', label: t('layout.manageCategories'), to: '/app/categories' },
    { icon: 'account-cog-outline', label: t('layout.manageAccounts'), to: '/app/accounts' },
  ];
  return (
    <DrawerSection
      id="drawer-management"
      title={t('layout.managementSection')}
      action={
        <Tooltip title={t('layout.newCategory')} describeChild>
          <IconButton size="small" aria-label={t('layout.newCategory')} onClick={onCreateCategory}>
            <Mdi name="plus" sx={{ fontSize: 20 }} />
          </IconButton>
        </Tooltip>
      }
    >
      <List dense sx={{ px: 1, py: 0 }}>
        {links.map((link) => {
          const selected = active === link.to;
          return (
            <ListItem key={link.to} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={link.to}
                selected={selected}
                aria-current={selected ? 'page' : undefined}
                onClick={onNavigate}
                sx={{ ...drawerItemSx, px: 1.5 }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Mdi name={link.icon} sx={{ fontSize: 22 }} />
                </ListItemIcon>
                <ListItemText
                  primary={link.label}
                  slotProps={{ primary: { className: 'drawer-item-label', variant: 'body2' } }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </DrawerSection>
  );
}
