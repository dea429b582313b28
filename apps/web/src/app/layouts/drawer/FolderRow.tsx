import type { FolderType } from '@brieftaube/shared';
import { Box, IconButton, ListItemButton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { Chevron } from './AccountRow.tsx';
import { CountBadges } from './CountBadges.tsx';
import type { DrawerRow } from './drawer-model.ts';
import { drawerItemSx } from './drawer-styles.ts';

const FOLDER_ICONS: Record<FolderType, string> = {
  inbox: 'inbox',
  sent: 'send-outline',
  drafts: 'file-document-edit-outline',
  archive: 'archive-outline',
  spam: 'alert-octagon-outline',
  trash: 'delete-outline',
  custom: 'folder-outline',
  other: 'folder-outline',
};

/** Indentation per level; deep trees stop indenting so names keep some room. */
const INDENT = 14;
const MAX_INDENT_LEVELS = 6;

export function FolderRow({
  row,
  selected,
  onToggle,
  onNavigate,
  onMenu,
}: {
  row: Extract<DrawerRow, { kind: 'folder' }>;
  selected: boolean;
  onToggle: () => void;
  onNavigate?: (() => void) | undefined;
  onMenu?: ((anchor: HTMLElement) => void) | undefined;
}) {
  const { t } = useTranslation();
  const { folder, depth, hasChildren, expanded, forced } = row;
  const name = folder.display_name;
  const icon =
    hasChildren && expanded && FOLDER_ICONS[folder.folder_type] === 'folder-outline'
      ? 'folder-open-outline'
      : FOLDER_ICONS[folder.folder_type];
  const label = (
    <>
      <Mdi name={icon} sx={{ fontSize: 20, color: 'text.secondary', flexShrink: 0 }} />
      <Typography
        className="drawer-item-label"
        variant="body2"
        noWrap
        title={name}
        sx={{ flex: 1 }}
      >
        {name}
      </Typography>
      <CountBadges unread={folder.unread_emails} total={folder.total_emails} hideZeroTotal />
    </>
  );

  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        height: '100%',
        pr: 1,
        // The menu button shows where a pointer or the keyboard is; touch screens always see it.
        '& .folder-actions': { opacity: 0 },
        '&:hover .folder-actions, &:focus-within .folder-actions, & .folder-actions[aria-expanded="true"]':
          { opacity: 1 },
        '@media (hover: none)': { '& .folder-actions': { opacity: 1 } },
        pl: `${28 + Math.min(depth, MAX_INDENT_LEVELS) * INDENT}px`,
      }}
    >
      {hasChildren && !forced ? (
        <IconButton
          size="small"
          onClick={onToggle}
          aria-expanded={expanded}
          aria-label={t(expanded ? 'layout.collapseFolder' : 'layout.expandFolder', { name })}
          sx={{ p: 0.25, mr: 0.25 }}
        >
          <Chevron open={expanded} />
        </IconButton>
      ) : (
        <Box sx={{ width: 26, flexShrink: 0 }} />
      )}
      {folder.selectable ? (
        <ListItemButton
          component={RouterLink}
          to={`/app?folder_id=${folder.id}`}
          selected={selected}
          aria-current={selected ? 'page' : undefined}
          onClick={onNavigate}
          sx={{ ...drawerItemSx, flex: 1, minWidth: 0, gap: 1.25 }}
          data-testid="drawer-folder"
        >
          {label}
        </ListItemButton>
      ) : (
        // IMAP \Noselect folders hold no mail of their own: the row only opens its subfolders.
        <ListItemButton
          onClick={hasChildren && !forced ? onToggle : undefined}
          disabled={!hasChildren || forced}
          aria-expanded={hasChildren ? expanded : undefined}
          sx={{
            ...drawerItemSx,
            flex: 1,
            minWidth: 0,
            gap: 1.25,
            '&.Mui-disabled': { opacity: 1 },
          }}
          data-testid="drawer-folder"
        >
          {label}
        </ListItemButton>
      )}
      {onMenu && (
        <IconButton
          size="small"
          className="folder-actions"
          aria-label={t('folders.menu', { name })}
          aria-haspopup="menu"
          onClick={(event) => onMenu(event.currentTarget)}
          sx={{ p: 0.25, ml: 0.25 }}
        >
          <Mdi name="dots-vertical" sx={{ fontSize: 18 }} />
        </IconButton>
      )}
    </Box>
  );
}
