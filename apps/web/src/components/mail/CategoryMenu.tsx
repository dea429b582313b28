import { Box, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAccounts } from '../../api/accounts.ts';
import { useCategories } from '../../api/categories.ts';
import { Mdi } from '../ui/Mdi.tsx';
import { useFrozenAnchor } from '../ui/use-frozen-anchor.ts';
import { colorHex as categoryColor } from '../../lib/category-colors.ts';

export interface CategoryMenuProps {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  /** The accounts of the messages; categories belong to one account each. */
  accountIds: number[];
  /** The category all messages share, marked as current. */
  current?: number | null | undefined;
  onPick: (categoryId: number | null) => void;
  /** Offers 'Mit KI einsortieren' for these messages (issue 22), when there are categories. */
  onAi?: (() => void) | undefined;
  aiLabel?: string | undefined;
}

function Dot({ color }: { color: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: color, display: 'inline-block' }}
    />
  );
}

/** "Kategorie zuweisen": 'Keine Kategorie' and the categories of the messages' accounts. */
export function CategoryMenu({
  anchorEl,
  onClose,
  accountIds,
  current,
  onPick,
  onAi,
  aiLabel,
}: CategoryMenuProps) {
  const { t } = useTranslation();
  const { data: categories = [] } = useCategories();
  const { data: accounts = [] } = useAccounts();
  const groups = accountIds.map((accountId) => ({
    accountId,
    label: accounts.find((a) => a.id === accountId)?.email_address ?? '',
    categories: categories
      .filter((c) => c.account === accountId)
      .sort((a, b) => a.name.localeCompare(b.name, 'de')),
  }));
  const items: ReactNode[] = [];
  for (const group of groups) {
    if (groups.length > 1)
      items.push(
        <ListSubheader role="presentation" key={`h${group.accountId}`} sx={{ lineHeight: '36px' }}>
          {group.label}
        </ListSubheader>,
      );
    for (const category of group.categories)
      items.push(
        <MenuItem
          key={category.id}
          selected={current === category.id}
          onClick={() => onPick(category.id)}
        >
          <ListItemIcon>
            <Dot color={categoryColor(category.color)} />
          </ListItemIcon>
          <ListItemText primary={category.name} />
        </MenuItem>,
      );
  }
  const none = groups.every((group) => group.categories.length === 0);
  const frozen = useFrozenAnchor(anchorEl);

  return (
    <Menu
      {...frozen}
      open={!!anchorEl}
      onClose={onClose}
      slotProps={{
        list: { 'aria-label': t('mailbox.categoryPicker.title') },
        paper: { sx: { maxHeight: 420, minWidth: 240 } },
      }}
    >
      <ListSubheader role="presentation" sx={{ lineHeight: '36px' }}>
        {t('mailbox.categoryPicker.title')}
      </ListSubheader>
      {onAi && !none && (
        <MenuItem onClick={onAi} divider>
          <ListItemIcon>
            <Mdi name="creation" />
          </ListItemIcon>
          <ListItemText primary={aiLabel ?? t('ai.categorize.button')} />
        </MenuItem>
      )}
      <MenuItem selected={current === null} onClick={() => onPick(null)}>
        <ListItemIcon>
          <Mdi name="tag-off-outline" />
        </ListItemIcon>
        <ListItemText primary={t('mailbox.categoryPicker.none')} />
      </MenuItem>
      {items}
      {none && (
        <MenuItem component={RouterLink} to="/app/categories" onClick={onClose}>
          <ListItemIcon>
            <Mdi name="tag-plus-outline" />
          </ListItemIcon>
          <ListItemText
            primary={t('mailbox.categoryPicker.manage')}
            secondary={t('mailbox.categoryPicker.empty')}
          />
        </MenuItem>
      )}
    </Menu>
  );
}
