import type { Folder } from '@brieftaube/shared';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Snackbar,
  TextField,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  useCreateFolder,
  useDeleteFolder,
  useFolders,
  useRenameFolder,
} from '../../../api/folders.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { EmptyFolderDialog } from './EmptyFolderDialog.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { useNotice } from '../../../components/ui/use-notice.ts';

/** Folders the server keeps for itself: they can hold subfolders but are never renamed. */
const PROTECTED = new Set(['inbox', 'sent', 'drafts', 'trash', 'spam', 'archive']);

type Dialogs =
  | { kind: 'create'; accountId: number; parent: Folder | null }
  | { kind: 'rename'; folder: Folder }
  | { kind: 'delete'; folder: Folder }
  | { kind: 'empty'; folder: Folder };

/**
 * The folder menu of the drawer and its dialogs: a new folder (top level or below this one),
 * rename and delete, each done on the mail server first (the API mirrors it, ADR 0007).
 */
export function useFolderActions(options: { expand: (folderId: number) => void }) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<{ folder: Folder; anchor: HTMLElement } | null>(null);
  const [dialog, setDialog] = useState<Dialogs | null>(null);
  const [notice, setNotice, noticeKey] = useNotice<string>();
  const close = () => setMenu(null);
  const open = (next: Dialogs) => {
    setMenu(null);
    setDialog(next);
  };
  const folder = menu?.folder;
  const changeable = folder && !PROTECTED.has(folder.folder_type);

  const element = (
    <>
      <Menu
        open={!!menu}
        anchorEl={menu?.anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {folder && [
          <MenuItem
            key="top"
            onClick={() => open({ kind: 'create', accountId: folder.account, parent: null })}
          >
            <ListItemIcon>
              <Mdi name="folder-plus-outline" />
            </ListItemIcon>
            <ListItemText>{t('folders.newTopLevel')}</ListItemText>
          </MenuItem>,
          <MenuItem
            key="sub"
            onClick={() => open({ kind: 'create', accountId: folder.account, parent: folder })}
          >
            <ListItemIcon>
              <Mdi name="folder-move-outline" />
            </ListItemIcon>
            <ListItemText>{t('folders.newSubfolder')}</ListItemText>
          </MenuItem>,
          changeable && (
            <MenuItem key="rename" onClick={() => open({ kind: 'rename', folder })}>
              <ListItemIcon>
                <Mdi name="pencil-outline" />
              </ListItemIcon>
              <ListItemText>{t('folders.rename')}</ListItemText>
            </MenuItem>
          ),
          (folder.folder_type === 'trash' || folder.folder_type === 'spam') && (
            <MenuItem
              key="empty"
              disabled={folder.total_emails === 0}
              onClick={() => open({ kind: 'empty', folder })}
            >
              <ListItemIcon>
                <Mdi name="delete-sweep-outline" />
              </ListItemIcon>
              <ListItemText>
                {t(folder.folder_type === 'trash' ? 'folders.emptyTrash' : 'folders.emptySpam')}
              </ListItemText>
            </MenuItem>
          ),
          changeable && (
            <MenuItem key="delete" onClick={() => open({ kind: 'delete', folder })}>
              <ListItemIcon>
                <Mdi name="delete-outline" />
              </ListItemIcon>
              <ListItemText>{t('folders.delete')}</ListItemText>
            </MenuItem>
          ),
        ]}
      </Menu>
      {(dialog?.kind === 'create' || dialog?.kind === 'rename') && (
        <FolderNameDialog
          dialog={dialog}
          onClose={() => setDialog(null)}
          onDone={(saved) => {
            setDialog(null);
            if (dialog.kind === 'create' && dialog.parent) options.expand(dialog.parent.id);
            setNotice(
              t(dialog.kind === 'create' ? 'folders.created' : 'folders.renamed', {
                name: saved.name,
              }),
            );
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteFolderDialog
          folder={dialog.folder}
          onClose={() => setDialog(null)}
          onDone={(toTrash) => {
            setDialog(null);
            setNotice(
              t(toTrash ? 'folders.movedToTrash' : 'folders.deleted', { name: dialog.folder.name }),
            );
          }}
        />
      )}
      {dialog?.kind === 'empty' && (
        <EmptyFolderDialog
          folder={dialog.folder}
          onClose={() => setDialog(null)}
          onDone={(count) => {
            setDialog(null);
            setNotice(
              t(
                dialog.folder.folder_type === 'trash'
                  ? 'folders.trashEmptied'
                  : 'folders.spamEmptied',
                {
                  count,
                },
              ),
            );
          }}
        />
      )}
      <Snackbar
        key={noticeKey}
        open={!!notice}
        autoHideDuration={5000}
        onClose={(_, reason) => reason !== 'clickaway' && setNotice(null)}
        message={notice}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      />
    </>
  );
  return {
    openMenu: (target: Folder, anchor: HTMLElement) => setMenu({ folder: target, anchor }),
    element,
  };
}

/** The server's reason for a refused name, in the words of this dialog. */
function nameError(error: unknown, t: (key: string) => string): string | null {
  if (!error) return null;
  const code = error instanceof ApiRequestError ? error.fields.name?.[0] : undefined;
  if (code) return t(`folders.fieldErrors.${code}`);
  return null;
}

function FolderNameDialog({
  dialog,
  onClose,
  onDone,
}: {
  dialog: Extract<Dialogs, { kind: 'create' | 'rename' }>;
  onClose: () => void;
  onDone: (folder: Folder) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateFolder();
  const rename = useRenameFolder();
  const mutation = dialog.kind === 'create' ? create : rename;
  const [name, setName] = useState(dialog.kind === 'rename' ? dialog.folder.name : '');
  const [blank, setBlank] = useState(false);
  const fieldError = blank ? t('folders.fieldErrors.REQUIRED') : nameError(mutation.error, t);
  const otherError = mutation.error && !fieldError ? errorMessage(mutation.error) : null;
  const title =
    dialog.kind === 'rename'
      ? t('folders.renameTitle', { name: dialog.folder.name })
      : dialog.parent
        ? t('folders.createSubTitle', { parent: dialog.parent.display_name })
        : t('folders.createTitle');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setBlank(!trimmed);
    if (!trimmed) return;
    const done = { onSuccess: onDone };
    if (dialog.kind === 'create')
      create.mutate(
        { account: dialog.accountId, name: trimmed, parent: dialog.parent?.id ?? null },
        done,
      );
    else rename.mutate({ id: dialog.folder.id, name: trimmed }, done);
  };

  return (
    <Dialog
      open
      onClose={() => !mutation.isPending && onClose()}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${id}-title`}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('folders.nameLabel')}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setBlank(false);
            }}
            error={!!fieldError}
            helperText={fieldError ?? ' '}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {otherError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {otherError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            {t(dialog.kind === 'create' ? 'folders.create' : 'folders.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function DeleteFolderDialog({
  folder,
  onClose,
  onDone,
}: {
  folder: Folder;
  onClose: () => void;
  onDone: (toTrash: boolean) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteFolder();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: folders = [] } = useFolders();
  // The server's rule (ADR 0007): a folder with mail goes into the Trash, unless it is there.
  const byId = new Map(folders.map((f) => [f.id, f]));
  let inTrash = false;
  for (let up = byId.get(folder.parent ?? -1); up; up = byId.get(up.parent ?? -1))
    if (up.folder_type === 'trash') inTrash = true;
  const hasTrash = folders.some((f) => f.account === folder.account && f.folder_type === 'trash');
  const toTrash = hasTrash && !inTrash && folder.total_emails > 0;
  const hasChildren = folders.some((f) => f.parent === folder.id);
  const mode = toTrash
    ? 'ToTrash'
    : folder.total_emails > 0 || inTrash
      ? 'Forever'
      : hasChildren
        ? 'EmptyWithChildren'
        : 'Empty';
  return (
    <ConfirmDialog
      open
      title={t('folders.deleteTitle', { name: folder.display_name })}
      text={t(`folders.deleteText${mode}`)}
      confirmLabel={t(`folders.deleteConfirm${mode === 'EmptyWithChildren' ? 'Empty' : mode}`)}
      destructive
      pending={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : null}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(folder.id, {
          onSuccess: () => {
            // The list of a folder that is gone would only say so: back to the inbox.
            if (new URLSearchParams(location.search).get('folder_id') === String(folder.id))
              void navigate('/app');
            onDone(toTrash);
          },
        })
      }
    />
  );
}
