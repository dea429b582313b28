import type { Folder, FolderType } from '@brieftaube/shared';
import { ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../../api/accounts.ts';
import { useFolders } from '../../api/folders.ts';
import { Mdi } from '../ui/Mdi.tsx';
import { useFrozenAnchor } from '../ui/use-frozen-anchor.ts';
import { folderOfType, folderTree } from './folders.ts';

export const FOLDER_ICONS: Record<string, string> = {
  inbox: 'inbox',
  sent: 'send-outline',
  drafts: 'file-document-edit-outline',
  archive: 'archive-outline',
  spam: 'alert-octagon-outline',
  trash: 'delete-outline',
};
export const folderIcon = (type: string) => FOLDER_ICONS[type] ?? 'folder-outline';

/** The special folders a selection spanning several accounts can still be moved to. */
const SHARED_TYPES: FolderType[] = ['inbox', 'archive', 'spam'];

export interface FolderMenuProps {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  /** The accounts of the messages to move. */
  accountIds: number[];
  /** Folders the messages are in; moving there would do nothing. */
  currentFolderIds: number[];
  onPickFolder: (folder: Folder) => void;
  onPickType: (type: FolderType, label: string) => void;
}

/**
 * "Verschieben nach": one account's folder tree, indented; for a selection from several accounts
 * the special folders every one of them has (moves never cross accounts).
 */
export function FolderMenu({
  anchorEl,
  onClose,
  accountIds,
  currentFolderIds,
  onPickFolder,
  onPickType,
}: FolderMenuProps) {
  const { t } = useTranslation();
  const { data: folders = [] } = useFolders();
  const { data: accounts = [] } = useAccounts();
  const single = accountIds.length === 1 ? accountIds[0] : undefined;
  const entries = useMemo(
    () =>
      single === undefined
        ? []
        : folderTree(folders, single).filter((entry) => entry.folder.selectable),
    [folders, single],
  );
  const sharedTypes = SHARED_TYPES.filter((type) =>
    accountIds.every((account) => folderOfType(folders, account, type)),
  );
  const onlyFolder = currentFolderIds.length === 1 ? currentFolderIds[0] : undefined;
  const account = accounts.find((a) => a.id === single);
  const frozen = useFrozenAnchor(anchorEl);

  return (
    <Menu
      {...frozen}
      open={!!anchorEl}
      onClose={onClose}
      slotProps={{
        list: { 'aria-label': t('mailbox.folderPicker.title') },
        paper: { sx: { maxHeight: 420, minWidth: 260 } },
      }}
    >
      <ListSubheader role="presentation" sx={{ lineHeight: '36px' }}>
        {single === undefined
          ? t('mailbox.folderPicker.allAccounts')
          : (account?.email_address ?? t('mailbox.folderPicker.title'))}
      </ListSubheader>
      {single !== undefined
        ? entries.map(({ folder, depth }) => (
            <MenuItem
              key={folder.id}
              disabled={folder.id === onlyFolder}
              onClick={() => onPickFolder(folder)}
              sx={{ pl: 2 + depth * 2.5 }}
            >
              <ListItemIcon>
                <Mdi name={folderIcon(folder.folder_type)} />
              </ListItemIcon>
              <ListItemText primary={folder.display_name} />
            </MenuItem>
          ))
        : sharedTypes.map((type) => (
            <MenuItem key={type} onClick={() => onPickType(type, t(`mailbox.folderTypes.${type}`))}>
              <ListItemIcon>
                <Mdi name={folderIcon(type)} />
              </ListItemIcon>
              <ListItemText primary={t(`mailbox.folderTypes.${type}`)} />
            </MenuItem>
          ))}
      {(single !== undefined ? entries.length : sharedTypes.length) === 0 && (
        <MenuItem disabled>{t('mailbox.folderPicker.none')}</MenuItem>
      )}
    </Menu>
  );
}
