import type { Folder } from '@brieftaube/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bulkInChunks, invalidateMail, selectWholeList } from '../../../api/emails.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { mailErrorMessage } from '../../../components/mail/errors.ts';

/**
 * "Papierkorb leeren" / "Spam leeren": every message of the folder, also those never loaded,
 * deleted by the server's rules (from the Trash for good; from Spam into the Trash).
 */
export function EmptyFolderDialog({
  folder,
  onClose,
  onDone,
}: {
  folder: Folder;
  onClose: () => void;
  onDone: (count: number) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trash = folder.folder_type === 'trash';

  const empty = async () => {
    setPending(true);
    setError(null);
    try {
      const { items } = await selectWholeList({ folder_id: String(folder.id) });
      await bulkInChunks(
        items.map((item) => item.id),
        { action: 'delete' },
      );
      onDone(items.length);
    } catch (failure) {
      setError(mailErrorMessage(failure));
    } finally {
      setPending(false);
      void invalidateMail(queryClient);
    }
  };

  return (
    <ConfirmDialog
      open
      title={t(trash ? 'folders.emptyTrashTitle' : 'folders.emptySpamTitle')}
      text={t(trash ? 'folders.emptyTrashText' : 'folders.emptySpamText', {
        count: folder.total_emails,
      })}
      confirmLabel={t(trash ? 'folders.emptyTrashConfirm' : 'folders.emptySpamConfirm')}
      destructive
      pending={pending}
      error={error}
      onConfirm={() => void empty()}
      onCancel={onClose}
    />
  );
}
